// Header account menu (D1-072): My account, Contact us, Signout.
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';

export function AccountMenu({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (ref.current && !e.composedPath().includes(ref.current)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('click', close);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);

  return (
    <div className="gz-account-menu" ref={ref}>
      <button type="button" aria-haspopup="menu" aria-expanded={open} aria-controls="gz-account-items" onClick={() => setOpen((o) => !o)}>
        {name || 'Account'} ▾
      </button>
      {open ? (
        <ul id="gz-account-items" role="menu" aria-label="Account">
          <li role="none">
            <Link role="menuitem" to="/my_account">My account</Link>
          </li>
          <li role="none">
            <Link role="menuitem" to="/contact_us">Contact us</Link>
          </li>
          <li role="none">
            <Link role="menuitem" to="/signout">Signout</Link>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

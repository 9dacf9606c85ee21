// Header account menu (D1-072): My account, Contact us, Signout. A menu button (WAI-ARIA APG, like
// the kit's Menu, but its items are router links): Enter, Space or ArrowDown opens on the first
// item, ArrowUp on the last; arrows move (wrapping), Home/End jump; Escape closes and returns focus
// to the button; Tab or a click outside closes.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';

const ITEMS = [
  { to: '/my_account', label: 'My account' },
  { to: '/contact_us', label: 'Contact us' },
  { to: '/signout', label: 'Signout' },
];

export function AccountMenu({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  // Which item has focus while open; null: opened by a pointer, focus stays on the button.
  const [active, setActive] = useState<number | null>(null);
  const location = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLAnchorElement | null)[]>([]);

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (open && active !== null) items.current[active]?.focus();
  }, [open, active]);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (ref.current && !e.composedPath().includes(ref.current)) setOpen(false);
    };
    // Escape from anywhere while open (a pointer-opened menu keeps focus on the button).
    const esc = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);

  const openAt = (i: number) => {
    setActive(i);
    setOpen(true);
  };
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || ((e.key === 'Enter' || e.key === ' ') && !open)) {
      e.preventDefault();
      openAt(0);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(ITEMS.length - 1);
    }
  };
  const onListKey = (e: KeyboardEvent) => {
    const at = active ?? -1;
    const last = ITEMS.length - 1;
    switch (e.key) {
      case 'ArrowDown':
        setActive(at >= last ? 0 : at + 1);
        break;
      case 'ArrowUp':
        setActive(at <= 0 ? last : at - 1);
        break;
      case 'Home':
        setActive(0);
        break;
      case 'End':
        setActive(last);
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    e.preventDefault();
  };

  return (
    <div className="gz-account-menu" ref={ref}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'gz-account-items' : undefined}
        onKeyDown={onButtonKey}
        onClick={(e) => {
          // A keyboard Enter/Space is handled on keydown (it also focuses the first item).
          if (e.detail === 0 && open) return;
          setActive(null);
          setOpen((o) => !o);
        }}
      >
        {name || 'Account'} ▾
      </button>
      {open ? (
        <ul id="gz-account-items" role="menu" aria-label="Account" onKeyDown={onListKey}>
          {ITEMS.map((it, i) => (
            <li role="none" key={it.to}>
              <Link
                role="menuitem"
                to={it.to}
                tabIndex={active === i ? 0 : -1}
                ref={(el) => {
                  items.current[i] = el;
                }}
              >
                {it.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

import { NavLink } from 'react-router';
import { navEntries } from './nav';

export function SideNav({ open, userTypeId }: { open: boolean; userTypeId: number | null }) {
  return (
    <nav id="gz-sidenav" className="gz-sidenav" aria-label="Main navigation" hidden={!open}>
      <ul>
        {navEntries(userTypeId).map((e) => (
          <li key={e.to}>
            <NavLink to={e.to} end={e.to === '/'}>
              {e.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

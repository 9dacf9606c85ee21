import { NavLink } from 'react-router';
import { navEntries } from './nav';

export function SideNav({ open, userTypeId }: { open: boolean; userTypeId: number | null }) {
  return (
    // Until the user is known the entries stay empty (aria-busy): showing the batch user's entries
    // first would flash the wrong navigation at every study user.
    <nav id="gz-sidenav" className="gz-sidenav" aria-label="Main navigation" hidden={!open} aria-busy={userTypeId === null}>
      <ul>
        {(userTypeId === null ? [] : navEntries(userTypeId)).map((e) => (
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

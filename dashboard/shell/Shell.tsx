// The signed-in frame: header (nav toggle, company selector, account menu), side navigation,
// breadcrumbs, the page, and the feedback widget on every page (docked in the header).
import { useEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { readStored, sessionSelectors, useGazeSelector } from '../../sdk/index';
import { AccountMenu } from './AccountMenu';
import { Breadcrumbs } from './Breadcrumbs';
import { CompanySelector } from './CompanySelector';
import { SideNav } from './SideNav';
import { StudyOwnerNotice } from './StudyOwnerNotice';
import { GazeElement } from '../pages/GazeElement';
import { useMediaQuery } from './useMediaQuery';

/** Below this width the side navigation would take most of the page: closed by default, over the page when opened. */
export const NARROW_QUERY = '(max-width: 760px)';

export function Shell({ children }: { children?: ReactNode }) {
  const user = useGazeSelector(sessionSelectors.selectUser);
  const acting = useGazeSelector(sessionSelectors.selectActingCompanyId);
  const { pathname } = useLocation();
  const narrow = useMediaQuery(NARROW_QUERY);
  // Open on home, closed elsewhere (D1-071) — and closed on a narrow screen, where it would take
  // the page's width; the toggle overrides until the next navigation.
  const [navOpen, setNavOpen] = useState(pathname === '/' && !narrow);
  useEffect(() => setNavOpen(pathname === '/' && !narrow), [pathname, narrow]);
  // Over the page on a narrow screen: Escape closes it like any overlay.
  useEffect(() => {
    if (!narrow || !navOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setNavOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [narrow, navOpen]);
  // D1-076: the super-user flag comes from browser storage (the server enforces it anyway).
  const superUser = readStored('superUser') === 'true';

  return (
    <div className="gz-app" data-nav={navOpen ? 'open' : 'closed'} data-narrow={narrow || undefined}>
      <header className="gz-header">
        <button
          type="button"
          className="gz-nav-toggle"
          aria-controls="gz-sidenav"
          aria-expanded={navOpen}
          aria-label={navOpen ? 'Close navigation' : 'Open navigation'}
          onClick={() => setNavOpen((o) => !o)}
        >
          ☰
        </button>
        <span className="gz-brand">
          <span className="gz-logo" aria-hidden="true" /> Gazeboard
        </span>
        <span className="gz-spacer" />
        {superUser ? <CompanySelector /> : null}
        {/* Docked in the header (issue 38): floating, it covered row actions at the page's bottom right. */}
        <GazeElement tag="gaze-feedback" attrs={{ docked: 'true' }} />
        <AccountMenu name={user?.first_name ?? ''} />
      </header>
      <SideNav open={navOpen} userTypeId={user?.user_type_id ?? null} />
      <main className="gz-main">
        <Breadcrumbs />
        {superUser ? <StudyOwnerNotice key={acting ?? 'own'} /> : null}
        {/* A new acting company re-mounts the page, so its elements fetch that company's data. */}
        <div className="gz-page" key={acting ?? 'own'}>
          {children ?? <Outlet />}
        </div>
      </main>
    </div>
  );
}

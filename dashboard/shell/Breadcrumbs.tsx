import { Fragment } from 'react';
import { Link, useLocation } from 'react-router';
import { breadcrumbs } from './breadcrumbs';

export function Breadcrumbs() {
  const { pathname } = useLocation();
  const trail = breadcrumbs(pathname);
  if (!trail.length) return null;
  return (
    <nav className="gz-breadcrumbs" aria-label="Breadcrumb">
      {trail.map((c, i) => (
        <Fragment key={i}>
          {i > 0 ? <span aria-hidden="true"> › </span> : null}
          {c.to ? <Link to={c.to}>{c.label}</Link> : <span aria-current="page">{c.label}</span>}
        </Fragment>
      ))}
    </nav>
  );
}

// Route guards (D1-011..D1-015). Authentication is the SDK store's session state, which starts as
// authenticated when a stored user exists (D1-029) and flips on sign-in, sign-out and expiry.
import { Navigate, Outlet, useLocation } from 'react-router';
import { sessionSelectors, useGazeSelector } from '../../sdk/index';
import { rememberReturnTo, takeReturnTo } from '../session';

export function useAuthenticated(): boolean {
  return useGazeSelector(sessionSelectors.selectAuthenticated);
}

/** Protected routes: a signed-out visitor goes to /login; the address is kept for after sign-in. */
export function RequireAuth() {
  const authenticated = useAuthenticated();
  const location = useLocation();
  if (!authenticated) {
    const address = `${location.pathname}${location.search}${location.hash}`;
    rememberReturnTo(address);
    return <Navigate to="/login" replace state={{ from: address }} />;
  }
  return <Outlet />;
}

/**
 * Public routes are for signed-out visitors only. A sign-in completing here (the login element's
 * dispatch flips the store) lands on the remembered address; a signed-in visitor goes to /.
 */
export function PublicOnly() {
  const authenticated = useAuthenticated();
  if (authenticated) return <Navigate to={takeReturnTo()} replace />;
  return <Outlet />;
}

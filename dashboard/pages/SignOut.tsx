// /signout (D1-035, D1-036): revoke the token and clear ALL localStorage (the SDK's signOut), then
// go to /login with a full reload — nothing of the old session survives in memory — and show
// 'You are logged out' there.
import { useEffect } from 'react';
import { signOut, WINDOW_EVENTS } from '../../sdk/index';
import { markLoggedOut } from '../session';
import { useAuthenticated } from './Guards';

function finish(): void {
  try {
    localStorage.clear();
  } catch {
    /* blocked storage: nothing to clear */
  }
  markLoggedOut();
  window.location.replace('/login');
}

export function SignOut() {
  const authenticated = useAuthenticated();
  useEffect(() => {
    if (!authenticated) {
      finish();
      return;
    }
    window.addEventListener(WINDOW_EVENTS.signedOut, finish, { once: true });
    signOut();
    return () => window.removeEventListener(WINDOW_EVENTS.signedOut, finish);
    // Only on arrival: the store flipping to signed-out must not start a second sign-out.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <main className="gz-public">
      <p role="status">Signing out…</p>
    </main>
  );
}

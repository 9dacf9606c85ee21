// /login, /forgot_password, /request_login, /reset_password: the SDK's <gaze-login> in its four views.
import { useState } from 'react';
import { takeLoggedOut } from '../session';
import { GazeElement } from './GazeElement';

/** The reset link's token, read once; the address bar then drops it (history, screen shares). */
function takeResetToken(): string {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token') ?? '';
  if (token) {
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  return token;
}

export function LoginPage({ view }: { view: 'login' | 'forgot' | 'request' | 'reset' }) {
  // Read once: the flag was set just before the post-sign-out reload (D1-036).
  const [loggedOut] = useState(takeLoggedOut);
  const [token] = useState(() => (view === 'reset' ? takeResetToken() : ''));
  return (
    <main className="gz-public">
      <header className="gz-public-brand">
        <span className="gz-logo" aria-hidden="true" /> Gazeboard
      </header>
      {loggedOut ? (
        <p className="gz-notice" role="status">
          You are logged out
        </p>
      ) : null}
      <GazeElement tag="gaze-login" attrs={view === 'reset' ? { view, 'reset-token': token } : { view }} />
    </main>
  );
}

// /login, /forgot_password, /request_login: the SDK's <gaze-login> in its three views.
import { useState } from 'react';
import { takeLoggedOut } from '../session';
import { GazeElement } from './GazeElement';

export function LoginPage({ view }: { view: 'login' | 'forgot' | 'request' }) {
  // Read once: the flag was set just before the post-sign-out reload (D1-036).
  const [loggedOut] = useState(takeLoggedOut);
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
      <GazeElement tag="gaze-login" attrs={{ view }} />
    </main>
  );
}

// What the host page remembers across the sign-in round trip. sessionStorage, not localStorage:
// sign-out clears ALL localStorage (D1-035) and these must survive that reload, per tab only.
const RETURN_TO = 'gazeboard.returnTo';
const LOGGED_OUT = 'gazeboard.loggedOut';

function session(): Storage | null {
  try {
    return typeof sessionStorage !== 'undefined' ? sessionStorage : null;
  } catch {
    return null;
  }
}

/** The protected address (path + query + hash) a signed-out visitor asked for (D1-014). */
export function rememberReturnTo(address: string): void {
  session()?.setItem(RETURN_TO, address);
}

/** The remembered address, once; '/' when there is none or it is not a local path. */
export function takeReturnTo(): string {
  const s = session();
  const to = s?.getItem(RETURN_TO) ?? null;
  s?.removeItem(RETURN_TO);
  return to && to.startsWith('/') && !to.startsWith('//') && !/^\/(login|forgot_password|request_login|reset_password|signout)\b/.test(to) ? to : '/';
}

/** Set just before the post-sign-out reload; the login page shows 'You are logged out' once. */
export function markLoggedOut(): void {
  session()?.setItem(LOGGED_OUT, '1');
}

export function takeLoggedOut(): boolean {
  const s = session();
  const was = s?.getItem(LOGGED_OUT) === '1';
  s?.removeItem(LOGGED_OUT);
  return was;
}

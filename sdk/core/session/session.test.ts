import { describe, expect, it } from 'vitest';
import { until, useTestClient } from '../test-utils';
import { selectPageConfig } from '../config/selectors';
import { tokenId } from '../config/config';
import { accountDetails } from '../account/account';
import { stubHttp } from '../api/test-transport';
import { INVALID_CREDENTIALS, initialSessionState, sessionActions as a, sessionSlice } from './slice';
import * as sel from './selectors';

const USER = {
  first_name: 'Ada', last_name: 'Lovelace', location: null, job_title: null, phone_number: null, email: 'ada@x.io',
  username: 'ada', company_name: 'Acme', id: 1, company_id: 3, acting_company_id: 3, user_type_id: 1, super_user: true,
};

describe('session', () => {
  const t = useTestClient('http://api.test/v1.0');
  const createGazeStore = t.store;

  it('D1-029 starts authenticated when a stored user exists', () => {
    expect(initialSessionState().authenticated).toBe(false);
    localStorage.setItem('user', JSON.stringify(USER));
    const s = initialSessionState();
    expect(s.authenticated).toBe(true);
    expect(s.user?.username).toBe('ada');
    localStorage.setItem('user', '{broken');
    expect(initialSessionState().authenticated).toBe(false);
  });

  it('reducer: signIn → signInSucceeded / signInFailed (D1-028 stored message)', () => {
    const r = sessionSlice.reducer;
    let s = r(initialSessionState(), a.signIn({ username: 'a', password: 'b' }));
    expect(s.signingIn).toBe(true);
    s = r(s, a.signInFailed());
    expect(s).toMatchObject({ signingIn: false, authenticated: false, error: INVALID_CREDENTIALS });
    expect(INVALID_CREDENTIALS).toBe('Invalid email or password');
    s = r(s, a.signInSucceeded(USER));
    expect(s).toMatchObject({ signingIn: false, authenticated: true, error: null });
    s = r(s, a.userUpdated({ first_name: 'Augusta' }));
    expect(s.user?.first_name).toBe('Augusta');
    s = r(s, a.signedOut());
    expect(s).toMatchObject({ user: null, authenticated: false });
  });

  it('D1-001 D1-002 selectors derive user type and super user', () => {
    const state = { session: { ...initialSessionState(), user: USER, authenticated: true } };
    expect(sel.selectIsStudyUser(state)).toBe(true);
    expect(sel.selectSuperUser(state)).toBe(true);
    expect(sel.selectUserType(state)).toBe(1);
    expect(sel.selectActingCompanyId(state)).toBe('3');
    const batch = { session: { ...state.session, user: { ...USER, user_type_id: 2, super_user: false }, companyId: '9' } };
    expect(sel.selectIsStudyUser(batch)).toBe(false);
    expect(sel.selectSuperUser(batch)).toBe(false);
    expect(sel.selectActingCompanyId(batch)).toBe('9');
  });

  it('D1-025 D1-026 D1-030 sign-in: token call, then profile with the token; storage written', async () => {
    const http = stubHttp((req) => (req.url.endsWith('/auth-token') ? { data: { token: 'T1' } } : { data: USER }));
    const store = createGazeStore();
    store.dispatch(a.signIn({ username: 'ada', password: 'pw' }));
    await until(() => store.getState().session.authenticated);
    expect(http.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST http://api.test/v1.0/auth-token',
      'GET http://api.test/v1.0/user/get-details',
    ]);
    expect(http.requests[0].headers.authorization).toBeUndefined();
    expect(http.requests[1].headers.authorization).toBe('Token T1');
    expect(localStorage.getItem('token')).toBe('T1');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(USER);
    expect(localStorage.getItem('superUser')).toBe('true');
    expect(localStorage.getItem('userType')).toBe('1');
  });

  it('D1-027 any failure of either call → invalid credentials, nothing stored', async () => {
    for (const failing of ['/auth-token', '/user/get-details']) {
      localStorage.clear();
      stubHttp((req) => (req.url.endsWith(failing) ? { status: failing === '/auth-token' ? 400 : 500 } : req.url.endsWith('/auth-token') ? { data: { token: 'T' } } : { data: USER }));
      const store = createGazeStore();
      store.dispatch(a.signIn({ username: 'ada', password: 'pw' }));
      await until(() => store.getState().session.error !== null);
      expect(store.getState().session).toMatchObject({ authenticated: false, error: INVALID_CREDENTIALS });
      expect(localStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem('user')).toBeNull();
    }
  });

  it('a token answer without a token is a failure', async () => {
    stubHttp(() => ({ data: {} }));
    const store = createGazeStore();
    store.dispatch(a.signIn({ username: 'ada', password: 'pw' }));
    await until(() => store.getState().session.error !== null);
    expect(store.getState().session.authenticated).toBe(false);
  });

  it('D1-035 sign-out revokes the token, clears ALL localStorage and fires gaze-signed-out', async () => {
    localStorage.setItem('user', JSON.stringify(USER));
    localStorage.setItem('token', 'T2');
    localStorage.setItem('somethingElse', 'x');
    const http = stubHttp();
    const store = createGazeStore();
    let fired = 0;
    const onOut = () => fired++;
    window.addEventListener('gaze-signed-out', onOut);
    store.dispatch(a.signOut());
    await until(() => fired === 1);
    window.removeEventListener('gaze-signed-out', onOut);
    expect(http.requests[0]).toMatchObject({ method: 'POST', url: 'http://api.test/v1.0/auth-token/revoke' });
    expect(http.requests[0].headers.authorization).toBe('Token T2');
    expect(localStorage.length).toBe(0);
    expect(store.getState().session.authenticated).toBe(false);
  });

  it('sign-out still completes when the revoke call fails', async () => {
    localStorage.setItem('token', 'T3');
    stubHttp(() => ({ status: 500 }));
    const store = createGazeStore();
    store.dispatch(a.signOut());
    await until(() => localStorage.length === 0);
  });

  it('D1-127 switching company stores it and the client sends X-Company-Id', async () => {
    localStorage.setItem('token', 'T4');
    const http = stubHttp(() => ({ data: USER }));
    const store = createGazeStore();
    store.dispatch(a.switchCompany(12));
    expect(store.getState().session.companyId).toBe('12');
    expect(localStorage.getItem('companyId')).toBe('12');
    expect(selectPageConfig(store.getState()).companyId).toBe('12');
    store.dispatch(accountDetails.actions.fetch({ api: selectPageConfig(store.getState()), params: undefined }));
    await until(() => http.requests.length === 1);
    expect(http.requests[0].headers['x-company-id']).toBe('12');
    store.dispatch(a.switchCompany(null));
    expect(localStorage.getItem('companyId')).toBeNull();
  });

  it("a 401 on a widget's own token leaves the session alone; on the session's token it ends it", async () => {
    localStorage.setItem('user', JSON.stringify(USER));
    localStorage.setItem('token', 'SESSION');
    stubHttp(() => ({ status: 401, data: { success: false, message: 'Unauthorized' } }));
    const store = createGazeStore();
    let fired = 0;
    const on = () => fired++;
    window.addEventListener('gaze-session-expired', on);
    store.dispatch(accountDetails.actions.fetch({ api: t.api('WIDGET'), params: undefined }));
    await until(() => accountDetails.select(store.getState(), t.api('WIDGET'), undefined).status === 'error');
    expect(store.getState().session.authenticated).toBe(true);
    expect(fired).toBe(0);
    store.dispatch(accountDetails.actions.fetch({ api: selectPageConfig(store.getState()), params: undefined }));
    await until(() => fired === 1);
    window.removeEventListener('gaze-session-expired', on);
    expect(store.getState().session).toMatchObject({ authenticated: false, expired: true, token: null });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sessionExpired clears storage and fires gaze-session-expired, but not during sign-in', async () => {
    localStorage.setItem('user', JSON.stringify(USER));
    const store = createGazeStore();
    let fired = 0;
    const on = () => fired++;
    window.addEventListener('gaze-session-expired', on);
    store.dispatch(a.sessionExpired(tokenId(null)));
    expect(fired).toBe(1);
    expect(store.getState().session).toMatchObject({ authenticated: false, expired: true });
    expect(localStorage.getItem('user')).toBeNull();
    store.dispatch(a.signIn({ username: 'x', password: 'y' }));
    store.dispatch(a.sessionExpired(tokenId(null)));
    expect(fired).toBe(1);
    window.removeEventListener('gaze-session-expired', on);
  });
});

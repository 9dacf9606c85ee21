import { describe, expect, it } from 'vitest';
import { createGazeStore } from '../store/store';
import { until, useTestClient } from '../test-utils';
import { deferred, stubHttp, type StubResponse } from '../api/test-transport';
import { accountActions as a, accountSlice } from './slice';
import { selectAccountSaving, selectCompanyName, selectProfileForm } from './selectors';

const USER = {
  first_name: 'Ada', last_name: null, location: null, job_title: 'CTO', phone_number: null, email: null,
  username: 'ada', company_name: 'Acme', company_id: 1, user_type_id: 1, super_user: false,
};

describe('account', () => {
  useTestClient();

  it('D1-039 selectProfileForm shows null as empty and is memoised', () => {
    const state = { account: { ...accountSlice.getInitialState(), user: USER } };
    const form = selectProfileForm(state);
    expect(form).toEqual({ first_name: 'Ada', last_name: '', location: '', job_title: 'CTO', phone_number: '', email: '' });
    expect(selectProfileForm(state)).toBe(form);
    expect(selectCompanyName(state)).toBe('Acme');
    expect(selectProfileForm({ account: accountSlice.getInitialState() }).first_name).toBe('');
  });

  it('loads the profile from GET /user/get-details', async () => {
    const http = stubHttp(() => ({ data: USER }));
    const store = createGazeStore();
    store.dispatch(a.load());
    expect(store.getState().account.loading).toBe(true);
    await until(() => store.getState().account.user !== null);
    expect(http.requests[0]).toMatchObject({ method: 'GET', url: '/v1.0/user/get-details' });
    expect(store.getState().account.loading).toBe(false);
  });

  it('accepts the user wrapped in data as well', async () => {
    stubHttp(() => ({ data: { success: true, data: USER } }));
    const store = createGazeStore();
    store.dispatch(a.load());
    await until(() => store.getState().account.user !== null);
    expect(store.getState().account.user?.username).toBe('ada');
  });

  it('D1-040 D1-041 save posts the profile (with email, contradiction 5), saving while pending, updates session', async () => {
    localStorage.setItem('user', JSON.stringify(USER));
    const hold = deferred<StubResponse>();
    const http = stubHttp(() => hold.promise);
    const store = createGazeStore();
    const profile = { first_name: 'Ada', last_name: 'L', location: '', job_title: 'CTO', phone_number: '1', email: 'a@b.co' };
    store.dispatch(a.save(profile));
    expect(selectAccountSaving(store.getState())).toBe(true);
    await until(() => http.requests.length === 1);
    expect(http.requests[0]).toMatchObject({ method: 'POST', url: '/v1.0/user/update-details', body: profile });
    hold.resolve({ data: { success: true } });
    await until(() => !selectAccountSaving(store.getState()));
    expect(store.getState().account.savedCount).toBe(1);
    expect(store.getState().session.user?.last_name).toBe('L');
    expect(JSON.parse(localStorage.getItem('user')!).email).toBe('a@b.co');
  });

  it('D1-042 a failed save only re-enables (saving false, no error field)', async () => {
    stubHttp(() => ({ status: 500 }));
    const store = createGazeStore();
    store.dispatch(a.save({ first_name: '', last_name: '', location: '', job_title: '', phone_number: '', email: '' }));
    await until(() => !store.getState().account.saving);
    expect(store.getState().account.savedCount).toBe(0);
    expect(store.getState().account.loadError).toBeNull();
  });
});

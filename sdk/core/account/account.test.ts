import { describe, expect, it } from 'vitest';
import { load, until, useTestClient } from '../test-utils';
import { deferred, stubHttp, type StubResponse } from '../api/test-transport';
import { accountDetails, profileForm, saveProfile } from './account';

const USER = {
  first_name: 'Ada', last_name: null, location: null, job_title: 'CTO', phone_number: null, email: null,
  username: 'ada', company_name: 'Acme', id: 1, company_id: 1, acting_company_id: 1, user_type_id: 1, super_user: false,
};

describe('account', () => {
  const t = useTestClient();

  it('D1-039 profileForm shows null as empty', () => {
    expect(profileForm(USER)).toEqual({ first_name: 'Ada', last_name: '', location: '', job_title: 'CTO', phone_number: '', email: '' });
    expect(profileForm(null).first_name).toBe('');
  });

  it('loads the profile from GET /user/get-details', async () => {
    const http = stubHttp(() => ({ data: USER }));
    const store = t.store();
    store.dispatch(accountDetails.actions.fetch({ api: t.api('T'), params: undefined }));
    expect(accountDetails.select(store.getState(), t.api('T'), undefined).status).toBe('loading');
    await until(() => accountDetails.select(store.getState(), t.api('T'), undefined).data !== null);
    expect(http.requests[0]).toMatchObject({ method: 'GET', url: '/v1.0/user/get-details' });
  });

  it('D1-040 D1-041 save posts the profile (with email, contradiction 5), saving while pending, updates the profile and session', async () => {
    localStorage.setItem('user', JSON.stringify(USER));
    localStorage.setItem('token', 'T');
    const hold = deferred<StubResponse>();
    const http = stubHttp((req) => (req.url.endsWith('/get-details') ? { data: USER } : hold.promise));
    const store = t.store();
    const api = t.api('T');
    await load(store, accountDetails, api, undefined);
    const profile = { first_name: 'Ada', last_name: 'L', location: '', job_title: 'CTO', phone_number: '1', email: 'a@b.co' };
    store.dispatch(saveProfile.actions.run({ api, args: profile }));
    expect(saveProfile.select(store.getState(), api).status).toBe('pending');
    await until(() => http.requests.length === 2);
    expect(http.requests[1]).toMatchObject({ method: 'POST', url: '/v1.0/user/update-details', body: profile });
    hold.resolve({ data: { success: true } });
    await until(() => saveProfile.select(store.getState(), api).status === 'done');
    expect(saveProfile.select(store.getState(), api).count).toBe(1);
    expect(accountDetails.select(store.getState(), api, undefined).data?.last_name).toBe('L');
    expect(store.getState().session.user?.last_name).toBe('L');
    expect(JSON.parse(localStorage.getItem('user')!).email).toBe('a@b.co');
  });

  it("saving with a widget's own token leaves the signed-in user alone", async () => {
    localStorage.setItem('user', JSON.stringify(USER));
    localStorage.setItem('token', 'SESSION');
    stubHttp();
    const store = t.store();
    store.dispatch(saveProfile.actions.run({ api: t.api('WIDGET'), args: { ...profileForm(USER), last_name: 'Other' } }));
    await until(() => saveProfile.select(store.getState(), t.api('WIDGET')).status === 'done');
    expect(store.getState().session.user?.last_name).toBeNull();
  });

  it('D1-042 a failed save only re-enables (an error outcome, nothing counted)', async () => {
    stubHttp(() => ({ status: 500 }));
    const store = t.store();
    store.dispatch(saveProfile.actions.run({ api: t.api(), args: profileForm(null) }));
    await until(() => saveProfile.select(store.getState(), t.api()).status === 'error');
    expect(saveProfile.select(store.getState(), t.api()).count).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { until, useTestClient } from '../test-utils';
import { stubHttp } from '../api/test-transport';
import { sendContact } from './contact';

describe('contact', () => {
  const t = useTestClient();

  it('D1-045 D1-046 D1-047 sends {email, message}; sending while pending; success flag', async () => {
    const http = stubHttp();
    const store = t.store();
    const api = t.api('T');
    store.dispatch(sendContact.actions.run({ api, args: { email: 'a@b.co', message: 'hi' } }));
    expect(sendContact.select(store.getState(), api).status).toBe('pending');
    await until(() => sendContact.select(store.getState(), api).status === 'done');
    expect(http.requests[0]).toMatchObject({ method: 'POST', url: '/v1.0/contact-us', body: { email: 'a@b.co', message: 'hi' } });
  });

  it('D1-049 failure stores the error, no success', async () => {
    stubHttp(() => ({ status: 502, data: { success: false, message: 'down' } }));
    const store = t.store();
    store.dispatch(sendContact.actions.run({ api: t.api(), args: { email: 'a@b.co', message: '' } }));
    await until(() => sendContact.select(store.getState(), t.api()).error !== null);
    expect(sendContact.select(store.getState(), t.api())).toMatchObject({ error: 'down', status: 'error' });
  });

  it('reset and a new send clear the previous outcome', async () => {
    stubHttp();
    const store = t.store();
    store.dispatch(sendContact.actions.run({ api: t.api(), args: { email: 'x', message: '' } }));
    await until(() => sendContact.select(store.getState(), t.api()).status === 'done');
    store.dispatch(sendContact.actions.run({ api: t.api(), args: { email: 'x', message: '' } }));
    expect(sendContact.select(store.getState(), t.api()).status).toBe('pending');
    store.dispatch(sendContact.actions.reset({ api: t.api() }));
    expect(sendContact.select(store.getState(), t.api()).status).toBe('idle');
  });
});

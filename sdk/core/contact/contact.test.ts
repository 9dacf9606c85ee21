import { describe, expect, it } from 'vitest';
import { createGazeStore } from '../store/store';
import { until, useTestClient } from '../test-utils';
import { stubHttp } from '../api/test-transport';
import { contactActions as a, contactSlice } from './slice';
import { selectContactError, selectContactSending, selectContactSuccess } from './selectors';

describe('contact', () => {
  useTestClient();

  it('D1-045 D1-046 D1-047 sends {email, message}; sending while pending; success flag', async () => {
    const http = stubHttp();
    const store = createGazeStore();
    store.dispatch(a.send({ email: 'a@b.co', message: 'hi' }));
    expect(selectContactSending(store.getState())).toBe(true);
    await until(() => selectContactSuccess(store.getState()));
    expect(http.requests[0]).toMatchObject({ method: 'POST', url: '/v1.0/contact-us', body: { email: 'a@b.co', message: 'hi' } });
    expect(selectContactSending(store.getState())).toBe(false);
  });

  it('D1-049 failure stores the error, no success', async () => {
    stubHttp(() => ({ status: 502, data: { success: false, message: 'down' } }));
    const store = createGazeStore();
    store.dispatch(a.send({ email: 'a@b.co', message: '' }));
    await until(() => selectContactError(store.getState()) !== null);
    expect(selectContactError(store.getState())).toBe('down');
    expect(selectContactSuccess(store.getState())).toBe(false);
  });

  it('reset and a new send clear the previous outcome', () => {
    const r = contactSlice.reducer;
    const done = r(r(undefined, a.send({ email: 'x', message: '' })), a.sent());
    expect(done.success).toBe(true);
    expect(r(done, a.send({ email: 'x', message: '' })).success).toBe(false);
    expect(r(done, a.reset())).toEqual(contactSlice.getInitialState());
  });
});

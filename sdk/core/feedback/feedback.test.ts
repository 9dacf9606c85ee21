import { describe, expect, it } from 'vitest';
import { until, useTestClient } from '../test-utils';
import { stubHttp } from '../api/test-transport';
import { FEEDBACK_FAILURE, FEEDBACK_MAX, FEEDBACK_SUCCESS, sendFeedback } from './feedback';

describe('feedback', () => {
  const t = useTestClient();

  it('D1-055 D1-058 D1-059 constants are word for word', () => {
    expect(FEEDBACK_MAX).toBe(512);
    expect(FEEDBACK_SUCCESS).toBe('Thank you for your feedback');
    expect(FEEDBACK_FAILURE).toBe('Uh Oh! Something went wrong');
  });

  it('D1-056 D1-058 success posts {message}; each success counts (one toast each)', async () => {
    const http = stubHttp();
    const store = t.store();
    store.dispatch(sendFeedback.actions.run({ api: t.api(), args: 'Idea' }));
    expect(sendFeedback.select(store.getState(), t.api()).status).toBe('pending');
    await until(() => sendFeedback.select(store.getState(), t.api()).status === 'done');
    expect(http.requests[0]).toMatchObject({ method: 'POST', url: '/v1.0/dashboard-feedback', body: { message: 'Idea' } });
    store.dispatch(sendFeedback.actions.run({ api: t.api(), args: 'Again' }));
    await until(() => sendFeedback.select(store.getState(), t.api()).count === 2);
  });

  it('D1-059 failure is recorded as an error outcome', async () => {
    stubHttp(() => ({ status: 500 }));
    const store = t.store();
    store.dispatch(sendFeedback.actions.run({ api: t.api(), args: 'Idea' }));
    await until(() => sendFeedback.select(store.getState(), t.api()).status === 'error');
  });
});

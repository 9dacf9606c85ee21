import { describe, expect, it } from 'vitest';
import { createGazeStore } from '../store/store';
import { until, useTestClient } from '../test-utils';
import { stubHttp } from '../api/test-transport';
import { FEEDBACK_FAILURE, FEEDBACK_MAX, FEEDBACK_SUCCESS, feedbackActions as a, feedbackSlice } from './slice';
import { selectFeedbackSending, selectFeedbackToast } from './selectors';

describe('feedback', () => {
  useTestClient();

  it('D1-055 D1-058 D1-059 constants are word for word', () => {
    expect(FEEDBACK_MAX).toBe(512);
    expect(FEEDBACK_SUCCESS).toBe('Thank you for your feedback');
    expect(FEEDBACK_FAILURE).toBe('Uh Oh! Something went wrong');
  });

  it('D1-056 D1-058 success posts {message} and raises the success toast', async () => {
    const http = stubHttp();
    const store = createGazeStore();
    store.dispatch(a.send('Idea'));
    expect(selectFeedbackSending(store.getState())).toBe(true);
    await until(() => selectFeedbackToast(store.getState()) !== null);
    expect(http.requests[0]).toMatchObject({ method: 'POST', url: '/v1.0/dashboard-feedback', body: { message: 'Idea' } });
    expect(selectFeedbackToast(store.getState())).toMatchObject({ kind: 'success', text: FEEDBACK_SUCCESS });
    expect(selectFeedbackSending(store.getState())).toBe(false);
  });

  it('D1-059 failure raises the error toast', async () => {
    stubHttp(() => ({ status: 500 }));
    const store = createGazeStore();
    store.dispatch(a.send('Idea'));
    await until(() => selectFeedbackToast(store.getState()) !== null);
    expect(selectFeedbackToast(store.getState())).toMatchObject({ kind: 'error', text: FEEDBACK_FAILURE });
  });

  it('dismissToast only removes the toast it names', () => {
    const r = feedbackSlice.reducer;
    const s1 = r(undefined, a.sent());
    const id = s1.toast!.id;
    expect(r(s1, a.dismissToast(id + 1000)).toast).not.toBeNull();
    expect(r(s1, a.dismissToast(id)).toast).toBeNull();
    expect(r(s1, a.dismissToast()).toast).toBeNull();
  });
});

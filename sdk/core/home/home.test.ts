import { describe, expect, it } from 'vitest';
import { createGazeStore } from '../store/store';
import { until, useTestClient } from '../test-utils';
import { stubHttp } from '../api/test-transport';
import { homeActions as a, homeSlice } from './slice';
import { selectHomeError, selectHomeLoading, selectOverview } from './selectors';
import { sessionActions } from '../session/slice';

const OVERVIEW = { total_live: 2, total_completed: 5, company: 'Acme', company_logo_url: null, first_name: 'Ada' };

describe('home domain', () => {
  useTestClient();

  it('D1-078 D1-080 load GETs /studies/overview and stores the overview', async () => {
    const http = stubHttp(() => ({ data: OVERVIEW }));
    const store = createGazeStore();
    store.dispatch(a.load());
    expect(selectHomeLoading(store.getState())).toBe(true);
    await until(() => selectOverview(store.getState()) !== null);
    expect(http.requests).toHaveLength(1);
    expect(http.requests[0]).toMatchObject({ method: 'GET', url: '/v1.0/studies/overview' });
    expect(selectOverview(store.getState())).toEqual(OVERVIEW);
    expect(selectHomeLoading(store.getState())).toBe(false);
  });

  it('a failure stores the server message', async () => {
    stubHttp(() => ({ status: 500, data: { success: false, message: 'Nope' } }));
    const store = createGazeStore();
    store.dispatch(a.load());
    await until(() => selectHomeError(store.getState()) !== null);
    expect(selectHomeError(store.getState())).toBe('Nope');
  });

  it('sign-out and company switch forget the overview', () => {
    const r = homeSlice.reducer;
    const loaded = r(undefined, a.loaded(OVERVIEW));
    expect(r(loaded, sessionActions.signedOut()).overview).toBeNull();
    expect(r(loaded, sessionActions.switchCompany(4)).overview).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { createGazeStore } from '../store/store';
import { until, useTestClient } from '../test-utils';
import { deferred, stubHttp, type RecordedRequest } from '../api/test-transport';
import { DEFAULT_STUDY_QUERY, studiesActions as a, studiesSlice } from './slice';
import * as sel from './selectors';
import { sessionActions } from '../session/slice';

const ITEM = {
  study_id: 1, name: 'S', environment: 'Webcam', media: 'Display', live: true, completed: false, cell_count: 1,
  participants_requested: 10, participants_returned: 5, data_collection_start: null, data_collection_end: null,
};
const answer = (req: RecordedRequest) => {
  const b = req.body as { page_num: number; order_by: string };
  return { data: { data: [ITEM], total_live: 3, total_completed: 4, page_num: b.page_num, total_page_num: 6, order_by: b.order_by } };
};
const bodies = (reqs: RecordedRequest[]) => reqs.map((r) => r.body as Record<string, unknown>);

describe('studies domain', () => {
  useTestClient();

  it('D1-089 D1-090 D1-091 defaults', () => {
    expect(DEFAULT_STUDY_QUERY).toEqual({
      results_per_page: 25, page_num: 1, order_by: 'name_asc', filter_name: '',
      filter_live: '-1', filter_completed: '-1', filter_media_id: 0, filter_environment_id: 0,
    });
  });

  it('D1-105 load POSTs /studies with the query and stores items, totals and pages', async () => {
    const http = stubHttp(answer);
    const store = createGazeStore();
    store.dispatch(a.load());
    await until(() => sel.selectStudiesLoaded(store.getState()));
    expect(http.requests[0]).toMatchObject({ method: 'POST', url: '/v1.0/studies', body: DEFAULT_STUDY_QUERY });
    const s = store.getState();
    expect(sel.selectStudies(s)).toEqual([ITEM]);
    expect(sel.selectStudyTotalLive(s)).toBe(3);
    expect(sel.selectStudyTotalCompleted(s)).toBe(4);
    expect(sel.selectStudyTotalPages(s)).toBe(6);
    expect(sel.selectStudiesLoading(s)).toBe(false);
  });

  it('D1-102 D1-103 search, sort, page size and filters each refetch; size, search and filters reset page 1', async () => {
    const http = stubHttp(answer);
    const store = createGazeStore();
    const step = async (action: Parameters<typeof store.dispatch>[0]) => {
      const n = http.requests.length;
      store.dispatch(action);
      await until(() => http.requests.length === n + 1 && !sel.selectStudiesLoading(store.getState()));
    };
    await step(a.setPage(3));
    await step(a.sort('media_desc'));
    expect(bodies(http.requests).at(-1)).toMatchObject({ page_num: 3, order_by: 'media_desc' });
    await step(a.setPageSize(50));
    expect(bodies(http.requests).at(-1)).toMatchObject({ page_num: 1, results_per_page: 50 });
    await step(a.setPage(2));
    await step(a.search('cola'));
    expect(bodies(http.requests).at(-1)).toMatchObject({ page_num: 1, filter_name: 'cola', order_by: 'media_desc' });
    await step(a.setPage(2));
    await step(a.setFilters({ filter_live: '1', filter_environment_id: 2 }));
    expect(bodies(http.requests).at(-1)).toMatchObject({ page_num: 1, filter_live: '1', filter_completed: '-1', filter_environment_id: 2 });
    expect(sel.selectActiveStudyFilterCount(store.getState())).toBe(2);
  });

  it('takeLatest: only the newest answer lands', async () => {
    const first = deferred();
    let n = 0;
    stubHttp((req) => (n++ === 0 ? first.promise : answer(req)));
    const store = createGazeStore();
    store.dispatch(a.load());
    store.dispatch(a.search('new'));
    await until(() => sel.selectStudiesLoaded(store.getState()));
    first.resolve({ data: { data: [{ ...ITEM, name: 'stale' }], total_page_num: 1 } });
    await new Promise((r) => setTimeout(r, 20));
    expect(sel.selectStudies(store.getState())[0].name).toBe('S');
  });

  it('a failure keeps the list and stores the message', async () => {
    stubHttp(() => ({ status: 500, data: { message: 'Down' } }));
    const store = createGazeStore();
    store.dispatch(a.load());
    await until(() => sel.selectStudiesError(store.getState()) !== null);
    expect(sel.selectStudiesError(store.getState())).toBe('Down');
    expect(sel.selectStudiesLoading(store.getState())).toBe(false);
  });

  it('sign-out resets the list and its query', () => {
    const r = studiesSlice.reducer;
    const s = r(r(undefined, a.search('x')), a.loaded({ data: [ITEM], total_live: 1, total_completed: 0, page_num: 1, total_page_num: 1, order_by: 'name_asc' }));
    const out = r(s, sessionActions.signedOut());
    expect(out.items).toEqual([]);
    expect(out.query).toEqual(DEFAULT_STUDY_QUERY);
  });
});

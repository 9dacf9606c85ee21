import { describe, expect, it } from 'vitest';
import { load, until, useTestClient } from '../test-utils';
import { deferred, stubHttp, type RecordedRequest } from '../api/test-transport';
import { activeStudyFilterCount, DEFAULT_STUDY_QUERY, studyList, studyListView, studyQueryReducer as r } from './list';
import { sessionActions } from '../session/slice';
import { tokenId } from '../config/config';

const ITEM = {
  study_id: 1, name: 'S', environment: 'Webcam', media: 'Display', live: true, completed: false, cell_count: 1,
  participants_requested: 10, participants_returned: 5, data_collection_start: null, data_collection_end: null,
};
const answer = (req: RecordedRequest) => {
  const b = req.body as { page_num: number; order_by: string };
  return { data: { data: [ITEM], total_live: 3, total_completed: 4, page_num: b.page_num, total_page_num: 6, order_by: b.order_by } };
};

describe('studies domain', () => {
  const t = useTestClient();

  it('D1-089 D1-090 D1-091 defaults', () => {
    expect(DEFAULT_STUDY_QUERY).toEqual({
      results_per_page: 25, page_num: 1, order_by: 'name_asc', filter_name: '',
      filter_live: '-1', filter_completed: '-1', filter_media_id: 0, filter_environment_id: 0,
    });
  });

  it('D1-105 load POSTs /studies with the query and stores items, totals and pages', async () => {
    const http = stubHttp(answer);
    const entry = await load(t.store(), studyList, t.api('T'), DEFAULT_STUDY_QUERY);
    expect(http.requests[0]).toMatchObject({ method: 'POST', url: '/v1.0/studies', body: DEFAULT_STUDY_QUERY });
    expect(studyListView(entry.data)).toEqual({ items: [ITEM], totalLive: 3, totalCompleted: 4, totalPages: 6 });
  });

  it('D1-102 D1-103 search, sort, page size and filters each change the query; size, search and filters reset page 1', () => {
    let q = r(DEFAULT_STUDY_QUERY, { type: 'page', page: 3 });
    q = r(q, { type: 'sort', orderBy: 'media_desc' });
    expect(q).toMatchObject({ page_num: 3, order_by: 'media_desc' });
    q = r(q, { type: 'pageSize', size: 50 });
    expect(q).toMatchObject({ page_num: 1, results_per_page: 50 });
    q = r(r(q, { type: 'page', page: 2 }), { type: 'search', text: 'cola' });
    expect(q).toMatchObject({ page_num: 1, filter_name: 'cola', order_by: 'media_desc' });
    q = r(r(q, { type: 'page', page: 2 }), { type: 'filters', filters: { filter_live: '1', filter_environment_id: 2 } });
    expect(q).toMatchObject({ page_num: 1, filter_live: '1', filter_completed: '-1', filter_environment_id: 2 });
    expect(activeStudyFilterCount(q)).toBe(2);
    // Every change is another key, hence another fetch.
    expect(studyList.keyOf(t.api(), q)).not.toBe(studyList.keyOf(t.api(), DEFAULT_STUDY_QUERY));
  });

  it('only the newest answer of a key lands (stale-answer guard)', async () => {
    const first = deferred();
    let n = 0;
    stubHttp((req) => (n++ === 0 ? first.promise : answer(req)));
    const store = t.store();
    store.dispatch(studyList.actions.fetch({ api: t.api(), params: DEFAULT_STUDY_QUERY }));
    await load(store, studyList, t.api(), DEFAULT_STUDY_QUERY, true);
    first.resolve({ data: { data: [{ ...ITEM, name: 'stale' }], total_page_num: 1 } });
    await new Promise((res) => setTimeout(res, 20));
    expect(studyList.select(store.getState(), t.api(), DEFAULT_STUDY_QUERY).data!.data[0].name).toBe('S');
  });

  it('a failure keeps the list and stores the message', async () => {
    let fail = false;
    stubHttp((req) => (fail ? { status: 500, data: { message: 'Down' } } : answer(req)));
    const store = t.store();
    await load(store, studyList, t.api(), DEFAULT_STUDY_QUERY);
    fail = true;
    const entry = await load(store, studyList, t.api(), DEFAULT_STUDY_QUERY, true);
    expect(entry).toMatchObject({ status: 'error', error: 'Down' });
    expect(entry.data!.data).toEqual([ITEM]);
  });

  it("sign-out drops that token's lists", async () => {
    stubHttp(answer);
    const store = t.store();
    await load(store, studyList, t.api('A'), DEFAULT_STUDY_QUERY);
    await load(store, studyList, t.api('B'), DEFAULT_STUDY_QUERY);
    store.dispatch(sessionActions.signedOut(tokenId('A')));
    await until(() => studyList.select(store.getState(), t.api('A'), DEFAULT_STUDY_QUERY).data === null);
    expect(studyList.select(store.getState(), t.api('B'), DEFAULT_STUDY_QUERY).data).not.toBeNull();
  });
});

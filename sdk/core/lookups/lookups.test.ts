import { describe, expect, it } from 'vitest';
import { createGazeStore } from '../store/store';
import { until, useTestClient } from '../test-utils';
import { stubHttp } from '../api/test-transport';
import { unwrapList } from '../api/lookups';
import { lookupsActions as a } from './slice';
import { lookupOptions, selectLookupList, selectLookupLoaded } from './selectors';

describe('lookups domain', () => {
  useTestClient();

  it('D1-132 D1-133 fetches a list once per page, however many elements ask', async () => {
    const http = stubHttp(() => ({ data: { success: true, data: [{ id: 1, name: 'Webcam', code: '1', description: 'Webcam' }] } }));
    const store = createGazeStore();
    store.dispatch(a.request('environments_list'));
    store.dispatch(a.request('environments_list'));
    await until(() => selectLookupLoaded('environments_list')(store.getState()));
    store.dispatch(a.request('environments_list'));
    await new Promise((r) => setTimeout(r, 20));
    expect(http.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /v1.0/dashboard/data/environments_list']);
    expect(selectLookupList('environments_list')(store.getState())).toHaveLength(1);
    expect(selectLookupList('medias_list')(store.getState())).toEqual([]);
  });

  it('a failed list can be asked for again', async () => {
    let fail = true;
    const http = stubHttp(() => (fail ? { status: 500 } : { data: { data: [{ id: 2, name: 'Video' }] } }));
    const store = createGazeStore();
    store.dispatch(a.request('medias_list'));
    await until(() => store.getState().lookups.errors.medias_list !== undefined);
    fail = false;
    store.dispatch(a.request('medias_list'));
    await until(() => selectLookupLoaded('medias_list')(store.getState()));
    expect(http.requests).toHaveLength(2);
  });

  it('D1-129 options from {id, name} or {code, description}; unwrapList accepts both envelopes', () => {
    expect(lookupOptions([{ id: 3, name: 'Lab' }, { code: '4', description: 'All devices' }, { name: 'no id' }])).toEqual([
      { value: 3, label: 'Lab' },
      { value: 4, label: 'All devices' },
    ]);
    expect(unwrapList([{ id: 1 }])).toEqual([{ id: 1 }]);
    expect(unwrapList({ success: true, data: [{ id: 2 }] })).toEqual([{ id: 2 }]);
    expect(unwrapList(null)).toEqual([]);
  });
});

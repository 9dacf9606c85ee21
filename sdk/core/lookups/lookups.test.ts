import { describe, expect, it } from 'vitest';
import { load, until, useTestClient } from '../test-utils';
import { stubHttp } from '../api/test-transport';
import { lookupList, lookupOptions } from './lists';

describe('lookups domain', () => {
  const t = useTestClient();

  it('D1-132 D1-133 fetches a list once per page, however many elements ask', async () => {
    const http = stubHttp(() => ({ data: { success: true, data: [{ id: 1, name: 'Webcam', code: '1', description: 'Webcam' }] } }));
    const store = t.store();
    const api = t.api('T');
    store.dispatch(lookupList.actions.fetch({ api, params: 'environments_list' }));
    store.dispatch(lookupList.actions.fetch({ api, params: 'environments_list' }));
    await until(() => lookupList.select(store.getState(), api, 'environments_list').status === 'success');
    store.dispatch(lookupList.actions.fetch({ api, params: 'environments_list' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(http.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /v1.0/dashboard/data/environments_list']);
    expect(lookupList.select(store.getState(), api, 'environments_list').data).toHaveLength(1);
    expect(lookupList.select(store.getState(), api, 'medias_list').data).toBeNull();
  });

  it('a failed list can be asked for again', async () => {
    let fail = true;
    const http = stubHttp(() => (fail ? { status: 500 } : { data: { data: [{ id: 2, name: 'Video' }] } }));
    const store = t.store();
    expect((await load(store, lookupList, t.api(), 'medias_list')).status).toBe('error');
    fail = false;
    expect((await load(store, lookupList, t.api(), 'medias_list')).status).toBe('success');
    expect(http.requests).toHaveLength(2);
  });

  it('D1-129 options from {id, name} or {code, description}', () => {
    expect(lookupOptions([{ id: 3, name: 'Lab' }, { code: '4', description: 'All devices' }, { name: 'no id' }])).toEqual([
      { value: 3, label: 'Lab' },
      { value: 4, label: 'All devices' },
    ]);
  });
});

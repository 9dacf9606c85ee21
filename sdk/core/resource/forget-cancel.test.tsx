// Issue 40 item 2: the data layer forgets (entries nobody reads are evicted after the keep time)
// and cancels (a request whose last reader went away, or whose key changed, is aborted and never
// shows as an error); reads and writes share one reducer (keyed.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { load, until, useTestClient } from '../test-utils';
import { deferred, stubHttp } from '../api/test-transport';
import { request } from '../api/client';
import { GazeProvider } from '../store/context';
import { createResource, RESOURCE_KEEP_MS, setKeepTime } from './resource';
import { createMutation } from './mutation';
import { useResource } from './hooks';

const rows = createResource<{ page: number }, { rows: string[] }>({
  name: 'test/forget-rows',
  fetch: (api, p) => request(api, { method: 'POST', url: '/rows', data: p }),
});
const write = createMutation<{ v: number }, { ok: boolean }>({
  name: 'test/forget-write',
  run: (api, args) => request(api, { method: 'POST', url: '/write', data: args }),
});

const KEEP = 30;
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('keyed resources forget and cancel', () => {
  const t = useTestClient();
  afterEach(() => setKeepTime());

  it('the keep time is a named minute', () => {
    expect(RESOURCE_KEEP_MS).toBe(60_000);
  });

  it('an entry is kept while any reader is subscribed and evicted the keep time after the last one leaves', async () => {
    setKeepTime(KEEP);
    stubHttp(() => ({ data: { rows: ['a'] } }));
    const store = t.store();
    const api = t.api('A');
    const key = rows.keyOf(api, { page: 1 });
    store.dispatch(rows.actions.subscribe(key));
    store.dispatch(rows.actions.subscribe(key));
    await load(store, rows, api, { page: 1 });
    store.dispatch(rows.actions.unsubscribe(key));
    await tick(KEEP * 3);
    // One reader is still there.
    expect(rows.select(store.getState(), api, { page: 1 }).status).toBe('success');
    store.dispatch(rows.actions.unsubscribe(key));
    await until(() => rows.select(store.getState(), api, { page: 1 }).status === 'idle');
    expect(rows.selectState(store.getState()).entries).toEqual({});
  });

  it('a reader coming back within the keep time keeps the entry (no eviction, no new request)', async () => {
    setKeepTime(KEEP * 4);
    const http = stubHttp(() => ({ data: { rows: ['a'] } }));
    const store = t.store();
    const api = t.api('A');
    const key = rows.keyOf(api, { page: 1 });
    store.dispatch(rows.actions.subscribe(key));
    await load(store, rows, api, { page: 1 });
    store.dispatch(rows.actions.unsubscribe(key));
    await tick(KEEP);
    store.dispatch(rows.actions.subscribe(key));
    await tick(KEEP * 6);
    expect(rows.select(store.getState(), api, { page: 1 }).data).toEqual({ rows: ['a'] });
    expect(http.requests).toHaveLength(1);
  });

  it('a key fetched by a saga with no reader is evicted the keep time after its answer', async () => {
    setKeepTime(KEEP);
    stubHttp(() => ({ data: { rows: ['a'] } }));
    const store = t.store();
    await load(store, rows, t.api('A'), { page: 2 });
    await until(() => rows.select(store.getState(), t.api('A'), { page: 2 }).status === 'idle');
  });

  it('the last reader leaving aborts the request on its way; the entry goes back to idle, never to error', async () => {
    setKeepTime(KEEP * 100);
    const hold = deferred();
    const http = stubHttp(() => hold.promise);
    const store = t.store();
    const api = t.api('A');
    const key = rows.keyOf(api, { page: 1 });
    store.dispatch(rows.actions.subscribe(key));
    store.dispatch(rows.actions.fetch({ api, params: { page: 1 } }));
    await until(() => http.requests.length === 1);
    expect(rows.select(store.getState(), api, { page: 1 }).status).toBe('loading');
    store.dispatch(rows.actions.unsubscribe(key));
    expect(http.aborted()).toBe(1);
    expect(rows.select(store.getState(), api, { page: 1 })).toMatchObject({ status: 'idle', error: null });
    hold.resolve({ data: { rows: ['late'] } });
    await tick(20);
    expect(rows.select(store.getState(), api, { page: 1 })).toMatchObject({ status: 'idle', data: null, error: null });
  });

  it('a request another reader still waits for is not aborted', async () => {
    const hold = deferred();
    const http = stubHttp(() => hold.promise);
    const store = t.store();
    const api = t.api('A');
    const key = rows.keyOf(api, { page: 1 });
    store.dispatch(rows.actions.subscribe(key));
    store.dispatch(rows.actions.subscribe(key));
    store.dispatch(rows.actions.fetch({ api, params: { page: 1 } }));
    store.dispatch(rows.actions.unsubscribe(key));
    hold.resolve({ data: { rows: ['x'] } });
    await until(() => rows.select(store.getState(), api, { page: 1 }).status === 'success');
    expect(http.aborted()).toBe(0);
  });

  it('a forced refetch aborts the older request of the key, whose answer would be dropped anyway', async () => {
    const first = deferred();
    let n = 0;
    const http = stubHttp(() => (n++ === 0 ? first.promise : { data: { rows: ['new'] } }));
    const store = t.store();
    const api = t.api('A');
    store.dispatch(rows.actions.fetch({ api, params: { page: 1 } }));
    await until(() => http.requests.length === 1);
    store.dispatch(rows.actions.fetch({ api, params: { page: 1 }, force: true }));
    await until(() => rows.select(store.getState(), api, { page: 1 }).status === 'success');
    expect(http.signals[0]?.aborted).toBe(true);
    expect(http.signals[1]?.aborted).toBe(false);
    expect(rows.select(store.getState(), api, { page: 1 }).data).toEqual({ rows: ['new'] });
  });

  it('useResource: a key change aborts the old key\'s request, unmounting aborts the current one, neither is an error', async () => {
    setKeepTime(KEEP * 100);
    const http = stubHttp(() => new Promise(() => {}));
    const store = t.store();
    const errors: unknown[] = [];
    function Rows({ page }: { page: number }) {
      const r = useResource(rows, { page });
      if (r.error) errors.push(r.error);
      return null;
    }
    const view = render(<GazeProvider store={store}><Rows page={1} /></GazeProvider>);
    await until(() => http.requests.length === 1);
    view.rerender(<GazeProvider store={store}><Rows page={2} /></GazeProvider>);
    await until(() => http.requests.length === 2);
    expect(http.signals.map((s) => s?.aborted)).toEqual([true, false]);
    act(() => view.unmount());
    expect(http.signals.map((s) => s?.aborted)).toEqual([true, true]);
    await tick(20);
    expect(errors).toEqual([]);
    for (const e of Object.values(rows.selectState(store.getState()).entries)) expect(e).toMatchObject({ status: 'idle', error: null });
  });

  it('useResource: two elements reading one key make one request; it is evicted only after both unmount', async () => {
    setKeepTime(KEEP);
    const http = stubHttp(() => ({ data: { rows: ['a'] } }));
    const store = t.store();
    function Rows() {
      useResource(rows, { page: 9 });
      return null;
    }
    const a = render(<GazeProvider store={store}><Rows /></GazeProvider>);
    const b = render(<GazeProvider store={store}><Rows /></GazeProvider>);
    await until(() => rows.select(store.getState(), t.api(), { page: 9 }).status === 'success');
    act(() => a.unmount());
    await tick(KEEP * 3);
    expect(rows.select(store.getState(), t.api(), { page: 9 }).status).toBe('success');
    act(() => b.unmount());
    await until(() => rows.select(store.getState(), t.api(), { page: 9 }).status === 'idle');
    expect(http.requests).toHaveLength(1);
  });
});

describe('one reducer for reads and writes', () => {
  const t = useTestClient();

  it('both slices come from one factory: the same reducer action types, by domain', () => {
    const readTypes = [rows.actions.started, rows.actions.failed, rows.actions.aborted, rows.actions.evicted].map((c) => c.type);
    const writeTypes = [write.actions.failed.type, write.actions.run({ api: t.api(), args: { v: 1 } }).type, write.actions.reset({ api: t.api() }).type];
    expect(readTypes.map((x) => x.replace(rows.reducerPath, ''))).toEqual(['/started', '/failed', '/aborted', '/removed']);
    expect(writeTypes.map((x) => x.replace(write.reducerPath, ''))).toEqual(['/failed', '/started', '/removed']);
  });

  it('a stale answer settles neither kind: a write reset while on its way stays idle', async () => {
    const hold = deferred();
    stubHttp(() => hold.promise);
    const store = t.store();
    store.dispatch(write.actions.run({ api: t.api('A'), args: { v: 1 } }));
    expect(write.select(store.getState(), t.api('A')).status).toBe('pending');
    store.dispatch(write.actions.reset({ api: t.api('A') }));
    hold.resolve({ data: { ok: true } });
    await tick(20);
    expect(write.select(store.getState(), t.api('A'))).toMatchObject({ status: 'idle', count: 0 });
  });

  it('writes are never aborted by readers leaving', async () => {
    const hold = deferred();
    const http = stubHttp(() => hold.promise);
    const store = t.store();
    store.dispatch(write.actions.run({ api: t.api('A'), args: { v: 1 } }));
    await until(() => http.requests.length === 1);
    expect(http.signals[0]).toBeUndefined();
    hold.resolve({ data: { ok: true } });
    await until(() => write.select(store.getState(), t.api('A')).status === 'done');
  });
});

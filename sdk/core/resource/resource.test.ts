// The keyed-resource factory and the mutation helper, on a tiny resource of their own.
import { describe, expect, it } from 'vitest';
import { load, until, useTestClient } from '../test-utils';
import { deferred, stubHttp } from '../api/test-transport';
import { request } from '../api/client';
import { resolveConfig, themeDeclarations, tokenId } from '../config/config';
import { sessionActions } from '../session/slice';
import { createResource } from './resource';
import { createMutation } from './mutation';

const rows = createResource<{ page: number }, { rows: string[] }>({
  name: 'test/rows',
  fetch: (api, p) => request(api, { method: 'POST', url: '/rows', data: p }),
});
const write = createMutation<{ v: number }, { ok: boolean }>({
  name: 'test/write',
  run: (api, args) => request(api, { method: 'POST', url: '/write', data: args }),
});

describe('element config', () => {
  const session = { token: 'S', companyId: '9' };

  it('attributes win over the provider, the provider over configure(), configure() over the session', () => {
    expect(resolveConfig([{ token: 'A' }, { token: 'P' }, { token: 'D' }], session).token).toBe('A');
    expect(resolveConfig([{}, { token: 'P' }, { token: 'D' }], session).token).toBe('P');
    expect(resolveConfig([{}, {}, { token: 'D' }], session).token).toBe('D');
    expect(resolveConfig([{ token: '' }, { token: null }, {}], session)).toMatchObject({ token: 'S', companyId: '9' });
    expect(resolveConfig([{ apiBase: 'https://a.test/v1.0/' }, { apiBase: 'https://p.test' }], session).apiBase).toBe('https://a.test/v1.0');
    expect(resolveConfig([{}, { theme: 'primary: red' }], session).theme).toBe('primary: red');
  });

  it("the session's acting company goes only with the session's token", () => {
    expect(resolveConfig([{ token: 'W' }], session).companyId).toBeNull();
    expect(resolveConfig([{ token: 'W', companyId: 4 }], session).companyId).toBe('4');
    expect(resolveConfig([{}, { companyId: '5' }], session)).toMatchObject({ token: 'S', companyId: '5' });
  });

  it('theme declarations become --gaze-* properties; anything that could break out is dropped', () => {
    expect(themeDeclarations('primary: #7a3cff; --gaze-radius: 8px')).toBe('--gaze-primary: #7a3cff; --gaze-radius: 8px;');
    expect(themeDeclarations('primary: red} body{color:red')).toBe('');
    expect(themeDeclarations(null)).toBe('');
  });
});

describe('keyed resources', () => {
  const t = useTestClient();

  it('state per key: the same params for two tokens or two companies are two entries, fetched with their own headers', async () => {
    const http = stubHttp((req) => ({ data: { rows: [`${req.headers.authorization} ${req.headers['x-company-id'] ?? '-'}`] } }));
    const store = t.store();
    const a = await load(store, rows, t.api('A', '1'), { page: 1 });
    const b = await load(store, rows, t.api('A', '2'), { page: 1 });
    const c = await load(store, rows, t.api('B'), { page: 1 });
    expect([a.data, b.data, c.data]).toEqual([{ rows: ['Token A 1'] }, { rows: ['Token A 2'] }, { rows: ['Token B -'] }]);
    expect(http.requests).toHaveLength(3);
    expect(rows.keyOf(t.api('A'), { page: 1 })).not.toBe(rows.keyOf({ ...t.api('A'), apiBase: '/other' }, { page: 1 }));
  });

  it('a key on its way is not fetched twice; force refetches and keeps the old data meanwhile', async () => {
    const hold = deferred();
    let n = 0;
    const http = stubHttp(() => (n++ === 0 ? hold.promise : { data: { rows: ['new'] } }));
    const store = t.store();
    store.dispatch(rows.actions.fetch({ api: t.api(), params: { page: 1 } }));
    store.dispatch(rows.actions.fetch({ api: t.api(), params: { page: 1 } }));
    hold.resolve({ data: { rows: ['old'] } });
    await until(() => rows.select(store.getState(), t.api(), { page: 1 }).status === 'success');
    expect(http.requests).toHaveLength(1);
    store.dispatch(rows.actions.fetch({ api: t.api(), params: { page: 1 }, force: true }));
    expect(rows.select(store.getState(), t.api(), { page: 1 })).toMatchObject({ status: 'loading', data: { rows: ['old'] } });
    await until(() => rows.select(store.getState(), t.api(), { page: 1 }).status === 'success');
    expect(rows.select(store.getState(), t.api(), { page: 1 }).data).toEqual({ rows: ['new'] });
  });

  it('params are keyed by value, not by key order', () => {
    const two = createResource<Record<string, number>, unknown>({ name: 'test/order', fetch: async () => null });
    expect(two.keyOf(t.api(), { a: 1, b: 2 })).toBe(two.keyOf(t.api(), { b: 2, a: 1 }));
  });

  it("sign-out of a token drops that token's entries only, and a late answer does not bring them back", async () => {
    const late = deferred();
    let n = 0;
    stubHttp(() => (n++ === 2 ? late.promise : { data: { rows: ['x'] } }));
    const store = t.store();
    await load(store, rows, t.api('A'), { page: 1 });
    await load(store, rows, t.api('B'), { page: 1 });
    store.dispatch(rows.actions.fetch({ api: t.api('A'), params: { page: 2 } }));
    store.dispatch(sessionActions.signedOut(tokenId('A')));
    late.resolve({ data: { rows: ['stale'] } });
    await new Promise((r) => setTimeout(r, 20));
    expect(rows.select(store.getState(), t.api('A'), { page: 1 }).status).toBe('idle');
    expect(rows.select(store.getState(), t.api('A'), { page: 2 }).status).toBe('idle');
    expect(rows.select(store.getState(), t.api('B'), { page: 1 }).data).toEqual({ rows: ['x'] });
  });

  it('writes: pending → done (counted) or error; per scope and key; reset back to idle', async () => {
    let fail = false;
    stubHttp(() => (fail ? { status: 500, data: { message: 'no' } } : { data: { ok: true } }));
    const store = t.store();
    store.dispatch(write.actions.run({ api: t.api('A'), args: { v: 1 } }));
    expect(write.select(store.getState(), t.api('A')).status).toBe('pending');
    expect(write.select(store.getState(), t.api('B')).status).toBe('idle');
    await until(() => write.select(store.getState(), t.api('A')).status === 'done');
    expect(write.select(store.getState(), t.api('A'))).toMatchObject({ count: 1, result: { ok: true }, error: null });
    fail = true;
    store.dispatch(write.actions.run({ api: t.api('A'), args: { v: 2 }, key: 'form-2' }));
    await until(() => write.select(store.getState(), t.api('A'), 'form-2').status === 'error');
    expect(write.select(store.getState(), t.api('A'), 'form-2').error).toBe('no');
    expect(write.select(store.getState(), t.api('A')).status).toBe('done');
    store.dispatch(write.actions.reset({ api: t.api('A') }));
    expect(write.select(store.getState(), t.api('A')).status).toBe('idle');
    store.dispatch(sessionActions.signedOut(tokenId('A')));
    expect(write.select(store.getState(), t.api('A'), 'form-2').status).toBe('idle');
  });
});

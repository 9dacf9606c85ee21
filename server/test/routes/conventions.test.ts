// API-wide conventions: validation errors, malformed JSON, path tolerance, JSON 404s, the
// OpenAPI document and the static dashboard / SDK serving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import errors from '../../plugins/errors.js';
import staticFiles, { NOT_BUILT_PAGE } from '../../plugins/static.js';
import { authHeaders, createCompany, createUser, signIn } from '../fixtures.js';
import openapiTS, { astToString } from 'openapi-typescript';
import { Type } from 'typebox';
import { operations, defineOperation, SIGNED_IN, type Operation } from '../../../contract/index.js';
import { requireOperation, route } from '../../routes/common.js';

let app: FastifyInstance;
let database: Database;
let token: string;

beforeAll(async () => {
  ({ app, database } = await testApp());
  const acme = await createCompany(database.db, { name: 'Acme' });
  await createUser(database.db, { companyId: acme.id, username: 'ann' });
  token = await signIn(app, 'ann');
});
afterAll(async () => { await app.close(); await database.close(); });

describe('D1.12 validation and errors', () => {
  it('bad input answers 400 {success:false, message, errors} naming every bad field', async () => {
    const res = await app.inject({
      method: 'POST', url: '/v1.0/studies', headers: authHeaders(token),
      payload: { results_per_page: 7, page_num: -1, filter_environment_id: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).toEqual(expect.any(String));
    expect(Object.keys(body.errors).sort()).toEqual(['filter_environment_id', 'page_num', 'results_per_page']);
  });

  it('a missing required field is named by its own name', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1.0/dashboard-feedback', headers: authHeaders(token), payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ message: expect.any(String) });
  });

  it('malformed JSON answers 400 JSON without a stack trace', async () => {
    const res = await app.inject({
      method: 'POST', url: '/v1.0/studies', headers: { ...authHeaders(token), 'content-type': 'application/json' }, payload: '{"page_num": 1,',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json();
    expect(body).toMatchObject({ success: false, message: expect.stringMatching(/JSON/) });
    expect(res.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
    expect(body).not.toHaveProperty('stack');
  });

  it('D1-125 unknown /v1.0 routes answer a JSON 404, even for a browser asking for HTML', async () => {
    for (const headers of [authHeaders(token), { accept: 'text/html' }]) {
      const res = await app.inject({ method: 'GET', url: '/v1.0/no/such/thing', headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().success).toBe(false);
    }
  });

  it('an id beyond the database integer range is a 400 naming it, not a server error', async () => {
    for (const url of ['/v1.0/studies/99999999999/collection-key', '/v1.0/studies/99999999999/participant_demographic_summary']) {
      const res = await app.inject({ method: 'POST', url, headers: authHeaders(token), payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: { id: expect.any(String) } });
    }
  });
});

describe('path tolerance (stray trailing space and slash)', () => {
  for (const suffix of ['', '/', '%20', '/%20', '+']) {
    it(`GET /v1.0/studies/overview${suffix} is the same route`, async () => {
      const res = await app.inject({ method: 'GET', url: `/v1.0/studies/overview${suffix}`, headers: authHeaders(token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ company: 'Acme' });
    });
  }

  it('POST with a trailing space keeps the query string and body', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1.0/studies%20?x=1', headers: authHeaders(token), payload: { results_per_page: 10 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().results_per_page).toBe(10);
  });
});

describe('OpenAPI (/v1.0/openapi.json)', () => {
  it('is public and lists the routes with summaries and tags', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1.0/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.version).toBe('0.1.8');
    const expected: [string, string][] = [
      ['/v1.0/auth-token', 'post'], ['/v1.0/auth-token/revoke', 'post'], ['/v1.0/auth-token', 'delete'],
      ['/v1.0/user/get-details', 'get'], ['/v1.0/user/update-details', 'post'],
      ['/v1.0/studies/overview', 'get'], ['/v1.0/studies', 'post'],
      ['/v1.0/studies/{id}/participant_demographic_summary', 'post'],
      ['/v1.0/dashboard-feedback', 'post'], ['/v1.0/contact-us', 'post'],
      ['/v1.0/dashboard/data/medias_list', 'get'], ['/v1.0/dashboard/data/medias_list', 'post'],
      ['/v1.0/dashboard/data/demographics/age_list', 'get'],
    ];
    for (const [p, method] of expected) {
      const op = doc.paths[p]?.[method];
      expect(op, `${method} ${p}`).toBeDefined();
      expect(op.summary).toEqual(expect.any(String));
      expect(op.tags.length).toBeGreaterThan(0);
    }
    // The study list documents its body fields; sign-in needs no token.
    const listSchema = doc.paths['/v1.0/studies'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(listSchema.properties)).toEqual(expect.arrayContaining(['results_per_page', 'page_num', 'order_by', 'filter_name', 'filter_live']));
    expect(doc.paths['/v1.0/auth-token'].post.security).toEqual([]);
    expect(doc.components.securitySchemes.token).toMatchObject({ type: 'apiKey', name: 'Authorization' });
    // Catch-alls (the JSON 404 under /v1.0, the dashboard's fallback) are not operations; the one
    // wildcard operation is the signed file URL, whose key is the path's rest.
    expect(Object.keys(doc.paths).filter((p) => p.includes('*'))).toEqual(['/files/{*}']);
  });
});

/** The OpenAPI path of a fastify path (`:id` → `{id}`, `*` → `{*}`). */
const openapiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/\*/g, '{*}');
/**
 * A contract schema as @fastify/swagger writes it: JSON, with `const: x` as `enum: [x]`, and a
 * record keyed by a pattern (`patternProperties`, which OpenAPI 3.0 cannot express) as
 * `additionalProperties` of that value schema — the server still validates the key pattern.
 */
const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v), (_k, value) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  let out = value as Record<string, unknown>;
  if ('const' in out) {
    const { const: c, ...rest } = out;
    out = { ...rest, enum: [c] };
  }
  if (out.patternProperties && typeof out.patternProperties === 'object') {
    const values = Object.values(out.patternProperties as Record<string, unknown>);
    if (values.length === 1) {
      const { patternProperties: _p, additionalProperties: _a, ...rest } = out;
      out = { ...rest, additionalProperties: values[0] };
    }
  }
  return out;
});

describe('issue 7: every route is a complete contract operation', () => {
  it('each operation has a summary, a tag, access and roles marks, a success and an error response', () => {
    expect(operations.length).toBeGreaterThan(70);
    for (const op of operations) {
      expect(op.summary, op.operationId).toEqual(expect.any(String));
      expect(op.tags.length, op.operationId).toBeGreaterThan(0);
      expect(['read', 'write'], op.operationId).toContain(op.access);
      expect(op.roles.length, op.operationId).toBeGreaterThan(0);
      const statuses = Object.keys(op.responses).map(Number);
      expect(statuses.some((s) => s >= 200 && s < 300), op.operationId).toBe(true);
      // 500 always; 400 wherever there is input; 401/403 wherever a token is needed.
      expect(statuses, op.operationId).toContain(500);
      if (op.params || op.querystring || op.body) expect(statuses, op.operationId).toContain(400);
      if (op.roles.some((r) => (SIGNED_IN as readonly string[]).includes(r))) expect(statuses, op.operationId).toEqual(expect.arrayContaining([401, 403]));
      for (const s of statuses.filter((x) => x >= 400)) {
        expect(Object.keys((op.responses[s] as unknown as { properties: object }).properties).sort(), `${op.operationId} ${s}`).toEqual(['errors', 'message', 'success']);
      }
    }
    const ids = operations.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = operations.map((o) => `${o.method} ${o.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('issue 36: every operation callable without a token that reads a JSON body declares its body limit (routes/auth and tests/security/slow-requests prove it applies)', () => {
    const open = operations.filter((op) => op.public && op.body);
    expect(open.map((op) => op.operationId)).toEqual(expect.arrayContaining(['signIn', 'takeStart', 'collectSession']));
    for (const op of open) {
      expect(op.bodyLimit, op.operationId).toEqual(expect.any(Number));
      expect(op.schema['x-body-limit'], op.operationId).toBe(op.bodyLimit);
    }
  });

  it('each operation is served, from its contract path', () => {
    for (const op of operations) expect(app.hasRoute({ method: op.method, url: op.path }), `${op.method} ${op.path}`).toBe(true);
  });

  it('a route without an operation, or with an incomplete one, stops the server from starting', async () => {
    const bare = Fastify();
    bare.addHook('onRoute', requireOperation);
    await expect(async () => { bare.get('/x', async () => ({})); await bare.ready(); }).rejects.toThrow(/contract operation/);

    const incomplete = (extra: object) => ({
      operationId: 'broken', method: 'GET', path: '/broken', summary: 'Broken', tags: ['meta'], access: 'read', roles: ['public'],
      response: { 200: Type.Object({ ok: Type.Boolean() }) }, ...extra,
    });
    for (const [extra, problem] of [
      [{ summary: ' ' }, /no summary/], [{ tags: [] }, /no tag/], [{ access: 'maybe' }, /access/], [{ roles: [] }, /roles/],
      [{ response: {} }, /no success response/],
    ] as const) {
      const f = Fastify();
      f.addHook('onRoute', requireOperation);
      const op = defineOperation(incomplete(extra) as never) as Operation;
      await expect(async () => { route(f, op, async () => ({ ok: true })); await f.ready(); }, JSON.stringify(extra)).rejects.toThrow(problem);
      await f.close();
    }
    // An error response that is not the envelope.
    const f = Fastify();
    f.addHook('onRoute', requireOperation);
    const op = defineOperation(incomplete({ response: { 200: Type.Object({}), 404: Type.Object({ oops: Type.String() }) } }) as never) as Operation;
    await expect(async () => { route(f, op, async () => ({})); await f.ready(); }).rejects.toThrow(/404 is not the error envelope/);
    await f.close();
    await bare.close();
  });

  it('openapi.json carries every operation with its metadata and exactly the contract\'s response schemas', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/v1.0/openapi.json' })).json();
    const listed = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    const visible = operations.filter((o) => !o.hidden);
    expect(listed.sort()).toEqual(visible.map((o) => `${o.method.toLowerCase()} ${openapiPath(o.path)}`).sort());
    for (const op of visible) {
      const entry = doc.paths[openapiPath(op.path)][op.method.toLowerCase()];
      expect(entry, op.operationId).toMatchObject({
        operationId: op.operationId, summary: op.summary, tags: [...op.tags], 'x-access': op.access, 'x-roles': [...op.roles],
      });
      expect(Object.keys(entry.responses).sort(), op.operationId).toEqual(Object.keys(op.responses).sort());
      for (const [status, schema] of Object.entries(op.responses as Record<string, { content?: Record<string, { schema: unknown }> }>)) {
        const content = entry.responses[status].content;
        if (schema.content) {
          expect(Object.keys(content), `${op.operationId} ${status}`).toEqual(Object.keys(schema.content));
          continue;
        }
        expect(content['application/json'].schema, `${op.operationId} ${status}`).toEqual(json(schema));
      }
      if (op.body) expect(entry.requestBody.content['application/json'].schema, op.operationId).toEqual(json(op.body));
      if (op.roles.every((r) => !(SIGNED_IN as readonly string[]).includes(r))) expect(entry.security, op.operationId).toEqual([]);
    }
  });

  it('openapi-typescript reads openapi.json into types for every operation', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/v1.0/openapi.json' })).json();
    const ts = astToString(await openapiTS(doc));
    expect(ts).toMatch(/export interface paths/);
    expect(ts).toMatch(/export interface operations/);
    for (const op of operations.filter((o) => !o.hidden)) expect(ts, op.operationId).toContain(`${op.operationId}: {`);
    // A response type as the SDK will read it: the study list's items, with nullable fields.
    expect(ts).toMatch(/study_id: number;/);
    expect(ts).toMatch(/data_collection_start: string \| null;/);
  });
});

describe('issue 7 / issue 9: ids are plain decimals in range; text carries no NUL or lone surrogate', () => {
  const bad = ['0x2b', '43.0', '043', '%2043', 'Infinity', '-Infinity', '1e3', '-1', '0', '2147483648', '99999999999'];

  it('a path id that is not a plain decimal 1 … 2147483647 answers 400 naming it', async () => {
    for (const id of bad) {
      for (const url of [`/v1.0/studies/${id}/participant_demographic_summary`, `/v1.0/studies/${id}/survey/overview`]) {
        const res = await app.inject({ method: 'POST', url, headers: authHeaders(token), payload: {} });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toMatchObject({ success: false, errors: { id: expect.stringMatching(/decimal/) } });
      }
      const stim = await app.inject({ method: 'POST', url: `/v1.0/studies/1/cell/1/step/${id}/stimuli/1/kpi_analysis`, headers: authHeaders(token), payload: {} });
      expect(stim.statusCode, id).toBe(400);
      expect(Object.keys(stim.json().errors), id).toEqual(['step']);
    }
    // The same id written plainly is a normal 404 (no such study for this company).
    const ok = await app.inject({ method: 'POST', url: '/v1.0/studies/43/participant_demographic_summary', headers: authHeaders(token), payload: {} });
    expect(ok.statusCode).toBe(404);
  });

  it('a query id is checked the same way', async () => {
    for (const id of bad.filter((x) => x !== '0')) {
      const res = await app.inject({ method: 'GET', url: `/v1.0/dashboard/data/adtypes_list?ad_type_group_id=${id}`, headers: authHeaders(token) });
      expect(res.statusCode, id).toBe(400);
      expect(Object.keys(res.json().errors), id).toEqual(['ad_type_group_id']);
    }
    // 0 means all there.
    expect((await app.inject({ method: 'GET', url: '/v1.0/dashboard/data/adtypes_list?ad_type_group_id=0', headers: authHeaders(token) })).statusCode).toBe(200);
  });

  it('a body integer is never coerced from hex, fractions or Infinity, and is bounded to int4', async () => {
    for (const page_num of ['0x2b', '43.0', 'Infinity', 1e308, 2147483648, 2.5]) {
      const res = await app.inject({ method: 'POST', url: '/v1.0/studies', headers: authHeaders(token), payload: { page_num } });
      expect(res.statusCode, String(page_num)).toBe(400);
      expect(Object.keys(res.json().errors), String(page_num)).toEqual(['page_num']);
    }
    for (const filter_media_id of [2147483648, '0x2', 1e308]) {
      const res = await app.inject({ method: 'POST', url: '/v1.0/studies', headers: authHeaders(token), payload: { filter_media_id } });
      expect(res.statusCode, String(filter_media_id)).toBe(400);
      expect(res.json().errors).toHaveProperty('filter_media_id');
    }
  });

  it('NUL bytes and lone surrogates in text answer 400 naming the field, with or without a token', async () => {
    const raw = (payload: string) => ({ payload, headers: { ...authHeaders(token), 'content-type': 'application/json' } });
    for (const text of ['a\\u0000b', '\\ud800', 'x\\udc00']) {
      for (const [url, body, field] of [
        ['/v1.0/dashboard-feedback', `{"message":"${text}"}`, 'message'],
        ['/v1.0/user/update-details', `{"first_name":"${text}"}`, 'first_name'],
        ['/v1.0/studies', `{"filter_name":"${text}"}`, 'filter_name'],
        ['/v1.0/stims/create_signed_url', `{"file_name":"${text}"}`, 'file_name'],
      ] as const) {
        const res = await app.inject({ method: 'POST', url, ...raw(body) });
        expect(res.statusCode, `${url} ${text}`).toBe(400);
        expect(res.json().errors, `${url} ${text}`).toEqual({ [field]: 'must not contain NUL bytes or unpaired surrogates' });
      }
      // Sign-in needs no token: the check runs before anything reaches the database.
      const signInRes = await app.inject({ method: 'POST', url: '/v1.0/auth-token', headers: { 'content-type': 'application/json' }, payload: `{"username":"${text}","password":"x"}` });
      expect(signInRes.statusCode).toBe(400);
      expect(Object.keys(signInRes.json().errors)).toEqual(['username']);
    }
    // A paired surrogate (an emoji) is ordinary text.
    const emoji = await app.inject({ method: 'POST', url: '/v1.0/dashboard-feedback', ...raw('{"message":"nice \\ud83d\\ude00"}') });
    expect(emoji.statusCode).toBe(200);
  });
});

describe('static dashboard and SDK', () => {
  let dir: string;
  let site: FastifyInstance;
  let unbuilt: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gazeboard-static-'));
    const appDir = path.join(dir, 'app');
    const sdkDir = path.join(dir, 'sdk');
    mkdirSync(path.join(appDir, 'assets'), { recursive: true });
    mkdirSync(sdkDir, { recursive: true });
    writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>Gazeboard app</title>');
    writeFileSync(path.join(appDir, 'assets', 'app-1234.js'), 'console.log("app")');
    writeFileSync(path.join(sdkDir, 'gazeboard.js'), 'export const sdk = 1;');
    writeFileSync(path.join(dir, 'secret.txt'), 'secret');
    const build = async (opts: { appDir: string; sdkDir: string }) => {
      const f = Fastify();
      await f.register(cors, { origin: true });
      await f.register(errors);
      await f.register(staticFiles, opts);
      await f.ready();
      return f;
    };
    site = await build({ appDir, sdkDir });
    unbuilt = await build({ appDir: path.join(dir, 'missing'), sdkDir: path.join(dir, 'missing-sdk') });
  });
  afterAll(async () => {
    await site.close();
    await unbuilt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html at / and for client routes a browser navigates to', async () => {
    for (const url of ['/', '/my_studies', '/my_studies/overview/3/demographics', '/login?next=%2Fstims']) {
      const res = await site.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('Gazeboard app');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves built assets, long-cached', async () => {
    const res = await site.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("app")');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toMatch(/immutable/);
  });

  it('a missing asset, API path or file path is a JSON 404, not the index page', async () => {
    for (const [url, accept] of [['/assets/nope.js', '*/*'], ['/v1.0/x', 'text/html'], ['/files/a.png', 'text/html'], ['/visuals/1.png', 'text/html'], ['/sdk/nope.js', 'text/html']]) {
      const res = await site.inject({ method: 'GET', url, headers: { accept } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().success).toBe(false);
    }
  });

  it('serves the SDK at /sdk/ to other origins (CORS)', async () => {
    const res = await site.inject({ method: 'GET', url: '/sdk/gazeboard.js', headers: { origin: 'https://intranet.example.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('export const sdk = 1;');
    expect(res.headers['access-control-allow-origin']).toBe('https://intranet.example.com');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('never serves files outside its folders', async () => {
    for (const url of ['/sdk/..%2fsecret.txt', '/sdk/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const res = await site.inject({ method: 'GET', url });
      expect(res.body, url).not.toBe('secret');
    }
  });

  it('without a build, / explains that the dashboard is not built', async () => {
    const res = await unbuilt.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toBe(NOT_BUILT_PAGE);
    expect(res.body).toContain('npm run build');
  });

  it('in the full app, HTML navigation gets a page and /v1.0 stays JSON', async () => {
    const page = await app.inject({ method: 'GET', url: '/my_studies', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const meta = await app.inject({ method: 'GET', url: '/meta.json', headers: { accept: 'text/html' } });
    expect(meta.json().version).toBe('0.1.8');
  });
});

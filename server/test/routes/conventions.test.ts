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

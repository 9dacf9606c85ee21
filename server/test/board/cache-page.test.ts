// Cache pages (D2-116, D2-117; issue 12): POST /cachepages/order records the order and queues the
// job; the job fetches the page under size and time limits and public-address rules (after DNS and
// on every redirect), stores the snapshot and marks the page ready or failed with the reason; the
// snapshot is served only for a sandboxed iframe. Pages come from a local HTTP server this test starts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers.js';
import { until } from '../jobs/helpers.js';
import type { Database } from '../../db/client.js';
import { authHeaders, createCompany, createUser, signIn } from '../fixtures.js';
import { seedReference } from '../../seed/reference.js';
import { study } from '../../db/schema/index.js';
import { FetchRefused, fetchPublicPage, snapshotHtml } from '../../services/board-fetch.js';
import { buildFilesOriginApp, dashboardOrigins } from '../../files-origin.js';

let app: FastifyInstance;
let database: Database;
let ann: Record<string, string>;
let bob: Record<string, string>;
let studyId: number;
let server: http.Server;
let base: string;
let slowRelease: (() => void) | null = null;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><head><title>Local news</title><script>alert(1)</script><meta http-equiv="refresh" content="0;url=http://evil.example/"></head><body><h1>Front page</h1><img src="/ad.png"></body></html>');
    } else if (path === '/moved') {
      res.writeHead(302, { location: '/page' });
      res.end();
    } else if (path === '/to-other-loopback') {
      res.writeHead(302, { location: `http://127.0.0.2:${(server.address() as AddressInfo).port}/page` });
      res.end();
    } else if (path === '/big') {
      res.writeHead(200, { 'content-type': 'text/html' });
      // No content-length: the limit must hold while streaming.
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      // 100 × 64 KB = 6.4 MB, over the 5 MB limit.
      const more = () => {
        while (sent < 100) {
          sent++;
          if (!res.write(chunk)) { res.once('drain', more); return; }
        }
        res.end();
      };
      more();
    } else if (path === '/slow') {
      res.writeHead(200, { 'content-type': 'text/html' });
      slowRelease = () => res.end('<p>late</p>');
    } else if (path === '/json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    } else {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('nope');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  ({ app, database } = await testApp());
  await seedReference(database.db);
  const a = await createCompany(database.db, { name: 'Acme' });
  const b = await createCompany(database.db, { name: 'Other' });
  await createUser(database.db, { companyId: a.id, username: 'ann' });
  await createUser(database.db, { companyId: b.id, username: 'bob' });
  ann = authHeaders(await signIn(app, 'ann'));
  bob = authHeaders(await signIn(app, 'bob'));
  [{ id: studyId }] = await database.db.insert(study).values({ companyId: a.id, name: 'S' }).returning();
});
afterAll(async () => {
  slowRelease?.();
  await app.close();
  await database.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => { delete process.env.ALLOW_PRIVATE_URLS; });

const order = (url: string, name = 'Local page') =>
  app.inject({ method: 'POST', url: '/v1.0/cachepages/order ', headers: ann, payload: { url, name } });
const settled = (id: number) => until(`cache page ${id}`, async () => {
  const res = await app.inject({ method: 'GET', url: `/v1.0/cachepages/${id}`, headers: ann });
  const data = res.json().data;
  return data.status === 'pending' ? undefined : data;
}, 300);

describe('D2-117 the cache-page job against a local page', () => {
  it('orders, fetches, stores the snapshot and serves it only for a sandboxed iframe', async () => {
    process.env.ALLOW_PRIVATE_URLS = '1';
    const res = await order(`${base}/moved`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ name: 'Local page', original_source: `${base}/moved`, status: 'pending', cached_source: null, job_id: expect.any(Number) });
    const page = await settled(body.cache_page_id);
    expect(page).toMatchObject({ status: 'ready', failure_reason: null });
    // On the files origin (issue 9): third-party markup never comes from the dashboard's origin.
    expect(page.cached_source.startsWith(`${app.config.filesOrigin}/snapshots/cache/`)).toBe(true);
    expect(page.cached_source).toMatch(/\/snapshots\/cache\/\d+\?expires=\d+&sig=/);
    const snapshotPath = page.cached_source.slice(app.config.filesOrigin!.length);

    // The board lists it with its snapshot.
    const opts = await app.inject({ method: 'POST', url: `/v1.0/studies/${studyId}/steps/step-detail`, headers: ann, payload: { step_type: 'cache' } });
    expect(opts.json().data).toContainEqual(expect.objectContaining({ id: page.id, status: 'ready', cached_source: expect.any(String) }));
    // Another company sees nothing of it.
    expect((await app.inject({ method: 'GET', url: `/v1.0/cachepages/${page.id}`, headers: bob })).statusCode).toBe(404);

    const files = await buildFilesOriginApp(app);
    expect((await app.inject({ method: 'GET', url: snapshotPath, headers: { 'sec-fetch-dest': 'iframe' } })).statusCode).toBe(404);
    const snap = await files.inject({ method: 'GET', url: snapshotPath, headers: { 'sec-fetch-dest': 'iframe' } });
    expect(snap.statusCode).toBe(200);
    expect(snap.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(snap.headers['content-security-policy']);
    expect(csp).toMatch(/(^|;)\s*sandbox\s*(;|$)/); // no allow-scripts, no allow-same-origin
    expect(csp).toContain(`frame-ancestors 'self' ${dashboardOrigins(app.config)[0]}`);
    expect(csp).toContain("default-src 'none'");
    expect(snap.body).toContain('<h1>Front page</h1>');
    expect(snap.body).toContain(`<base href="${base}/page">`);
    expect(snap.body).not.toContain('<script');
    expect(snap.body).not.toContain('http-equiv="refresh"');

    // Not as a top-level page, not without a valid signature.
    expect((await files.inject({ method: 'GET', url: snapshotPath, headers: { 'sec-fetch-dest': 'document' } })).statusCode).toBe(403);
    expect((await files.inject({ method: 'GET', url: snapshotPath.replace(/sig=[^&]+/, 'sig=forged') })).statusCode).toBe(403);
    await files.close();
  });

  it('marks a page failed with the reason: not found, not HTML, too large', async () => {
    process.env.ALLOW_PRIVATE_URLS = '1';
    const reasons: Record<string, RegExp> = {
      '/missing': /HTTP 404/,
      '/json': /Not a web page \(application\/json\)/,
      '/big': /larger than 5 MB/,
    };
    for (const [path, reason] of Object.entries(reasons)) {
      const res = await order(`${base}${path}`);
      const page = await settled(res.json().cache_page_id);
      expect(page.status, path).toBe('failed');
      expect(page.failure_reason, path).toMatch(reason);
      expect(page.cached_source).toBeNull();
    }
  });

  it('with ALLOW_PRIVATE_URLS unset (the default) a local page is refused before anything is queued', async () => {
    expect(process.env.ALLOW_PRIVATE_URLS).toBeUndefined();
    const res = await order(`${base}/page`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid URL');
  });
});

describe('the fetcher: no private address after DNS or a redirect, size and time limits', () => {
  it('refuses a public-looking name that resolves to a private address', async () => {
    const resolve = async () => [{ address: '10.0.0.7', family: 4 }];
    await expect(fetchPublicPage('http://news.example.com/', { resolve })).rejects.toThrow(/resolves to a private or local address/);
    const mixed = async () => [{ address: '93.184.216.34', family: 4 }, { address: '::1', family: 6 }];
    await expect(fetchPublicPage('http://news.example.com/', { resolve: mixed })).rejects.toThrow(FetchRefused);
  });

  it('refuses a redirect to an address that is not allowed', async () => {
    const onlyFirst = (ip: string) => ip === '127.0.0.1';
    await expect(fetchPublicPage(`${base}/to-other-loopback`, { allowPrivate: true, addressAllowed: onlyFirst })).rejects.toThrow(/private or local/);
    // The same rule lets the allowed address through.
    const ok = await fetchPublicPage(`${base}/moved`, { allowPrivate: true, addressAllowed: onlyFirst });
    expect(ok.finalUrl).toBe(`${base}/page`);
    expect(snapshotHtml(ok)).toContain('<h1>Front page</h1>');
  });

  it('gives up on a page slower than the time limit, and on one larger than the size limit', async () => {
    await expect(fetchPublicPage(`${base}/slow`, { allowPrivate: true, timeoutMs: 300 })).rejects.toThrow(/did not answer within/);
    await expect(fetchPublicPage(`${base}/page`, { allowPrivate: true, maxBytes: 50 })).rejects.toThrow(/larger than/);
  });
});

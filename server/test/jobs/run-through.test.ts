// Issue 36 item 1: an automated run-through cannot reach inside. A real run-through (ordered through
// the API, played by the job in Debian's Chromium, sandboxed, through the egress proxy) of a cell
// holding a script stim, a VAST-URL stim, a cached page and an embedded page whose content tries
// every way to a loopback canary (fetch, XHR, img, WebSocket, workers, iframe, beacon, EventSource,
// WebRTC, WebTransport, other address notations and redirects from this server's own origin): the
// canary gets no connection and no datagram, the run still passes, and every refused request is in
// the cell's results (the study's run-through list and My Validations). The test content is served
// by this server's own origins (the files origin for the stim markup and the snapshot, routes the
// test adds to the app for the VAST, the embedded page and the redirect): the production policy,
// nothing test-only, lets them through and stops the canary.
// Needs Chromium (/usr/bin/chromium or RUN_THROUGH_CHROME) and builds the runner with esbuild.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import net from 'node:net';
import dgram from 'node:dgram';
import { eq } from 'drizzle-orm';
import { build } from 'esbuild';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { buildFilesOriginApp } from '../../files-origin.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { freshDatabase } from '../helpers.js';
import { seedReference } from '../../seed/reference.js';
import { tenant, type Tenant } from '../analytics/report-fixtures.js';
import { authHeaders, createUser, signIn } from '../fixtures.js';
import { cachePage, cell, externalPage, runThrough, step, stim, study } from '../../db/schema/index.js';
import { until } from './helpers.js';
import { EgressProxy } from '../../services/egress-proxy.js';
import { browserSetup, launchRunThroughBrowser } from '../../jobs/browser.js';
import { execFileSync } from 'node:child_process';

const CHROME = process.env.RUN_THROUGH_CHROME || '/usr/bin/chromium';
const haveChrome = (() => { try { accessSync(CHROME, constants.X_OK); return true; } catch { return false; } })();

let app: FastifyInstance;
let files: FastifyInstance;
let database: Database;
let t: Tenant;
let dir: string;
let canary: http.Server;
let udp: dgram.Socket;
let canaryPort: number;
let udpPort: number;
/** Every TCP connection and every datagram the canaries got. */
const hits: string[] = [];
const served: string[] = [];
const saved = { CHROME_PATH: process.env.CHROME_PATH, RUNNER_DIR: process.env.RUNNER_DIR, ALLOW_PRIVATE_URLS: process.env.ALLOW_PRIVATE_URLS };

const freePort = async () => {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
};

/** The script stim: everything an ad script could try, at once, and again a little later. */
const attack = (own: string) => `<p id="ad">An ad</p>
<img src="http://127.0.0.1:${canaryPort}/img">
<img src="http://0x7f.1:${canaryPort}/img-hex">
<img src="http://[::ffff:127.0.0.1]:${canaryPort}/img-mapped">
<img src="http://localhost:${canaryPort}/img-name">
<img src="${own}/test-only/redirect?to=img-redirect">
<iframe src="http://127.0.0.1:${canaryPort}/iframe"></iframe>
<script>
const C = 'http://127.0.0.1:${canaryPort}';
const quiet = (f) => { try { const p = f(); if (p && p.catch) p.catch(() => {}); } catch (e) {} };
const tryAll = () => {
  quiet(() => fetch(C + '/fetch'));
  quiet(() => fetch(C + '/fetch-no-cors', { mode: 'no-cors' }));
  quiet(() => fetch('${own}/test-only/redirect?to=fetch-redirect', { mode: 'no-cors' }));
  quiet(() => { const x = new XMLHttpRequest(); x.open('GET', C + '/xhr'); x.send(); });
  quiet(() => navigator.sendBeacon(C + '/beacon', 'x'));
  quiet(() => new EventSource(C + '/sse'));
  quiet(() => new WebSocket('ws://127.0.0.1:${canaryPort}/ws'));
  quiet(() => new Worker('data:text/javascript,' + encodeURIComponent("fetch('" + C + "/worker').catch(()=>{}); try { new WebSocket('ws://127.0.0.1:${canaryPort}/worker-ws'); } catch (e) {}")));
  quiet(() => new Worker(URL.createObjectURL(new Blob(["fetch('" + C + "/blob-worker').catch(()=>{})"], { type: 'text/javascript' }))));
  quiet(() => {
    const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${udpPort}' }, { urls: 'turn:127.0.0.1:${udpPort}?transport=udp', username: 'u', credential: 'c' }, { urls: 'turn:127.0.0.1:${canaryPort}?transport=tcp', username: 'u', credential: 'c' }] });
    pc.createDataChannel('x');
    return pc.createOffer().then((o) => pc.setLocalDescription(o));
  });
  quiet(() => new WebTransport('https://127.0.0.1:${udpPort}/wt').ready);
};
tryAll();
setTimeout(tryAll, 500);
</script>`;

/** The VAST the VAST-URL stim names (served by the test's route on this server's own origin). */
const vast = () => `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="3.0"><Ad id="1"><InLine><AdSystem>Test</AdSystem><AdTitle>Canary</AdTitle>
<Impression><![CDATA[http://127.0.0.1:${canaryPort}/vast-impression]]></Impression>
<Creatives><Creative><Linear><Duration>00:00:05</Duration>
<TrackingEvents><Tracking event="start"><![CDATA[http://127.0.0.1:${canaryPort}/vast-start]]></Tracking></TrackingEvents>
<MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[http://127.0.0.1:${canaryPort}/vast-media.mp4]]></MediaFile></MediaFiles>
</Linear></Creative></Creatives></InLine></Ad></VAST>`;

/** An embedded step's live page: its script runs, in the runner's sandboxed frame. */
const embedded = () => `<!doctype html><p>A partner page</p><img src="http://127.0.0.1:${canaryPort}/emb-img">
<script>fetch('http://127.0.0.1:${canaryPort}/emb-fetch').catch(() => {}); try { new WebSocket('ws://localhost:${canaryPort}/emb-ws'); } catch (e) {}</script>`;

/** The cached page's snapshot (scripts are stripped from snapshots; images, styles, fonts and media load). */
const snapshot = (own: string) => `<!doctype html><html><head><link rel="stylesheet" href="http://127.0.0.1:${canaryPort}/snap-css">
<style>body { background: url(http://127.0.0.1:${canaryPort}/snap-bg) }</style></head>
<body><h1>News</h1><img src="http://127.0.0.1:${canaryPort}/snap-img"><img src="${own}/test-only/redirect?to=snap-redirect">
<video src="http://127.0.0.1:${canaryPort}/snap-video.mp4" autoplay muted></video></body></html>`;

beforeAll(async () => {
  if (!haveChrome) return;
  expect(process.env.ALLOW_PRIVATE_URLS, 'the production address policy').toBeUndefined();
  dir = mkdtempSync(path.join(tmpdir(), 'run-through-'));
  // The runner as npm run build makes it (a module with chunks), built here in a second.
  await build({ entryPoints: { runner: 'runner/src/main.ts' }, bundle: true, format: 'esm', splitting: true, outdir: path.join(dir, 'runner'), target: 'es2020', logLevel: 'error' });
  process.env.RUNNER_DIR = path.join(dir, 'runner');
  process.env.CHROME_PATH = CHROME;

  canary = http.createServer((req, res) => { hits.push(`http ${req.url}`); res.end('secret'); });
  canary.on('connection', () => hits.push('tcp'));
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  canaryPort = (canary.address() as net.AddressInfo).port;
  udp = dgram.createSocket('udp4');
  udp.on('message', () => hits.push('udp'));
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
  udpPort = udp.address().port;

  const [port, filesPort] = [await freePort(), await freePort()];
  database = await freshDatabase();
  const config = { ...loadConfig({}), seed: false, dataDir: path.join(dir, 'data'), host: '127.0.0.1', port, filesPort, filesOrigin: `http://127.0.0.1:${filesPort}` };
  app = await buildApp({ database, config });
  // The test's own content on this server's origin: a redirect to the canary, and the VAST.
  // Answered as a third-party server would (the app's own pages are same-origin resources only).
  app.get('/test-only/redirect', { config: { public: true } }, async (request, reply) => { served.push(String(request.url)); return reply.header('cross-origin-resource-policy', 'cross-origin').redirect(`http://127.0.0.1:${canaryPort}/${(request.query as { to?: string }).to ?? 'redirect'}`); });
  app.get('/test-only/vast.xml', { config: { public: true } }, async (_request, reply) => { served.push('vast'); return reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin').type('text/xml').send(vast()); });
  // An embedded step's live page, as a third-party site would answer it (framable, scripts allowed).
  app.get('/test-only/embedded', { config: { public: true } }, async (_request, reply) => {
    served.push('embedded');
    reply.removeHeader('x-frame-options');
    return reply.header('content-security-policy', "default-src * 'unsafe-inline'").type('text/html').send(embedded());
  });
  await app.listen({ port, host: '127.0.0.1' });
  files = await buildFilesOriginApp(app);
  await files.listen({ port: filesPort, host: '127.0.0.1' });
  await seedReference(database.db);
  t = await tenant(database.db);
});

afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
  if (!haveChrome) return;
  await files?.close();
  await app?.close();
  await database?.close();
  canary?.closeAllConnections();
  await new Promise((resolve) => canary?.close(resolve));
  udp?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface RefusedView { target: string; reason: string; count: number }

describe('issue 36 item 1: run-throughs cannot reach inside', () => {
  it.skipIf(!haveChrome)('issue 36 item 1: a script stim, a VAST tag, a cached page and an embedded page reach no loopback canary; the run passes and lists every refused request', async () => {
    const db = database.db;
    const own = `http://127.0.0.1:${app.config.port}`;
    const [s] = await db.insert(study).values({ companyId: t.companyId, name: 'Hostile ads' }).returning();
    const [c] = await db.insert(cell).values({ studyId: s.id, name: 'Cell 1', shortName: 'C1', position: 0 }).returning();
    // Stored as they would be by the uploader (the VAST URL is this server's own route here).
    const [script] = await db.insert(stim).values({ companyId: t.companyId, name: 'Script ad', stimType: 's', tag: attack(own), width: 300, height: 250 }).returning();
    const [tag] = await db.insert(stim).values({ companyId: t.companyId, name: 'VAST ad', stimType: 'va', tag: `${own}/test-only/vast.xml`, width: 640, height: 360 }).returning();
    const key = `c/${t.companyId}/cache/page-hostile.html`;
    await app.storage.put(key, Buffer.from(snapshot(own)), 'text/html; charset=utf-8');
    const [page] = await db.insert(cachePage).values({ companyId: t.companyId, name: 'News', originalSource: 'https://news.example.com/', cachedSource: key, status: 'cached' }).returning();
    const [partner] = await db.insert(externalPage).values({ companyId: t.companyId, kind: 'embedded', name: 'Partner page', url: `${own}/test-only/embedded` }).returning();
    // Next shows after 5 s on each: the content's requests are all made by then.
    await db.insert(step).values([
      { studyId: s.id, cellId: c.id, position: 1, stepType: 'stim', stimId: script.id, secondsBeforeShowNext: 5 },
      { studyId: s.id, cellId: c.id, position: 2, stepType: 'stim', stimId: tag.id, secondsBeforeShowNext: 5 },
      { studyId: s.id, cellId: c.id, position: 3, stepType: 'cache', cachePageId: page.id, secondsBeforeShowNext: 5 },
      { studyId: s.id, cellId: c.id, position: 4, stepType: 'embedded', externalPageId: partner.id, secondsBeforeShowNext: 5 },
    ]);

    const root = await createUser(db, { companyId: t.companyId, username: 'root', superUser: true, email: 'root@provider.example' });
    const headers = authHeaders(await signIn(app, root.username));
    const ordered = await app.inject({ method: 'POST', url: `/v1.0/studies/${s.id}/order_study_runthrough`, headers, payload: {} });
    expect(ordered.statusCode, ordered.body).toBe(200);
    const id = ordered.json().run_through.id as number;
    const stored = await until('the run to finish', async () => {
      const [r] = await db.select().from(runThrough).where(eq(runThrough.id, id));
      return r.status === 'failed' || r.status === 'passed' ? r : undefined;
    }, 900, 200);

    expect(hits, 'connections and datagrams the canaries got').toEqual([]);
    expect(stored.status, `${stored.result} ${JSON.stringify(stored.results)}`).toBe('passed');
    const runs = (await app.inject({ method: 'POST', url: `/v1.0/studies/${s.id}/studyrunthroughs`, headers: t.headers, payload: {} })).json();
    const cellCheck = runs.data[0].cells[0] as { steps: { status: string }[]; refused_requests: RefusedView[]; refused_total: number };
    expect(cellCheck.steps.map((x) => x.status)).toEqual(['passed', 'passed', 'passed', 'passed']);
    const targets = cellCheck.refused_requests.map((r) => r.target);
    const C = `http://127.0.0.1:${canaryPort}`;
    // From the script stim's page, its frames and its workers; the redirect hops; the VAST; the snapshot.
    for (const p of ['/img', '/iframe', '/fetch', '/fetch-no-cors', '/xhr', '/worker', '/blob-worker', '/img-redirect', '/fetch-redirect', '/vast-media.mp4', '/snap-img', '/snap-css', '/snap-redirect', '/emb-img', '/emb-fetch']) {
      expect(targets, p).toContain(`${C}${p}`);
    }
    // The redirects' first hops, on this server's own origin, were answered; their next hop refused.
    expect(served).toEqual(expect.arrayContaining(['/test-only/redirect?to=img-redirect', '/test-only/redirect?to=fetch-redirect', '/test-only/redirect?to=snap-redirect', 'vast', 'embedded']));
    // A WebSocket is a tunnel (CONNECT host:port); other notations arrive as the address they mean.
    expect(targets).toContain(`127.0.0.1:${canaryPort}`);
    expect(targets).toContain(`${C}/img-hex`);
    expect(targets).toContain(`http://localhost:${canaryPort}/img-name`);
    expect(targets).toContain(`localhost:${canaryPort}`);
    for (const r of cellCheck.refused_requests) expect(r.reason).toMatch(/private or local|not a public name/);
    expect(cellCheck.refused_total).toBeGreaterThanOrEqual(cellCheck.refused_requests.length);
    // My Validations shows the same.
    const list = (await app.inject({ method: 'GET', url: '/v1.0/validations', headers: t.headers })).json();
    expect(list.data.find((v: { kind: string; id: number }) => v.kind === 'run_through' && v.id === id).cells[0].refused_requests).toEqual(cellCheck.refused_requests);
  }, 240_000);
});

describe('issue 36 item 1: the run-through browser is sandboxed', () => {
  it('issue 36 item 1: the sandbox is the default; as root Chromium runs as an unprivileged user (CHROMIUM_USER, default nobody); CHROMIUM_SANDBOX=0 is the only way without it', () => {
    expect(browserSetup({}, 0)).toEqual({ sandbox: true, user: 'nobody' });
    expect(browserSetup({ CHROMIUM_USER: 'gazeboard-browser' }, 0)).toEqual({ sandbox: true, user: 'gazeboard-browser' });
    expect(browserSetup({}, 1000)).toEqual({ sandbox: true, user: null });
    expect(browserSetup({ CHROMIUM_SANDBOX: '0' }, 1000)).toEqual({ sandbox: false, user: null });
    expect(browserSetup({ CHROMIUM_SANDBOX: 'false' }, 0)).toEqual({ sandbox: true, user: 'nobody' });
  });

  it.skipIf(!haveChrome)('issue 36 item 1: the launched Chromium reports itself adequately sandboxed, and runs as the unprivileged user when the server is root', async () => {
    const proxy = await EgressProxy.start({ allowPrivate: false });
    const setup = browserSetup();
    const browser = await launchRunThroughBrowser(proxy.url, setup);
    try {
      const page = await browser.newPage();
      await page.goto('chrome://sandbox');
      await page.getByText('You are adequately sandboxed.').waitFor({ timeout: 20_000 });
      const text = (await page.textContent('body')) ?? '';
      expect(text.replace(/\s+/g, ' ')).toMatch(/Seccomp-BPF sandbox\s*Yes/);
      // Every process of this browser (the one naming this proxy, and all its descendants) runs as that user.
      const procs = execFileSync('ps', ['-eo', 'pid=,ppid=,user:32=,args='], { encoding: 'utf8' }).split('\n').filter(Boolean)
        .map((l) => { const [pid, ppid, user, ...args] = l.trim().split(/\s+/); return { pid, ppid, user, args: args.join(' ') }; });
      const mine = new Set(procs.filter((p) => p.args.includes(`--proxy-server=${proxy.url}`)).map((p) => p.pid));
      for (let grown = true; grown;) {
        grown = false;
        for (const p of procs) if (mine.has(p.ppid) && !mine.has(p.pid)) { mine.add(p.pid); grown = true; }
      }
      const users = procs.filter((p) => mine.has(p.pid)).map((p) => p.user);
      expect(users.length).toBeGreaterThan(2);
      const uid = process.getuid?.();
      if (uid === 0) expect([...new Set(users)]).toEqual([setup.user]);
    } finally {
      await browser.close();
      await proxy.close();
    }
  }, 60_000);
});

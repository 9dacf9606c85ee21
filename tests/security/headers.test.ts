// Issue 9 item 3: the headers of every kind of response, from the one policy table
// (server/plugins/security.ts). A kind of route added later gets a row there and a case here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityApp, signIn, noisyPng, type SecurityApp } from './helpers.js';
import { publicUrl } from '../../server/storage/index.js';
import { routeKind, POLICIES } from '../../server/plugins/security.js';
import { DEFAULT_CORS_MAX_AGE, loadConfig, parseCorsMaxAge, parseOrigins } from '../../server/config.js';
import { buildFilesOriginApp } from '../../server/files-origin.js';

const INTRANET = 'https://intranet.example.com';
const FILES = 'http://files.example:8081';
let s: SecurityApp;
let token = '';

beforeAll(async () => {
  s = await securityApp({ demo: true, config: { allowedOrigins: [INTRANET] } });
  token = await signIn(s.app, 'researcher');
  await s.app.storage.put('c/1/stims/ad.png', noisyPng(), 'image/png');
  await s.app.storage.put('c/1/pages/page.html', Buffer.from('<script>alert(1)</script>'), 'text/html; charset=utf-8');
});
afterAll(async () => s?.close());

const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });
const csp = (h: Record<string, unknown>) => String(h['content-security-policy'] ?? '');

/** What every response carries, whatever its kind. */
function expectBaseline(h: Record<string, unknown>, label: string) {
  expect(h['x-content-type-options'], label).toBe('nosniff');
  expect(h['referrer-policy'], label).toBeTruthy();
  expect(String(h['permissions-policy']), label).toMatch(/camera=\(\)/);
  expect(h['strict-transport-security'], `${label}: no HSTS on plain http`).toBeUndefined();
  expect(h['x-powered-by'], label).toBeUndefined();
}

describe('security headers by kind of route', () => {
  it('dashboard pages: strict CSP without inline script, never framed', async () => {
    for (const url of ['/', '/my_studies', '/login?next=%2F']) {
      const res = await get(url, { accept: 'text/html' });
      expect(res.statusCode, url).toBe(200);
      expectBaseline(res.headers, url);
      const policy = csp(res.headers);
      expect(policy).toMatch(/script-src 'self'(;|$)/);
      // Our pages frame only themselves and the files origin (sandboxed stim previews).
      expect(policy).toContain(`frame-src 'self' ${s.app.config.filesOrigin}`);
      expect(policy).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|\*)/);
      expect(policy).toMatch(/frame-ancestors 'none'/);
      expect(policy).toMatch(/object-src 'none'/);
      expect(policy).toMatch(/base-uri 'self'/);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('API JSON (success, 4xx, 404): nosniff, nothing loads, no framing, no referrer', async () => {
    const cases = [
      await s.app.inject({ method: 'POST', url: '/v1.0/studies', payload: {}, headers: { authorization: `Token ${token}` } }),
      await s.app.inject({ method: 'POST', url: '/v1.0/studies', payload: {} }),
      await get('/v1.0/no-such-route'),
      await get('/v1.0/openapi.json'),
      await get('/meta.json'),
    ];
    for (const res of cases) {
      const label = `${res.statusCode} ${res.headers['content-type']}`;
      expectBaseline(res.headers, label);
      expect(csp(res.headers), label).toMatch(/default-src 'none'/);
      expect(csp(res.headers), label).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-frame-options'], label).toBe('DENY');
      expect(res.headers['referrer-policy'], label).toBe('no-referrer');
    }
  });

  it('/files: an image is inline, loadable by other origins, sandboxed; stored HTML is an attachment', async () => {
    const img = await get(publicUrl(s.app, 'c/1/stims/ad.png'));
    expect(img.statusCode).toBe(200);
    expectBaseline(img.headers, 'image');
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['content-disposition']).toBeUndefined();
    expect(img.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(csp(img.headers)).toMatch(/default-src 'none'/);
    expect(csp(img.headers)).toMatch(/sandbox(;|$)/);

    const html = await get(publicUrl(s.app, 'c/1/pages/page.html'));
    expect(html.statusCode).toBe(200);
    expectBaseline(html.headers, 'html');
    expect(html.headers['content-disposition']).toBe('attachment');
    // The sandbox has no allow-scripts: the file never runs script, whatever the browser does.
    expect(csp(html.headers)).toMatch(/sandbox(;|$)/);
    expect(csp(html.headers)).not.toMatch(/allow-scripts/);

    const denied = await get('/files/c/1/stims/ad.png?expires=1&sig=x');
    expect(denied.statusCode).toBe(403);
    expectBaseline(denied.headers, 'files 403');
  });

  it('/visuals: nosniff and a sandbox CSP, loadable by embedded elements', async () => {
    const res = await get('/visuals/1/1/1/heatmap.png?expires=1&sig=x');
    expect(res.statusCode).toBe(403);
    expectBaseline(res.headers, 'visuals');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(csp(res.headers)).toMatch(/default-src 'none'/);
  });

  it('/sdk: public code any page may load as a module (CORS *, cross-origin resource policy)', async () => {
    // Built or not, the headers come from the table; the suite does not depend on a build.
    const res = await get('/sdk/gazeboard.js', { origin: 'https://anyone.example' });
    expectBaseline(res.headers, 'sdk');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    if (res.statusCode === 200) expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('rows to come: embeddable report pages take frame-ancestors from the allowed origins; the runner alone may use the camera', () => {
    expect(routeKind('/embed/report/1')).toBe('embed');
    expect(routeKind('/run/abc')).toBe('runner');
    expect(routeKind('/take/12?sig=x')).toBe('runner');
    // Embedded steps frame the study's third-party page (always sandboxed without allow-same-origin).
    expect(POLICIES.runner.csp!([], [FILES])['frame-src']).toEqual(["'self'", FILES, 'https:', 'http:']);
    expect(routeKind('//v1.0//studies')).toBe('api');
    expect(routeKind('/files/c/1/x.png?sig=1')).toBe('files');
    expect(POLICIES.embed.csp!([INTRANET])['frame-ancestors']).toEqual(["'self'", INTRANET]);
    expect(POLICIES.runner.permissions).toMatch(/camera=\(self\)/);
    for (const kind of Object.keys(POLICIES) as (keyof typeof POLICIES)[]) {
      if (kind !== 'runner') expect(POLICIES[kind].permissions, kind).toMatch(/camera=\(\)/);
      const directives = POLICIES[kind].csp?.([]) ?? {};
      // The one exception: previews run third-party ad markup, which is inline script by nature.
      // They are safe another way: only the files origin serves them, always sandboxed into an
      // opaque origin, framed only by the listed origins (the next test).
      if (kind === 'preview') continue;
      expect(directives['script-src'] ?? [], kind).not.toContain("'unsafe-inline'");
    }
  });

  it('previews (files origin only): inline ad script runs, but sandboxed without same-origin, framed only by the dashboard', async () => {
    const d = POLICIES.preview.csp!([]);
    expect(d.sandbox).toEqual(['allow-scripts']);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(POLICIES.preview.csp!([INTRANET])['frame-ancestors']).toEqual([INTRANET]);
    for (const k of ['object-src', 'base-uri', 'form-action']) expect(d[k], k).toEqual(["'none'"]);
    // No path of the dashboard's origin is a preview: the main app never serves that row.
    for (const url of ['/preview/stims/1', '/preview/draft', '/v1.0/stims/preview_url', '/files/preview']) expect(routeKind(url), url).not.toBe('preview');

    // The draft preview URL the uploader frames points at the files origin, and the page there has the row.
    const res = await get('/v1.0/stims/preview_url', { authorization: `Token ${token}` });
    expect(res.statusCode).toBe(200);
    expectBaseline(res.headers, 'preview_url (API)');
    const { url, origin } = res.json() as { url: string; origin: string };
    expect(new URL(url).origin).toBe(origin);
    expect(origin).toBe(s.app.config.filesOrigin);
    const files = await buildFilesOriginApp(s.app);
    try {
      const u = new URL(url);
      const page = await files.inject({ method: 'GET', url: u.pathname + u.search });
      expect(page.statusCode).toBe(200);
      expectBaseline(page.headers, 'preview page');
      const policy = csp(page.headers);
      expect(policy).toMatch(/(^|;)sandbox allow-scripts(;|$)/);
      expect(policy).not.toMatch(/allow-same-origin|allow-top-navigation|allow-popups|allow-forms/);
      expect(policy).toMatch(/frame-ancestors [^;]*http:\/\/(127\.0\.0\.1|localhost):/);
      expect(policy).toContain(INTRANET);
      expect(page.headers['x-frame-options']).toBeUndefined();
      // The same path on the dashboard's origin is not a preview page.
      const main = await get(u.pathname + u.search, { accept: 'text/html' });
      expect(csp(main.headers)).not.toMatch(/sandbox allow-scripts|script-src[^;]*unsafe-inline/);
    } finally {
      await files.close();
    }
  });
});

describe('issue 39: the legacy AOI editor addresses, framed by the allowed origins only', () => {
  const EDITOR_PAGES = ['/stimuli/stimulus/feature-editor/?stimulus_id=12', '/stimuli/tpstimulus/tpstimuli-feature-editor/?stimulus_id=3', '/stimuli/stimulus/feature-editor?stimulus_id=12'];

  it('serve the dashboard page with frame-ancestors naming our origin and ALLOWED_ORIGINS, no X-Frame-Options', async () => {
    for (const url of EDITOR_PAGES) {
      expect(routeKind(url), url).toBe('editor');
      const res = await get(url, { accept: 'text/html,application/xhtml+xml', origin: INTRANET });
      expect(res.statusCode, url).toBe(200);
      expect(String(res.headers['content-type']), url).toMatch(/text\/html/);
      expectBaseline(res.headers, url);
      expect(csp(res.headers), url).toMatch(new RegExp(`(^|;)frame-ancestors 'self' ${INTRANET.replace(/[.]/g, '\\.')}(;|$)`));
      expect(csp(res.headers), url).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
  });

  it('are framed by nobody else: other origins are not in frame-ancestors, and the rest of the dashboard stays unframeable', async () => {
    const policy = csp((await get(EDITOR_PAGES[0], { accept: 'text/html' })).headers);
    const ancestors = /frame-ancestors ([^;]*)/.exec(policy)![1].split(' ');
    expect(ancestors).toEqual(["'self'", INTRANET]);
    for (const evil of ['https://evil.example', '*', 'https:', 'http:']) expect(ancestors, evil).not.toContain(evil);
    // An embed token's origins (issue 20) do not widen it: the editor writes with a user's token.
    expect(POLICIES.editor.csp!([INTRANET])['frame-ancestors']).toEqual(["'self'", INTRANET]);
    // Neighbouring addresses are dashboard pages: never framed.
    for (const url of ['/stimuli/stimulus/feature-editor/extra', '/stimuli/', '/stims/aoi/12']) {
      expect(routeKind(url), url).toBe('dashboard');
      expect(csp((await get(url, { accept: 'text/html' })).headers), url).toMatch(/frame-ancestors 'none'/);
    }
    // Without ALLOWED_ORIGINS only our own pages may frame it.
    expect(POLICIES.editor.csp!([])['frame-ancestors']).toEqual(["'self'"]);
  });
});

describe('CORS: same origin plus the allowed list, never reflected', () => {
  const preflight = (origin: string) => s.app.inject({
    method: 'OPTIONS', url: '/v1.0/studies',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
  });

  it('an allowed origin gets its own origin back, on requests and preflights', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/v1.0/studies', payload: {}, headers: { origin: INTRANET, authorization: `Token ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(INTRANET);
    const pre = await preflight(INTRANET);
    expect(pre.statusCode).toBeLessThan(300);
    expect(pre.headers['access-control-allow-origin']).toBe(INTRANET);
    expect(String(pre.headers['access-control-allow-headers'])).toMatch(/Authorization/i);
  });

  it('issue 39: an allowed preflight carries Access-Control-Max-Age (CORS_MAX_AGE, default 600 s); a refused one does not', async () => {
    const pre = await preflight(INTRANET);
    expect(pre.headers['access-control-max-age']).toBe(String(DEFAULT_CORS_MAX_AGE));
    expect(DEFAULT_CORS_MAX_AGE).toBe(600);
    expect((await preflight('https://evil.example')).headers['access-control-max-age']).toBeUndefined();
    expect(parseCorsMaxAge(undefined)).toBe(600);
    expect(parseCorsMaxAge('7200')).toBe(7200);
    expect(parseCorsMaxAge('0')).toBe(0);
    for (const bad of ['-1', '1.5', 'ten', '86401']) expect(() => parseCorsMaxAge(bad), bad).toThrow(/CORS_MAX_AGE/);
    expect(loadConfig({ CORS_MAX_AGE: '120' }).corsMaxAge).toBe(120);
    const own = await securityApp({ config: { allowedOrigins: [INTRANET], corsMaxAge: 120 } });
    try {
      const res = await own.app.inject({
        method: 'OPTIONS', url: '/v1.0/studies',
        headers: { origin: INTRANET, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
      expect(res.headers['access-control-max-age']).toBe('120');
    } finally {
      await own.close();
    }
  });

  it('any other origin, null included, gets no Access-Control-Allow-Origin', async () => {
    for (const origin of ['https://evil.example', 'null', 'https://intranet.example.com.evil.example', 'http://intranet.example.com', INTRANET + ':444']) {
      const res = await s.app.inject({ method: 'POST', url: '/v1.0/studies', payload: {}, headers: { origin, authorization: `Token ${token}` } });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect((await preflight(origin)).headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('ALLOWED_ORIGINS takes exact http(s) origins and refuses wildcards and null', () => {
    expect(parseOrigins('https://a.example, http://localhost:5173/ https://a.example')).toEqual(['https://a.example', 'http://localhost:5173']);
    for (const bad of ['*', 'null', 'https://*.example.com', 'file:///x', 'intranet']) expect(() => parseOrigins(bad), bad).toThrow(/ALLOWED_ORIGINS/);
    expect(loadConfig({}).allowedOrigins).toEqual([]);
  });
});

describe('HSTS only when PUBLIC_URL is https', () => {
  it('sends Strict-Transport-Security on every kind of response', async () => {
    const https = await securityApp({ config: { publicUrl: 'https://gazeboard.example.com' } });
    try {
      for (const url of ['/', '/v1.0/openapi.json', '/files/x.png?expires=1&sig=x']) {
        const res = await https.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d{7,}/);
      }
    } finally {
      await https.close();
    }
  });
});

// Issue 9 item 3: previews of third-party markup come from the files origin (a second fastify
// instance on FILES_PORT), sandboxed by their own CSP, framed only by the dashboard; the
// dashboard's origin never serves them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { seedReference } from '../../seed/reference.js';
import { buildFilesOriginApp, dashboardOrigins } from '../../files-origin.js';
import { createCompany, createUser, signIn, authHeaders } from '../fixtures.js';
import { filesOrigin } from '../../config.js';

let app: FastifyInstance;
let files: FastifyInstance;
let database: Database;
let h: Record<string, string>;

const XSS = '<img src=x onerror="parent.document.title=\'owned\'"><script>top.location="https://evil.example"</script>';

beforeAll(async () => {
  ({ app, database } = await testApp());
  await seedReference(database.db);
  files = await buildFilesOriginApp(app);
  const co = await createCompany(database.db);
  h = authHeaders(await signIn(app, (await createUser(database.db, { companyId: co.id })).username));
});
afterAll(async () => { await files.close(); await app.close(); await database.close(); });

const create = async (payload: object) => (await app.inject({ method: 'POST', url: '/v1.0/stims/create', headers: h, payload })).json().data;

describe('files origin', () => {
  it('FILES_ORIGIN defaults to the next port and can be set', () => {
    expect(filesOrigin({ PORT: '8105' })).toEqual({ filesOrigin: 'http://127.0.0.1:8106', filesPort: 8106 });
    expect(filesOrigin({ PORT: '8105', FILES_PORT: '9000', FILES_ORIGIN: 'https://files.example.com/x' }))
      .toEqual({ filesOrigin: 'https://files.example.com', filesPort: 9000 });
  });

  it('serves a script stim as a sandboxed page only there, with its own CSP', async () => {
    const d = await create({ name: 'XSS', stim_type: 's', tag: XSS });
    const u = new URL(d.preview_url);
    const res = await files.inject({ method: 'GET', url: u.pathname + u.search });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(XSS);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/(^|;)sandbox allow-scripts(;|$)/);
    expect(csp).not.toMatch(/allow-same-origin|allow-top-navigation|allow-popups|allow-forms/);
    expect(csp).toContain(`frame-ancestors ${dashboardOrigins(app.config).join(' ')}`);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    // The dashboard's origin has no such page: whatever it answers carries no stim markup.
    const main = await app.inject({ method: 'GET', url: u.pathname + u.search });
    expect(main.body).not.toContain('evil.example');
  });

  it('refuses a missing or foreign signature', async () => {
    const d = await create({ name: 'x', stim_type: 's', tag: '<b>x</b>' });
    const u = new URL(d.preview_url);
    expect((await files.inject({ method: 'GET', url: u.pathname })).statusCode).toBe(400);
    const other = u.pathname.replace(/\d+$/, (n) => String(Number(n) + 1000));
    expect((await files.inject({ method: 'GET', url: other + u.search })).statusCode).toBe(403);
  });

  it('D2-164 plays a VAST XML\'s media file 400 px high; a VAST URL is resolved in the sandbox by the VAST client', async () => {
    const xml = '<VAST version="3.0"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile type="video/mp4">https://cdn.example.com/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>';
    const vx = new URL((await create({ name: 'vx', stim_type: 'vx', tag: xml })).preview_url);
    const page = (await files.inject({ method: 'GET', url: vx.pathname + vx.search })).body;
    expect(page).toContain('<video controls playsinline preload="metadata" src="https://cdn.example.com/a.mp4">');
    expect(page).toContain('height:400px');
    const va = new URL((await create({ name: 'va', stim_type: 'va', tag: 'https://ads.example.com/vast?a=1&b=</script>' })).preview_url);
    const urlPage = (await files.inject({ method: 'GET', url: va.pathname + va.search })).body;
    expect(urlPage).toContain("import { VASTClient } from '/preview/assets/vast-client.js'");
    expect(urlPage).toContain('"https://ads.example.com/vast?a=1&b=\\u003c/script>"');
    const asset = await files.inject({ method: 'GET', url: '/preview/assets/vast-client.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['access-control-allow-origin']).toBe('*');
    expect(asset.body).toContain('VASTClient');
  });
});

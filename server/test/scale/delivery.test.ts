// Issue 10 item 7 (server side): compressed answers (brotli, else gzip) and caching by kind of
// file — content-hashed dashboard assets and SDK chunks immutable for a year, index.html, the
// service worker and the SDK's unhashed entry files revalidated every time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase, type Database } from '../../db/client.js';
import { cacheControlFor, IMMUTABLE } from '../../plugins/static.js';

let app: FastifyInstance;
let database: Database;
let dir: string;
// Big and repetitive enough to be worth compressing (the threshold is 1 KB).
const BUNDLE = `export const x = ${JSON.stringify('gazeboard '.repeat(2000))};\n`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'gazeboard-delivery-'));
  const appDir = path.join(dir, 'app');
  const sdkDir = path.join(dir, 'sdk');
  await mkdir(path.join(appDir, 'assets'), { recursive: true });
  await mkdir(path.join(sdkDir, 'chunks'), { recursive: true });
  await mkdir(path.join(sdkDir, 'elements'), { recursive: true });
  await writeFile(path.join(appDir, 'index.html'), `<!doctype html><title>Gazeboard</title>${'<!-- x -->'.repeat(200)}`);
  await writeFile(path.join(appDir, 'sw.js'), BUNDLE);
  await writeFile(path.join(appDir, 'assets', 'index-BX6dGc8L.js'), BUNDLE);
  await writeFile(path.join(appDir, 'assets', 'index-Cks5CZ9r.css'), `body{color:red}${' '.repeat(2000)}`);
  await writeFile(path.join(sdkDir, 'chunks', 'runtime-CtCVu9Y7.js'), BUNDLE);
  await writeFile(path.join(sdkDir, 'elements', 'home.js'), BUNDLE);
  await writeFile(path.join(sdkDir, 'gazeboard.js'), BUNDLE);
  database = await openDatabase({});
  app = await buildApp({ database, config: { ...loadConfig({}), seed: false, dataDir: '' }, static: { appDir, sdkDir } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('compression (issue 10 item 7)', () => {
  it('answers brotli when accepted, gzip otherwise, identity without Accept-Encoding', async () => {
    const br = await get('/assets/index-BX6dGc8L.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(BUNDLE.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BUNDLE);

    const gz = await get('/sdk/chunks/runtime-CtCVu9Y7.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BUNDLE);

    const plain = await get('/assets/index-BX6dGc8L.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it('compresses API JSON (openapi.json) and leaves small answers alone', async () => {
    const spec = await get('/v1.0/openapi.json', { 'accept-encoding': 'br' });
    expect(spec.statusCode).toBe(200);
    expect(spec.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(spec.rawPayload).toString())).toHaveProperty('openapi');
    const small = await get('/v1.0/no-such-route', { 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ success: false });
  });
});

describe('cache headers (issue 10 item 7)', () => {
  it('hashed dashboard assets and SDK chunks are immutable for a year', async () => {
    for (const url of ['/assets/index-BX6dGc8L.js', '/assets/index-Cks5CZ9r.css', '/sdk/chunks/runtime-CtCVu9Y7.js']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(IMMUTABLE);
    }
  });

  it('index.html (and client routes), the service worker and unhashed SDK entries are revalidated', async () => {
    for (const url of ['/', '/index.html', '/studies/12', '/sw.js', '/sdk/gazeboard.js', '/sdk/elements/home.js']) {
      const res = await get(url, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('only the hashed build folders (dashboard assets/, SDK chunks/) count as immutable', () => {
    expect(cacheControlFor('assets/index-BX6dGc8L.js', 'assets/')).toBe(IMMUTABLE);
    expect(cacheControlFor('assets/index-BX6dGc8L.js.map', 'assets/')).toBe(IMMUTABLE);
    expect(cacheControlFor('index-BX6dGc8L.js', 'assets/')).toBe('no-cache');
    expect(cacheControlFor('elements/home.js', 'chunks/')).toBe('no-cache');
    expect(cacheControlFor('chunks/runtime-CtCVu9Y7.js', 'chunks/')).toBe(IMMUTABLE);
  });
});

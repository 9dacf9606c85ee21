// Signed file URLs and the upload flow (D2-179, D2-193, checklist contradiction 14).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { appUser, company } from '../../db/schema/index.js';
import { issueToken } from '../../repositories/tokens.js';
import { findFile } from '../../repositories/files.js';
import {
  LocalStorage, keyFromFileUrl, publicUrl, readAll, safeFileName, sanitizeKey,
} from '../../storage/index.js';

let app: FastifyInstance;
let database: Database;
let token: string;
let companyId: number;

beforeAll(async () => {
  ({ app, database } = await testApp());
  const [c] = await database.db.insert(company).values({ internalId: 'files-co', name: 'Files Co' }).returning();
  companyId = c.id;
  const [u] = await database.db.insert(appUser).values({ companyId, username: 'files-user', passwordHash: 'x' }).returning();
  token = await issueToken(database.db, u.id, 1);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const pathOf = (url: string) => {
  const u = new URL(url, 'http://x');
  return u.pathname + u.search;
};

describe('GET /files/<key>', () => {
  it('serves a stored file through a signed URL with its type and cache headers', async () => {
    await app.storage.put('c/1/stims/a.png', Buffer.from('not really a png'), 'image/png');
    const url = publicUrl(app, 'c/1/stims/a.png');
    expect(url).toMatch(/^\/files\/c\/1\/stims\/a\.png\?expires=\d+&sig=/);
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.body).toBe('not really a png');
  });

  it('refuses a missing, tampered or expired signature with 403', async () => {
    await app.storage.put('c/1/secret.txt', Buffer.from('secret'), 'text/plain');
    expect((await app.inject({ method: 'GET', url: '/files/c/1/secret.txt' })).statusCode).toBe(400);
    const good = publicUrl(app, 'c/1/secret.txt');
    const tampered = good.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A'));
    expect((await app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    // A signature for one key does not open another.
    const other = good.replace('secret.txt', 'a.png');
    expect((await app.inject({ method: 'GET', url: other })).statusCode).toBe(403);
    const expired = app.signer.sign('/files/c/1/secret.txt', 60, Date.now() - 3 * 3600_000);
    const res = await app.inject({ method: 'GET', url: expired });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('answers byte ranges for video seeking', async () => {
    await app.storage.put('c/1/v.mp4', Buffer.from('0123456789'), 'video/mp4');
    const url = publicUrl(app, 'c/1/v.mp4');
    const part = await app.inject({ method: 'GET', url, headers: { range: 'bytes=2-5' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 2-5/10');
    expect(part.body).toBe('2345');
    const tail = await app.inject({ method: 'GET', url, headers: { range: 'bytes=7-' } });
    expect([tail.statusCode, tail.body]).toEqual([206, '789']);
    expect((await app.inject({ method: 'GET', url, headers: { range: 'bytes=20-' } })).statusCode).toBe(416);
  });

  it('passes absolute http(s) sources through unchanged', () => {
    expect(publicUrl(app, 'https://cdn.example.com/ad.png')).toBe('https://cdn.example.com/ad.png');
    expect(publicUrl(app, null)).toBeNull();
  });

  it('rejects path traversal even with a valid signature', async () => {
    for (const key of ['../../etc/passwd', 'c/1/../../x', '.hidden', 'c//x', 'c/1/%2e%2e/x']) {
      const signed = app.signer.sign(`/files/${key}`);
      const res = await app.inject({ method: 'GET', url: signed });
      // 400 from the key check, or 403/404 where the URL was normalised before routing.
      expect([400, 403, 404]).toContain(res.statusCode);
    }
    expect(() => sanitizeKey('../x')).toThrow();
    expect(() => sanitizeKey('/abs')).toThrow();
    expect(() => sanitizeKey('a\\..\\b')).toThrow();
    expect(sanitizeKey('c/1/uploads/ab-file.png')).toBe('c/1/uploads/ab-file.png');
    expect(safeFileName('../../My ad (1).PNG')).toBe('My-ad-1.png');
  });
});

describe('POST /v1.0/stims/create_signed_url then PUT', () => {
  it('D2-193 requires a token', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1.0/stims/create_signed_url', payload: { file_name: 'x.png' } });
    expect(res.statusCode).toBe(401);
  });

  it('D2-193 validates file_name', async () => {
    const res = await app.inject({
      method: 'POST', url: '/v1.0/stims/create_signed_url', payload: {},
      headers: { authorization: `Token ${token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('file_name');
  });

  it('D2-179 returns a PUT url under the company prefix; the PUT stores the bytes and a signed GET returns them', async () => {
    const res = await app.inject({
      method: 'POST', url: '/v1.0/stims/create_signed_url', payload: { file_name: 'Summer MPU.png' },
      headers: { authorization: `Token ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.url).toMatch(/^http:\/\/[^/]+\/files\/c\/\d+\/uploads\/[0-9a-f]{16}-Summer-MPU\.png\?expires=\d+&sig=/);
    expect(body.source).toBe(keyFromFileUrl(body.url));
    expect(body.source.startsWith(`c/${companyId}/uploads/`)).toBe(true);
    expect((await findFile(database.db, body.source))?.uploaded).toBe(false);

    // A real PNG (uploads are checked from their bytes, tests/security/files): 5000+ noisy bytes.
    const img = new PNG({ width: 40, height: 40 });
    let seed = 2463534242;
    img.data = Buffer.from(Array.from({ length: 40 * 40 * 4 }, () => {
      seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5;
      return seed & 255;
    }));
    const bytes = PNG.sync.write(img);
    expect(bytes.length).toBeGreaterThan(4100);
    const put = await app.inject({ method: 'PUT', url: pathOf(body.url), payload: bytes, headers: { 'content-type': 'image/png' } });
    expect(put.statusCode).toBe(200);
    const row = await findFile(database.db, body.source);
    expect(row).toMatchObject({ uploaded: true, size: bytes.length, contentType: 'image/png', companyId });

    const get = await app.inject({ method: 'GET', url: publicUrl(app, body.source) });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(get.rawPayload, bytes)).toBe(0);
  });

  it('a GET signature cannot be used to upload, and a tampered upload signature is refused', async () => {
    const res = await app.inject({
      method: 'POST', url: '/v1.0/stims/create_signed_url', payload: { file_name: 'b.png' },
      headers: { authorization: `Token ${token}` },
    });
    const { url, source } = res.json();
    const viaGetSig = await app.inject({ method: 'PUT', url: publicUrl(app, source), payload: 'x', headers: { 'content-type': 'image/png' } });
    expect(viaGetSig.statusCode).toBe(403);
    const tampered = pathOf(url).replace(/expires=(\d+)/, (_m: string, e: string) => `expires=${Number(e) + 3600}`);
    expect((await app.inject({ method: 'PUT', url: tampered, payload: 'x' })).statusCode).toBe(403);
    expect(await app.storage.exists(source)).toBe(false);
  });
});

describe('LocalStorage', () => {
  it('writes under its root only and round-trips type and bytes', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gazeboard-storage-'));
    try {
      const s = new LocalStorage(dir);
      await s.put('c/1/a.txt', Buffer.from('hello'), 'text/plain');
      expect(await s.exists('c/1/a.txt')).toBe(true);
      const o = await s.get('c/1/a.txt');
      expect(o?.contentType).toBe('text/plain');
      expect((await readAll(s, 'c/1/a.txt'))?.toString()).toBe('hello');
      const part = await s.get('c/1/a.txt', { start: 1, end: 3 });
      const chunks: Buffer[] = [];
      for await (const c of part!.stream) chunks.push(c as Buffer);
      expect([Buffer.concat(chunks).toString(), part!.size]).toEqual(['ell', 5]);
      await expect(s.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow();
      await expect(s.get('c/../../escape')).rejects.toThrow();
      expect(await readdir(dir)).toEqual(expect.arrayContaining(['objects', 'meta']));
      await expect(s.put('c/1/big.bin', Buffer.alloc(2000), 'application/octet-stream', { maxBytes: 1000 })).rejects.toThrow(/too large/);
      expect(await s.exists('c/1/big.bin')).toBe(false);
      await s.delete('c/1/a.txt');
      expect(await s.exists('c/1/a.txt')).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

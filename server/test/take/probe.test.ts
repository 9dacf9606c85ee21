// Issue 35 item 6 (server): the connection-speed probe is sent raw whatever the client accepts.
// @fastify/compress counts application/octet-stream as compressible, so the 256 KiB of random
// bytes went out brotli-encoded (and once labelled br but raw): Chromium could not decode them,
// the speed was unmeasured, and a study with a minimum speed screened every respondent out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { PROBE_BYTES } from '../../../contract/take.js';

let app: FastifyInstance;
let database: Database;
beforeAll(async () => { ({ app, database } = await testApp()); });
afterAll(async () => { await app.close(); await database.close(); });

describe('the speed probe is never compressed (issue 35 item 6)', () => {
  for (const accept of ['br', 'gzip', 'br, gzip, deflate', 'gzip;q=1.0, br;q=1.0, *;q=0.5']) {
    it(`answers ${PROBE_BYTES} raw bytes without content-encoding to accept-encoding: ${accept}`, async () => {
      const res = await app.inject({ method: 'GET', url: '/v1.0/take/probe?t=1', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.length).toBe(PROBE_BYTES);
      expect(Number(res.headers['content-length'])).toBe(PROBE_BYTES);
      expect(res.headers['cache-control']).toContain('no-transform');
    });
  }
  it('sends the same bytes to every client (raw, not an encoding of them)', async () => {
    const a = await app.inject({ method: 'GET', url: '/v1.0/take/probe', headers: { 'accept-encoding': 'br' } });
    const b = await app.inject({ method: 'GET', url: '/v1.0/take/probe' });
    expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
  });
});

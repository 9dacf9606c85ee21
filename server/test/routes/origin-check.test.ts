// Issue 38: a widget on a page outside the allowed origins gets no readable answer (CORS), which
// looked like being offline ('Request failed', status null). GET /v1.0/origin-check answers every
// origin, so the SDK can say 403 'This embed token is not allowed on this page'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { reportTestbed, type Tenant } from '../analytics/report-fixtures.js';

let app: FastifyInstance;
let database: Database;
let t: Tenant;
const INTRANET = 'https://intranet.example.com';

beforeAll(async () => {
  ({ app, database, t } = await reportTestbed());
  expect((await app.inject({ method: 'POST', url: '/v1.0/company/allowed-origins', headers: t.headers, payload: { origin: INTRANET } })).statusCode).toBe(200);
});
afterAll(async () => { await app.close(); await database.close(); });

const check = (origin?: string) => app.inject({ method: 'GET', url: '/v1.0/origin-check', headers: origin ? { origin } : {} });

describe('GET /v1.0/origin-check', () => {
  it('tells a refused origin why, readable from that origin (Access-Control-Allow-Origin: *)', async () => {
    const res = await check('https://elsewhere.example.net');
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toEqual({ success: true, origin: 'https://elsewhere.example.net', allowed: false, message: 'This embed token is not allowed on this page' });
    // The real call from that origin gets no CORS answer: that is why the widget could not read it.
    const preflight = await app.inject({ method: 'OPTIONS', url: '/v1.0/studies/1/participant_demographic_summary', headers: { origin: 'https://elsewhere.example.net', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' } });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("an origin some company allows, and the same origin (no Origin header), are allowed", async () => {
    expect((await check(INTRANET)).json()).toMatchObject({ allowed: true, message: null });
    expect((await check()).json()).toEqual({ success: true, origin: null, allowed: true, message: null });
  });
});

// Issue 20 item 6: an /embed/* page opened with an embed token may be framed by that token's
// origins (those its company still allows), besides our own pages and ALLOWED_ORIGINS; a revoked
// token, another kind of token or an origin the company dropped frames nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import { reportTestbed, type Tenant, createStudy } from '../analytics/report-fixtures.js';

let app: FastifyInstance;
let database: Database;
let db: Db;
let t: Tenant;
let studyId: number;
const INTRANET = 'https://intranet.example.com';
const WIKI = 'https://wiki.example.com';

beforeAll(async () => {
  ({ app, database, t, db } = await reportTestbed());
  ({ studyId } = await createStudy(db, { companyId: t.companyId, name: 'Framed study' }));
  for (const origin of [INTRANET, WIKI]) {
    expect((await app.inject({ method: 'POST', url: '/v1.0/company/allowed-origins', headers: t.headers, payload: { origin } })).statusCode).toBe(200);
  }
});
afterAll(async () => { await app.close(); await database.close(); });

async function token(origins: string[]): Promise<{ id: number; token: string }> {
  const res = await app.inject({ method: 'POST', url: `/v1.0/studies/${studyId}/embed-tokens`, headers: t.headers, payload: { name: 'Framed', origins } });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { token: string; embed: { id: number } };
  return { id: body.embed.id, token: body.token };
}

async function frameAncestors(query: string): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url: `/embed/report?${query}` });
  const csp = String(res.headers['content-security-policy'] ?? '');
  const directive = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('frame-ancestors ')) ?? '';
  return directive.split(/\s+/).slice(1);
}

describe('/embed/* framing by an embed token (issue 20 item 6)', () => {
  it("is framed by the token's origins only, and by nothing more without a live embed token", async () => {
    const plain = await frameAncestors(`study=${studyId}`);
    expect(plain).toContain("'self'");
    expect(plain).not.toContain(INTRANET);

    const { id, token: intranetOnly } = await token([INTRANET]);
    const framed = await frameAncestors(`study=${studyId}&token=${encodeURIComponent(intranetOnly)}`);
    expect(framed).toEqual(expect.arrayContaining(["'self'", INTRANET]));
    expect(framed).not.toContain(WIKI);

    // A sign-in token or garbage in `token` frames nothing more (and is never an error).
    expect(await frameAncestors(`token=${encodeURIComponent(t.headers.authorization.replace(/^Token /, ''))}`)).toEqual(plain);
    expect(await frameAncestors('token=gze_not-a-token')).toEqual(plain);

    // Revoked: back to the install's list.
    expect((await app.inject({ method: 'POST', url: `/v1.0/embed-tokens/${id}/revoke`, headers: t.headers, payload: {} })).statusCode).toBe(200);
    expect(await frameAncestors(`token=${encodeURIComponent(intranetOnly)}`)).toEqual(plain);
  });

  it('an origin the company no longer allows stops framing at once', async () => {
    const { token: wiki } = await token([WIKI]);
    expect(await frameAncestors(`token=${encodeURIComponent(wiki)}`)).toContain(WIKI);
    const list = (await app.inject({ method: 'GET', url: '/v1.0/company/allowed-origins', headers: t.headers })).json() as { data: { id: number; origin: string }[] };
    const row = list.data.find((o) => o.origin === WIKI)!;
    expect((await app.inject({ method: 'DELETE', url: `/v1.0/company/allowed-origins/${row.id}`, headers: t.headers })).statusCode).toBe(200);
    expect(await frameAncestors(`token=${encodeURIComponent(wiki)}`)).not.toContain(WIKI);
  });
});

// Issue 21 item 3: the per-request token lookup is one prepared query that also answers whether
// the company a super user asks for (X-Company-Id) exists. What it decides must not change:
// live token → its user; expired or revoked → 401; a super user acts for an existing company
// only (a malformed id is 400); anyone else sending the header → 403. The query is run once per request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { authToken, study } from '../../db/schema/index.js';
import { createCompany, createUser } from '../fixtures.js';
import { findTokenUser, hashToken, issueToken } from '../../repositories/tokens.js';

let app: FastifyInstance;
let database: Database;
let home: number;
let other: number;
let superToken: string;
let userToken: string;

beforeAll(async () => {
  ({ app, database } = await testApp());
  home = (await createCompany(database.db)).id;
  other = (await createCompany(database.db)).id;
  await database.db.insert(study).values([
    { companyId: home, name: 'Home study', participantsRequested: 10 },
    { companyId: other, name: 'Other company study', participantsRequested: 10 },
  ]);
  superToken = await issueToken(database.db, (await createUser(database.db, { companyId: home, superUser: true })).id, 1);
  userToken = await issueToken(database.db, (await createUser(database.db, { companyId: home })).id, 1);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const list = (token: string, companyId?: string) => app.inject({
  method: 'POST', url: '/v1.0/studies', payload: {},
  headers: { authorization: `Token ${token}`, ...(companyId !== undefined ? { 'x-company-id': companyId } : {}) },
});
const names = (res: { json(): unknown }) => (res.json() as { data: { name: string }[] }).data.map((s) => s.name);

describe('token and acting company in one query (issue 21 item 3)', () => {
  it('answers the user and whether the asked-for company exists, in one call', async () => {
    const found = await findTokenUser(database.db, superToken, other);
    expect(found).toMatchObject({ companyId: home, superUser: true, actingCompanyExists: true });
    expect((await findTokenUser(database.db, superToken, 2_000_000_000))?.actingCompanyExists).toBe(false);
    expect((await findTokenUser(database.db, superToken))?.actingCompanyExists).toBe(false);
    expect(await findTokenUser(database.db, 'no-such-token', other)).toBeNull();
  });

  it('a super user acts for an existing company, gets 403 for an unknown one and 400 for a malformed one (issue 10 item 5)', async () => {
    expect(names(await list(superToken))).toEqual(['Home study']);
    expect(names(await list(superToken, String(other)))).toEqual(['Other company study']);
    const unknown = await list(superToken, '2000000000');
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().message).toBe('Unknown company');
    for (const bad of ['0', '-1', 'abc', '99999999999', '0x2', '']) {
      const res = await list(superToken, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors, bad).toHaveProperty('X-Company-Id');
    }
  });

  it('anyone else sending X-Company-Id gets 403; a revoked or expired token 401', async () => {
    expect((await list(userToken, String(other))).statusCode).toBe(403);
    expect((await list(userToken)).statusCode).toBe(200);
    const revoked = await issueToken(database.db, (await createUser(database.db, { companyId: home })).id, 1);
    await database.db.update(authToken).set({ revokedAt: new Date() }).where(eq(authToken.tokenHash, hashToken(revoked)));
    expect((await list(revoked)).statusCode).toBe(401);
    const expired = await issueToken(database.db, (await createUser(database.db, { companyId: home })).id, -1);
    expect((await list(expired)).statusCode).toBe(401);
  });
});

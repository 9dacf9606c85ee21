import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { authToken, loginAttempt, appUser } from '../../db/schema/index.js';
import { issueToken } from '../../repositories/tokens.js';
import { authHeaders, createCompany, createUser, signIn } from '../fixtures.js';

let app: FastifyInstance;
let database: Database;
let acme: { id: number; name: string };
let other: { id: number; name: string };
let alice: Awaited<ReturnType<typeof createUser>>;
let root: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  ({ app, database } = await testApp());
  acme = await createCompany(database.db, { name: 'Acme Research' });
  other = await createCompany(database.db, { name: 'Northwind Media' });
  alice = await createUser(database.db, { companyId: acme.id, username: 'alice', firstName: 'Alice', lastName: 'Archer' });
  root = await createUser(database.db, { companyId: acme.id, username: 'root', superUser: true });
});
afterAll(async () => { await app.close(); await database.close(); });

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers, ...(remoteAddress ? { remoteAddress } : {}) });

describe('D1.3 sign-in (POST /v1.0/auth-token)', () => {
  it('D1-025 answers {token} for the right password, without an authorization header', async () => {
    const res = await post('/v1.0/auth-token', { username: 'alice', password: alice.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['token']);
    expect(body.token).toMatch(/^[0-9a-f]{64}$/);
    const me = await app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: authHeaders(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('alice');
  });

  it('D1-027 wrong password and unknown user answer 401 "Invalid username or password"', async () => {
    for (const payload of [{ username: 'alice', password: 'nope' }, { username: 'nobody', password: 'x' }]) {
      const res = await post('/v1.0/auth-token', payload, {}, '10.0.0.9');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Invalid username or password' });
    }
  });

  it('D1-025 a missing password is a validation error naming the field', async () => {
    const res = await post('/v1.0/auth-token', { username: 'alice' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('password');
  });

  it('tokens are stored hashed, never in clear', async () => {
    const token = await signIn(app, 'alice', alice.password);
    const rows = await database.db.select().from(authToken).where(eq(authToken.userId, alice.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });
});

describe('D1-126 token checks', () => {
  it('401 without a token, with an unknown token and with a malformed header', async () => {
    for (const headers of [{}, { authorization: 'Token deadbeef' }, { authorization: 'Bearer x y' }]) {
      const res = await app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().success).toBe(false);
    }
  });

  it('the scheme word is matched case-insensitively ("token <t>")', async () => {
    const token = await signIn(app, 'alice', alice.password);
    const res = await app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: { authorization: `token ${token}` } });
    expect(res.statusCode).toBe(200);
  });

  it('an expired token is refused', async () => {
    const token = await issueToken(database.db, alice.id, -1);
    const res = await app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: authHeaders(token) });
    expect(res.statusCode).toBe(401);
    const fresh = await issueToken(database.db, alice.id, 1);
    expect((await app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: authHeaders(fresh) })).statusCode).toBe(200);
  });

  it('sign-out (POST /auth-token/revoke) revokes only the presented token', async () => {
    const a = await signIn(app, 'alice', alice.password);
    const b = await signIn(app, 'alice', alice.password);
    const out = await post('/v1.0/auth-token/revoke', {}, authHeaders(a));
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect((await app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: authHeaders(a) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: authHeaders(b) })).statusCode).toBe(200);
  });

  it('sign-out also works as DELETE /auth-token', async () => {
    const a = await signIn(app, 'alice', alice.password);
    expect((await app.inject({ method: 'DELETE', url: '/v1.0/auth-token', headers: authHeaders(a) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: authHeaders(a) })).statusCode).toBe(401);
  });

  it('D1-127 X-Company-Id from a non-super user answers 403', async () => {
    const token = await signIn(app, 'alice', alice.password);
    const res = await app.inject({ method: 'GET', url: '/v1.0/studies/overview', headers: authHeaders(token, other.id) });
    expect(res.statusCode).toBe(403);
    expect(res.json().success).toBe(false);
  });
});

describe('D1-031 / D1-040 profile', () => {
  it('D1-031 get-details answers the user object with top-level fields', async () => {
    const token = await signIn(app, 'alice', alice.password);
    const res = await app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: authHeaders(token) });
    expect(res.json()).toMatchObject({
      id: alice.id, first_name: 'Alice', last_name: 'Archer', location: null, job_title: null, phone_number: null,
      email: 'alice@example.com', username: 'alice', company_name: 'Acme Research', company_id: acme.id,
      user_type_id: 1, super_user: false, acting_company_id: acme.id,
    });
  });

  it('D1-075 a super user acting for another company keeps their own company and gains acting_company_id', async () => {
    const token = await signIn(app, 'root', root.password);
    const res = await app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: authHeaders(token, other.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ company_id: acme.id, company_name: 'Acme Research', acting_company_id: other.id, super_user: true });
  });

  it('D1-040 update-details saves the profile and answers {success, data:user}', async () => {
    const token = await signIn(app, 'alice', alice.password);
    const res = await post('/v1.0/user/update-details', {
      first_name: 'Alicia', last_name: 'Archer', location: 'Leeds', job_title: 'Researcher', phone_number: '+44 113 000', email: 'alicia@example.org',
      company_name: 'Ignored Ltd',
    }, authHeaders(token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { first_name: 'Alicia', location: 'Leeds', job_title: 'Researcher', email: 'alicia@example.org', company_name: 'Acme Research' } });
    const [row] = await database.db.select().from(appUser).where(eq(appUser.id, alice.id));
    expect(row.phoneNumber).toBe('+44 113 000');
  });

  it('D1-040 fields left out keep their value; null clears one', async () => {
    const token = await signIn(app, 'alice', alice.password);
    const res = await post('/v1.0/user/update-details', { location: null }, authHeaders(token));
    expect(res.json().data).toMatchObject({ first_name: 'Alicia', location: null, email: 'alicia@example.org' });
  });

  it('D1-040 (contradiction 5) an invalid e-mail is refused with a field error and changes nothing', async () => {
    const token = await signIn(app, 'alice', alice.password);
    const res = await post('/v1.0/user/update-details', { first_name: 'Changed', email: 'not-an-email' }, authHeaders(token));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: { email: expect.any(String) } });
    const [row] = await database.db.select().from(appUser).where(eq(appUser.id, alice.id));
    expect(row.firstName).toBe('Alicia');
  });

  it('D1-040 a non-string field is a validation error naming it', async () => {
    const token = await signIn(app, 'alice', alice.password);
    const res = await post('/v1.0/user/update-details', { job_title: { nested: true } }, authHeaders(token));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('job_title');
  });
});

describe('sign-in rate limit', () => {
  it('after 5 failures for a username even the right password answers 429 with Retry-After', async () => {
    const bob = await createUser(database.db, { companyId: acme.id, username: 'bob' });
    for (let i = 0; i < 5; i++) {
      expect((await post('/v1.0/auth-token', { username: 'bob', password: 'wrong' }, {}, '10.1.0.1')).statusCode).toBe(401);
    }
    const res = await post('/v1.0/auth-token', { username: 'bob', password: bob.password }, {}, '10.1.0.2');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/too many/i) });
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    // Case variants of the username share the limit.
    expect((await post('/v1.0/auth-token', { username: 'BOB', password: bob.password }, {}, '10.1.0.3')).statusCode).toBe(429);
  });

  it('failures older than 15 minutes no longer count', async () => {
    const carol = await createUser(database.db, { companyId: acme.id, username: 'carol' });
    const old = new Date(Date.now() - 16 * 60_000);
    await database.db.insert(loginAttempt).values(Array.from({ length: 6 }, () => ({ username: 'carol', ip: '10.2.0.1', attemptedAt: old })));
    expect((await post('/v1.0/auth-token', { username: 'carol', password: carol.password }, {}, '10.2.0.1')).statusCode).toBe(200);
  });

  it('a successful sign-in clears that username\'s failures', async () => {
    const dave = await createUser(database.db, { companyId: acme.id, username: 'dave' });
    for (let i = 0; i < 4; i++) await post('/v1.0/auth-token', { username: 'dave', password: 'wrong' }, {}, '10.3.0.1');
    expect((await post('/v1.0/auth-token', { username: 'dave', password: dave.password }, {}, '10.3.0.1')).statusCode).toBe(200);
    const left = await database.db.select().from(loginAttempt).where(eq(loginAttempt.username, 'dave'));
    expect(left).toHaveLength(0);
    for (let i = 0; i < 4; i++) await post('/v1.0/auth-token', { username: 'dave', password: 'wrong' }, {}, '10.3.0.1');
    expect((await post('/v1.0/auth-token', { username: 'dave', password: dave.password }, {}, '10.3.0.1')).statusCode).toBe(200);
  });

  it('20 failures from one IP block that IP for every username', async () => {
    const erin = await createUser(database.db, { companyId: acme.id, username: 'erin' });
    const now = new Date();
    await database.db.insert(loginAttempt).values(Array.from({ length: 20 }, (_, i) => ({ username: `guess${i}`, ip: '10.4.0.1', attemptedAt: now })));
    expect((await post('/v1.0/auth-token', { username: 'erin', password: erin.password }, {}, '10.4.0.1')).statusCode).toBe(429);
    expect((await post('/v1.0/auth-token', { username: 'erin', password: erin.password }, {}, '10.4.0.2')).statusCode).toBe(200);
  });

  it('behind a proxy (TRUST_PROXY=1) the IP limit counts the X-Forwarded-For client, not the proxy', async () => {
    const { buildApp } = await import('../../app.js');
    const { loadConfig } = await import('../../config.js');
    const proxied = await buildApp({ database, config: { ...loadConfig({ TRUST_PROXY: '1' }), seed: false, dataDir: '' } });
    const frank = await createUser(database.db, { companyId: acme.id, username: 'frank' });
    await database.db.insert(loginAttempt).values(Array.from({ length: 20 }, (_, i) => ({ username: `probe${i}`, ip: '203.0.113.9', attemptedAt: new Date() })));
    const via = (client: string) => proxied.inject({
      method: 'POST', url: '/v1.0/auth-token', remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': client }, payload: { username: 'frank', password: frank.password },
    });
    expect((await via('203.0.113.9')).statusCode).toBe(429);
    expect((await via('198.51.100.7')).statusCode).toBe(200);
    // Without TRUST_PROXY the header is ignored: the proxy's own address is what counts.
    expect((await post('/v1.0/auth-token', { username: 'frank', password: frank.password }, { 'x-forwarded-for': '203.0.113.9' }, '10.4.0.3')).statusCode).toBe(200);
    await proxied.close();
  });
});

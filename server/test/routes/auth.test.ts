import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { authToken, loginAttempt, appUser } from '../../db/schema/index.js';
import { randomBytes, scryptSync } from 'node:crypto';
import { hashToken, issueToken } from '../../repositories/tokens.js';
import { hashPassword, needsRehash, verifyPassword } from '../../auth/password.js';
import { parseTrustProxy } from '../../config.js';
import { authHeaders, createCompany, createUser, signIn, TEST_SCRYPT_LOG_N } from '../fixtures.js';
import { BACKOFF_BASE_MS } from '../../routes/auth/index.js';

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

/** Sends one raw HTTP/1.1 request over a socket (header bytes exactly as written); answers status and body. */
function rawRequest(port: number, lines: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write([...lines, 'Host: 127.0.0.1', 'Connection: close', '', ''].join('\r\n')));
    let out = '';
    socket.on('data', (d) => { out += d.toString('utf8'); });
    socket.on('error', reject);
    socket.on('end', () => resolve({ status: Number(out.split(' ')[1]), body: out.slice(out.indexOf('\r\n\r\n') + 4) }));
  });
}

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

  it('D1-127 an empty X-Company-Id counts as sent: a non-super user gets the same 403 as for any value', async () => {
    const token = await signIn(app, 'alice', alice.password);
    const any = await app.inject({ method: 'GET', url: '/v1.0/studies/overview', headers: authHeaders(token, other.id) });
    for (const value of ['', ' ', '0x2', 'abc']) {
      const res = await app.inject({ method: 'GET', url: '/v1.0/studies/overview', headers: { ...authHeaders(token), 'x-company-id': value } });
      expect(res.statusCode, value).toBe(403);
      expect(res.json(), value).toEqual(any.json());
    }
  });

  it('D1-127 a super user\'s X-Company-Id must be a plain decimal id: 0x2, 02, " 2", 2.0, empty answer 400', async () => {
    const token = await signIn(app, 'root', root.password);
    const id = other.id;
    for (const value of [`0x${id.toString(16)}`, `0${id}`, ` ${id}`, `${id}.0`, `+${id}`, `${id}e0`, '', '0', '2147483648']) {
      const res = await app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: { ...authHeaders(token), 'x-company-id': value } });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.json().errors).toHaveProperty('X-Company-Id');
    }
    const ok = await app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: authHeaders(token, id) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().acting_company_id).toBe(id);
    expect((await app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: authHeaders(token, 987654) })).statusCode).toBe(403);
  });

  it('issue 36 item 8: over a real socket, spaces around the value are HTTP\'s (RFC 9110 §5.5) and go before our code; anything else malformed is 400', async () => {
    const token = await signIn(app, 'root', root.password);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const get = (...headers: string[]) => rawRequest(port, ['GET /v1.0/user/get-details HTTP/1.1', `Authorization: Token ${token}`, ...headers]);
    // Leading and trailing whitespace is not part of a field value: the parser hands us "<id>".
    for (const header of [`X-Company-Id:  ${other.id}`, `X-Company-Id:\t${other.id} \t`]) {
      const res = await get(header);
      expect(res.status, JSON.stringify(header)).toBe(200);
      expect(JSON.parse(res.body).acting_company_id).toBe(other.id);
    }
    // What is inside the value stays, and is refused: no lenient number parsing of any of it.
    for (const value of [`0x${other.id.toString(16)}`, `0${other.id}`, `${other.id} ${other.id}`, `+${other.id}`, `${other.id}.0`, `"${other.id}"`]) {
      const res = await get(`X-Company-Id: ${value}`);
      expect(res.status, value).toBe(400);
      expect(JSON.parse(res.body).errors).toHaveProperty('X-Company-Id');
    }
    // Sent twice: two values, not one id.
    expect((await get(`X-Company-Id: ${other.id}`, `X-Company-Id: ${other.id}`)).status).toBe(400);
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

  it('D1-040 first name, last name and e-mail cannot be blanked (a form posting before it loaded wipes nothing)', async () => {
    const token = await signIn(app, 'alice', alice.password);
    const before = (await app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: authHeaders(token) })).json();
    const empty = { first_name: '', last_name: '', location: '', job_title: '', phone_number: '', email: '' };
    for (const body of [empty, { first_name: '  ' }, { last_name: null }, { email: null }, { email: ' ' }]) {
      const res = await post('/v1.0/user/update-details', body, authHeaders(token));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const errors = res.json().errors as Record<string, string>;
      for (const key of ['first_name', 'last_name', 'email'].filter((k) => k in body)) expect(errors[key], key).toMatch(/cannot be blank/);
    }
    const after = (await app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: authHeaders(token) })).json();
    expect(after).toEqual(before);
  });

  it('D1-040 the legacy client\'s update (no e-mail) keeps the e-mail; values are trimmed', async () => {
    const token = await signIn(app, 'alice', alice.password);
    const res = await post('/v1.0/user/update-details', {
      first_name: ' Alicia ', last_name: 'Archer', location: 'Leeds', job_title: 'Researcher', phone_number: '',
    }, authHeaders(token));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ first_name: 'Alicia', email: 'alicia@example.org', phone_number: null });
  });

  it('D1-040 a name that was never set may stay empty', async () => {
    const nobody = await createUser(database.db, { companyId: acme.id, username: 'nameless', firstName: 'Nim' });
    await database.db.update(appUser).set({ lastName: null, email: null }).where(eq(appUser.id, nobody.id));
    const token = await signIn(app, 'nameless', nobody.password);
    const res = await post('/v1.0/user/update-details', { first_name: 'Nim', last_name: '', email: '', location: 'York' }, authHeaders(token));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ first_name: 'Nim', last_name: null, email: null, location: 'York' });
  });

  it('D1-040 a non-string field is a validation error naming it', async () => {
    const token = await signIn(app, 'alice', alice.password);
    const res = await post('/v1.0/user/update-details', { job_title: { nested: true } }, authHeaders(token));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('job_title');
  });
});

describe('sign-in rate limit', () => {
  it('after 5 failures for a username from one address, that username is refused there (429, Retry-After) but signs in from another address', async () => {
    const bob = await createUser(database.db, { companyId: acme.id, username: 'bob' });
    for (let i = 0; i < 5; i++) {
      expect((await post('/v1.0/auth-token', { username: 'bob', password: 'wrong' }, {}, '10.1.0.1')).statusCode).toBe(401);
    }
    const res = await post('/v1.0/auth-token', { username: 'bob', password: bob.password }, {}, '10.1.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/too many/i) });
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    // Case variants of the username share the limit.
    expect((await post('/v1.0/auth-token', { username: 'BOB', password: bob.password }, {}, '10.1.0.1')).statusCode).toBe(429);
    // The owner elsewhere is not locked out by someone else's guessing.
    expect((await post('/v1.0/auth-token', { username: 'bob', password: bob.password }, {}, '10.1.0.2')).statusCode).toBe(200);
  });

  it('a burst of 30 parallel wrong passwords checks no more than the allowance (atomic limits)', async () => {
    const gail = await createUser(database.db, { companyId: acme.id, username: 'gail' });
    const burst = await Promise.all(Array.from({ length: 30 }, () => post('/v1.0/auth-token', { username: 'gail', password: 'wrong' }, {}, '10.6.0.1')));
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(25);
    for (const r of burst.filter((x) => x.statusCode === 429)) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    const recorded = await database.db.select().from(loginAttempt).where(eq(loginAttempt.username, 'gail'));
    expect(recorded).toHaveLength(5);
    // A parallel burst over many usernames from one address stops at the address allowance.
    const spray = await Promise.all(Array.from({ length: 30 }, (_, i) => post('/v1.0/auth-token', { username: `spray${i}`, password: 'wrong' }, {}, '10.6.0.2')));
    expect(spray.filter((r) => r.statusCode === 401)).toHaveLength(20);
    expect(spray.filter((r) => r.statusCode === 429)).toHaveLength(10);
    // The owner signs in from another address.
    expect((await post('/v1.0/auth-token', { username: 'gail', password: gail.password }, {}, '10.6.0.3')).statusCode).toBe(200);
  });

  it('an address locked out for guessing one account does not lock that account out elsewhere', async () => {
    const hank = await createUser(database.db, { companyId: acme.id, username: 'hank' });
    // 20 failures from one address, 5 of them for hank: the address is locked for everyone.
    for (let i = 0; i < 15; i++) await post('/v1.0/auth-token', { username: `other${i}`, password: 'wrong' }, {}, '10.7.0.1');
    for (let i = 0; i < 5; i++) await post('/v1.0/auth-token', { username: 'hank', password: 'wrong' }, {}, '10.7.0.1');
    expect((await post('/v1.0/auth-token', { username: 'hank', password: hank.password }, {}, '10.7.0.1')).statusCode).toBe(429);
    expect((await post('/v1.0/auth-token', { username: 'nobody', password: 'x' }, {}, '10.7.0.1')).statusCode).toBe(429);
    expect((await post('/v1.0/auth-token', { username: 'hank', password: hank.password }, {}, '10.7.0.2')).statusCode).toBe(200);
  });

  it('issue 36: 20 failures from 4 addresses do not lock the account; its owner signs in from a new address, each guessing address gets one more try', async () => {
    const ivy = await createUser(database.db, { companyId: acme.id, username: 'ivy' });
    for (let a = 1; a <= 4; a++) {
      for (let i = 0; i < 5; i++) expect((await post('/v1.0/auth-token', { username: 'ivy', password: 'wrong' }, {}, `10.8.0.${a}`)).statusCode).toBe(401);
    }
    // The owner, from an address that has not failed: let in (on main: 429 for 15 minutes).
    expect((await post('/v1.0/auth-token', { username: 'ivy', password: ivy.password }, {}, '10.8.0.9')).statusCode).toBe(200);
    expect((await post('/v1.0/auth-token', { username: 'ivy', password: ivy.password }, {}, '10.8.0.10')).statusCode).toBe(200);
    // Distributed guessing goes on slowly: a new address has one free failure, then the back-off.
    expect((await post('/v1.0/auth-token', { username: 'ivy', password: 'wrong' }, {}, '10.8.0.20')).statusCode).toBe(401);
    const next = await post('/v1.0/auth-token', { username: 'ivy', password: 'wrong' }, {}, '10.8.0.20');
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(next.headers['retry-after'])).toBeLessThanOrEqual(BACKOFF_BASE_MS / 1000);
    // Other usernames from those addresses are not slowed by ivy's count.
    expect((await post('/v1.0/auth-token', { username: 'alice', password: alice.password }, {}, '10.8.0.1')).statusCode).toBe(200);
  });

  it('issue 36: past the free failures each wait doubles (Retry-After from the latest failure), up to the 15-minute window', async () => {
    const jill = await createUser(database.db, { companyId: acme.id, username: 'jill' });
    const ago = (s: number) => new Date(Date.now() - s * 1000);
    const fail = (n: number, latestSecondsAgo: number) => database.db.insert(loginAttempt).values(
      Array.from({ length: n }, (_, i) => ({ username: 'jill', ip: '10.9.0.1', attemptedAt: ago(latestSecondsAgo + (n - 1 - i)) })),
    );
    const attempt = () => post('/v1.0/auth-token', { username: 'jill', password: jill.password }, {}, '10.9.0.1');
    // 5 failures (the free ones), the latest 20 s ago: the 15 s wait is over.
    await fail(5, 20);
    expect((await attempt()).statusCode).toBe(200);
    // 7 failures, the latest 40 s ago: the third extra failure waits 15 · 2² = 60 s, 20 s still to go.
    await fail(7, 40);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(15);
    expect(retry).toBeLessThanOrEqual(20);
    // A refusal records nothing: the same wait, not a longer one.
    const again = Number((await attempt()).headers['retry-after']);
    expect(again).toBeLessThanOrEqual(retry);
    // 7 failures, the latest 70 s ago: the 60 s are over.
    await database.db.delete(loginAttempt).where(eq(loginAttempt.username, 'jill'));
    await fail(7, 70);
    expect((await attempt()).statusCode).toBe(200);
    // Never longer than the window: 12 failures, the latest just now.
    await fail(12, 0);
    const capped = Number((await attempt()).headers['retry-after']);
    expect(capped).toBeGreaterThan(8 * 60);
    expect(capped).toBeLessThanOrEqual(15 * 60);
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
    const proxied = await buildApp({ database, config: { ...loadConfig({ TRUST_PROXY: '1' }), seed: false, dataDir: '', scryptLogN: TEST_SCRYPT_LOG_N } });
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

describe('issue 36: the client address behind proxies (TRUST_PROXY)', () => {
  it('TRUST_PROXY is a hop count or the proxies\' addresses; "trust everything" is refused', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toEqual({ hops: 1 });
    expect(parseTrustProxy('2')).toEqual({ hops: 2 });
    expect(parseTrustProxy('10.0.0.5, 10.1.0.0/16,loopback, ::1')).toEqual({ addresses: ['10.0.0.5', '10.1.0.0/16', 'loopback', '::1'] });
    for (const bad of ['true', 'all', '*', '10.0.0.0/33', 'proxy.local', '10.0.0.1/8/2']) expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
  });

  async function proxiedApp(trust: string) {
    const { buildApp } = await import('../../app.js');
    const { loadConfig } = await import('../../config.js');
    return buildApp({ database, config: { ...loadConfig({ TRUST_PROXY: trust }), seed: false, dataDir: '', scryptLogN: TEST_SCRYPT_LOG_N } });
  }

  for (const trust of ['1', '127.0.0.1']) {
    it(`TRUST_PROXY=${trust}: a forged left-most X-Forwarded-For does not escape the limits (the proxy's entry counts)`, async () => {
      const proxied = await proxiedApp(trust);
      const victim = await createUser(database.db, { companyId: acme.id, username: `spray-target-${trust}` });
      const client = trust === '1' ? '203.0.113.50' : '203.0.113.51';
      // The real client (the entry our proxy appended) sprays 20 usernames, forging a new left-most entry each time.
      for (let i = 0; i < 20; i++) {
        const res = await proxied.inject({
          method: 'POST', url: '/v1.0/auth-token', remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `198.18.${i}.1, ${client}` }, payload: { username: `sprayed${trust}-${i}`, password: 'wrong' },
        });
        expect(res.statusCode).toBe(401);
      }
      const rows = await database.db.select().from(loginAttempt).where(eq(loginAttempt.ip, client));
      expect(rows).toHaveLength(20);
      // The next attempt from that client is refused whatever it forges (on main: a fresh address each time).
      const forged = await proxied.inject({
        method: 'POST', url: '/v1.0/auth-token', remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `198.18.99.1, ${client}` }, payload: { username: victim.username, password: victim.password },
      });
      expect(forged.statusCode).toBe(429);
      // Another client behind the same proxy is not.
      const other = await proxied.inject({
        method: 'POST', url: '/v1.0/auth-token', remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `${client}, 203.0.113.77` }, payload: { username: victim.username, password: victim.password },
      });
      expect(other.statusCode).toBe(200);
      await proxied.close();
    });
  }

  it('with the proxies\' addresses, a request that did not come through one of them counts its own address', async () => {
    const proxied = await proxiedApp('10.250.0.1');
    let seen = '';
    proxied.addHook('onRequest', async (request) => { seen = request.ip; });
    await proxied.inject({ method: 'GET', url: '/meta.json', remoteAddress: '192.0.2.4', headers: { 'x-forwarded-for': '203.0.113.1' } });
    expect(seen).toBe('192.0.2.4');
    await proxied.inject({ method: 'GET', url: '/meta.json', remoteAddress: '10.250.0.1', headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.1' } });
    expect(seen).toBe('203.0.113.1');
    await proxied.close();
  });
});

describe('issue 36: password hashes', () => {
  it('new hashes are scrypt N=2^17 with their parameters; an old N=2^14 hash still verifies and is redone at sign-in', async () => {
    const { buildApp } = await import('../../app.js');
    const { loadConfig } = await import('../../config.js');
    expect(loadConfig({}).scryptLogN).toBe(17);
    const strong = await buildApp({ database, config: { ...loadConfig({}), seed: false, dataDir: '' } });
    const fresh = await hashPassword('pw-one');
    expect(fresh).toMatch(/^scrypt\$ln=17,r=8,p=1\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(await verifyPassword('pw-one', fresh)).toBe(true);
    expect(await verifyPassword('pw-two', fresh)).toBe(false);
    // A hash as the server wrote them before (no parameters: N=2^14, r 8, p 1).
    const salt = randomBytes(16);
    const legacy = `scrypt$${salt.toString('hex')}$${scryptSync('old secret', salt, 32).toString('hex')}`;
    expect(await verifyPassword('old secret', legacy)).toBe(true);
    expect(needsRehash(legacy)).toBe(true);
    const ken = await createUser(database.db, { companyId: acme.id, username: 'ken' });
    await database.db.update(appUser).set({ passwordHash: legacy }).where(eq(appUser.id, ken.id));
    const wrong = await strong.inject({ method: 'POST', url: '/v1.0/auth-token', payload: { username: 'ken', password: 'nope' }, remoteAddress: '10.11.0.1' });
    expect(wrong.statusCode).toBe(401);
    const [untouched] = await database.db.select().from(appUser).where(eq(appUser.id, ken.id));
    expect(untouched.passwordHash).toBe(legacy);
    const ok = await strong.inject({ method: 'POST', url: '/v1.0/auth-token', payload: { username: 'ken', password: 'old secret' }, remoteAddress: '10.11.0.1' });
    expect(ok.statusCode).toBe(200);
    const [row] = await database.db.select().from(appUser).where(eq(appUser.id, ken.id));
    expect(row.passwordHash).toMatch(/^scrypt\$ln=17,r=8,p=1\$/);
    expect(needsRehash(row.passwordHash)).toBe(false);
    expect((await strong.inject({ method: 'POST', url: '/v1.0/auth-token', payload: { username: 'ken', password: 'old secret' } })).statusCode).toBe(200);
    await strong.close();
  });

  it('a malformed or absurd stored hash never verifies (and asks for no memory)', async () => {
    for (const stored of ['', 'scrypt$', 'bcrypt$x$y', 'scrypt$ln=30,r=8,p=1$00$00', 'scrypt$ln=17,r=8$00$00', 'scrypt$zz$00', 'scrypt$00$']) {
      expect(await verifyPassword('x', stored), stored).toBe(false);
    }
  });
});

describe('issue 36: token idle expiry (TOKEN_IDLE_MINUTES)', () => {
  it('defaults to 8 hours; 0 turns it off', async () => {
    const { loadConfig } = await import('../../config.js');
    expect(loadConfig({}).tokenIdleMinutes).toBe(480);
    expect(loadConfig({ TOKEN_IDLE_MINUTES: '0' }).tokenIdleMinutes).toBe(0);
    expect(() => loadConfig({ TOKEN_IDLE_MINUTES: '-5' })).toThrow(/TOKEN_IDLE_MINUTES/);
  });

  it('a token unused for longer than the idle time is refused; using one records it at most once a minute', async () => {
    const me = (token: string) => app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: authHeaders(token) });
    const lastUsed = async (token: string) => (await database.db.select().from(authToken).where(eq(authToken.tokenHash, hashToken(token))))[0].lastUsedAt.getTime();
    const setLastUsed = (token: string, d: Date) => database.db.update(authToken).set({ lastUsedAt: d }).where(eq(authToken.tokenHash, hashToken(token)));
    const token = await signIn(app, 'alice', alice.password);
    // Idle 9 hours: refused, though 159 hours of its lifetime are left.
    await setLastUsed(token, new Date(Date.now() - 9 * 3600_000));
    expect((await me(token)).statusCode).toBe(401);
    // Used 7 hours ago: accepted, and recorded as used now.
    await setLastUsed(token, new Date(Date.now() - 7 * 3600_000));
    expect((await me(token)).statusCode).toBe(200);
    expect(Date.now() - (await lastUsed(token))).toBeLessThan(3600_000);
    // Used 30 s ago: no write (the lookup is every request's; the write once a minute at most).
    const recent = new Date(Date.now() - 30_000);
    await setLastUsed(token, recent);
    expect((await me(token)).statusCode).toBe(200);
    expect(await lastUsed(token)).toBe(recent.getTime());
    // Without idle expiry the same idle token is accepted.
    const { buildApp } = await import('../../app.js');
    const { loadConfig } = await import('../../config.js');
    const lenient = await buildApp({ database, config: { ...loadConfig({ TOKEN_IDLE_MINUTES: '0' }), seed: false, dataDir: '' } });
    await setLastUsed(token, new Date(Date.now() - 9 * 3600_000));
    expect((await lenient.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: authHeaders(token) })).statusCode).toBe(200);
    await lenient.close();
  });
});

describe('issue 36: small bodies for public routes', () => {
  it('sign-in refuses a body over 8 KB with 413 before parsing it (malformed JSON is not even noticed)', async () => {
    const big = await app.inject({ method: 'POST', url: '/v1.0/auth-token', headers: { 'content-type': 'application/json' }, payload: `{"username":"alice","password":"${'x'.repeat(9000)}` });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ success: false });
    // The largest valid body, fully escaped, fits.
    const escaped = JSON.stringify({ username: 'é'.repeat(255), password: 'é'.repeat(1024) }).replace(/é/g, '\\u00e9');
    expect(escaped.length).toBeLessThanOrEqual(8 * 1024);
    const fits = await app.inject({ method: 'POST', url: '/v1.0/auth-token', headers: { 'content-type': 'application/json' }, payload: escaped, remoteAddress: '10.12.0.1' });
    expect(fits.statusCode).toBe(401);
  });

  it('the contract declares a body limit for every operation callable without a token, a few KB for sign-in and take/start', async () => {
    const { signIn: signInOp } = await import('../../../contract/auth.js');
    const { startSession } = await import('../../../contract/take.js');
    expect(signInOp.bodyLimit).toBeLessThanOrEqual(8 * 1024);
    expect(startSession.bodyLimit).toBeLessThanOrEqual(16 * 1024);
    const doc = (await app.inject({ method: 'GET', url: '/v1.0/openapi.json' })).json();
    expect(doc.paths['/v1.0/auth-token'].post['x-body-limit']).toBe(signInOp.bodyLimit);
    expect(Object.keys(doc.paths['/v1.0/auth-token'].post.responses)).toContain('408');
  });
});

// Password reset (issue 38 "Forgot password"): with SMTP_URL the reset link goes through the
// notification outbox and the mail job to a local SMTP catcher; the token is stored hashed, works
// once, expires; the answer never says whether an address is known; requests are rate-limited like
// sign-in. Without SMTP a company administrator issues a link or a temporary password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { eq, isNull } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { freshDatabase, testApp } from '../helpers.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { notificationOutbox, passwordReset } from '../../db/schema/index.js';
import { hashToken } from '../../repositories/tokens.js';
import { authHeaders, createCompany, createUser, signIn, TEST_SCRYPT_LOG_N } from '../fixtures.js';
import { until } from '../jobs/helpers.js';
import {
  PASSWORD_IS_USERNAME, PASSWORD_TOO_SHORT, RESET_BY_ADMIN, RESET_DONE, RESET_LINK_INVALID, RESET_REQUESTED, TOO_MANY_RESETS,
} from '../../../contract/auth.js';

interface Caught { to: string[]; text: string }

const NEW_PASSWORD = 'a new long passphrase';
/** The mail's text, quoted-printable undone (soft line breaks, =3D). */
const decoded = (text: string) => text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('Forgot password with SMTP: an e-mailed one-time link', () => {
  let app: FastifyInstance;
  let database: Database;
  let catcher: SMTPServer;
  const caught: Caught[] = [];
  const previous = process.env.SMTP_URL;
  let ann: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    catcher = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        let text = '';
        stream.setEncoding('utf8');
        stream.on('data', (c: string) => { text += c; });
        stream.on('end', () => { caught.push({ to: session.envelope.rcptTo.map((r) => r.address), text }); callback(); });
      },
    });
    await new Promise<void>((resolve) => catcher.listen(0, '127.0.0.1', resolve));
    process.env.SMTP_URL = `smtp://127.0.0.1:${(catcher.server.address() as AddressInfo).port}`;
    database = await freshDatabase();
    app = await buildApp({
      database,
      config: { ...loadConfig(process.env), seed: false, dataDir: '', scryptLogN: TEST_SCRYPT_LOG_N, publicUrl: 'https://gaze.example.org' },
    });
    await app.ready();
    const co = await createCompany(database.db, { name: 'Resetco' });
    ann = await createUser(database.db, { companyId: co.id, username: 'ann', email: 'Ann@Resetco.example' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await new Promise<void>((resolve) => catcher.close(() => resolve()));
    if (previous === undefined) delete process.env.SMTP_URL; else process.env.SMTP_URL = previous;
  });

  const ask = (email: string, ip = '10.1.0.1') => app.inject({ method: 'POST', url: '/v1.0/auth/password-reset', payload: { email }, remoteAddress: ip });
  const confirm = (token: string, password: string, ip = '10.1.0.1') =>
    app.inject({ method: 'POST', url: '/v1.0/auth/password-reset/confirm', payload: { token, password }, remoteAddress: ip });

  it('answers the same for a known and an unknown address, and mails the known one a link on the configured origin', async () => {
    const oldToken = await signIn(app, 'ann', ann.password);
    const known = await ask(' ann@resetco.example ', '10.1.0.2');
    const unknown = await ask('nobody@resetco.example', '10.1.0.2');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true, emailed: true, message: RESET_REQUESTED });
    expect(unknown.json()).toEqual(known.json());

    const mail = await until('the reset mail', async () => caught.find((c) => c.to.some((t) => t.toLowerCase() === 'ann@resetco.example')));
    expect(caught).toHaveLength(1);
    const unfolded = decoded(mail.text);
    const token = /https:\/\/gaze\.example\.org\/reset_password\?token=([0-9a-f]{64})/.exec(unfolded)?.[1];
    expect(token).toBeTruthy();

    // Stored hashed only; once sent, the outbox keeps no copy of the link.
    const [stored] = await database.db.select().from(passwordReset).where(eq(passwordReset.userId, ann.id));
    expect(stored.tokenHash).toBe(hashToken(token!));
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(60 * 60_000);
    const row = await until('the outbox row sent and redacted', async () => {
      const [r] = await database.db.select().from(notificationOutbox).where(isNull(notificationOutbox.studyId));
      return r?.status === 'sent' && !r.body.includes(token!) ? r : undefined;
    });
    expect(row.email).toBe('Ann@Resetco.example');

    // The app's password rules, word for word, on the field.
    const short = await confirm(token!, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ password: PASSWORD_TOO_SHORT });
    expect((await confirm(token!, 'ann')).json().errors.password).toBe(PASSWORD_TOO_SHORT);
    expect((await confirm(token!, 'ANN'.padEnd(3, 'x'))).statusCode).toBe(400);

    const done = await confirm(token!, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, message: RESET_DONE });
    // Single use; the old password and the old sign-in token no longer work; the new one does.
    const again = await confirm(token!, 'another long passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(RESET_LINK_INVALID);
    expect((await app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: authHeaders(oldToken) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/v1.0/auth-token', payload: { username: 'ann', password: ann.password } })).statusCode).toBe(401);
    await signIn(app, 'ann', NEW_PASSWORD);
  });

  it('refuses an expired link and a made-up one alike', async () => {
    await ask('ann@resetco.example', '10.1.0.3');
    const mail = await until('the second mail', async () => (caught.length >= 2 ? caught[1] : undefined));
    const token = /reset_password\?token=([0-9a-f]{64})/.exec(decoded(mail.text))![1];
    await database.db.update(passwordReset).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordReset.tokenHash, hashToken(token)));
    for (const t of [token, 'f'.repeat(64), 'not-a-token']) {
      const res = await confirm(t, NEW_PASSWORD + '!', '10.1.0.3');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(RESET_LINK_INVALID);
    }
  });

  it('refuses the username as the password', async () => {
    const co = await createCompany(database.db, { name: 'Longnames' });
    await createUser(database.db, { companyId: co.id, username: 'longusername', email: 'long@resetco.example' });
    await ask('long@resetco.example', '10.1.0.4');
    const mail = await until('the mail to long', async () => caught.find((c) => c.to.includes('long@resetco.example')));
    const token = /reset_password\?token=([0-9a-f]{64})/.exec(decoded(mail.text))![1];
    const res = await confirm(token, 'LongUserName', '10.1.0.4');
    expect(res.json().errors).toEqual({ password: PASSWORD_IS_USERNAME });
  });

  it('rate-limits requests like sign-in: 3 for one address from one client, then 429 with Retry-After (same for unknown addresses)', async () => {
    for (const email of ['ann@resetco.example', 'ghost@resetco.example']) {
      for (let i = 0; i < 3; i++) expect((await ask(email, '10.1.0.9')).statusCode).toBe(200);
      const refused = await ask(email, '10.1.0.9');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(TOO_MANY_RESETS);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another client is not refused for the same address.
    expect((await ask('ann@resetco.example', '10.1.0.10')).statusCode).toBe(200);
  });
});

describe('Forgot password without SMTP, and the administrator reset', () => {
  let app: FastifyInstance;
  let database: Database;
  let admin: string;
  let plain: string;
  let root: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ app, database } = await testApp());
    const acme = await createCompany(database.db, { name: 'Acme' });
    const other = await createCompany(database.db, { name: 'Other' });
    await createUser(database.db, { companyId: acme.id, username: 'boss', companyAdmin: true });
    ids.bea = (await createUser(database.db, { companyId: acme.id, username: 'bea', email: 'bea@acme.example' })).id;
    ids.sup = (await createUser(database.db, { companyId: acme.id, username: 'sup', superUser: true })).id;
    ids.oli = (await createUser(database.db, { companyId: other.id, username: 'oli' })).id;
    ids.acme = acme.id;
    [admin, plain, root] = await Promise.all([signIn(app, 'boss'), signIn(app, 'bea'), signIn(app, 'sup')]);
  });
  afterAll(async () => { await app.close(); await database.close(); });

  const reset = (token: string, userId: number, mode: string, companyId?: number) =>
    app.inject({ method: 'POST', url: `/v1.0/company/users/${userId}/password-reset`, payload: { mode }, headers: authHeaders(token, companyId) });

  it('says the server sends no e-mail, the same for every address, and stores nothing', async () => {
    const a = await app.inject({ method: 'POST', url: '/v1.0/auth/password-reset', payload: { email: 'bea@acme.example' } });
    const b = await app.inject({ method: 'POST', url: '/v1.0/auth/password-reset', payload: { email: 'x@y.example' } });
    expect(a.json()).toEqual({ success: true, emailed: false, message: RESET_BY_ADMIN });
    expect(b.json()).toEqual(a.json());
    expect(await database.db.select().from(passwordReset)).toEqual([]);
    expect(await database.db.select().from(notificationOutbox)).toEqual([]);
  });

  it('a company administrator lists its own company only', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1.0/company/users', headers: authHeaders(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((u: { username: string }) => u.username)).toEqual(['bea', 'boss', 'sup']);
    expect((await app.inject({ method: 'GET', url: '/v1.0/company/users', headers: authHeaders(plain) })).statusCode).toBe(403);
  });

  it('issues a one-time link for a user of its company, which sets a new password', async () => {
    const res = await reset(admin, ids.bea, 'link');
    expect(res.statusCode).toBe(200);
    const { link, expires_at: expiresAt } = res.json();
    expect(link).toMatch(/^http:\/\/[^/]+\/reset_password\?token=[0-9a-f]{64}$/);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
    const token = new URL(link).searchParams.get('token')!;
    const [row] = await database.db.select().from(passwordReset).where(eq(passwordReset.tokenHash, hashToken(token)));
    expect(row.createdBy).not.toBeNull();
    const done = await app.inject({ method: 'POST', url: '/v1.0/auth/password-reset/confirm', payload: { token, password: NEW_PASSWORD } });
    expect(done.statusCode).toBe(200);
    await signIn(app, 'bea', NEW_PASSWORD);
    // The administrator's own and other users' sessions are untouched; bea's old one is revoked.
    expect((await app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: authHeaders(plain) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: authHeaders(admin) })).statusCode).toBe(200);
  });

  it('sets a temporary password that signs in', async () => {
    const res = await reset(admin, ids.bea, 'temporary');
    expect(res.statusCode).toBe(200);
    const temporary = res.json().temporary_password as string;
    expect(temporary).toHaveLength(16);
    await signIn(app, 'bea', temporary);
    expect((await app.inject({ method: 'POST', url: '/v1.0/auth-token', payload: { username: 'bea', password: NEW_PASSWORD } })).statusCode).toBe(401);
  });

  it("refuses another company's user (404), a super user (403) and a non-administrator (403)", async () => {
    expect((await reset(admin, ids.oli, 'link')).statusCode).toBe(404);
    expect((await reset(admin, ids.sup, 'temporary')).statusCode).toBe(403);
    const bea = await signIn(app, 'bea', (await reset(admin, ids.bea, 'temporary')).json().temporary_password);
    expect((await reset(bea, ids.bea, 'link')).statusCode).toBe(403);
    // A super user acting for the company may.
    expect((await reset(root, ids.bea, 'link', ids.acme)).statusCode).toBe(200);
    expect((await reset(admin, ids.bea, 'other')).statusCode).toBe(400);
  });
});

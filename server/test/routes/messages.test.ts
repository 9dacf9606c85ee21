import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { contactMessage, dashboardFeedback } from '../../db/schema/index.js';
import { authHeaders, createCompany, createUser, signIn } from '../fixtures.js';

let app: FastifyInstance;
let database: Database;
let token: string;
let userId: number;
let companyId: number;

beforeAll(async () => {
  ({ app, database } = await testApp());
  const acme = await createCompany(database.db, { name: 'Acme' });
  companyId = acme.id;
  userId = (await createUser(database.db, { companyId, username: 'ann' })).id;
  token = await signIn(app, 'ann');
});
afterAll(async () => { await app.close(); await database.close(); });

const post = (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, headers: authHeaders(token), payload: payload as object });
const feedbackRows = () => database.db.select().from(dashboardFeedback);

describe('D1.7 feedback (POST /v1.0/dashboard-feedback)', () => {
  it('D1-056 stores the message for the user and company and answers {success:true}', async () => {
    const res = await post('/v1.0/dashboard-feedback', { message: 'More charts please' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const rows = await feedbackRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ message: 'More charts please', userId, companyId });
  });

  it('D1-055 512 characters are accepted, 513 refused with the field named', async () => {
    const ok = await post('/v1.0/dashboard-feedback', { message: 'x'.repeat(512) });
    expect(ok.statusCode).toBe(200);
    const tooLong = await post('/v1.0/dashboard-feedback', { message: 'x'.repeat(513) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ success: false, errors: { message: expect.any(String) } });
    expect(await feedbackRows()).toHaveLength(2);
  });

  it('D1-054 a missing, empty or blank message is refused and nothing is stored', async () => {
    for (const payload of [{}, { message: '' }, { message: '   \n ' }, { message: null }]) {
      const res = await post('/v1.0/dashboard-feedback', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('message');
    }
    expect(await feedbackRows()).toHaveLength(2);
  });
});

describe('D1.7 feedback at the legacy path (POST /dashboard-feedback, no /v1.0)', () => {
  it('D1-056 (legacy client) stores the message like /v1.0/dashboard-feedback; needs a token; validates the same', async () => {
    const before = (await feedbackRows()).length;
    const res = await post('/dashboard-feedback', { message: 'From the old dashboard' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const rows = await feedbackRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ message: 'From the old dashboard', userId, companyId });
    expect((await app.inject({ method: 'POST', url: '/dashboard-feedback', payload: { message: 'x' } })).statusCode).toBe(401);
    expect((await post('/dashboard-feedback', { message: ' ' })).statusCode).toBe(400);
    expect((await post('/dashboard-feedback', { message: 'x'.repeat(513) })).statusCode).toBe(400);
  });
});

describe('D1.6 contact (POST /v1.0/contact-us)', () => {
  it('D1-045 stores e-mail and message and answers {success:true}', async () => {
    const res = await post('/v1.0/contact-us', { email: 'ann@example.com', message: 'Call me' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const rows = await database.db.select().from(contactMessage);
    expect(rows).toMatchObject([{ email: 'ann@example.com', message: 'Call me', userId, companyId }]);
  });

  it('D1-044 e-mail is required and must be an e-mail address; message is free text', async () => {
    for (const payload of [{ message: 'hi' }, { email: '', message: 'hi' }, { email: 'not mail', message: 'hi' }]) {
      const res = await post('/v1.0/contact-us', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('email');
    }
    expect((await post('/v1.0/contact-us', { email: 'ann@example.com' })).statusCode).toBe(200);
    // The message says what to do, in the envelope and next to the field.
    const bad = (await post('/v1.0/contact-us', { email: 'ann@example', message: 'hi' })).json();
    expect(bad).toMatchObject({ success: false, message: 'Enter a valid e-mail address, e.g. name@example.com', errors: { email: 'Enter a valid e-mail address, e.g. name@example.com' } });
    expect(await database.db.select().from(contactMessage)).toHaveLength(2);
  });
});

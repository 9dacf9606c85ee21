// Issue 9 item 1: a database error that slips past the contract and the domain checks is answered
// 400/409 with a clear message (never a 500, never the SQL or a stored value) and logged as a bug.
// Provoked through real repositories on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set
// (pg and PGlite both report the SQLSTATE as `code`; drizzle wraps it in `cause`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { saveContactMessage, saveFeedback } from '../repositories/messages.js';
import { createCompanyWithSuperUser } from '../repositories/users.js';
import { mapDatabaseError } from '../plugins/errors.js';
import { freshDatabase, usingPostgres } from './helpers.js';
import { createCompany, createUser } from './fixtures.js';

let app: FastifyInstance;
let database: Database;
let sender: { companyId: number; userId: number };
const open = { config: { public: true } };
const logged: { obj: Record<string, unknown>; msg: string }[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  app = await buildApp({ database, config: { ...loadConfig({}), seed: false, dataDir: '' } });
  // Routes that hand the repositories what the contract would have refused (the bug being simulated).
  app.post('/test/feedback', open, async (request: FastifyRequest<{ Body: { companyId: number; userId: number; message: string } }>) => {
    const b = request.body;
    return { id: await saveFeedback(app.db, { companyId: b.companyId, userId: b.userId }, b.message) };
  });
  app.post('/test/contact', open, async (request: FastifyRequest<{ Body: { email: string | null } }>) =>
    ({ id: await saveContactMessage(app.db, sender, request.body.email as string, 'hello') }));
  app.post('/test/company', open, async (request: FastifyRequest<{ Body: { internalId: string; username: string } }>) =>
    createCompanyWithSuperUser(app.db, { internalId: request.body.internalId, name: 'Co' },
      { username: request.body.username, passwordHash: 'x', firstName: 'A' }));
  app.addHook('onRequest', async (request) => {
    const log = request.log;
    request.log = Object.assign(Object.create(log), {
      error: (obj: Record<string, unknown>, msg: string) => { logged.push({ obj, msg }); },
    });
  });
  await app.ready();
  const company = await createCompany(database.db);
  const user = await createUser(database.db, { companyId: company.id });
  sender = { companyId: company.id, userId: user.id };
});
afterAll(async () => { await app.close(); await database.close(); });

async function provoke(url: string, payload: object) {
  logged.length = 0;
  const res = await app.inject({ method: 'POST', url, payload });
  const text = res.body;
  expect(text).not.toMatch(/insert into|select |\bat .*\.ts|node_modules/i);
  return { status: res.statusCode, body: res.json(), logged: [...logged] };
}

describe(`database errors that slip through (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a NUL byte (22021, data exception) → 400, logged as a bug', async () => {
    const r = await provoke('/test/feedback', { ...sender, message: 'a\u0000b' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, message: 'Invalid value' });
    expect(r.logged).toHaveLength(1);
    expect(r.logged[0].obj).toMatchObject({ sqlstate: expect.stringMatching(/^22/), bug: true });
    expect(r.logged[0].msg).toMatch(/bug/);
  });

  it('a reference to a missing row (23503) → 400 naming the column, not its value', async () => {
    const r = await provoke('/test/feedback', { companyId: 2_000_000_000, userId: sender.userId, message: 'x' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, message: 'Refers to a record that does not exist', errors: { company_id: 'does not exist' } });
    expect(JSON.stringify(r.body)).not.toContain('2000000000');
    expect(r.logged[0].obj).toMatchObject({ sqlstate: '23503', bug: true });
  });

  it('a duplicate unique value (23505) → 409 naming the column, not its value', async () => {
    expect((await provoke('/test/company', { internalId: 'dup-co', username: 'dup-user' })).status).toBe(200);
    const r = await provoke('/test/company', { internalId: 'dup-co', username: 'other-user' });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ success: false, message: 'Already exists', errors: { internal_id: 'is already taken' } });
    expect(JSON.stringify(r.body)).not.toContain('dup-co');
    expect(r.logged[0].obj).toMatchObject({ sqlstate: '23505', bug: true });
  });

  it('a missing required value (23502) → 400 naming the column', async () => {
    const r = await provoke('/test/contact', { email: null });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, message: 'A required value is missing', errors: { email: 'is required' } });
    expect(r.logged[0].obj).toMatchObject({ sqlstate: '23502', bug: true });
  });

  it('a row still referenced (23503 on delete) is a 409; other SQLSTATEs stay server errors', () => {
    expect(mapDatabaseError({ code: '23503', detail: 'Key (id)=(3) is still referenced from table "step".' }))
      .toEqual({ status: 409, message: 'Still in use by other records' });
    expect(mapDatabaseError({ code: '22003' })?.status).toBe(400);
    expect(mapDatabaseError({ code: '23P01' })?.status).toBe(409);
    expect(mapDatabaseError({ code: '53100' })).toBeNull();
    expect(mapDatabaseError({ code: '40P01' })).toBeNull();
  });
});

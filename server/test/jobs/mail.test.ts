// Study notifications by e-mail (issue 11): with SMTP_URL set, completing a study writes one
// outbox row per subscriber and the mail job delivers it to the SMTP server — here a local
// catcher (smtp-server) in the test, never an outside host. A refused delivery stays in the
// outbox with its error, for pg-boss to retry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { freshDatabase } from '../helpers.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { seedReference } from '../../seed/reference.js';
import { notificationOutbox, study } from '../../db/schema/index.js';
import { authHeaders, createCompany, createUser, signIn } from '../fixtures.js';
import { until } from './helpers.js';

interface Caught { from: string; to: string[]; text: string }

let app: FastifyInstance;
let database: Database;
let catcher: SMTPServer;
const caught: Caught[] = [];
let refuseNext = 0;
let token: string;
let colleague: string;
const ids: Record<string, number> = {};
const previous = process.env.SMTP_URL;

beforeAll(async () => {
  catcher = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let text = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => { text += c; });
      stream.on('end', () => {
        if (refuseNext > 0) {
          refuseNext--;
          callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
          return;
        }
        caught.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => catcher.listen(0, '127.0.0.1', resolve));
  const port = (catcher.server.address() as AddressInfo).port;
  // The job reads SMTP_URL when it runs; the app reads it at start (both from the environment).
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  database = await freshDatabase();
  app = await buildApp({ database, config: { ...loadConfig(process.env), seed: false, dataDir: '' } });
  await app.ready();
  const db = database.db;
  await seedReference(db);
  const co = await createCompany(db, { name: 'Mailco' });
  await createUser(db, { companyId: co.id, username: 'ann', email: 'ann@mailco.example' });
  await createUser(db, { companyId: co.id, username: 'bob', email: 'bob@mailco.example' });
  [token, colleague] = await Promise.all([signIn(app, 'ann'), signIn(app, 'bob')]);
  const [a] = await db.insert(study).values({ companyId: co.id, name: 'Mailed study', live: true, phaseId: 3 }).returning();
  const [b] = await db.insert(study).values({ companyId: co.id, name: 'Refused study', live: true, phaseId: 3 }).returning();
  ids.a = a.id; ids.b = b.id;
});
afterAll(async () => {
  await app.close();
  await database.close();
  await new Promise<void>((resolve) => catcher.close(() => resolve()));
  if (previous === undefined) delete process.env.SMTP_URL; else process.env.SMTP_URL = previous;
});

const post = (path: string, t: string) => app.inject({ method: 'POST', url: `/v1.0${path}`, headers: authHeaders(t) });

describe('notification e-mail through the outbox and the mail job (D2-033)', () => {
  it('mails one notification per subscriber when a study is completed, and marks the outbox rows sent', async () => {
    await post(`/studies/${ids.a}/assign_to_action`, token);
    await post(`/studies/${ids.a}/assign_to_action`, colleague);
    expect((await post(`/studies/${ids.a}/complete`, token)).statusCode).toBe(200);
    await until('two mails', async () => caught.length >= 2);
    expect(caught.flatMap((m) => m.to).sort()).toEqual(['ann@mailco.example', 'bob@mailco.example']);
    expect(caught[0].text).toContain('Subject: Mailed study: the study is complete');
    expect(caught[0].text).toContain(`/my_studies/overview/${ids.a}`);
    const rows = await until('rows sent', async () => {
      const r = await database.db.select().from(notificationOutbox).where(eq(notificationOutbox.studyId, ids.a));
      return r.every((x) => x.status === 'sent') && r;
    });
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.attempts === 1 && r.sentAt)).toBe(true);
  });

  it('keeps a refused delivery pending with its error, for the queue to retry', async () => {
    refuseNext = 1;
    await post(`/studies/${ids.b}/assign_to_action`, token);
    expect((await post(`/studies/${ids.b}/complete`, token)).statusCode).toBe(200);
    const row = await until('a failed attempt', async () => {
      const [r] = await database.db.select().from(notificationOutbox).where(eq(notificationOutbox.studyId, ids.b));
      return r && r.attempts >= 1 && r;
    });
    expect(row.status).toBe('pending');
    expect(row.lastError).toContain('Mailbox busy');
  });

  it('mails subscribers when fieldwork is paused and resumed (issue 35)', async () => {
    const [c] = await database.db.insert(study).values({ companyId: (await database.db.select().from(study).where(eq(study.id, ids.a)))[0].companyId, name: 'Paused study', live: true, phaseId: 3 }).returning();
    await post(`/studies/${c.id}/assign_to_action`, colleague);
    expect((await post(`/studies/${c.id}/pause`, token)).statusCode).toBe(200);
    expect((await post(`/studies/${c.id}/resume`, token)).statusCode).toBe(200);
    const mails = await until('two life-cycle mails', async () => {
      const m = caught.filter((x) => x.text.includes('Subject: Paused study:'));
      return m.length >= 2 && m;
    });
    expect(mails.map((m) => m.to)).toEqual([['bob@mailco.example'], ['bob@mailco.example']]);
    expect(mails.map((m) => /Subject: (.*)/.exec(m.text)![1].trim()).sort()).toEqual(['Paused study: fieldwork has resumed', 'Paused study: fieldwork is paused']);
  });
});

// Issue 22 item 7: ordering a run-through queues the run-through job; without a Chromium
// executable (CHROME_PATH missing) the run is stored as failed with that reason — never a made-up
// pass — and My Validations shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import { reportTestbed, type Tenant, createStudy } from '../analytics/report-fixtures.js';
import { createUser, signIn, authHeaders } from '../fixtures.js';
import { runThrough } from '../../db/schema/index.js';
import { until } from '../jobs/helpers.js';

let app: FastifyInstance;
let database: Database;
let db: Db;
let t: Tenant;
let studyId: number;
const before = process.env.CHROME_PATH;

beforeAll(async () => {
  process.env.CHROME_PATH = '/nonexistent/chromium';
  const bed = await reportTestbed();
  ({ app, database, t, db } = bed);
  ({ studyId } = await createStudy(db, { companyId: t.companyId, name: 'Automated study' }));
});
afterAll(async () => {
  if (before === undefined) delete process.env.CHROME_PATH; else process.env.CHROME_PATH = before;
  await app.close();
  await database.close();
});

describe('automated run-throughs (issue 22 item 7)', () => {
  it('issue 22 item 7: without a Chromium executable the ordered run is stored as failed with that reason', async () => {
    const root = await createUser(db, { companyId: t.companyId, username: 'root', superUser: true, email: 'root@provider.example' });
    const headers = authHeaders(await signIn(app, root.username));
    const ordered = await app.inject({ method: 'POST', url: `/v1.0/studies/${studyId}/order_study_runthrough`, headers, payload: {} });
    expect(ordered.statusCode, ordered.body).toBe(200);
    const id = ordered.json().run_through.id as number;
    expect(ordered.json().run_through.status).toBe('queued');
    const stored = await until('the run to finish', async () => {
      const [r] = await db.select().from(runThrough).where(eq(runThrough.id, id));
      return r.status === 'failed' || r.status === 'passed' ? r : undefined;
    });
    expect(stored).toMatchObject({ status: 'failed', result: 'No Chromium to run the study in: /nonexistent/chromium (CHROME_PATH) is missing or not executable', results: [] });
    expect(stored.finishedAt).toBeInstanceOf(Date);
    const list = (await app.inject({ method: 'GET', url: '/v1.0/validations', headers: t.headers })).json();
    expect(list.data).toEqual([expect.objectContaining({ kind: 'run_through', id, status: 'failed', result: stored.result, cells: [] })]);
    const runs = (await app.inject({ method: 'POST', url: `/v1.0/studies/${studyId}/studyrunthroughs`, headers: t.headers, payload: {} })).json();
    expect(runs.data[0]).toMatchObject({ id, status: 'failed', result: stored.result });
  });
});

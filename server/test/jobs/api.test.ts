// GET /v1.0/jobs/{id} and the demo seeding as a job (issue 7 item 4): the owner's company reads
// state and progress, everyone else gets 404; the seeding resumes a killed run without duplicates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers.js';
import { authHeaders, createCompany, createUser, signIn } from '../fixtures.js';
import { buildStudy, type AnalyticsStudy } from '../analytics/study-fixture.js';
import type { Database } from '../../db/client.js';
import { putSetting } from '../../repositories/settings.js';
import { loadStudyContext } from '../../repositories/ingest.js';
import { respondentTarget } from '../../analytics/simulator.js';
import { RESPONDENT_STUDIES_KEY } from '../../seed/demo.js';
import { enqueueRespondentSeeding, pendingRespondentStudies } from '../../seed/index.js';
import { simulateStudy } from '../../seed/respondents.js';
import { until } from './helpers.js';

let app: FastifyInstance;
let database: Database;
let s: AnalyticsStudy;
let adminToken: string;
let researcherToken: string;
let providerId: number;

const rows = async <T>(q: ReturnType<typeof sql>): Promise<T[]> =>
  ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  ({ app, database } = await testApp());
  const provider = await createCompany(database.db, { name: 'Gazeboard' });
  providerId = provider.id;
  await createUser(database.db, { companyId: provider.id, username: 'admin', superUser: true });
  s = await buildStudy(database.db, { participantsRequested: 100 });
  await createUser(database.db, { companyId: s.companyId, username: 'researcher' });
  adminToken = await signIn(app, 'admin');
  researcherToken = await signIn(app, 'researcher');
});
afterAll(async () => { await app.close(); await database.close(); });

const getJob = (id: number | string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/v1.0/jobs/${id}`, headers });

describe('demo seeding as a job, read through GET /v1.0/jobs/{id}', () => {
  it('resumes a killed seeding without duplicate sessions, with its progress visible to the owner only', async () => {
    await putSetting(database.db, RESPONDENT_STUDIES_KEY, JSON.stringify([s.studyId]));
    const target = respondentTarget((await loadStudyContext(database.db, s.studyId))!);
    // A run that died after 25 sessions of the study.
    expect(await simulateStudy(database.db, s.studyId, { count: 25 })).toBe(25);

    const job = await enqueueRespondentSeeding(database.db, app.jobs);
    expect(job).toEqual({ id: expect.any(Number), studies: 1 });
    // Started twice (e.g. a quick restart): the same job.
    expect((await enqueueRespondentSeeding(database.db, app.jobs))?.id).toBe(job!.id);

    const done = await until('seeding completed', async () => {
      const res = await getJob(job!.id, authHeaders(adminToken));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      return body.data.state === 'completed' ? body : undefined;
    }, 600);
    expect(done).toEqual({
      success: true,
      data: {
        id: job!.id,
        name: 'seed-respondents',
        state: 'completed',
        progress: { done: 1, total: 1, message: `done: ${target} respondents` },
        created_on: expect.any(String),
        started_on: expect.any(String),
        completed_on: expect.any(String),
        retry_count: 0,
        retry_limit: 10,
        result: { studies: 1, participants: target },
      },
    });
    const [count] = await rows<{ n: number; sessions: number }>(sql`select count(*)::int as n, count(distinct session_id)::int as sessions
      from participant where study_id = ${s.studyId}`);
    expect(count).toEqual({ n: target, sessions: target });
    expect(await pendingRespondentStudies(database.db)).toEqual([]);
    expect(await enqueueRespondentSeeding(database.db, app.jobs)).toBeNull();

    // Another company's user, and the super user acting for another company: 404.
    const other = await getJob(job!.id, authHeaders(researcherToken));
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ success: false, message: expect.any(String) });
    expect((await getJob(job!.id, authHeaders(adminToken, s.companyId))).statusCode).toBe(404);
    expect((await getJob(job!.id, authHeaders(adminToken, providerId))).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id, 400 for an id that is not plain decimal, 401 without a token', async () => {
    expect((await getJob(999999, authHeaders(adminToken))).statusCode).toBe(404);
    for (const bad of ['0x2b', '043', '1.0', '0', '99999999999', 'abc']) {
      const res = await getJob(bad, authHeaders(adminToken));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: { id: expect.any(String) } });
    }
    expect((await getJob(1, {})).statusCode).toBe(401);
  });

  it("a job of the researcher's company is theirs to read, and a super user reads it with X-Company-Id", async () => {
    const { id } = await app.jobs.enqueue((await import('../../seed/respondents.js')).seedRespondentsJob, {}, { companyId: s.companyId });
    const mine = await getJob(id, authHeaders(researcherToken));
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ id, name: 'seed-respondents', progress: expect.any(Object) });
    expect((await getJob(id, authHeaders(adminToken, s.companyId))).statusCode).toBe(200);
    expect((await getJob(id, authHeaders(adminToken))).statusCode).toBe(404);
    await until('finished', async () => (await getJob(id, authHeaders(researcherToken))).json().data.state === 'completed');
  });
});

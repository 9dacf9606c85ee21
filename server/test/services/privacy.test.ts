// Issue 41 items 2 and 3: data-subject requests (find, export, erase one respondent by panel
// reference; roles and tenancy) and retention (the raw gaze and whole-study periods, the job, what
// the reports still show). The erasure test builds two studies the same way, one with an extra
// respondent, erases that respondent, and compares the reports' answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { testApp } from '../helpers.js';
import { authHeaders, createCompany, createUser, signIn } from '../fixtures.js';
import { buildStudy, oneSession, track, type AnalyticsStudy } from '../analytics/study-fixture.js';
import { ingestSession, type SessionBody } from '../../services/ingest.js';
import { applyRetention } from '../../services/privacy.js';
import { aggregatesCurrent } from '../../repositories/aggregates.js';
import { recomputeStimAois } from '../../services/aoi.js';
import { retentionJob, retentionKey } from '../../jobs/retention.js';
import { JobQueue } from '../../jobs/queue.js';
import { until } from '../jobs/helpers.js';
import { PRIVACY_MESSAGES } from '../../../contract/privacy.js';

type Json = Record<string, any>;
let app: FastifyInstance;
let database: Database;
let companyId: number;
let study: Json;   // headers of a plain study user
let admin: Json;   // a company administrator (study user)
let vendor: Json;  // a batch user of the same company
let stranger: Json; // a study user of another company
let a: AnalyticsStudy;
let b: AnalyticsStudy;

const EXTRA = 'PANEL-REF-0042';

/** A session whose gaze lands elsewhere than oneSession's (so the extra respondent moves every KPI). */
function extraSession(f: AnalyticsStudy): SessionBody {
  const s = oneSession(f, 'extra-session') as unknown as Json;
  s.participant = { ...s.participant, reference: EXTRA, age_group_id: 3, gender_group_id: 2 };
  s.steps[0].gaze = track([[900, 120, 230], [200, 350, 400], [700, 260, 280]], { start: 200 }).gaze;
  s.steps[0].page_dwell_ms = 12000;
  return s as SessionBody;
}

async function post(url: string, headers: Json, payload: Json = {}) {
  return app.inject({ method: 'POST', url, headers, payload });
}

/** The study's reports with the study's own ids and signed URLs taken out, so two studies compare. */
async function reports(f: AnalyticsStudy): Promise<Json> {
  const data = [{ cell_id: f.cellId, step_id: f.cacheStepId, stim_id: f.mpuId }];
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).filter(([k]) => !/(_id|_url|_source|_low_quality)$/.test(k) && k !== 'stim_name' && k !== 'raw_gaze_notice').map(([k, x]) => [k, strip(x)]));
    }
    return typeof v === 'number' && !Number.isInteger(v) ? Number(v.toPrecision(12)) : v;
  };
  const out: Json = {};
  for (const [name, url, body] of [
    ['overall', `/v1.0/studies/${f.studyId}/compare_report/overall_attention`, { data }],
    ['features', `/v1.0/studies/${f.studyId}/compare_report/feature_attention`, { data }],
    ['graph', `/v1.0/studies/${f.studyId}/compare_report/graph2_data`, { data, graph_type_id: 1 }],
    ['kpi', `/v1.0/studies/${f.studyId}/cell/${f.cellId}/step/${f.cacheStepId}/stimuli/${f.mpuId}/kpi_analysis`, {}],
  ] as const) {
    const res = await post(url, study, body);
    expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    out[name] = strip(res.json());
  }
  return out;
}

beforeAll(async () => {
  ({ app, database } = await testApp());
  companyId = (await createCompany(database.db)).id;
  const other = (await createCompany(database.db)).id;
  const users = [
    await createUser(database.db, { companyId }),
    await createUser(database.db, { companyId, companyAdmin: true }),
    await createUser(database.db, { companyId, userTypeId: 2 }),
    await createUser(database.db, { companyId: other }),
  ];
  [study, admin, vendor, stranger] = await Promise.all(users.map(async (u) => authHeaders(await signIn(app, u.username))));
  // In fieldwork: a completed study refuses new real sessions.
  a = await buildStudy(database.db, { companyId, completed: false });
  b = await buildStudy(database.db, { companyId, completed: false });
  for (const f of [a, b]) {
    for (const id of ['r-1', 'r-2']) {
      const r = await ingestSession(database.db, oneSession(f, id));
      expect(r.participant_id).toBeGreaterThan(0);
    }
  }
}, 120_000);
afterAll(async () => { await app?.close(); await database?.close(); });

describe('issue 41 item 2: data-subject requests', () => {
  let before: Json;

  it('erasing a respondent leaves the reports (KPIs, features, curves, norms) equal to a study that never had them', async () => {
    before = await reports(a);
    expect(await reports(b)).toEqual(before);
    await ingestSession(database.db, extraSession(b));
    const withExtra = await reports(b);
    expect(withExtra).not.toEqual(before);

    const found = await post(`/v1.0/studies/${b.studyId}/respondents/find`, study, { reference: ` ${EXTRA} ` });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toHaveLength(1);
    expect(found.json().data[0]).toMatchObject({ study_id: b.studyId, status: 'complete', exposures: 1, gaze_exposures: 1 });

    const erased = await post(`/v1.0/studies/${b.studyId}/respondents/erase`, study, { reference: EXTRA, confirm: 'ERASE' });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toEqual({ success: true, erased: 1, studies: [b.studyId] });
    // Rebuilt in the erasure's transaction (not left stale for a later read): the norms' fingerprint moved with it.
    expect(await aggregatesCurrent(database.db, b.studyId)).toBe(true);

    expect(await reports(b)).toEqual(before);
    expect(await reports(a)).toEqual(before);
    const left = await database.db.execute(sql`select count(*)::int as n from participant where reference = ${EXTRA}`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('the erasure is on the timeline with who and when, and without the reference', async () => {
    const res = await post(`/v1.0/studies/${b.studyId}/overview`, study);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.body;
    expect(body).toContain("1 respondent's data erased on request");
    expect(body).not.toContain(EXTRA);
    const events = await database.db.execute(sql`select user_id, detail::text as detail from study_event where study_id = ${b.studyId} and kind = 'respondent_erased'`);
    const rows = (events as unknown as { rows: { user_id: number; detail: string }[] }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0].user_id).toBeGreaterThan(0);
    expect(rows[0].detail).not.toContain(EXTRA);
  });

  it('exports everything stored for the respondent: session, demographics, answers, exposures with viewability and raw gaze', async () => {
    const s = extraSession(a) as unknown as Json;
    s.steps.push({ step_id: a.questionStepId, page_dwell_ms: 3000, stims: [], answers: [{ question_id: a.questionId, answer_option_id: a.optionIds[0] }] });
    await ingestSession(database.db, s as SessionBody);
    const res = await post('/v1.0/company/respondents/export', admin, { reference: EXTRA });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out.scope).toBe('company');
    expect(out.sessions).toHaveLength(1);
    const [one] = out.sessions;
    expect(one.participant).toMatchObject({ reference: EXTRA, study_id: a.studyId, age_group_id: 3 });
    expect(one.study).toEqual({ id: a.studyId, name: 'Analytics study' });
    expect(Object.keys(one.demographics)).toContain('age_group');
    expect(one.exposures).toHaveLength(1);
    expect(one.exposures[0].viewability).toEqual([{ start_ms: 0, end_ms: 5000, fraction: 1 }]);
    expect(one.exposures[0].gaze_samples.length).toBe(s.steps[0].gaze.length);
    expect(one.exposures[0].gaze_samples[0][0]).toBeCloseTo(s.steps[0].gaze[0][0], 3);
    expect(one.exposures[0].fixations.length).toBeGreaterThan(0);
    expect(one.answers).toEqual([{ question: expect.any(String), answer: 'Yes', answer_option_id: a.optionIds[0] }]);
  });

  it('roles: study users search their studies, company administrators the company; batch users neither; other companies find nothing', async () => {
    const body = { reference: EXTRA };
    expect((await post(`/v1.0/studies/${a.studyId}/respondents/find`, vendor, body)).statusCode).toBe(403);
    expect((await post(`/v1.0/studies/${a.studyId}/respondents/erase`, vendor, { ...body, confirm: 'ERASE' })).statusCode).toBe(403);
    expect((await post('/v1.0/company/respondents/find', study, body)).statusCode).toBe(403);
    expect((await post('/v1.0/company/respondents/erase', study, { ...body, confirm: 'ERASE' })).statusCode).toBe(403);
    expect((await post('/v1.0/company/respondents/find', admin, body)).statusCode).toBe(200);
    // Another company: its study answers 404, its company-wide search finds nobody.
    expect((await post(`/v1.0/studies/${a.studyId}/respondents/find`, stranger, body)).statusCode).toBe(404);
    expect((await post(`/v1.0/studies/${a.studyId}/respondents/erase`, stranger, { ...body, confirm: 'ERASE' })).statusCode).toBe(404);
    // An erasure without the typed confirmation changes nothing.
    expect((await post(`/v1.0/studies/${a.studyId}/respondents/erase`, study, body)).statusCode).toBe(400);
    const res = await post(`/v1.0/studies/${a.studyId}/respondents/find`, study, body);
    expect(res.statusCode).toBe(200);
    const unknown = await post(`/v1.0/studies/${a.studyId}/respondents/find`, study, { reference: 'nobody' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PRIVACY_MESSAGES.notFound);
  });

  it('a company-wide erasure removes the respondent from every study in one go', async () => {
    const res = await post('/v1.0/company/respondents/erase', admin, { reference: EXTRA, confirm: 'ERASE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().studies).toEqual([a.studyId]);
    expect((await post('/v1.0/company/respondents/find', admin, { reference: EXTRA })).statusCode).toBe(404);
    expect(await reports(a)).toEqual(before);
  });
});

describe('issue 41 item 3: retention', () => {
  it('only company administrators set the periods; everyone signed in reads them', async () => {
    expect((await app.inject({ method: 'PUT', url: '/v1.0/company/retention', headers: study, payload: { raw_gaze_days: 30, study_days: null } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url: '/v1.0/company/retention', headers: vendor, payload: { raw_gaze_days: 30, study_days: null } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url: '/v1.0/company/retention', headers: admin, payload: { raw_gaze_days: 0, study_days: null } })).statusCode).toBe(400);
    const set = await app.inject({ method: 'PUT', url: '/v1.0/company/retention', headers: admin, payload: { raw_gaze_days: 30, study_days: null } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ success: true, raw_gaze_days: 30, study_days: null, can_edit: true });
    const read = await app.inject({ method: 'GET', url: '/v1.0/company/retention', headers: study });
    expect(read.json()).toEqual({ success: true, raw_gaze_days: 30, study_days: null, can_edit: false });
    // Another company's periods are its own.
    expect((await app.inject({ method: 'GET', url: '/v1.0/company/retention', headers: stranger })).json().raw_gaze_days).toBeNull();
  });

  it('the retention job removes raw gaze older than the period; KPIs stay, heatmaps and replays say why they are empty', async () => {
    const kpiBefore = await reports(a);
    // a's sessions are 40 days old, b's 10: only a's gaze is past the 30-day period.
    await database.db.execute(sql`update participant set created_at = now() - interval '40 days' where study_id = ${a.studyId}`);
    await database.db.execute(sql`update participant set created_at = now() - interval '10 days' where study_id = ${b.studyId}`);
    const queue = await JobQueue.start(database, { kinds: [retentionJob], pollingIntervalSeconds: 0.5 });
    try {
      const { id } = await queue.enqueue(retentionJob, { daily: true }, { companyId, key: retentionKey(new Date()) });
      await until('the retention job', async () => {
        const job = await queue.getJob(id, companyId);
        return job && ['completed', 'failed'].includes(job.state) ? job : undefined;
      }).then((job) => expect(job.state).toBe('completed'));
      // Daily: the run queued the next one, a day later, under the next date's key.
      const next = (await database.db.execute(sql`select id, key from app_job where kind = 'retention' and id <> ${id}`)) as unknown as { rows: { id: number; key: string }[] };
      expect(next.rows).toHaveLength(1);
      expect(next.rows[0].key).toMatch(/^retention:\d{4}-\d{2}-\d{2}$/);
      expect(next.rows[0].key > retentionKey(new Date(Date.now() - 60_000))).toBe(true);
      expect((await queue.getJob(Number(next.rows[0].id), companyId))?.state).toBe('created');
    } finally {
      await queue.stop();
    }
    const gaze = async (studyId: number) => Number(((await database.db.execute(sql`select count(*)::int as n from exposure_gaze where study_id = ${studyId}`)) as unknown as { rows: { n: number }[] }).rows[0].n);
    expect(await gaze(a.studyId)).toBe(0);
    expect(await gaze(b.studyId)).toBe(2);
    // Aggregates and KPIs intact, also after an AOI recompute, which has no gaze left to work from.
    expect(await reports(a)).toEqual(kpiBefore);
    await recomputeStimAois(database.db, a.mpuId);
    expect(await reports(a)).toEqual(kpiBefore);

    const data = [{ cell_id: a.cellId, step_id: a.cacheStepId, stim_id: a.mpuId }];
    const today = new Date();
    const date = `${String(today.getUTCDate()).padStart(2, '0')}/${String(today.getUTCMonth() + 1).padStart(2, '0')}/${today.getUTCFullYear()}`;
    const notice = PRIVACY_MESSAGES.rawGazeRemoved.replace('{date}', date);
    const visuals = await post(`/v1.0/studies/${a.studyId}/compare_report/visual_data`, study, { data });
    expect(visuals.json().raw_gaze_notice).toBe(notice);
    const replay = await post(`/v1.0/studies/${a.studyId}/cell/${a.cellId}/step/${a.cacheStepId}/stimuli/${a.mpuId}/replay`, study, {});
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().raw_gaze_notice).toBe(notice);
    // b kept its gaze: no notice.
    const bVisuals = await post(`/v1.0/studies/${b.studyId}/compare_report/visual_data`, study, { data: [{ cell_id: b.cellId, step_id: b.cacheStepId, stim_id: b.mpuId }] });
    expect(bVisuals.json().raw_gaze_notice).toBeNull();
    // The timeline says so, and a second run the same day removes nothing more.
    const overview = await post(`/v1.0/studies/${a.studyId}/overview`, study);
    expect(overview.body).toContain("Raw gaze older than 30 days removed under the company's retention policy");
    expect((await applyRetention(database.db)).rawGazeRemoved).toBe(0);
  });

  it('a completed study past the study period loses its respondents, and its reports rebuild empty', async () => {
    await database.db.execute(sql`update company set study_retention_days = 365 where id = ${companyId}`);
    await database.db.execute(sql`update study set completed = true, data_collection_end = now() - interval '400 days' where id = ${a.studyId}`);
    await database.db.execute(sql`update study set completed = true, data_collection_end = now() - interval '100 days' where id = ${b.studyId}`);
    const r = await applyRetention(database.db);
    expect(r.studiesEmptied).toBe(1);
    expect(r.respondentsRemoved).toBe(2);
    const count = async (studyId: number) => Number(((await database.db.execute(sql`select count(*)::int as n from participant where study_id = ${studyId}`)) as unknown as { rows: { n: number }[] }).rows[0].n);
    expect(await count(a.studyId)).toBe(0);
    expect(await count(b.studyId)).toBe(2);
    const overall = await post(`/v1.0/studies/${a.studyId}/compare_report/overall_attention`, study, { data: [{ cell_id: a.cellId, step_id: a.cacheStepId, stim_id: a.mpuId }] });
    expect(overall.json().data[0].stim_data.base_size).toBe(0);
  });
});

// AOI editor API (spec document 2 §2.8, D2-222, D2-223) and the recompute a save queues: the
// feature report follows the new AOIs without re-ingesting, with exactly the numbers ingestion
// gives when the same AOIs were there from the start (known answer), and a session stored after
// the save with a context loaded before it still gets the saved AOIs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { testApp, usingPostgres } from '../helpers.js';
import type { Database, Db } from '../../db/client.js';
import { seedReference } from '../../seed/reference.js';
import { ingestSession, type SessionBody } from '../../services/ingest.js';
import { loadStudyContext } from '../../repositories/ingest.js';
import { listAois, replaceAois } from '../../repositories/aoi.js';
import { aoi } from '../../db/schema/index.js';
import { createUser, signIn, authHeaders, createCompany } from '../fixtures.js';
import { buildStudy, track, type AnalyticsStudy } from '../analytics/study-fixture.js';
import { gate, until, untilLockWaits } from '../jobs/helpers.js';
import { rows } from '../../repositories/sql.js';

let app: FastifyInstance;
let database: Database;
let s: AnalyticsStudy;
let h: Record<string, string>;
let other: Record<string, string>;

/**
 * Each respondent: 400 ms on stim px (100, 100) (top-left quarter: 'logo'), 300 ms on (500, 400)
 * (bottom-right quarter: 'cta'), 400 ms off the stim. The MPU (600×500) is drawn at 300×250 at
 * page (100, 200), so page px = 100 + x/2, 200 + y/2.
 */
function body(i: number): SessionBody {
  const { gaze } = track([[400, 150, 250], [300, 350, 400], [400, 800, 100]], { start: 200, jitter: 4 });
  return {
    study_id: s.studyId, session_id: `r-${i}`,
    participant: { reference: `R${i}`, cell_id: s.cellId, has_eyetracking: true, status: 'complete', is_test: false },
    steps: [{
      step_id: s.cacheStepId, page_dwell_ms: 6000, gaze,
      stims: [{ stim_id: s.mpuId, x: 100, y: 200, width: 300, height: 250, viewability: [{ start_ms: 0, end_ms: 6000, fraction: 1 }] }],
    }],
  };
}

async function features() {
  const res = await app.inject({
    method: 'POST', url: `/v1.0/studies/${s.studyId}/compare_report/feature_attention`, headers: h,
    payload: { data: [{ cell_id: s.cellId, step_id: s.cacheStepId, stim_id: s.mpuId }] },
  });
  expect(res.statusCode).toBe(200);
  type F = { panelist_viewed_percent: number; avg_feature_dwell_time: number | null; view_order: number | null; avg_stim_dwell_time?: number | null };
  const data = res.json().data[0].feature_data as Record<string, F>;
  // avg_stim_dwell_time repeats avg_feature_dwell_time under the legacy client's name (issue 39).
  return Object.fromEntries(Object.entries(data).map(([tag, { avg_stim_dwell_time, ...f }]) => {
    expect(avg_stim_dwell_time).toBe(f.avg_feature_dwell_time);
    return [tag, f];
  }));
}

async function exposureAois(db = database.db) {
  const r = await db.execute(sql`select ea.exposure_id, a.tag, ea.dwell_ms, ea.first_fixation_ms, ea.fixation_count
    from exposure_aoi ea join aoi a on a.id = ea.aoi_id order by ea.exposure_id, a.tag`);
  return (r as unknown as { rows: { exposure_id: number; tag: string; dwell_ms: number; first_fixation_ms: number; fixation_count: number }[] }).rows;
}

async function waitForJob(id: number) {
  return until(`job ${id}`, async () => {
    const j = (await app.inject({ method: 'GET', url: `/v1.0/jobs/${id}`, headers: h })).json().data;
    if (j.state === 'failed') throw new Error(j.error);
    return j.state === 'completed' ? j : undefined;
  });
}

beforeAll(async () => {
  ({ app, database } = await testApp());
  await seedReference(database.db);
  s = await buildStudy(database.db);
  h = authHeaders(await signIn(app, (await createUser(database.db, { companyId: s.companyId })).username));
  other = authHeaders(await signIn(app, (await createUser(database.db, { companyId: (await createCompany(database.db)).id })).username));
  for (let i = 0; i < 4; i++) await ingestSession(database.db, body(i));
});
afterAll(async () => { await app.close(); await database.close(); });

describe('D2-222 D2-223 AOI editor calls', () => {
  it('reads the stim with its AOIs and heatmap; another company gets 404', async () => {
    const res = await app.inject({ method: 'GET', url: `/v1.0/analysis/stimuli/${s.mpuId}`, headers: h });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ id: s.mpuId, stim_id: s.mpuId, width: 600, height: 500 });
    expect(d.aois.map((a: { tag: string }) => a.tag)).toEqual(['logo', 'cta']);
    expect(d.heatmap_url).toMatch(new RegExp(`^/visuals/${s.studyId}/${s.cacheStepId}/${s.mpuId}/heatmap\\.png\\?expires=`));
    expect((await app.inject({ method: 'GET', url: `/v1.0/analysis/stimuli/${s.mpuId}`, headers: other })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/v1.0/analysis/stimuli/${s.mpuId}`, headers: other, payload: { aois: [] } })).statusCode).toBe(404);
  });

  it('refuses a polygon of two points and a rectangle without area', async () => {
    const res = await app.inject({ method: 'POST', url: `/v1.0/analysis/stimuli/${s.mpuId}`, headers: h, payload: { aois: [
      { tag: 'p', shape: 'polygon', x: 0, y: 0, width: 0, height: 0, points: [[0, 0], [10, 10]] },
      { tag: 'r', shape: 'rect', x: 0, y: 0, width: 0, height: 10 },
    ] } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['aois.0.points', 'aois.1.width']);
  });

  it('offers tags: the company\'s own by use, then the usual ones', async () => {
    const tags = (await app.inject({ method: 'GET', url: '/v1.0/analysis/tags2', headers: h })).json().data.map((t: { name: string }) => t.name);
    expect(tags.slice(0, 2).sort()).toEqual(['cta', 'logo']);
    expect(tags).toContain('Headline');
    expect(tags.filter((t: string) => t.toLowerCase() === 'logo')).toHaveLength(1);
  });
});

describe('AOI save → recomputed feature metrics (known answer)', () => {
  it('before: logo and cta as ingested', async () => {
    const f = await features();
    expect(f.logo).toEqual({ panelist_viewed_percent: 100, avg_feature_dwell_time: 0.4, view_order: 1 });
    expect(f.cta).toEqual({ panelist_viewed_percent: 100, avg_feature_dwell_time: 0.3, view_order: 2 });
  });

  it('after a save the job moves the numbers: a polygon over the cta fixation, logo moved where nobody looked', async () => {
    const before = (await app.inject({ method: 'GET', url: `/v1.0/analysis/stimuli/${s.mpuId}`, headers: h })).json().data.aois;
    const logo = before.find((a: { tag: string }) => a.tag === 'logo');
    const res = await app.inject({ method: 'POST', url: `/v1.0/analysis/stimuli/${s.mpuId}`, headers: h, payload: { aois: [
      { ...logo, x: 0, y: 300, width: 200, height: 200 },
      { tag: 'Hero', shape: 'polygon', x: 0, y: 0, width: 0, height: 0, points: [[450, 350], [560, 350], [560, 460], [450, 460]] },
    ] } });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.job_id).toEqual(expect.any(Number));
    expect(saved.data.aois).toEqual([
      { id: logo.id, tag: 'logo', shape: 'rect', x: 0, y: 300, width: 200, height: 200, points: null },
      { id: expect.any(Number), tag: 'Hero', shape: 'polygon', x: 450, y: 350, width: 110, height: 110, points: [[450, 350], [560, 350], [560, 460], [450, 460]] },
    ]);
    // the cta AOI was left out: deleted
    expect(await database.db.select().from(aoi).where(eq(aoi.stimId, s.mpuId))).toHaveLength(2);
    const job = await waitForJob(saved.job_id);
    expect(job.progress).toMatchObject({ done: 4, total: 4 });

    const f = await features();
    expect(f.Hero).toEqual({ panelist_viewed_percent: 100, avg_feature_dwell_time: 0.3, view_order: 1 });
    expect(f.logo).toEqual({ panelist_viewed_percent: 0, avg_feature_dwell_time: null, view_order: null });
    expect(f.cta).toBeUndefined();
  });

  it('equals what ingestion stores when the same AOIs were there from the start', async () => {
    const recomputed = await exposureAois();
    const fresh = await testApp();
    try {
      await seedReference(fresh.database.db);
      const t = await buildStudy(fresh.database.db);
      await fresh.database.db.delete(aoi).where(eq(aoi.stimId, t.mpuId));
      await fresh.database.db.insert(aoi).values([
        { stimId: t.mpuId, tag: 'logo', x: 0, y: 300, width: 200, height: 200 },
        { stimId: t.mpuId, tag: 'Hero', shape: 'polygon', x: 450, y: 350, width: 110, height: 110, points: [[450, 350], [560, 350], [560, 460], [450, 460]] },
      ]);
      const saved = s;
      s = t;
      for (let i = 0; i < 4; i++) await ingestSession(fresh.database.db, body(i));
      s = saved;
      const ingested = await exposureAois(fresh.database.db);
      const strip = (rows: Awaited<ReturnType<typeof exposureAois>>) => rows.map(({ exposure_id: _e, ...r }) => r);
      expect(strip(recomputed)).toEqual(strip(ingested));
      expect(recomputed).toHaveLength(4);
    } finally {
      await fresh.app.close();
      await fresh.database.close();
    }
  });
});

describe('AOI save while sessions are still being stored', () => {
  it('a session stored after the save, with a study context loaded before it, gets the saved AOIs', async () => {
    // The demo seeding loads a study's context once and stores all its respondents with it: a
    // save in between must not leave the later respondents with the old AOIs (the recompute has
    // already run, so nothing would ever add the new one).
    const context = (await loadStudyContext(database.db, s.studyId))!;
    const current = (await app.inject({ method: 'GET', url: `/v1.0/analysis/stimuli/${s.mpuId}`, headers: h })).json().data.aois;
    const res = await app.inject({ method: 'POST', url: `/v1.0/analysis/stimuli/${s.mpuId}`, headers: h, payload: { aois: [
      ...current, { tag: 'Whole', shape: 'rect', x: 0, y: 0, width: 600, height: 500 },
    ] } });
    expect(res.statusCode).toBe(200);
    expect((await waitForJob(res.json().job_id)).progress).toMatchObject({ done: 4, total: 4 });
    for (let i = 4; i < 6; i++) await ingestSession(database.db, body(i), { context });

    const whole = (await exposureAois()).filter((r) => r.tag === 'Whole');
    expect(whole).toHaveLength(6);
    expect(new Set(whole.map((r) => r.dwell_ms))).toHaveLength(1);
    const f = await features();
    expect(f.Whole).toEqual({ panelist_viewed_percent: 100, avg_feature_dwell_time: 0.7, view_order: 1 });
    expect(f.Hero).toEqual({ panelist_viewed_percent: 100, avg_feature_dwell_time: 0.3, view_order: 2 });
  });
});

describe('AOI save committed while a session waits for the stim (PostgreSQL: two connections)', () => {
  it.runIf(usingPostgres())('the waiting session is summarized with the saved AOIs, not those of before its wait', async () => {
    // READ COMMITTED takes a statement's snapshot before it waits for a row lock: AOIs read in the
    // statement that waited would be the ones from before the save (no recompute would fix them:
    // the save's recompute may already have read the exposures).
    const current = await listAois(database.db, s.mpuId);
    const saved = gate();
    const release = gate();
    const save = database.db.transaction(async (tx) => {
      await replaceAois(tx as unknown as Db, s.mpuId, [...current, { tag: 'Late', shape: 'rect', x: 0, y: 0, width: 600, height: 500, points: null }]);
      saved.open();
      await release.wait;
    });
    await saved.wait;
    const stored = ingestSession(database.db, body(6));
    await untilLockWaits(database.db, 'the session waits for the stim');
    release.open();
    await save;
    const { participant_id: pid } = await stored;
    const tags = await rows<{ tag: string }>(database.db, sql`select a.tag from exposure_aoi ea join aoi a on a.id = ea.aoi_id
      join exposure e on e.id = ea.exposure_id where e.participant_id = ${pid} order by a.tag`);
    expect(tags.map((x) => x.tag)).toContain('Late');
  });
});

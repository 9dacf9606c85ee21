// Issue 21 item 1 (pre-aggregation): on demo data (demo seed + simulated respondents through
// ingestSession) the reports read from the aggregates answer exactly what the per-exposure path
// answers, for every switched report, filter, graph type and norm type (norms, features and AOI
// metrics included); and a re-delivered session, a threshold change, a recompute, an AOI change
// with its recompute and a participant deletion leave the aggregates equal to a rebuild from scratch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import { freshDatabase } from '../helpers.js';
import { authHeaders, signIn } from '../fixtures.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { LocalStorage } from '../../storage/index.js';
import { DEMO_PASSWORD, seedOnStart } from '../../seed/index.js';
import { simulateStudy } from '../../seed/respondents.js';
import { ingestSession, type SessionBody } from '../../services/ingest.js';
import { recomputeAll } from '../../services/recompute.js';
import { deleteStep } from '../../services/board.js';
import { recomputeStimAois, saveAois } from '../../services/aoi.js';
import { listAois } from '../../repositories/aoi.js';
import { deleteStudyParticipants } from '../../repositories/ingest.js';
import { aggregatesCurrent, ensureAggregates, rebuildStudyAggregates, setAggregateReads } from '../../repositories/aggregates.js';
import { aggregateSnapshot, buildStudy, oneSession } from './study-fixture.js';

type Json = Record<string, any>;
let database: Database;
let app: FastifyInstance;
let dir: string;
let headers: Record<string, string>;
const studies: number[] = [];

async function q<T>(query: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  database = await freshDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'gazeboard-agg21-'));
  const storage = new LocalStorage(path.join(dir, 'storage'));
  await seedOnStart(database.db, storage, { demo: true });
  // Two completed studies of the demo company, one with several cells.
  const picked = await q<{ id: number }>(`
    select s.id from study s where s.completed and s.company_id = (select id from company where name = 'Acme Research')
    order by (select count(*) from cell c where c.study_id = s.id) desc, s.id limit 2`);
  for (const { id } of picked) {
    expect(await simulateStudy(database.db, Number(id))).toBeGreaterThan(0);
    studies.push(Number(id));
  }
  app = await buildApp({ database, config: { ...loadConfig({}), seed: false, dataDir: dir }, storage });
  await app.ready();
  headers = authHeaders(await signIn(app, 'researcher', DEMO_PASSWORD));
}, 600_000);
afterAll(async () => {
  setAggregateReads(true);
  await app?.close();
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Both paths' answers to one request: per-exposure (aggregate reads off), then aggregates. */
async function both(method: 'POST', url: string, payload: Json): Promise<[Json, Json]> {
  setAggregateReads(false);
  const a = await app.inject({ method, url, headers, payload });
  setAggregateReads(true);
  const b = await app.inject({ method, url, headers, payload });
  expect(a.statusCode).toBe(200);
  expect(b.statusCode).toBe(200);
  return [a.json(), b.json()];
}

async function placements(studyId: number): Promise<{ cell_id: number; step_id: number; stim_id: number }[]> {
  const res = await app.inject({ method: 'POST', url: `/v1.0/studies/${studyId}/stims/overview`, headers, payload: {} });
  const out: { cell_id: number; step_id: number; stim_id: number }[] = [];
  for (const c of res.json().data) for (const s of c.step_list) for (const st of s.stimulus_list) {
    out.push({ cell_id: c.cell_id, step_id: s.step_id, stim_id: st.stimulus_id });
  }
  return out;
}

/** Filter sets: none, one group of each kind, two kinds at once, and a group nobody has. */
async function filterSets(studyId: number): Promise<Json[]> {
  const g = await q<{ a: number; f: number; e: number; s: number }>(`
    select min(age_group_id) as a, min(family_group_id) as f, min(earnings_group_id) as e, max(gender_group_id) as s
    from participant where study_id = ${studyId} and not is_test and status = 'complete'`);
  const { a, f, e, s } = g[0];
  return [
    {}, { filters: { age_group_ids: [Number(a)] } }, { filters: { family_group_ids: [Number(f)] } },
    { filters: { earnings_group_ids: [Number(e)] } }, { filters: { genders_group_ids: [Number(s)] } },
    { filters: { age_group_ids: [Number(a)], genders_group_ids: [Number(s)] } }, { age_group_ids: [999999] },
  ];
}

describe('issue 21 item 1: reports from the aggregates equal the per-exposure path on demo data', () => {
  it('overall_attention, feature_attention, graph2_data (each type, default and coarser grids, off-grid) and kpi_analysis', async () => {
    let compared = 0;
    for (const studyId of studies) {
      const data = await placements(studyId);
      expect(data.length).toBeGreaterThan(0);
      for (const f of await filterSets(studyId)) {
        const [a, b] = await both('POST', `/v1.0/studies/${studyId}/compare_report/overall_attention`, { data, ...f });
        expect(b).toEqual(a);
        expect(a.data.some((r: Json) => r.stim_data.base_size > 0) || Object.keys(f).length > 0).toBe(true);
        const [fa, fb] = await both('POST', `/v1.0/studies/${studyId}/compare_report/feature_attention`, { data, ...f });
        expect(fb).toEqual(fa);
        for (const graph of [
          { graph_type_id: 1 }, { graph_type_id: 2 }, { graph_type_id: 3 },
          { graph_type_id: 1, time_segment: 200, max_time: 3000 }, { graph_type_id: 3, time_segment: 1000, max_time: 15000 },
          { graph_type_id: 1, time_segment: 150, max_time: 4000 }, { graph_type_id: 2, time_segment: 1000, max_time: 90000 },
          { graph_type_id: 1, estimator: 'km' },
        ]) {
          const [ga, gb] = await both('POST', `/v1.0/studies/${studyId}/compare_report/graph2_data`, { data, ...f, ...graph });
          expect(gb).toEqual(ga);
          compared++;
        }
        for (const p of data.slice(0, 3)) {
          const url = `/v1.0/studies/${studyId}/cell/${p.cell_id}/step/${p.step_id}/stimuli/${p.stim_id}/kpi_analysis`;
          const [ka, kb] = await both('POST', url, { ...f });
          expect(kb).toEqual(ka);
          const [ga, gb] = await both('POST', url.replace('kpi_analysis', 'graph2_data'), { ...f, graph_type_id: 1 });
          expect(gb).toEqual(ga);
        }
      }
    }
    expect(compared).toBeGreaterThan(50);
  }, 600_000);

  it('norms of all four types, feature_attention, the AOI metrics and the scanpath (feature_analysis), with filters', async () => {
    let features = 0;
    let aoiViewers = 0;
    let scanpathViewers = 0;
    for (const studyId of studies) {
      const data = await placements(studyId);
      const sets = await filterSets(studyId);
      for (const norm_type_id of [1, 2, 3, 4]) {
        for (const f of [sets[0], sets[1], sets[5]]) {
          const body = { data, ...f, norm_type_id };
          const [a, b] = await both('POST', `/v1.0/studies/${studyId}/compare_report/overall_attention`, body);
          expect(b).toEqual(a);
          const [fa, fb] = await both('POST', `/v1.0/studies/${studyId}/compare_report/feature_attention`, body);
          expect(fb).toEqual(fa);
          for (const r of fa.data) features += Object.values(r.feature_data as Json).filter((x: Json) => x.avg_feature_dwell_time !== null).length;
          for (const p of data.slice(0, 2)) {
            const base = `/v1.0/studies/${studyId}/cell/${p.cell_id}/step/${p.step_id}/stimuli/${p.stim_id}`;
            const [xa, xb] = await both('POST', `${base}/feature_analysis`, { ...f, norm_type_id });
            expect(xb).toEqual(xa);
            aoiViewers += JSON.stringify(xa).length;
            scanpathViewers += xa.scanpath.viewers;
            const [ka, kb] = await both('POST', `${base}/kpi_analysis`, { ...f, norm_type_id });
            expect(kb).toEqual(ka);
            const [ra, rb] = await both('POST', `${base}/report`, { ...f, norm_type_id });
            expect(rb).toEqual(ra);
          }
        }
      }
    }
    // The demo data has features with viewers (the comparison is not of empty answers).
    expect(features).toBeGreaterThan(0);
    expect(aoiViewers).toBeGreaterThan(0);
    expect(scanpathViewers).toBeGreaterThan(0);
  }, 600_000);
});

/** Every report this issue switched, both paths, on every demo study (norms read every study). */
async function expectPathsEqual(normTypes = [1, 3]): Promise<void> {
  for (const studyId of studies) {
    const data = await placements(studyId);
    for (const norm_type_id of normTypes) {
      const [a, b] = await both('POST', `/v1.0/studies/${studyId}/compare_report/overall_attention`, { data, norm_type_id });
      expect(b).toEqual(a);
      const [fa, fb] = await both('POST', `/v1.0/studies/${studyId}/compare_report/feature_attention`, { data, norm_type_id });
      expect(fb).toEqual(fa);
    }
    for (const p of data.slice(0, 2)) {
      const url = `/v1.0/studies/${studyId}/cell/${p.cell_id}/step/${p.step_id}/stimuli/${p.stim_id}/feature_analysis`;
      const [xa, xb] = await both('POST', url, {});
      expect(xb).toEqual(xa);
    }
  }
}

const snapshot = (studyId: number) => aggregateSnapshot(database.db, studyId);

async function fromScratch(studyId: number): Promise<string> {
  const before = await snapshot(studyId);
  await database.db.transaction(async (tx) => rebuildStudyAggregates(tx as unknown as Db, studyId));
  const after = await snapshot(studyId);
  return `${before}\n==\n${after}`;
}

function expectRebuildEqual(both: string) {
  const [before, after] = both.split('\n==\n');
  expect(before.length).toBeGreaterThan(10);
  expect(before).toEqual(after);
}

describe('issue 21 item 1: the aggregates stay equal to a rebuild from scratch', () => {
  it('a new session adds once, a re-delivered session adds nothing', async () => {
    const studyId = studies[0];
    expect(await ensureAggregates(database.db, studyId)).toBe(true);
    const [p] = await q<{ cell_id: number; step_id: number; stim_id: number; w: number | null; h: number | null }>(`
      select st.cell_id, st.id as step_id, s.id as stim_id, s.width as w, s.height as h from step st
        join stim s on s.id = coalesce(st.stim_id, (select min(stim_id) from step_stim where step_id = st.id))
      where st.study_id = ${studyId} order by st.cell_id, st.position limit 1`);
    const gaze: [number, number, number][] = [];
    for (let t = 0; t < 6000; t += 33.3) gaze.push([t, 150 + (t > 2000 ? 0 : 400), 120]);
    const body = {
      study_id: studyId, session_id: 'agg21-redelivered',
      participant: { reference: 'agg21', cell_id: Number(p.cell_id), has_eyetracking: true, calibration_accuracy_px: 20,
        calibration_precision_px: 5, frame_rate: 30, connection_speed_kbps: 50000, status: 'complete', is_test: false },
      steps: [{ step_id: Number(p.step_id), page_dwell_ms: 6000,
        stims: [{ stim_id: Number(p.stim_id), x: 0, y: 0, width: Number(p.w ?? 300), height: Number(p.h ?? 250),
          viewability: [{ start_ms: 0, end_ms: 6000, fraction: 1 }] }], gaze }],
    } as unknown as SessionBody;
    const first = await ingestSession(database.db, body);
    expect(first.duplicate).toBe(false);
    expect(await aggregatesCurrent(database.db, studyId)).toBe(true);
    const once = await snapshot(studyId);
    const again = await ingestSession(database.db, body);
    expect(again.duplicate).toBe(true);
    expect(await snapshot(studyId)).toEqual(once);
    expectRebuildEqual(await fromScratch(studyId));
    await expectPathsEqual();
  }, 300_000);

  it("a new study's first session creates its state: current without a rebuild, equal to one", async () => {
    const f = await buildStudy(database.db);
    const body = oneSession(f, 'agg21-first');
    expect(await q(`select 1 from report_aggregate_state where study_id = ${f.studyId}`)).toEqual([]);
    expect((await ingestSession(database.db, body)).duplicate).toBe(false);
    expect(await aggregatesCurrent(database.db, f.studyId)).toBe(true);
    // The roll-up row and the cell row of the one exposure.
    expect(await q(`select age_group_id, n from report_aggregate where study_id = ${f.studyId} order by age_group_id`))
      .toEqual([{ age_group_id: -1, n: 1 }, { age_group_id: 2, n: 1 }]);
    expectRebuildEqual(await fromScratch(f.studyId));
  }, 300_000);

  it('a step holding counted sessions cannot be removed (issue 35 item 2): its rows and exposures stay, equal to a rebuild', async () => {
    const f = await buildStudy(database.db);
    const body = oneSession(f, 'agg21-step-removed');
    expect((await ingestSession(database.db, body)).duplicate).toBe(false);
    const count = async () => Number((await q<{ n: number }>(`select (select count(*) from report_aggregate where step_id = ${f.cacheStepId})
      + (select count(*) from report_histogram where step_id = ${f.cacheStepId})
      + (select count(*) from report_feature_aggregate where step_id = ${f.cacheStepId})
      + (select count(*) from report_aoi_metric_aggregate where step_id = ${f.cacheStepId})
      + (select count(*) from report_scanpath_aggregate where step_id = ${f.cacheStepId}) as n`))[0].n);
    const rows = await count();
    expect(rows).toBeGreaterThan(2);
    await database.db.execute(sql`update study set allow_step_editing = true where id = ${f.studyId}`);
    await expect(deleteStep(database.db, f.studyId, f.cacheStepId)).rejects.toThrow(/holds data from 1 counted session/);
    expect(await count()).toBe(rows);
    expect((await q(`select 1 from exposure where step_id = ${f.cacheStepId}`)).length).toBeGreaterThan(0);
    const [kept, rebuilt] = (await fromScratch(f.studyId)).split('\n==\n');
    expect(kept).toEqual(rebuilt);
  }, 300_000);

  it('a threshold change makes the rows stale and the next read rebuilds them', async () => {
    const studyId = studies[0];
    await database.db.execute(sql`update study set max_accuracy = 60 where id = ${studyId}`);
    expect(await aggregatesCurrent(database.db, studyId)).toBe(false);
    const data = await placements(studyId);
    const [a, b] = await both('POST', `/v1.0/studies/${studyId}/compare_report/overall_attention`, { data });
    expect(b).toEqual(a);
    expect(await aggregatesCurrent(database.db, studyId)).toBe(true);
    expectRebuildEqual(await fromScratch(studyId));
    await expectPathsEqual([1, 2, 3, 4]);
  }, 300_000);

  it('a recompute with other parameters rebuilds them in its transaction', async () => {
    await recomputeAll(database.db, { algorithm: 'ivt', params: { velocity_px_per_s: 800 } });
    for (const studyId of studies) {
      expect(await aggregatesCurrent(database.db, studyId)).toBe(true);
      expectRebuildEqual(await fromScratch(studyId));
      const data = await placements(studyId);
      const [a, b] = await both('POST', `/v1.0/studies/${studyId}/compare_report/graph2_data`, { data, graph_type_id: 1 });
      expect(b).toEqual(a);
    }
    await expectPathsEqual([1, 2, 3, 4]);
  }, 300_000);

  it('an AOI change makes the rows stale; its recompute rebuilds them, with the reports and norms equal at each stage', async () => {
    const studyId = studies[0];
    const [p] = await placements(studyId);
    // A stim of the study with AOIs: rename one tag in place, drop another, add one over the whole stim.
    const withAois = await q<{ stim_id: number }>(`select distinct a.stim_id from aoi a join exposure e on e.stim_id = a.stim_id
      where e.study_id = ${studyId} order by a.stim_id limit 1`);
    const stimId = Number(withAois[0]?.stim_id ?? p.stim_id);
    const before = await listAois(database.db, stimId);
    expect(before.length).toBeGreaterThan(0);
    expect(await ensureAggregates(database.db, studyId)).toBe(true);
    const [first, ...rest] = before;
    await saveAois(database.db, stimId, [
      { ...first, tag: `${first.tag} renamed` },
      ...rest.slice(1),
      { tag: 'agg21 whole', shape: 'rect', x: 0, y: 0, width: 5000, height: 5000, points: null },
    ]);
    expect(await aggregatesCurrent(database.db, studyId)).toBe(false);
    await expectPathsEqual();
    expectRebuildEqual(await fromScratch(studyId));
    await recomputeStimAois(database.db, stimId, { batchSize: 7 });
    for (const id of studies) expect(await aggregatesCurrent(database.db, id)).toBe(true);
    expectRebuildEqual(await fromScratch(studyId));
    const tags = await q<{ n: number }>(`select count(*)::int as n from report_feature_aggregate where study_id = ${studyId} and tag = 'agg21 whole'`);
    expect(Number(tags[0].n)).toBeGreaterThan(0);
    await expectPathsEqual([1, 2, 3, 4]);
  }, 300_000);

  it('deleting a study\'s participants makes its rows stale; reports and norms stay equal', async () => {
    const studyId = studies[1];
    expect(await ensureAggregates(database.db, studyId)).toBe(true);
    await database.db.transaction(async (tx) => deleteStudyParticipants(tx as unknown as Db, studyId));
    expect(await aggregatesCurrent(database.db, studyId)).toBe(false);
    await expectPathsEqual([1, 2, 3, 4]);
    expect(await aggregatesCurrent(database.db, studyId)).toBe(true);
    expect(await q(`select 1 from report_aggregate where study_id = ${studyId}`)).toEqual([]);
    expect(await q(`select 1 from report_feature_aggregate where study_id = ${studyId}`)).toEqual([]);
    expect(await q(`select 1 from report_aoi_metric_aggregate where study_id = ${studyId}`)).toEqual([]);
    expect(await q(`select 1 from report_scanpath_aggregate where study_id = ${studyId}`)).toEqual([]);
  }, 300_000);
});

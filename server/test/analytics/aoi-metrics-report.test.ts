// Issue 23 items 1 and 3 through the API (PGlite): the feature report answers the AOI metrics,
// their norms and the aggregate scanpath beside the spec's unchanged three, the feature CSV adds
// its columns after the spec's, and an AOI save's recompute job moves the new numbers.
// Known answers from hand-built gaze (times in ms; the MPU 600×500 is drawn at 300×250 at page
// (100, 200), so page px = 100 + x/2, 200 + y/2; in view from 1000 ms, samples from 1200 ms):
//   R0: logo 400 (from 1200), cta 300 (from 1633.3), off the stim 400
//   R1: cta 300 (from 1200), logo 300 (from 1533.3), cta 300 (from 1866.7), off 400
//   R2: the stim's top-right quarter (no AOI yet) 400 (from 1200), off 400
//   R3 saw only the billboard (the base norm's comparison set): its 'LOGO' 400 (from 1200)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { seedReference } from '../../seed/reference.js';
import { ingestSession, type SessionBody } from '../../services/ingest.js';
import { createUser, signIn, authHeaders } from '../fixtures.js';
import { buildStudy, track, type AnalyticsStudy } from './study-fixture.js';
import { until } from '../jobs/helpers.js';
import { aoi } from '../../db/schema/index.js';
import { sql } from 'drizzle-orm';
import { recomputeAll } from '../../services/recompute.js';
import { DEFAULT_ALGORITHM } from '../../analytics/config.js';

let app: FastifyInstance;
let database: Database;
let s: AnalyticsStudy;
let h: Record<string, string>;

const LOGO: [number, number] = [150, 250]; // stim (100, 100)
const CTA: [number, number] = [350, 400]; // stim (500, 400)
const TOP_RIGHT: [number, number] = [325, 250]; // stim (450, 100)
const OFF: [number, number] = [800, 100];

function body(i: number, path: [number, [number, number]][]): SessionBody {
  const { gaze } = track(path.map(([ms, [x, y]]) => [ms, x, y]), { start: 1200, jitter: 3 });
  return {
    study_id: s.studyId, session_id: `aoi-${i}`,
    participant: { reference: `R${i}`, cell_id: s.cellId, has_eyetracking: true, status: 'complete', is_test: false },
    steps: [{
      step_id: s.cacheStepId, page_dwell_ms: 6000, gaze,
      stims: [{ stim_id: s.mpuId, x: 100, y: 200, width: 300, height: 250, viewability: [{ start_ms: 1000, end_ms: 6000, fraction: 1 }] }],
    }],
  };
}

const stimUrl = (suffix: string) => `/v1.0/studies/${s.studyId}/cell/${s.cellId}/step/${s.cacheStepId}/stimuli/${s.mpuId}/${suffix}`;

interface FeatureRow {
  feature_name: string;
  avg_feature_dwell_time: number | null;
  panelist_viewed_percent: number;
  view_order: number | null;
  norm: { norm_size: number };
  aoi_metrics: Record<string, number | null>;
  aoi_norm: Record<string, number | null> & { norm_size: number };
}

async function analysis() {
  // Base norm (3): every display stim with data, here the billboard.
  const res = await app.inject({ method: 'POST', url: stimUrl('feature_analysis'), headers: h, payload: { norm_type_id: 3 } });
  expect(res.statusCode).toBe(200);
  const b = res.json();
  return { ...b, byTag: Object.fromEntries((b.feature_data as FeatureRow[]).map((f) => [f.feature_name, f])) as Record<string, FeatureRow> };
}

beforeAll(async () => {
  ({ app, database } = await testApp());
  await seedReference(database.db);
  s = await buildStudy(database.db);
  h = authHeaders(await signIn(app, (await createUser(database.db, { companyId: s.companyId })).username));
  await ingestSession(database.db, body(0, [[400, LOGO], [300, CTA], [400, OFF]]));
  await ingestSession(database.db, body(1, [[300, CTA], [300, LOGO], [300, CTA], [400, OFF]]));
  await ingestSession(database.db, body(2, [[400, TOP_RIGHT], [400, OFF]]));
  await database.db.insert(aoi).values({ stimId: s.billboardId, tag: 'LOGO', x: 0, y: 0, width: 970, height: 250 });
  const billboard = body(3, [[400, [100, 1500]], [400, OFF]]);
  billboard.steps[0].stims = [{ stim_id: s.billboardId, x: 0, y: 1400, width: 970, height: 250, viewability: [{ start_ms: 1000, end_ms: 6000, fraction: 1 }] }];
  await ingestSession(database.db, billboard);
});
afterAll(async () => { await app.close(); await database.close(); });

describe('issue 23 item 1: AOI metrics in the feature report', () => {
  it('ingestion stores one exposure_feature row per exposure and feature fixated, in the session\'s transaction', async () => {
    const r = await database.db.execute(sql`select p.reference, ef.tag, ef.fixation_count, ef.visits, ef.entry_rank
      from exposure_feature ef join exposure e on e.id = ef.exposure_id join participant p on p.id = e.participant_id
      order by p.reference, ef.entry_rank, ef.tag`);
    expect((r as unknown as { rows: unknown[] }).rows).toEqual([
      { reference: 'R0', tag: 'logo', fixation_count: 1, visits: 1, entry_rank: 1 },
      { reference: 'R0', tag: 'cta', fixation_count: 1, visits: 1, entry_rank: 2 },
      { reference: 'R1', tag: 'cta', fixation_count: 2, visits: 2, entry_rank: 1 },
      { reference: 'R1', tag: 'logo', fixation_count: 1, visits: 1, entry_rank: 2 },
      { reference: 'R3', tag: 'LOGO', fixation_count: 1, visits: 1, entry_rank: 1 },
    ]);
    // A session failing after its step (and its feature rows) was written leaves no feature row behind.
    await expect(ingestSession(database.db, body(9, [[400, LOGO]]), { afterStep: () => { throw new Error('boom'); } })).rejects.toThrow('boom');
    const n = await database.db.execute(sql`select count(*)::int as n from exposure_feature`);
    expect((n as unknown as { rows: { n: number }[] }).rows[0].n).toBe(5);
  });

  it('the spec\'s three stay first and as they were; the AOI metrics are answered beside them (known answer)', async () => {
    const b = await analysis();
    expect(b.feature_data.map((f: FeatureRow) => Object.keys(f).slice(0, 5)))
      .toEqual([0, 1].map(() => ['feature_name', 'avg_feature_dwell_time', 'panelist_viewed_percent', 'view_order', 'norm']));
    // 3 viewers; logo: R0 0.4 s, R1 0.3 s; cta: R0 0.3 s, R1 0.6 s.
    expect(b.byTag.logo).toMatchObject({ avg_feature_dwell_time: 0.35, panelist_viewed_percent: 66.666667, view_order: 1 });
    expect(b.byTag.cta).toMatchObject({ avg_feature_dwell_time: 0.45, panelist_viewed_percent: 66.666667, view_order: 2 });
    expect(b.byTag.logo.aoi_metrics).toEqual({
      time_to_first_fixation: 1.366667, // (1200 + 1533.3) ÷ 2 ms
      time_to_first_fixation_viewable: 0.366667, // (200 + 533.3) ÷ 2 ms after the first viewable moment (1000)
      avg_fixation_count: 1,
      avg_fixation_duration: 0.35, // 700 ms over 2 fixations
      avg_revisits: 0,
      first_fixated_percent: 33.333333, // R0 of 3 viewers
    });
    expect(b.byTag.cta.aoi_metrics).toEqual({
      time_to_first_fixation: 1.416667, // (1633.3 + 1200) ÷ 2
      time_to_first_fixation_viewable: 0.416667,
      avg_fixation_count: 1.5, // 1 + 2 over 2 viewers
      avg_fixation_duration: 0.3, // 900 ms over 3 fixations
      avg_revisits: 0.5, // R1 came back once
      first_fixated_percent: 33.333333, // R1
    });
  });

  it('norms: over the comparison set\'s stims with a feature of the same tag (any case)', async () => {
    const b = await analysis();
    expect(b.byTag.logo.norm.norm_size).toBe(1);
    expect(b.byTag.logo.aoi_norm).toEqual({
      time_to_first_fixation: 1.2, time_to_first_fixation_viewable: 0.2, avg_fixation_count: 1,
      avg_fixation_duration: 0.4, avg_revisits: 0, first_fixated_percent: 100, norm_size: 1,
    });
    expect(b.byTag.cta.aoi_norm).toMatchObject({ norm_size: 0, time_to_first_fixation: null, first_fixated_percent: null });
  });

  it('issue 23 item 3: the aggregate scanpath counts who entered which feature at which position', async () => {
    const b = await analysis();
    expect(b.scanpath).toEqual({
      viewers: 2,
      positions: [{ position: 1, counts: { logo: 1, cta: 1 } }, { position: 2, counts: { logo: 1, cta: 1 } }],
      // The view order (issue 37 item 6): logo's mean first fixation 1.37 s (1.2, 1.53) before cta's 1.42 s (1.63, 1.2).
      typical_order: ['logo', 'cta'],
    });
  });

  it('the feature CSV rows add the AOI metrics after the spec\'s columns', async () => {
    const res = await app.inject({ method: 'POST', url: stimUrl('feature_report'), headers: h, payload: {} });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data[0].participant_data as Record<string, unknown>[];
    expect(Object.keys(rows[0])).toEqual([
      'participant_reference', 'feature_name', 'dwell_time', 'time_to_first_fixation', 'fixation_count',
      'time_to_first_fixation_viewable', 'avg_fixation_duration', 'revisits', 'fixated_first',
    ]);
    const r1cta = rows.find((r) => r.participant_reference === 'R1' && r.feature_name === 'cta')!;
    expect(r1cta).toMatchObject({ fixation_count: 2, revisits: 1, fixated_first: true, avg_fixation_duration: 0.3, time_to_first_fixation_viewable: 0.2 });
    const r0cta = rows.find((r) => r.participant_reference === 'R0' && r.feature_name === 'cta')!;
    expect(r0cta).toMatchObject({ revisits: 0, fixated_first: false });
  });
});

describe('issue 23 item 1: recomputed when the AOIs change (recompute-aois job)', () => {
  it('after a save moves logo to the top-right quarter, the job changes the AOI metrics and the scanpath', async () => {
    const aois = (await app.inject({ method: 'GET', url: `/v1.0/analysis/stimuli/${s.mpuId}`, headers: h })).json().data.aois;
    const res = await app.inject({ method: 'POST', url: `/v1.0/analysis/stimuli/${s.mpuId}`, headers: h, payload: {
      aois: aois.map((a: { tag: string }) => (a.tag === 'logo' ? { ...a, x: 300, y: 0, width: 300, height: 250 } : a)),
    } });
    expect(res.statusCode).toBe(200);
    const id = res.json().job_id;
    await until(`job ${id}`, async () => {
      const j = (await app.inject({ method: 'GET', url: `/v1.0/jobs/${id}`, headers: h })).json().data;
      if (j.state === 'failed') throw new Error(j.error);
      return j.state === 'completed' ? j : undefined;
    });
    const b = await analysis();
    // logo is now R2's alone (from 1200 ms); cta is everybody's first feature that fixated one.
    expect(b.byTag.logo.aoi_metrics).toEqual({
      time_to_first_fixation: 1.2, time_to_first_fixation_viewable: 0.2, avg_fixation_count: 1,
      avg_fixation_duration: 0.4, avg_revisits: 0, first_fixated_percent: 33.333333,
    });
    expect(b.byTag.cta.aoi_metrics.first_fixated_percent).toBe(66.666667);
    expect(b.byTag.cta.aoi_metrics.avg_revisits).toBe(0.5);
    // The order in words is the view order (issue 37 item 6): logo's mean first fixation 1.2 s (R2)
    // before cta's 1.42 s (R0 1.63, R1 1.2); who entered which first is what the positions show.
    expect(b.scanpath).toEqual({ viewers: 3, positions: [{ position: 1, counts: { logo: 1, cta: 2 } }], typical_order: ['logo', 'cta'] });
    expect(b.view_order.features.map((f: { feature_name: string; viewers: number; low_base: boolean }) => [f.feature_name, f.viewers, f.low_base])).toEqual([['logo', 1, true], ['cta', 2, true]]);
  });
});

describe('issue 23 item 1: npm run recompute rebuilds exposure_feature too', () => {
  it('with the same parameters it reproduces the rows exactly', async () => {
    const read = async () => (await database.db.execute(sql`select exposure_id, tag, fixation_count, dwell_ms, first_fixation_ms,
      first_fixation_viewable_ms, visits, entry_rank from exposure_feature order by exposure_id, tag`) as unknown as { rows: unknown[] }).rows;
    const before = await read();
    expect(before.length).toBeGreaterThan(0);
    await recomputeAll(database.db, { algorithm: DEFAULT_ALGORITHM });
    expect(await read()).toEqual(before);
  });
});

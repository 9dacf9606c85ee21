// Honest statistics (issue 15 item 4) over sessions that came through the real ingestion path on
// a real PGlite database: insufficient gaze data leaves the base, video viewability follows
// resolution 25, censoring is stored at ingest and read back as a Kaplan–Meier curve.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { exposure, participant } from '../../db/schema/index.js';
import { ingestSession } from '../../services/ingest.js';
import { tenant, createStudy, addStimStep } from './report-fixtures.js';

let app: FastifyInstance;
let database: Database;
let t: Awaited<ReturnType<typeof tenant>>;
let display: { studyId: number; cellId: number; stepId: number; stimId: number };
let video: { studyId: number; cellId: number; stepId: number; stimId: number };

/** Samples every `every` ms resting at (x, y) from t0 for ms milliseconds. */
function rest(t0: number, ms: number, x: number, y: number, every = 33): number[][] {
  const out: number[][] = [];
  for (let t = t0; t < t0 + ms; t += every) out.push([t, x + ((t / every) % 2), y]);
  return out;
}

const ON_AD = [200, 200] as const; // the ad sits at page (100, 100), 300 × 250
const AWAY = [900, 700] as const;

async function session(ids: typeof display, reference: string, gaze: number[][], viewability: object[], stim: { width: number; height: number } = { width: 300, height: 250 }) {
  await ingestSession(database.db, {
    study_id: ids.studyId, session_id: reference,
    participant: { reference, cell_id: ids.cellId, has_eyetracking: true, status: 'complete', is_test: false },
    steps: [{ step_id: ids.stepId, page_dwell_ms: 6000, stims: [{ stim_id: ids.stimId, x: 100, y: 100, ...stim, viewability }], gaze }],
  } as Parameters<typeof ingestSession>[1]);
}

beforeAll(async () => {
  ({ app, database } = await testApp());
  const db = database.db;
  t = await tenant(db);
  const s = await createStudy(db, { companyId: t.companyId });
  display = { ...s, ...(await addStimStep(db, s.studyId, s.cellId, { companyId: t.companyId, width: 300, height: 250 })) };
  const inView = [{ start_ms: 0, end_ms: 5000, fraction: 1 }];
  // A looks at the ad twice then away; B never; C from 1 s until the page ends (dwell cut short);
  // D sends 5 Hz gaze resting on the ad the whole time: too sparse for any fixation.
  await session(display, 'A', [...rest(500, 500, ...ON_AD), ...rest(1200, 500, ...ON_AD), ...rest(2000, 4000, ...AWAY)], inView);
  await session(display, 'B', rest(0, 6000, ...AWAY), inView);
  // C's ad stays in view to the page end: gaze counts as dwell only while the stim is viewable.
  await session(display, 'C', [...rest(0, 1000, ...AWAY), ...rest(1000, 5000, ...ON_AD)], [{ start_ms: 0, end_ms: 6000, fraction: 1 }]);
  await session(display, 'D', rest(0, 6000, ...ON_AD, 200), inView);

  const v = await createStudy(db, { companyId: t.companyId });
  video = { ...v, ...(await addStimStep(db, v.studyId, v.cellId, { companyId: t.companyId, stimType: 'v', width: 970, height: 250 })) };
  const big = { width: 970, height: 250 };
  // 35 % of a 970 × 250 video for 5 s: the display billboard rule would call it viewable.
  await session(video, 'V1', rest(0, 6000, ...AWAY), [{ start_ms: 0, end_ms: 5000, fraction: 0.35 }], big);
  // fully in view 3.5 s, of which 1 s paused: 2.5 s of playing.
  await session(video, 'V2', rest(0, 6000, ...AWAY), [{ start_ms: 0, end_ms: 1000, fraction: 1, playing: false }, { start_ms: 1000, end_ms: 3500, fraction: 1, playing: true }], big);
  // fully in view 3 s, of which 1.5 s paused: 1.5 s of playing.
  await session(video, 'V3', rest(0, 6000, ...AWAY), [{ start_ms: 0, end_ms: 1500, fraction: 1, playing: false }, { start_ms: 1500, end_ms: 3000, fraction: 1 }], big);
});
afterAll(async () => { await app.close(); await database.close(); });

const ref = (ids: typeof display) => ({ data: [{ cell_id: ids.cellId, step_id: ids.stepId, stim_id: ids.stimId }] });
const compare = (ids: typeof display, suffix: string, extra: object = {}) =>
  app.inject({ method: 'POST', url: `/v1.0/studies/${ids.studyId}/compare_report/${suffix}`, headers: t.headers, payload: { ...ref(ids), ...extra } });
const stimUrl = (ids: typeof display, suffix: string) => `/v1.0/studies/${ids.studyId}/cell/${ids.cellId}/step/${ids.stepId}/stimuli/${ids.stimId}/${suffix}`;

async function stored(reference: string) {
  const [row] = await database.db.select({ e: exposure }).from(exposure).innerJoin(participant, eq(participant.id, exposure.participantId))
    .where(eq(participant.reference, reference));
  return row.e;
}

describe('insufficient gaze data (issue 15 item 4)', () => {
  it('ingest stores the sampling period and flags a 5 Hz exposure as insufficient', async () => {
    expect(await stored('D')).toMatchObject({ eyetracked: true, gazePeriodMs: 200, insufficientGaze: true, viewed: false });
    expect(await stored('A')).toMatchObject({ gazePeriodMs: 33, insufficientGaze: false, viewed: true });
  });

  it('leaves the measured base entirely and is counted beside it: viewed% is 2 of 3, not 2 of 4', async () => {
    const d = (await compare(display, 'overall_attention')).json().data[0];
    expect(d.stim_data.base_size).toBe(3);
    expect(d.stim_data.panelist_viewable_percent).toBe(100);
    expect(d.stim_data.panelist_viewed_percent).toBeCloseTo(200 / 3, 5);
    expect(d.stim_stats).toMatchObject({ base_size: 3, insufficient_gaze: 1 });
    expect(d.stim_stats.panelist_viewed_percent).toMatchObject({ k: 2, n: 3 });
    // attention per 1000 keeps the same base: Σ dwell of the viewers ÷ 3 × 1000
    const [a, c] = [await stored('A'), await stored('C')];
    expect(d.stim_data.attention_per_1000_impressions).toBeCloseTo(((a.dwellMs + c.dwellMs) / 1000 / 3) * 1000, 4);
    // the script share (every exposure, eye-tracked or not) still counts it
    expect(d.stim_stats.panelist_viewable_script_percent).toMatchObject({ k: 4, n: 4 });
  });

  it('the KPI answer carries the same stats, and the participant download marks it outside the base', async () => {
    const kpi = (await app.inject({ method: 'POST', url: stimUrl(display, 'kpi_analysis'), headers: t.headers, payload: {} })).json();
    expect(kpi.stim_stats).toMatchObject({ base_size: 3, insufficient_gaze: 1 });
    expect(kpi.stim_stats.avg_stim_dwell_time.n).toBe(2);
    const rows = (await app.inject({ method: 'POST', url: stimUrl(display, 'participant_report'), headers: t.headers, payload: {} })).json().data;
    expect(Object.fromEntries(rows.map((r: { participant_reference: string; in_base: boolean }) => [r.participant_reference, r.in_base])))
      .toEqual({ A: true, B: true, C: true, D: false });
  });
});

describe('video viewability: 50 % for 2 s of playing, whatever the size (resolution 25)', () => {
  it('a large video 35 % in view is not viewable; only playing seconds count', async () => {
    expect((await stored('V1')).viewable).toBe(false);
    expect(await stored('V2')).toMatchObject({ viewable: true, viewableMs: 2500, firstViewableMs: 1000 });
    expect(await stored('V3')).toMatchObject({ viewable: false, viewableMs: 1500 });
    // the playing flag is kept with the stored intervals (a recompute reads them back)
    expect((await stored('V2')).viewabilityIntervals).toEqual([
      { start_ms: 0, end_ms: 1000, fraction: 1, playing: false }, { start_ms: 1000, end_ms: 3500, fraction: 1, playing: true },
    ]);
    const d = (await compare(video, 'overall_attention')).json().data[0];
    expect(d.stim_stats.panelist_viewable_script_percent).toMatchObject({ k: 1, n: 3 });
  });
});

describe('Kaplan–Meier survival curves with censoring (issue 15 item 4)', () => {
  it('ingest stores whether the viewer was still on the stim when the page ended', async () => {
    expect((await stored('C')).dwellCensored).toBe(true);
    expect((await stored('A')).dwellCensored).toBe(false);
  });

  it("estimator 'km' answers the Kaplan–Meier points, labelled; the spec's empirical curve stays the default", async () => {
    const grid = { graph_type_id: 1, time_segment: 2000, max_time: 6000 };
    const emp = (await compare(display, 'graph2_data', grid)).json();
    expect(emp.estimator).toBe('empirical');
    // viewers A (about 1 s, ended) and C (about 5 s, cut short by the page end)
    expect(emp.data[0].graph_data).toEqual([{ x: 0, y: 100 }, { x: 2, y: 50 }, { x: 4, y: 50 }, { x: 6, y: 0 }]);
    expect(emp.data[0].base_size).toBe(2);
    const km = (await compare(display, 'graph2_data', { ...grid, estimator: 'km' })).json();
    expect(km.estimator).toBe('km');
    expect(km.estimator_label).toMatch(/^Kaplan–Meier/);
    expect(km.data[0]).toMatchObject({ base_size: 2, censored: 1 });
    // C never ended: the curve stays at 50 % instead of reaching 0
    expect(km.data[0].graph_data).toEqual([{ x: 0, y: 100 }, { x: 2, y: 50 }, { x: 4, y: 50 }, { x: 6, y: 50 }]);
    // the per-stim route answers the same
    const one = (await app.inject({ method: 'POST', url: stimUrl(display, 'graph2_data'), headers: t.headers, payload: { ...grid, estimator: 'km' } })).json();
    expect(one.data[0].graph_data).toEqual(km.data[0].graph_data);
  });

  it('an unknown estimator is refused with its field named', async () => {
    const res = await compare(display, 'graph2_data', { estimator: 'nelson-aalen' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('estimator');
  });
});

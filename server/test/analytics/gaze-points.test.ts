// Issue 37 items 3–4: the interactive visual's one read (POST …/stimuli/:stim/gaze_points) and the
// survival curves of a video stim spanning the video's length.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import { stim } from '../../db/schema/index.js';
import { reportTestbed, createStudy, addStimStep, addExposure, addAoi, type Tenant } from './report-fixtures.js';
import { GRID_CELLS, MAX_SLICES, binGaze, gridFor } from '../../analytics/gaze-points.js';

let app: FastifyInstance;
let database: Database;
let db: Db;
let t: Tenant;
let other: Tenant;
type Place = { studyId: number; cellId: number; stepId: number; stimId: number };
let image: Place;
let video: Place;
let long: Place;
let logo: number;

beforeAll(async () => {
  ({ app, database, db, t, other } = await reportTestbed());
  const st = await createStudy(db, { companyId: t.companyId });
  image = { ...st, ...(await addStimStep(db, st.studyId, st.cellId, { companyId: t.companyId, name: 'MPU', width: 300, height: 250 })) };
  logo = await addAoi(db, image.stimId, 'Logo', { x: 0, y: 0, width: 60, height: 40 });
  // Respondent A (age group 1): the stim at (100, 50) on the page, viewable from 1 s.
  await addExposure(db, image, {
    participant: { ageGroupId: 1 }, stimX: 100, stimY: 50, stimWidth: 300, stimHeight: 250, viewable: true, firstViewableMs: 1000,
    viewableMs: 4000, viewed: true, dwellMs: 500,
    fixations: [
      [1500, 200, 110, 60], // t 0.5 s, stim (10, 10): cell (1, 1)
      [3200, 300, 390, 290], // t 2.2 s, stim (290, 240): cell (46, 38)
      [2000, 100, 50, 10], // left of the stim: not binned
    ],
    aois: [{ aoiId: logo, dwellMs: 200, firstFixationMs: 500 }],
  });
  // Respondent B (age group 2): shown at half size at the page's origin, viewable from 0.
  await addExposure(db, image, {
    participant: { ageGroupId: 2 }, stimX: 0, stimY: 0, stimWidth: 150, stimHeight: 125, viewable: true, firstViewableMs: 0,
    viewableMs: 3000, viewed: true, dwellMs: 400,
    fixations: [[700, 400, 5, 5]], // t 0.7 s, stim (10, 10): cell (1, 1)
  });

  const vs = await createStudy(db, { companyId: t.companyId });
  video = { ...vs, ...(await addStimStep(db, vs.studyId, vs.cellId, { companyId: t.companyId, name: 'Pre-roll 15s', stimType: 'v', width: 640, height: 360 })) };
  await db.update(stim).set({ durationMs: 15_000 }).where(eq(stim.id, video.stimId));
  for (const dwell of [4000, 9000, 14_000]) {
    await addExposure(db, video, {
      stimWidth: 640, stimHeight: 360, viewable: true, firstViewableMs: 0, viewableMs: 15_000, viewed: true, dwellMs: dwell, pageDwellMs: 20_000,
      fixations: [[500, 300, 320, 180], [12_500, 300, 600, 20]],
    });
  }

  const ls = await createStudy(db, { companyId: t.companyId });
  long = { ...ls, ...(await addStimStep(db, ls.studyId, ls.cellId, { companyId: t.companyId, width: 970, height: 250 })) };
  await addExposure(db, long, {
    stimWidth: 970, stimHeight: 250, viewable: true, firstViewableMs: 0, viewed: true, dwellMs: 1000,
    fixations: Array.from({ length: 400 }, (_, i) => [i * 1000, 100, (i * 37) % 970, (i * 11) % 250] as [number, number, number, number]),
  });
});
afterAll(async () => { await app.close(); await database.close(); });

const url = (p: Place, part = 'gaze_points') => `/v1.0/studies/${p.studyId}/cell/${p.cellId}/step/${p.stepId}/stimuli/${p.stimId}/${part}`;
const post = (p: Place, payload: object = {}, headers = t.headers, part = 'gaze_points') =>
  app.inject({ method: 'POST', url: url(p, part), headers, payload });

describe('gaze_points', () => {
  it('bins each fixation in stim pixels on the grid, per second of exposure time from the first viewable moment', async () => {
    const r = await post(image);
    expect(r.statusCode).toBe(200);
    const d = r.json();
    expect(d.grid).toEqual({ cols: 48, rows: 40, cell_px: 6.25, sigma_px: 11.715 });
    expect(d).toMatchObject({ stim_id: image.stimId, stim_type: 'image', stim_width: 300, stim_height: 250, duration_ms: null, span_ms: 3000, slice_ms: 1000, base_size: 2, fixation_count: 3 });
    expect(d.slices).toEqual([
      // A's at (10, 10) and B's (page (5, 5) at half size = stim (10, 10)) share cell 1·48 + 1;
      // B's 0.7–1.1 s gives its last 100 ms to the next second, where it does not count again.
      { start_ms: 0, end_ms: 1000, index: [49], duration_ms: [500], count: [2] },
      { start_ms: 1000, end_ms: 2000, index: [49], duration_ms: [100], count: [0] },
      { start_ms: 2000, end_ms: 3000, index: [38 * 48 + 46], duration_ms: [300], count: [1] },
    ]);
    // Two clusters, numbered by when they were looked at.
    expect(d.clusters.map((c: { x: number; y: number; respondents: number; order: number }) => [Math.round(c.x), Math.round(c.y), c.respondents, c.order]))
      .toEqual([[10, 10, 2, 1], [290, 240, 1, 2]]);
    expect(d.aois).toEqual([{
      id: logo, tag: 'Logo', shape: 'rect', x: 0, y: 0, width: 60, height: 40, points: [],
      panelist_viewed_percent: 50, avg_feature_dwell_time: 0.2, view_order: 1, time_to_first_fixation: 0.5, viewers: 1,
    }]);
    expect(d.viewers).toBe(2);
  });

  it('applies the report filters: age group 2 leaves only respondent B', async () => {
    const d = (await post(image, { filters: { age_group_ids: [2] } })).json();
    expect(d.base_size).toBe(1);
    // B's span is one second (its fixation starts at 0.7 s): the whole 400 ms stay in it.
    expect(d.slices[0]).toEqual({ start_ms: 0, end_ms: 1000, index: [49], duration_ms: [400], count: [1] });
    expect(d.slices.flatMap((s: { index: number[] }) => s.index)).toEqual([49]);
    expect(d.aois[0]).toMatchObject({ panelist_viewed_percent: 0, viewers: 0 });
    // The top-level form of the same filter, as every report body accepts it.
    expect((await post(image, { age_group_ids: [1] })).json().base_size).toBe(1);
  });

  it('time window: slice_ms sets the slices (250 ms steps), each fixation in the slice of its start', async () => {
    const d = (await post(image, { slice_ms: 500 })).json();
    expect(d.slice_ms).toBe(500);
    expect(d.slices.map((s: { start_ms: number; end_ms: number; count: number[] }) => [s.start_ms, s.end_ms, s.count.reduce((a, b) => a + b, 0)]))
      .toEqual([[0, 500, 0], [500, 1000, 2], [1000, 1500, 0], [1500, 2000, 0], [2000, 2500, 1], [2500, 3000, 0]]);
    expect((await post(image, { slice_ms: 100 })).statusCode).toBe(400);
  });

  it('is bounded: a 400 s exposure gets at most 120 slices, a grid of at most 48 cells a side, at most 40 clusters', async () => {
    const d = (await post(long, { slice_ms: 250 })).json();
    expect(d.slices.length).toBeLessThanOrEqual(MAX_SLICES);
    expect(d.slice_ms).toBe(3500);
    expect(d.span_ms).toBe(d.slices.length * d.slice_ms);
    expect(d.slices.reduce((a: number, s: { count: number[] }) => a + s.count.reduce((x, y) => x + y, 0), 0)).toBe(400);
    expect(Math.max(d.grid.cols, d.grid.rows)).toBe(GRID_CELLS);
    expect(d.clusters.length).toBeLessThanOrEqual(40);
    expect(JSON.stringify(d).length).toBeLessThan(64 * 1024);
  });

  it('a video spans its length: one slice per second to 15 s, later fixations in the last', async () => {
    const d = (await post(video)).json();
    expect(d).toMatchObject({ stim_type: 'video', duration_ms: 15_000, span_ms: 15_000, slice_ms: 1000, base_size: 3 });
    expect(d.slices).toHaveLength(15);
    expect(d.slices[0].count).toEqual([3]);
    expect(d.slices[12].count).toEqual([3]);
    expect(d.slices[14].end_ms).toBe(15_000);
  });

  it('another company, or a stim outside the study, answers 404', async () => {
    expect((await post(image, {}, other.headers)).statusCode).toBe(404);
    expect((await post({ ...image, stimId: video.stimId })).statusCode).toBe(404);
  });

  it('a fixation lasting several slices gives each its time, and counts once (a respondent resting on a video\'s logo)', () => {
    const b = binGaze([{ stimX: 0, stimY: 0, stimWidth: 320, stimHeight: 180, firstViewableMs: 0, fixations: [{ startMs: 400, durationMs: 7300, x: 80, y: 90 }] }],
      { width: 320, height: 180 }, { videoMs: 8000 });
    expect(b.slices.map((s) => [s.start_ms, s.duration_ms.reduce((a, v) => a + v, 0), s.count.reduce((a, v) => a + v, 0)])).toEqual([
      [0, 600, 1], [1000, 1000, 0], [2000, 1000, 0], [3000, 1000, 0], [4000, 1000, 0], [5000, 1000, 0], [6000, 1000, 0], [7000, 700, 0],
    ]);
    // Past the video's end: the rest goes to its last second.
    const late = binGaze([{ stimX: 0, stimY: 0, stimWidth: 320, stimHeight: 180, firstViewableMs: 0, fixations: [{ startMs: 7500, durationMs: 1500, x: 80, y: 90 }] }],
      { width: 320, height: 180 }, { videoMs: 8000 });
    expect(late.slices[7]).toMatchObject({ duration_ms: [1500], count: [1] });
  });

  it('binGaze alone: no fixations gives one empty slice and no clusters', () => {
    const b = binGaze([], { width: 100, height: 50 });
    expect(b).toMatchObject({ span_ms: 1000, slice_ms: 1000, base_size: 0, fixation_count: 0, clusters: [] });
    expect(b.slices).toEqual([{ start_ms: 0, end_ms: 1000, index: [], duration_ms: [], count: [] }]);
    // A stim of no known size is drawn as a 1 px square: a finite grid, no division by zero, no 5xx.
    expect(gridFor(0, 0)).toMatchObject({ cols: 48, rows: 48 });
    expect(binGaze([], { width: 0, height: 0 }).grid.cols).toBe(48);
  });
});

describe('survival curves of a video stim (issue 37 item 4)', () => {
  const lastX = (d: { data: { graph_data: { x: number }[] }[] }) => d.data[0].graph_data.at(-1)!.x;

  it("the dwell and viewable curves run to the video's 15 s although the client asks for 5 s and 15 s", async () => {
    const dwell = (await post(video, { graph_type_id: 1, time_segment: 100, max_time: 5000 }, t.headers, 'graph2_data')).json();
    expect(dwell.max_time).toBe(15_000);
    expect(lastX(dwell)).toBe(15);
    // 9 s and 14 s of the three viewers' dwell are past 5 s: the curve shows them leave.
    const at = (x: number) => dwell.data[0].graph_data.find((p: { x: number }) => p.x === x).y;
    expect([at(5), at(10), at(14.5)].map(Math.round)).toEqual([67, 33, 0]);
    const viewable = (await post(video, { graph_type_id: 3, time_segment: 500, max_time: 15_000 }, t.headers, 'graph2_data')).json();
    expect(lastX(viewable)).toBe(15);
    // Page dwell is the page's own time: unchanged.
    expect((await post(video, { graph_type_id: 2 }, t.headers, 'graph2_data')).json().max_time).toBe(60_000);
  });

  it('an image stim keeps the asked 5 s, the compare report spans its longest video', async () => {
    expect(lastX((await post(image, { graph_type_id: 1, time_segment: 100, max_time: 5000 }, t.headers, 'graph2_data')).json())).toBe(5);
    const r = await app.inject({
      method: 'POST', url: `/v1.0/studies/${video.studyId}/compare_report/graph2_data`, headers: t.headers,
      payload: { data: [{ cell_id: video.cellId, step_id: video.stepId, stim_id: video.stimId }], graph_type_id: 1, time_segment: 100, max_time: 5000 },
    });
    expect(r.json().max_time).toBe(15_000);
  });
});


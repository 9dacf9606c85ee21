// Gaze replay (issue 23 item 2; contract/replay.ts): the respondent list of a placed stim (the
// report's demographic filters, test sessions marked) and one respondent's stored fixations,
// samples and viewable intervals in stim pixels; tenancy like every report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { exposure, exposureGaze } from '../../db/schema/index.js';
import { packFloat32 } from '../../analytics/pack.js';
import { reportTestbed, type Tenant, createStudy, addStimStep, addExposure, addAoi } from '../analytics/report-fixtures.js';

let app: FastifyInstance;
let database: Database;
let t: Tenant;
let other: Tenant;
let studyId: number;
let cellId: number;
let stepId: number;
let stimId: number;
let viewer: number;
let testSession: number;
let foreignStudy: { studyId: number; cellId: number; stepId: number; stimId: number; participantId: number };

// The stim (natural 600×500) was shown at 300×250 at page (100, 200): page → stim is (p − offset) × 2.
const FIXATIONS: [number, number, number, number][] = [[1000, 250, 150, 230], [1400, 400, 350, 400]];
const SAMPLES = [[0, 120, 210], [33.3, 150, 230], [66.6, 151.5, 231.25], [1400, 350, 400]];
const INTERVALS = [{ start_ms: 500, end_ms: 6000, fraction: 1 }, { start_ms: 7000, end_ms: 9000, fraction: 0.6 }];

const base = (s = studyId, c = cellId, st = stepId, sm = stimId) => `/v1.0/studies/${s}/cell/${c}/step/${st}/stimuli/${sm}/replay`;

beforeAll(async () => {
  const bed = await reportTestbed();
  ({ app, database, t, other } = bed);
  const db = bed.db;
  ({ studyId, cellId } = await createStudy(db, { companyId: t.companyId }));
  ({ stepId, stimId } = await addStimStep(db, studyId, cellId, { companyId: t.companyId, name: 'Replay MPU', width: 600, height: 500 }));
  await addAoi(db, stimId, 'Logo', { x: 0, y: 0, width: 300, height: 250 });
  const where = { studyId, cellId, stepId, stimId };
  const shown = { stimX: 100, stimY: 200, stimWidth: 300, stimHeight: 250 };
  ({ participantId: viewer } = await addExposure(db, where, {
    participant: { reference: 'viewer-1', ageGroupId: 1 }, ...shown, pageDwellMs: 10_000, viewable: true, viewableMs: 7500, viewed: true,
    dwellMs: 650, timeToFirstViewMs: 500, fixations: FIXATIONS,
  }));
  const [e] = await db.select({ id: exposure.id }).from(exposure).where(eq(exposure.participantId, viewer));
  await db.update(exposure).set({ viewabilityIntervals: INTERVALS }).where(eq(exposure.id, e.id));
  await db.update(exposureGaze).set({ samples: packFloat32(SAMPLES.flat()), sampleCount: SAMPLES.length }).where(eq(exposureGaze.exposureId, e.id));
  await addExposure(db, where, { participant: { reference: 'older-1', ageGroupId: 2 }, ...shown });
  ({ participantId: testSession } = await addExposure(db, where, { participant: { reference: 'tester', isTest: true, ageGroupId: 1 }, ...shown }));
  await addExposure(db, where, { participant: { reference: 'no-gaze', hasEyetracking: false, ageGroupId: 1 }, ...shown });

  // Another company's study with a respondent of its own.
  const f = await createStudy(db, { companyId: other.companyId });
  const fs = await addStimStep(db, f.studyId, f.cellId, { companyId: other.companyId });
  const fe = await addExposure(db, { ...f, ...fs }, { fixations: [[0, 100, 10, 10]] });
  foreignStudy = { ...f, ...fs, participantId: fe.participantId };
});
afterAll(async () => { await app.close(); await database.close(); });

describe('replay respondents', () => {
  it('lists every respondent of the stim, real ones first, test sessions marked, with the stim and its AOIs', async () => {
    const res = await app.inject({ method: 'POST', url: base(), headers: t.headers, payload: {} });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.data.map((r: { reference: string }) => r.reference)).toEqual(['viewer-1', 'older-1', 'no-gaze', 'tester']);
    const tester = body.data.find((r: { participant_id: number }) => r.participant_id === testSession);
    expect(tester.is_test).toBe(true);
    expect(tester.measured).toBe(false);
    expect(body.data[0]).toMatchObject({ participant_id: viewer, is_test: false, measured: true, viewable: true, viewed: true, fixation_count: 2 });
    expect(body.stim).toMatchObject({ stim_id: stimId, cell_id: cellId, step_id: stepId, name: 'Replay MPU', kind: 'image', width: 600, height: 500 });
    expect(body.stim.aois).toEqual([expect.objectContaining({ tag: 'Logo', shape: 'rect', x: 0, y: 0, width: 300, height: 250 })]);
  });

  it("respects the report's demographic filters, grouped or at the top level", async () => {
    const grouped = (await app.inject({ method: 'POST', url: base(), headers: t.headers, payload: { filters: { age_group_ids: [1] } } })).json();
    expect(grouped.data.map((r: { reference: string }) => r.reference)).toEqual(['viewer-1', 'no-gaze', 'tester']);
    const top = (await app.inject({ method: 'POST', url: base(), headers: t.headers, payload: { age_group_ids: [2] } })).json();
    expect(top.data.map((r: { reference: string }) => r.reference)).toEqual(['older-1']);
    expect(top.total).toBe(1);
  });

  it('searches references and limits the list (total counts them all)', async () => {
    const found = (await app.inject({ method: 'POST', url: base(), headers: t.headers, payload: { search: 'TEST' } })).json();
    expect(found.data.map((r: { reference: string }) => r.reference)).toEqual(['tester']);
    const wild = (await app.inject({ method: 'POST', url: base(), headers: t.headers, payload: { search: '%' } })).json();
    expect(wild.total).toBe(0);
    const limited = (await app.inject({ method: 'POST', url: base(), headers: t.headers, payload: { limit: 1 } })).json();
    expect(limited.data).toHaveLength(1);
    expect(limited.total).toBe(4);
    const tracked = (await app.inject({ method: 'POST', url: base(), headers: t.headers, payload: { limit_to_eyetracking: true } })).json();
    expect(tracked.data.map((r: { reference: string }) => r.reference)).not.toContain('no-gaze');
  });

  it('accepts no body, refuses unknown fields and bad values (400)', async () => {
    expect((await app.inject({ method: 'POST', url: base(), headers: t.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: base(), headers: t.headers, payload: { nope: 1 } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: base(), headers: t.headers, payload: { limit: 0 } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: base(), headers: t.headers, payload: { limit: 501 } })).statusCode).toBe(400);
  });
});

describe('one respondent replay', () => {
  it('answers the stored fixations, samples and viewable intervals in stim pixels on the page clock', async () => {
    const res = await app.inject({ method: 'GET', url: `${base()}/${viewer}`, headers: t.headers });
    expect(res.statusCode).toBe(200);
    const { data, stim } = res.json();
    expect(stim.stim_id).toBe(stimId);
    expect(data).toMatchObject({
      participant_id: viewer, reference: 'viewer-1', duration_ms: 10_000, page_dwell_ms: 10_000, time_to_first_view_ms: 500,
      stim_rect: { x: 100, y: 200, width: 300, height: 250 }, sample_count: 4,
    });
    // (page − offset) × 2: the stim was shown at half its natural size.
    expect(data.fixations).toEqual([
      { start_ms: 1000, duration_ms: 250, x: 100, y: 60 },
      { start_ms: 1400, duration_ms: 400, x: 500, y: 400 },
    ]);
    expect(data.samples).toEqual([[0, 40, 20], [33.3, 100, 60], [66.6, 103, 62.5], [1400, 500, 400]]);
    expect(data.viewability).toEqual(INTERVALS);
  });

  it('answers an exposure without stored gaze with empty tracks', async () => {
    const list = (await app.inject({ method: 'POST', url: base(), headers: t.headers, payload: { search: 'no-gaze' } })).json();
    const res = await app.inject({ method: 'GET', url: `${base()}/${list.data[0].participant_id}`, headers: t.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ fixations: [], samples: [], sample_count: 0, has_eyetracking: false });
  });

  it('a test session replays too, marked', async () => {
    const res = await app.inject({ method: 'GET', url: `${base()}/${testSession}`, headers: t.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.is_test).toBe(true);
  });
});

describe('replay tenancy', () => {
  it("404 for another company's study, its stim and its respondent", async () => {
    const f = foreignStudy;
    expect((await app.inject({ method: 'POST', url: base(f.studyId, f.cellId, f.stepId, f.stimId), headers: t.headers, payload: {} })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `${base(f.studyId, f.cellId, f.stepId, f.stimId)}/${f.participantId}`, headers: t.headers })).statusCode).toBe(404);
    // Its owner reads it.
    expect((await app.inject({ method: 'GET', url: `${base(f.studyId, f.cellId, f.stepId, f.stimId)}/${f.participantId}`, headers: other.headers })).statusCode).toBe(200);
  });

  it("404 for a participant of another study, and for a stim not placed on that step", async () => {
    expect((await app.inject({ method: 'GET', url: `${base()}/${foreignStudy.participantId}`, headers: t.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `${base()}/${viewer}`, headers: other.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: base(studyId, cellId, stepId, foreignStudy.stimId), headers: t.headers, payload: {} })).statusCode).toBe(404);
  });

  it('401 without a token; malformed ids are 400', async () => {
    expect((await app.inject({ method: 'POST', url: base(), payload: {} })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `${base()}/0x2b`, headers: t.headers })).statusCode).toBe(400);
  });
});

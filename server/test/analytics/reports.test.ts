// Attention metrics end to end through POST /v1.0/studies/{id}/compare_report/overall_attention
// and the per-stim KPI endpoints, on exposures with known summary values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { computeMetrics, EMPTY_AGGREGATE } from '../../analytics/metrics.js';
import {
  reportTestbed, type Tenant, createStudy, addStimStep, addExposure, addPageStep, createStim,
} from './report-fixtures.js';

let app: FastifyInstance;
let database: Database;
let t: Tenant;
let other: Tenant;
let studyId: number;
let cellId: number;
let stepId: number;
let stimId: number;

const url = (id: number, suffix: string) => `/v1.0/studies/${id}/${suffix}`;

beforeAll(async () => {
  const bed = await reportTestbed();
  ({ app, database, t, other } = bed);
  const db = bed.db;
  ({ studyId, cellId } = await createStudy(db, { companyId: t.companyId }));
  ({ stepId, stimId } = await addStimStep(db, studyId, cellId, { companyId: t.companyId, name: 'Known MPU' }));
  const where = { studyId, cellId, stepId, stimId };
  // 10 measured exposures: 8 viewable (5 s each), 4 of them viewed with dwell 1, 2, 3, 4 s and
  // time to first view 0.2, 0.4, 0.6, 0.8 s; page dwell 10 s each. Ages: first 5 → group 1, rest → 2.
  for (let i = 0; i < 10; i++) {
    const viewable = i < 8;
    const viewed = i < 4;
    await addExposure(database.db, where, {
      participant: { ageGroupId: i < 5 ? 1 : 2, genderGroupId: i % 2 === 0 ? 1 : 2 },
      pageDwellMs: 10_000, viewable, viewableMs: viewable ? 5000 : 0, viewed,
      dwellMs: viewed ? (i + 1) * 1000 : 0, timeToFirstViewMs: viewed ? (i + 1) * 200 : null,
    });
  }
  // Not eye-tracked: count only in the script denominator (one of the two is viewable).
  await addExposure(db, where, { participant: { hasEyetracking: false }, viewable: true, viewableMs: 3000 });
  await addExposure(db, where, { participant: { hasEyetracking: false }, viewable: false });
  // Excluded everywhere: a test participant and a screen-out, both "perfect".
  const perfect = { viewable: true, viewableMs: 9000, viewed: true, dwellMs: 9000, timeToFirstViewMs: 100 };
  await addExposure(db, where, { participant: { isTest: true }, ...perfect });
  await addExposure(db, where, { participant: { status: 'screenout' }, ...perfect });
});
afterAll(async () => { await app.close(); await database.close(); });

async function attention(body: Record<string, unknown>, headers: Record<string, string> = t.headers, id = studyId) {
  return app.inject({ method: 'POST', url: url(id, 'compare_report/overall_attention'), headers, payload: body });
}
const one = () => ({ data: [{ cell_id: cellId, step_id: stepId, stim_id: stimId }] });

describe('attention metrics (D3-209, D3-217)', () => {
  it('D3-209 known answer: 10 exposures, 8 viewable, 4 viewed, dwells 1–4 s', async () => {
    const res = await attention(one());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.current_norm_type).toBe(1);
    expect(body.norm_types).toEqual({ 1: 'Brand Norm', 2: 'Brand Category Norm', 3: 'Base Norm', 4: 'Ad Category Norm' });
    const d = body.data[0];
    expect(d).toMatchObject({ stim_name: 'Known MPU', stim_id: stimId, cell_id: cellId, step_id: stepId });
    expect(d.stim_data).toEqual({
      base_size: 10,
      panelist_viewable_script_percent: 75, // 9 viewable of 12 exposures (10 measured + 2 without eye tracking)
      avg_page_dwell_time: 10,
      panelist_viewable_percent: 80,
      avg_stim_viewable_time: 5,
      panelist_viewed_percent: 50,
      avg_stim_dwell_time: 2.5,
      attention_per_1000_impressions: 1000,
      avg_time_to_first_view: 0.5,
      percent_viewable: 40, // 8 × (5 s / 10 s) / 10
      avg_viewed_time: 1.25, // 10 s of dwell over 8 viewable exposures
    });
  });

  it('D3-217 attention per 1000 impressions equals the product of its factors', async () => {
    const d = (await attention(one())).json().data[0].stim_data;
    expect(d.attention_per_1000_impressions).toBeCloseTo(
      (d.panelist_viewable_percent / 100) * (d.panelist_viewed_percent / 100) * d.avg_stim_dwell_time * 1000, 9);
    // and it is total dwell seconds per 1000 measured impressions
    expect(d.attention_per_1000_impressions).toBeCloseTo(((1 + 2 + 3 + 4) / 10) * 1000, 9);
  });

  it('an empty base gives zeros and nulls, never a division error', () => {
    const m = computeMetrics(EMPTY_AGGREGATE);
    expect(m).toMatchObject({
      base_size: 0, panelist_viewable_percent: 0, panelist_viewed_percent: 0, attention_per_1000_impressions: 0,
      avg_stim_dwell_time: null, avg_page_dwell_time: null, avg_time_to_first_view: null, panelist_viewable_script_percent: 0,
    });
  });

  it('D3-205 demographic filters narrow the base (grouped or top level; OR within a kind, AND across)', async () => {
    const grouped = (await attention({ ...one(), filters: { age_group_ids: [1] } })).json().data[0].stim_data;
    // ages 1: exposures 0–4 → 5 measured, 5 viewable, 4 viewed
    expect(grouped).toMatchObject({ base_size: 5, panelist_viewable_percent: 100, panelist_viewed_percent: 80, avg_stim_dwell_time: 2.5 });
    const top = (await attention({ ...one(), age_group_ids: [1] })).json().data[0].stim_data;
    expect(top).toEqual(grouped);
    const both = (await attention({ ...one(), filters: { age_group_ids: [1, 2] } })).json().data[0].stim_data;
    expect(both.base_size).toBe(10);
    const across = (await attention({ ...one(), filters: { age_group_ids: [1], genders_group_ids: [1] } })).json().data[0].stim_data;
    expect(across.base_size).toBe(3); // exposures 0, 2, 4
  });

  it('D3-207 validates norm_type_id and the stim list', async () => {
    expect((await attention({ ...one(), norm_type_id: 7 })).statusCode).toBe(400);
    const empty = await attention({ data: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please select at least one stim');
    expect((await attention({ data: [{ cell_id: 'x', step_id: 1, stim_id: 1 }] })).statusCode).toBe(400);
  });
});

describe('quality thresholds and tenancy', () => {
  it('participants outside the study quality thresholds are excluded from E', async () => {
    const db = database.db;
    const q = await createStudy(db, { companyId: t.companyId, maxAccuracy: 100, minDwellMs: 2000 });
    const s = await addStimStep(db, q.studyId, q.cellId, { companyId: t.companyId });
    const where = { studyId: q.studyId, cellId: q.cellId, ...s };
    const good = { viewable: true, viewableMs: 4000, viewed: true, dwellMs: 2000, timeToFirstViewMs: 100 };
    await addExposure(db, where, { participant: { calibrationAccuracyPx: 50 }, ...good });
    await addExposure(db, where, { participant: { calibrationAccuracyPx: 150 }, ...good, dwellMs: 8000 }); // too inaccurate
    await addExposure(db, where, { participant: { calibrationAccuracyPx: null }, ...good, dwellMs: 8000 }); // unknown accuracy
    await addExposure(db, where, { participant: { calibrationAccuracyPx: 20 }, ...good, pageDwellMs: 1000, dwellMs: 8000 }); // too short
    const res = await attention({ data: [{ cell_id: q.cellId, step_id: s.stepId, stim_id: s.stimId }] }, t.headers, q.studyId);
    expect(res.json().data[0].stim_data).toMatchObject({ base_size: 1, avg_stim_dwell_time: 2 });
  });

  it("another company's study answers 404, and so does a stim not in the study", async () => {
    expect((await attention(one(), other.headers)).statusCode).toBe(404);
    const stray = await createStim(database.db, { companyId: t.companyId });
    expect((await attention({ data: [{ cell_id: cellId, step_id: stepId, stim_id: stray }] })).statusCode).toBe(404);
    expect((await attention({ data: [{ cell_id: cellId + 999, step_id: stepId, stim_id: stimId }] })).statusCode).toBe(404);
    const kpi = await app.inject({ method: 'POST', url: url(studyId, `cell/${cellId}/step/${stepId}/stimuli/${stimId}/kpi_analysis`), headers: other.headers, payload: {} });
    expect(kpi.statusCode).toBe(404);
    expect((await attention(one(), {})).statusCode).toBe(401);
  });
});

describe('per-stim KPI report and downloads (D3-235, D3-237)', () => {
  const stimUrl = (suffix: string) => url(studyId, `cell/${cellId}/step/${stepId}/stimuli/${stimId}/${suffix}`);

  it('D3-237 kpi_analysis answers stim data, norm data and signed visual sources', async () => {
    const res = await app.inject({ method: 'POST', url: stimUrl('kpi_analysis'), headers: t.headers, payload: {} });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({ stim_name: 'Known MPU', stim_type: 'image', stim_width: 300, stim_height: 250, current_norm_type: 1 });
    expect(b.stim_data.attention_per_1000_impressions).toBe(1000);
    expect(b.norm_data).toHaveProperty('norm_size');
    for (const k of ['heatmap_source', 'analysis_source', 'feature_analysis_source', 'view_order_source']) {
      expect(b[k]).toMatch(/^\/visuals\/\d+\/\d+\/\d+\/\w+\.png\?expires=\d+&sig=/);
    }
    // the body is optional
    const bare = await app.inject({ method: 'POST', url: stimUrl('kpi_analysis'), headers: t.headers });
    expect(bare.statusCode).toBe(200);
  });

  it('D3-272 stim data and participant downloads answer the rows as the body data (what the legacy client maps)', async () => {
    const rep = (await app.inject({ method: 'POST', url: stimUrl('report'), headers: t.headers, payload: {} })).json();
    expect(rep.data).toHaveLength(10);
    expect(rep.data.find((r: { metric: string }) => r.metric === 'avg_stim_dwell_time')).toMatchObject({ actual: 2.5, stim_name: 'Known MPU' });
    const part = (await app.inject({ method: 'POST', url: stimUrl('participant_report'), headers: t.headers, payload: {} })).json();
    // 12 real complete exposures (test and screen-out excluded); 10 in the base
    expect(part.data).toHaveLength(12);
    expect(part.data.filter((r: { in_base: boolean }) => r.in_base)).toHaveLength(10);
    expect(part.data[0]).toHaveProperty('participant_reference');
    expect(part.data[0]).toHaveProperty('age_group');
    const et = (await app.inject({ method: 'POST', url: stimUrl('participant_report'), headers: t.headers, payload: { limit_to_eyetracking: true } })).json();
    expect(et.data).toHaveLength(10);
    const aged = (await app.inject({ method: 'POST', url: stimUrl('participant_report'), headers: t.headers, payload: { filters: { age_group_ids: [1] } } })).json();
    expect(aged.data).toHaveLength(5);
    expect(aged.data.every((r: { age_group: string }) => r.age_group === '18-24')).toBe(true);
  });
});

describe('stim tree (D3-181)', () => {
  it('D3-181 lists cells, steps and stims of stim and page steps with signed sources', async () => {
    const db = database.db;
    const a = await createStim(db, { companyId: t.companyId, name: 'Page ad A', source: 'stims/a.png' });
    const b = await createStim(db, { companyId: t.companyId, name: 'Page ad B', source: 'https://cdn.example.com/b.png' });
    const pageStep = await addPageStep(db, studyId, cellId, [a, b]);
    const res = await app.inject({ method: 'POST', url: url(studyId, 'stims/overview'), headers: t.headers, payload: {} });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.has_survey).toBe(false);
    expect(body.data).toHaveLength(1);
    expect(body.data[0].cell_id).toBe(cellId);
    const steps = body.data[0].step_list;
    expect(steps.map((s: { step_id: number }) => s.step_id)).toEqual([stepId, pageStep]);
    expect(steps[1].stimulus_list.map((s: { stimulus_name: string }) => s.stimulus_name)).toEqual(['Page ad A', 'Page ad B']);
    expect(steps[1].stimulus_list[0].stimulus_source).toMatch(/^\/files\/stims\/a\.png\?expires=\d+&sig=/);
    expect(steps[1].stimulus_list[1].stimulus_source).toBe('https://cdn.example.com/b.png');
    expect(Object.keys(steps[0].stimulus_list[0]).sort()).toEqual(
      ['stimulus_id', 'stimulus_name', 'stimulus_source', 'stimulus_source_alternate', 'stimulus_type']);
    expect((await app.inject({ method: 'POST', url: url(studyId, 'stims/overview'), headers: other.headers, payload: {} })).statusCode).toBe(404);
  });
});

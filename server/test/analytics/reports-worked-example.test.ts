// Reproduces the worked example of docs/metrics.md ("Worked example") number for number.
// If a definition changes, this test and the document must change together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { seedReference } from '../../seed/reference.js';
import { tenant, createStudy, addStimStep, addExposure, addAoi, brandId } from './report-fixtures.js';

let app: FastifyInstance;
let database: Database;
let t: Awaited<ReturnType<typeof tenant>>;
let ids: { studyId: number; cellId: number; stepId: number; stimId: number };
const s = (sec: number) => sec * 1000;

beforeAll(async () => {
  ({ app, database } = await testApp());
  const db = database.db;
  await seedReference(db);
  t = await tenant(db);
  const brand = await brandId(db, 'Fizzwell');
  const st = await createStudy(db, { companyId: t.companyId });
  ids = { ...st, ...(await addStimStep(db, st.studyId, st.cellId, { companyId: t.companyId, name: 'Example MPU', brandId: brand })) };
  const logo = await addAoi(db, ids.stimId, 'Logo', { x: 10, y: 10, width: 80, height: 40 });
  const headline = await addAoi(db, ids.stimId, 'Headline', { x: 10, y: 60, width: 280, height: 50 });
  // The table of the worked example, row by row.
  await addExposure(db, ids, { participant: { reference: 'A' }, pageDwellMs: s(8), viewable: true, viewableMs: s(4), viewed: true, dwellMs: s(2), timeToFirstViewMs: s(0.4),
    aois: [{ aoiId: logo, dwellMs: s(0.6), firstFixationMs: s(0.5) }, { aoiId: headline, dwellMs: s(1), firstFixationMs: s(1) }] });
  await addExposure(db, ids, { participant: { reference: 'B' }, pageDwellMs: s(6), viewable: true, viewableMs: s(6), viewed: true, dwellMs: s(1), timeToFirstViewMs: s(0.8),
    aois: [{ aoiId: logo, dwellMs: s(0.4), firstFixationMs: s(1.2) }] });
  await addExposure(db, ids, { participant: { reference: 'C' }, pageDwellMs: s(10), viewable: true, viewableMs: s(2) });
  await addExposure(db, ids, { participant: { reference: 'D' }, pageDwellMs: s(4), viewable: false });
  await addExposure(db, ids, { participant: { reference: 'E' }, pageDwellMs: s(12), viewable: true, viewableMs: s(6), viewed: true, dwellMs: s(3), timeToFirstViewMs: s(1.2),
    aois: [{ aoiId: headline, dwellMs: s(2), firstFixationMs: s(0.9) }] });
  await addExposure(db, ids, { participant: { reference: 'F', hasEyetracking: false }, pageDwellMs: s(5), viewable: true, viewableMs: s(3) });
  await addExposure(db, ids, { participant: { reference: 'G', hasEyetracking: false }, pageDwellMs: s(5), viewable: false });
  await addExposure(db, ids, { participant: { reference: 'H', isTest: true }, pageDwellMs: s(9), viewable: true, viewableMs: s(9), viewed: true, dwellMs: s(9), timeToFirstViewMs: 0 });
  // Two other Fizzwell stims (the brand norm): one viewer each, dwell 1.5 s and 2.5 s.
  for (const dwell of [1.5, 2.5]) {
    const o = await createStudy(db, { companyId: t.companyId });
    const w = { ...o, ...(await addStimStep(db, o.studyId, o.cellId, { companyId: t.companyId, brandId: brand })) };
    await addExposure(db, w, { pageDwellMs: s(10), viewable: true, viewableMs: s(5), viewed: true, dwellMs: s(dwell), timeToFirstViewMs: s(1) });
  }
});
afterAll(async () => { await app.close(); await database.close(); });

const data = () => ({ data: [{ cell_id: ids.cellId, step_id: ids.stepId, stim_id: ids.stimId }] });
const call = (suffix: string, payload: object) =>
  app.inject({ method: 'POST', url: `/v1.0/studies/${ids.studyId}/compare_report/${suffix}`, headers: t.headers, payload });

describe('docs/metrics.md worked example', () => {
  it('metrics', async () => {
    const d = (await call('overall_attention', data())).json().data[0];
    expect(d.stim_data).toEqual({
      base_size: 5,
      panelist_viewable_script_percent: 71.428571,
      avg_page_dwell_time: 8,
      panelist_viewable_percent: 80,
      avg_stim_viewable_time: 4.5,
      panelist_viewed_percent: 75,
      avg_stim_dwell_time: 2,
      attention_per_1000_impressions: 1200,
      avg_time_to_first_view: 0.8,
      percent_viewable: 44,
      avg_viewed_time: 1.5,
    });
    expect(d.norm_data).toMatchObject({ norm_size: 2, avg_stim_dwell_time: 2, panelist_viewable_percent: 100, panelist_viewed_percent: 100 });
  });

  it('issue 15: 95 % Wilson intervals beside the percentages, each with its own base', async () => {
    const st = (await call('overall_attention', data())).json().data[0].stim_stats;
    expect(st.base_size).toBe(5);
    // 4 of 5 viewable: [37.55, 96.38]; 3 of the 4 viewable viewed: [30.06, 95.44]; 5 of 7 exposures.
    expect(st.panelist_viewable_percent).toMatchObject({ k: 4, n: 5 });
    expect(st.panelist_viewable_percent.low).toBeCloseTo(37.55, 1);
    expect(st.panelist_viewable_percent.high).toBeCloseTo(96.38, 1);
    expect(st.panelist_viewed_percent).toMatchObject({ k: 3, n: 4 });
    expect(st.panelist_viewed_percent.low).toBeCloseTo(30.06, 1);
    expect(st.panelist_viewed_percent.high).toBeCloseTo(95.44, 1);
    expect(st.panelist_viewable_script_percent).toMatchObject({ k: 5, n: 7 });
  });

  it('issue 15: a standard error and a base n beside every mean, none dropped for insufficient gaze', async () => {
    const st = (await call('overall_attention', data())).json().data[0].stim_stats;
    expect(st.insufficient_gaze).toBe(0);
    // dwell 2, 1, 3 s → SD 1, SE 1/√3; page dwell 8, 6, 10, 4, 12 s → SE √2; APM: 2000, 1000, 0, 0, 3000 over E
    expect(st.avg_stim_dwell_time).toEqual({ se: 0.57735, n: 3 });
    expect(st.avg_page_dwell_time).toEqual({ se: 1.414214, n: 5 });
    expect(st.avg_stim_viewable_time).toEqual({ se: 0.957427, n: 4 });
    expect(st.avg_time_to_first_view).toEqual({ se: 0.23094, n: 3 });
    expect(st.percent_viewable).toEqual({ se: 16.911535, n: 5 });
    expect(st.avg_viewed_time).toEqual({ se: 0.645497, n: 4 });
    expect(st.attention_per_1000_impressions).toEqual({ se: 583.095189, n: 5 });
    const kpi = (await app.inject({
      method: 'POST', url: `/v1.0/studies/${ids.studyId}/cell/${ids.cellId}/step/${ids.stepId}/stimuli/${ids.stimId}/kpi_analysis`,
      headers: t.headers, payload: {},
    })).json();
    expect(kpi.stim_stats).toEqual(st);
  });

  it('survival curve', async () => {
    const g = (await call('graph2_data', { ...data(), graph_type_id: 1, time_segment: 1000, max_time: 3000 })).json().data[0].graph_data;
    expect(g).toEqual([{ x: 0, y: 100 }, { x: 1, y: 66.6667 }, { x: 2, y: 33.3333 }, { x: 3, y: 0 }]);
  });

  it('issue 15: each feature carries its viewed share interval (of the 3 viewers) and its dwell SE', async () => {
    const fs = (await call('feature_attention', data())).json().data[0].feature_stats;
    // Logo: A, B of 3 viewers, dwell 0.6 and 0.4 s → SE 0.1; Headline: A, E, dwell 1.0 and 2.0 s → SE 0.5
    expect(fs.Logo.panelist_viewed_percent).toMatchObject({ k: 2, n: 3 });
    expect(fs.Logo.panelist_viewed_percent.low).toBeCloseTo(20.77, 1);
    expect(fs.Logo.panelist_viewed_percent.high).toBeCloseTo(93.85, 1);
    expect(fs.Logo.avg_feature_dwell_time).toEqual({ se: 0.1, n: 2 });
    expect(fs.Headline.avg_feature_dwell_time).toEqual({ se: 0.5, n: 2 });
  });

  it('features', async () => {
    const f = (await call('feature_attention', data())).json();
    expect(f.feature_tag_list).toEqual(['Logo', 'Headline']);
    expect(f.data[0].feature_data).toEqual({
      Logo: { panelist_viewed_percent: 66.666667, avg_feature_dwell_time: 0.5, view_order: 1, avg_stim_dwell_time: 0.5 },
      Headline: { panelist_viewed_percent: 66.666667, avg_feature_dwell_time: 1.5, view_order: 2, avg_stim_dwell_time: 1.5 },
    });
  });
});

// The legacy client's report calls (issue 14 item 6; shared/legacy-client-calls.json): the paths
// it sends and the fields it reads, next to the spec's forms, on exposures with known values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { study } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { operations } from '../../../contract/reports.js';
import { STUDY_ROLES } from '../../../contract/common.js';
import { reportTestbed, type Tenant, createStudy, addStimStep, addExposure, addPageStep, createStim, addAoi } from '../analytics/report-fixtures.js';

let app: FastifyInstance;
let database: Database;
let t: Tenant;
let other: Tenant;
let studyId: number;
let cellId: number;
let stepId: number;
let stimId: number;
let pageStepId: number;
let pageStims: number[];

beforeAll(async () => {
  const bed = await reportTestbed();
  ({ app, database, t, other } = bed);
  const db = bed.db;
  ({ studyId, cellId } = await createStudy(db, { companyId: t.companyId, name: 'Legacy calls' }));
  await db.update(study).set({ brief: 'The brief', methodology: 'The method' }).where(eq(study.id, studyId));
  ({ stepId, stimId } = await addStimStep(db, studyId, cellId, { companyId: t.companyId, name: 'Known MPU' }));
  const where = { studyId, cellId, stepId, stimId };
  const logo = await addAoi(db, stimId, 'logo', { x: 0, y: 0, width: 100, height: 50 });
  // 10 measured: 8 viewable, 4 viewed with dwell 0.5, 1, 1.5, 2 s → 2 of them over 1 s (of 8 viewable: 25 %).
  for (let i = 0; i < 10; i++) {
    const viewable = i < 8;
    const viewed = i < 4;
    await addExposure(db, where, {
      participant: { ageGroupId: i < 5 ? 1 : null },
      viewable, viewableMs: viewable ? 5000 : 0, viewed, dwellMs: viewed ? (i + 1) * 500 : 0,
      timeToFirstViewMs: viewed ? 300 : null,
      aois: viewed ? [{ aoiId: logo, dwellMs: 400, firstFixationMs: 100 }] : [],
    });
  }
  pageStims = [await createStim(db, { companyId: t.companyId, name: 'Page A' }), await createStim(db, { companyId: t.companyId, name: 'Page B' })];
  pageStepId = await addPageStep(db, studyId, cellId, pageStims);
  for (const s of pageStims) await addExposure(db, { studyId, cellId, stepId: pageStepId, stimId: s }, { viewable: true, viewableMs: 2000 });
});
afterAll(async () => { await app.close(); await database.close(); });

const post = (url: string, payload: unknown = {}, headers: Record<string, string> = t.headers) =>
  app.inject({ method: 'POST', url: `/v1.0${url}`, headers, payload: payload as Record<string, unknown> });
const stimPath = (suffix: string) => `/studies/${studyId}/cell/${cellId}/step/${stepId}/stimuli/${stimId}/${suffix}`;
const one = () => ({ data: [{ cell_id: cellId, step_id: stepId, stim_id: stimId }] });

describe('legacy report calls (issue 14 item 6)', () => {
  it('D3-181 stims/overview answers study_id, brief, methodology, has_demographics and cachepage_url per step', async () => {
    const res = await post(`/studies/${studyId}/stims/overview`);
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({ study_id: studyId, study_name: 'Legacy calls', brief: 'The brief', methodology: 'The method', has_survey: false, has_demographics: true });
    expect(b.data[0].step_list.map((s: { step_id: number; cachepage_url: unknown }) => [s.step_id, s.cachepage_url])).toEqual([[stepId, null], [pageStepId, null]]);
    expect(b.data[0].step_list[1].stimulus_list.map((s: { stimulus_name: string }) => s.stimulus_name)).toEqual(['Page A', 'Page B']);
  });

  // Issue 39: the legacy client draws x = percent still viewing and y = dwell time in ms (its
  // tooltip: "People: {x}", "Dwell time: {y}ms"); graph2_data's points stay as survival_data.
  const legacyAxes = (spec: { data: { graph_data: { x: number; y: number }[] }[] }) => ({
    ...spec,
    data: spec.data.map((d) => ({ ...d, graph_data: d.graph_data.map((p) => ({ x: p.y, y: Math.round(p.x * 1000) })), survival_data: d.graph_data })),
  });

  it('compare_report/graph_data answers graph2_data on the legacy axes (dwell time by default)', async () => {
    const [legacy, spec] = await Promise.all([post(`/studies/${studyId}/compare_report/graph_data`, one()), post(`/studies/${studyId}/compare_report/graph2_data`, one())]);
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json()).toEqual(legacyAxes(spec.json()));
    expect(legacy.json().data[0]).toMatchObject({ stim_name: 'Known MPU' });
    expect(spec.json().data[0].graph_data[0]).toEqual({ x: 0, y: 100 });
    // dwells 0.5, 1, 1.5, 2 s of 4 viewers: at 0 ms all view, at 1000 ms half, at 2000 ms nobody.
    const at = (ms: number) => legacy.json().data[0].graph_data.find((p: { y: number }) => p.y === ms).x;
    expect([at(0), at(1000), at(2000)]).toEqual([100, 50, 0]);
  });

  it('stimuli/{stim}/graph_data answers graph2_data on the legacy axes', async () => {
    const [legacy, spec] = await Promise.all([post(stimPath('graph_data')), post(stimPath('graph2_data'))]);
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json()).toEqual(legacyAxes(spec.json()));
  });

  it('kpi_analysis stim_data.panelist_viewed_over1_percent: dwell over 1 s of viewable', async () => {
    const b = (await post(stimPath('kpi_analysis'))).json();
    // dwells 0.5, 1, 1.5, 2 s: strictly over 1 s are 1.5 and 2 → 2 of 8 viewable
    expect(b.stim_data.panelist_viewed_over1_percent).toBe(25);
    expect(b.stim_data.panelist_viewed_percent).toBe(50);
  });

  it('feature_analysis answers data[] with feature_name, avg_feature_dwell_time, avg_page_dwell_time, panelist_viewed_percent', async () => {
    const b = (await post(stimPath('feature_analysis'))).json();
    expect(b.data).toEqual([{ feature_name: 'logo', avg_feature_dwell_time: 0.4, avg_page_dwell_time: 10, panelist_viewed_percent: 100 }]);
    expect(b.feature_data[0]).toMatchObject({ feature_name: 'logo', avg_feature_dwell_time: 0.4 });
  });

  it('D3-272 report and feature_report answer data as an array of rows', async () => {
    const rep = (await post(stimPath('report'))).json();
    expect(Array.isArray(rep.data)).toBe(true);
    expect(rep.data).toHaveLength(10);
    expect(rep.data[0]).toMatchObject({ cell_id: cellId, step_id: stepId, stim_id: stimId, stim_name: 'Known MPU' });
    const fr = (await post(stimPath('feature_report'))).json();
    expect(Array.isArray(fr.data)).toBe(true);
    expect(fr.data[0]).toMatchObject({ stim_id: stimId, stim_name: 'Known MPU' });
    expect(fr.data[0].participant_data).toHaveLength(4);
  });

  it('participant_report without the stim segment (and its stray trailing space) answers the rows of every stim of the step', async () => {
    const res = await post(`/studies/${studyId}/cell/${cellId}/step/${pageStepId}/participant_report%20`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { stim_name: string; step_id: number }[];
    expect(rows.map((r) => r.stim_name)).toEqual(['Page A', 'Page B']);
    expect(rows.every((r) => r.step_id === pageStepId)).toBe(true);
    const single = (await post(`/studies/${studyId}/cell/${cellId}/step/${stepId}/participant_report`)).json().data;
    expect(single).toEqual((await post(stimPath('participant_report'))).json().data);
  });

  it('a step outside the study answers 404 (participant_report without the stim segment)', async () => {
    expect((await post(`/studies/${studyId}/cell/${cellId}/step/999999/participant_report`)).statusCode).toBe(404);
  });

  it('study-level participant_report, report and feature_report cover every placed stim', async () => {
    const part = (await post(`/studies/${studyId}/participant_report`)).json().data as { stim_name: string }[];
    expect(part).toHaveLength(12);
    expect(new Set(part.map((r) => r.stim_name))).toEqual(new Set(['Known MPU', 'Page A', 'Page B']));
    const rep = (await post(`/studies/${studyId}/report`, { norm_type_id: 3 })).json().data as { stim_name: string; metric: string; actual: number; norm_type: string }[];
    expect(rep).toHaveLength(30);
    expect(rep.find((r) => r.stim_name === 'Known MPU' && r.metric === 'panelist_viewable_percent')).toMatchObject({ actual: 80, norm_type: 'Base Norm' });
    const fr = (await post(`/studies/${studyId}/feature_report`)).json().data as { stim_name: string; participant_data: unknown[] }[];
    expect(fr.map((r) => r.stim_name)).toEqual(['Known MPU', 'Page A', 'Page B']);
    expect(fr[0].participant_data).toHaveLength(4);
  });

  it('another company cannot read any of them (404)', async () => {
    for (const url of [
      `/studies/${studyId}/participant_report`, `/studies/${studyId}/report`, `/studies/${studyId}/feature_report`,
      `/studies/${studyId}/cell/${cellId}/step/${stepId}/participant_report`, `/studies/${studyId}/compare_report/graph_data`, stimPath('graph_data'),
    ]) {
      const res = await post(url, url.includes('compare') ? one() : {}, other.headers);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('every report operation is study content (STUDY_ROLES: batch users refused)', () => {
    for (const op of Object.values(operations)) expect(op.roles, op.operationId).toEqual(STUDY_ROLES);
  });
});

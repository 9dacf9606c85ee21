// Issue 37 item 5: one creative placed in two cells (a test/control design). Every compare answer,
// the per-stim answers and the server's CSV-ready download rows name each placement with its
// cell, so two columns, legends or CSV lines never read the same; a name placed once stays bare.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { cell } from '../../db/schema/index.js';
import { reportTestbed, type Tenant, createStudy, addStimStep, addExposure } from './report-fixtures.js';

let app: FastifyInstance;
let database: Database;
let t: Tenant;
let studyId: number;
const places: { cellId: number; stepId: number; stimId: number }[] = [];
let mpu: { cellId: number; stepId: number; stimId: number };

beforeAll(async () => {
  const bed = await reportTestbed();
  ({ app, database, t } = bed);
  const db = bed.db;
  const s = await createStudy(db, { companyId: t.companyId });
  studyId = s.studyId;
  await db.update(cell).set({ name: 'Test' }).where(eq(cell.id, s.cellId));
  const [control] = await db.insert(cell).values({ studyId, name: 'Control', shortName: 'C2', position: 1 }).returning();
  const a = await addStimStep(db, studyId, s.cellId, { companyId: t.companyId, name: 'Leaderboard 728x90', width: 728, height: 90 });
  const b = await addStimStep(db, studyId, control.id, a.stimId);
  const m = await addStimStep(db, studyId, s.cellId, { companyId: t.companyId, name: 'MPU 300x250' }, 2);
  places.push({ cellId: s.cellId, ...a }, { cellId: control.id, ...b });
  mpu = { cellId: s.cellId, ...m };
  for (const p of [...places, mpu]) {
    await addExposure(db, { studyId, ...p }, { pageDwellMs: 8000, viewable: true, viewableMs: 4000, viewed: true, dwellMs: 1500, timeToFirstViewMs: 300 });
  }
});
afterAll(async () => { await app.close(); await database.close(); });

const post = (suffix: string, payload: Record<string, unknown> = {}) => app.inject({ method: 'POST', url: `/v1.0/studies/${studyId}/${suffix}`, headers: t.headers, payload });
const refs = () => ({ data: [...places, mpu].map((p) => ({ cell_id: p.cellId, step_id: p.stepId, stim_id: p.stimId })) });
const EXPECTED = ['Leaderboard 728x90 · Test', 'Leaderboard 728x90 · Control', 'MPU 300x250'];

describe('placement labels on the server (issue 37 item 5)', () => {
  it('every compare section labels each placement with its cell when the name is placed twice', async () => {
    for (const part of ['overall_attention', 'graph2_data', 'feature_attention', 'visual_data']) {
      const res = await post(`compare_report/${part}`, refs());
      expect(res.statusCode, part).toBe(200);
      const rows = res.json().data as { stim_name: string; stim_label: string; cell_id: number }[];
      expect(rows.map((r) => r.stim_label), part).toEqual(EXPECTED);
      // The stim's own name is unchanged (the spec's field).
      expect(rows.map((r) => r.stim_name), part).toEqual(['Leaderboard 728x90', 'Leaderboard 728x90', 'MPU 300x250']);
    }
  });

  it('a report of one placement still names its cell: ambiguity is a property of the study', async () => {
    const [, control] = places;
    const res = await post('compare_report/overall_attention', { data: [{ cell_id: control.cellId, step_id: control.stepId, stim_id: control.stimId }] });
    expect(res.json().data[0].stim_label).toBe('Leaderboard 728x90 · Control');
    const kpi = await post(`cell/${control.cellId}/step/${control.stepId}/stimuli/${control.stimId}/kpi_analysis`);
    expect(kpi.json().stim_label).toBe('Leaderboard 728x90 · Control');
    const feature = await post(`cell/${control.cellId}/step/${control.stepId}/stimuli/${control.stimId}/feature_analysis`);
    expect(feature.json().stim_label).toBe('Leaderboard 728x90 · Control');
  });

  it('the stim-data download rows (the CSV the server hands out) carry the label per line', async () => {
    const [test] = places;
    const one = await post(`cell/${test.cellId}/step/${test.stepId}/stimuli/${test.stimId}/report`);
    expect(one.statusCode).toBe(200);
    expect(new Set(one.json().data.map((r: { stim_label: string }) => r.stim_label))).toEqual(new Set(['Leaderboard 728x90 · Test']));
    const whole = await post('report');
    expect(whole.statusCode).toBe(200);
    // Study order: the Test cell's two steps, then the Control cell.
    expect([...new Set(whole.json().data.map((r: { stim_label: string }) => r.stim_label))]).toEqual([EXPECTED[0], EXPECTED[2], EXPECTED[1]]);
  });
});

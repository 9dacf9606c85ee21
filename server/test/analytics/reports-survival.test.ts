// Survival curves (graph2_data): exact points on a small base, bases per graph type, validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { tenant, createStudy, addStimStep, addExposure } from './report-fixtures.js';

let app: FastifyInstance;
let database: Database;
let t: Awaited<ReturnType<typeof tenant>>;
let ids: { studyId: number; cellId: number; stepId: number; stimId: number };

beforeAll(async () => {
  ({ app, database } = await testApp());
  const db = database.db;
  t = await tenant(db);
  const { studyId, cellId } = await createStudy(db, { companyId: t.companyId });
  const s = await addStimStep(db, studyId, cellId, { companyId: t.companyId });
  ids = { studyId, cellId, ...s };
  // Viewed: dwell 150, 250, 250, 1000 ms. Page dwell 2, 4, 6, 8 s + a 10 s exposure never viewable.
  const dwells = [150, 250, 250, 1000];
  for (const [i, d] of dwells.entries()) {
    await addExposure(db, ids, { pageDwellMs: (i + 1) * 2000, viewable: true, viewableMs: (i + 1) * 1000, viewed: true, dwellMs: d, timeToFirstViewMs: 0 });
  }
  // Viewable, not viewed (its 400 ms of dwell outside "viewed" must not enter the dwell curve).
  await addExposure(db, ids, { pageDwellMs: 1000, viewable: true, viewableMs: 500, viewed: false, dwellMs: 400 });
  await addExposure(db, ids, { pageDwellMs: 10_000, viewable: false });
});
afterAll(async () => { await app.close(); await database.close(); });

async function graph(body: Record<string, unknown>, suffix = 'compare_report/graph2_data') {
  const u = suffix === 'compare_report/graph2_data'
    ? `/v1.0/studies/${ids.studyId}/${suffix}`
    : `/v1.0/studies/${ids.studyId}/cell/${ids.cellId}/step/${ids.stepId}/stimuli/${ids.stimId}/graph2_data`;
  return app.inject({ method: 'POST', url: u, headers: t.headers, payload: body });
}
const data = { data: [] as { cell_id: number; step_id: number; stim_id: number }[] };

describe('survival curves (D3-206, D3-211, D2-227)', () => {
  beforeAll(() => { data.data = [{ cell_id: ids.cellId, step_id: ids.stepId, stim_id: ids.stimId }]; });

  it('D3-211 dwell-time curve: exact points over the viewed base, x in seconds, y in %', async () => {
    const res = await graph({ ...data, graph_type_id: 1, time_segment: 100, max_time: 500 });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b.current_graph_type_id).toBe(1);
    expect(b.data_types).toEqual({ 1: 'Dwell Time', 2: 'Page Dwell Time', 3: 'Viewable Time' });
    expect(b.data[0]).toMatchObject({ stim_id: ids.stimId, stim_name: expect.any(String) });
    expect(b.data[0].graph_data).toEqual([
      { x: 0, y: 100 }, { x: 0.1, y: 100 }, { x: 0.2, y: 75 }, { x: 0.3, y: 25 }, { x: 0.4, y: 25 }, { x: 0.5, y: 25 },
    ]);
  });

  it('D2-227 defaults per graph type: (1, 100, 5000), (2, 1000, 60000), (3, 500, 15000), t = 0 … max inclusive', async () => {
    const d1 = (await graph({ ...data })).json();
    expect(d1.current_graph_type_id).toBe(1);
    expect(d1.data[0].graph_data).toHaveLength(51);
    expect(d1.data[0].graph_data.at(-1)).toEqual({ x: 5, y: 0 });
    const d2 = (await graph({ ...data, graph_type_id: 2 })).json().data[0].graph_data;
    expect(d2).toHaveLength(61);
    expect(d2.at(-1).x).toBe(60);
    const d3 = (await graph({ ...data, graph_type_id: 3 })).json().data[0].graph_data;
    expect(d3).toHaveLength(31);
    expect(d3.at(-1).x).toBe(15);
  });

  it('page dwell curve uses all of E; viewable time curve uses the viewable exposures', async () => {
    const page = (await graph({ ...data, graph_type_id: 2, time_segment: 2000, max_time: 10000 })).json().data[0].graph_data;
    // page dwell 2, 4, 6, 8, 1, 10 s → > t: t=0 all 6; t=2 → 4,6,8,10; t=4 → 6,8,10; t=6 → 8,10; t=8 → 10; t=10 → none
    expect(page.map((p: { y: number }) => p.y)).toEqual([100, 66.6667, 50, 33.3333, 16.6667, 0]);
    const viewable = (await graph({ ...data, graph_type_id: 3, time_segment: 1000, max_time: 4000 })).json().data[0].graph_data;
    // viewable times 1, 2, 3, 4, 0.5 s over 5 viewable exposures
    expect(viewable.map((p: { y: number }) => p.y)).toEqual([100, 60, 40, 20, 0]);
  });

  it('curves never rise', async () => {
    for (const graph_type_id of [1, 2, 3]) {
      const pts = (await graph({ ...data, graph_type_id })).json().data[0].graph_data as { y: number }[];
      for (let i = 1; i < pts.length; i++) expect(pts[i].y).toBeLessThanOrEqual(pts[i - 1].y);
    }
  });

  it('a max off the segment grid is still included', async () => {
    const pts = (await graph({ ...data, time_segment: 300, max_time: 1000 })).json().data[0].graph_data;
    expect(pts.map((p: { x: number }) => p.x)).toEqual([0, 0.3, 0.6, 0.9, 1]);
  });

  it('the per-stim graph2_data answers the same curve', async () => {
    const a = (await graph({ ...data, time_segment: 100, max_time: 500 })).json().data[0].graph_data;
    const b = (await graph({ time_segment: 100, max_time: 500 }, 'stim')).json().data[0].graph_data;
    expect(b).toEqual(a);
  });

  it('D3-206 rejects unknown graph types and absurd segments', async () => {
    expect((await graph({ ...data, graph_type_id: 4 })).statusCode).toBe(400);
    expect((await graph({ ...data, time_segment: 0 })).statusCode).toBe(400);
    expect((await graph({ ...data, graph_type_id: 2, time_segment: 1 })).statusCode).toBe(400);
  });
});

// Reports over data that came through the real ingestion path (ingestSession): viewability,
// fixations and summaries computed at ingest, then read by the report endpoints and visuals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { ingestSession } from '../../services/ingest.js';
import { tenant, createStudy, addStimStep } from './report-fixtures.js';

let app: FastifyInstance;
let database: Database;
let t: Awaited<ReturnType<typeof tenant>>;
let ids: { studyId: number; cellId: number; stepId: number; stimId: number };

/** 30 Hz samples resting at (x, y) from t0 for ms milliseconds. */
function dwellAt(t0: number, ms: number, x: number, y: number): number[][] {
  const out: number[][] = [];
  for (let t = t0; t < t0 + ms; t += 33) out.push([t, x + ((t / 33) % 2), y]);
  return out;
}

beforeAll(async () => {
  ({ app, database } = await testApp());
  const db = database.db;
  t = await tenant(db);
  const s = await createStudy(db, { companyId: t.companyId });
  ids = { ...s, ...(await addStimStep(db, s.studyId, s.cellId, { companyId: t.companyId, width: 300, height: 250 })) };
  // Ad at page (100, 100), fully in view for 5 s. Two people look at it (two fixations of ~0.5 s
  // at stim (100, 100) and (150, 120)), one looks only at the page far away from it.
  const looks = [true, true, false];
  for (const [i, look] of looks.entries()) {
    const gaze = look
      ? [...dwellAt(500, 500, 200, 200), ...dwellAt(1200, 500, 250, 220), ...dwellAt(2000, 500, 900, 700)]
      : [...dwellAt(500, 1500, 900, 700)];
    await ingestSession(db, {
      study_id: ids.studyId, session_id: `sess-${i}`,
      participant: { reference: `ing-${i}`, cell_id: ids.cellId, has_eyetracking: true, status: 'complete', is_test: false },
      steps: [{
        step_id: ids.stepId, page_dwell_ms: 6000,
        stims: [{ stim_id: ids.stimId, x: 100, y: 100, width: 300, height: 250, viewability: [{ start_ms: 0, end_ms: 5000, fraction: 1 }] }],
        gaze,
      }],
    });
  }
});
afterAll(async () => { await app.close(); await database.close(); });

describe('reports over ingested sessions', () => {
  it('D3-209 metrics follow the summaries ingestion computed', async () => {
    const res = await app.inject({
      method: 'POST', url: `/v1.0/studies/${ids.studyId}/compare_report/overall_attention`, headers: t.headers,
      payload: { data: [{ cell_id: ids.cellId, step_id: ids.stepId, stim_id: ids.stimId }] },
    });
    expect(res.statusCode).toBe(200);
    const d = res.json().data[0].stim_data;
    expect(d.base_size).toBe(3);
    expect(d.panelist_viewable_percent).toBe(100);
    expect(d.panelist_viewed_percent).toBeCloseTo(200 / 3, 4);
    expect(d.avg_page_dwell_time).toBe(6);
    expect(d.avg_stim_viewable_time).toBe(5);
    // two fixations of about half a second each inside the ad
    expect(d.avg_stim_dwell_time).toBeGreaterThan(0.8);
    expect(d.avg_stim_dwell_time).toBeLessThan(1.1);
    expect(d.attention_per_1000_impressions).toBeCloseTo((2 / 3) * d.avg_stim_dwell_time * 1000, 3);
  });

  it('the heatmap is hot where the two viewers fixated and blank elsewhere', async () => {
    const v = (await app.inject({
      method: 'POST', url: `/v1.0/studies/${ids.studyId}/compare_report/visual_data`, headers: t.headers,
      payload: { data: [{ cell_id: ids.cellId, step_id: ids.stepId, stim_id: ids.stimId }] },
    })).json().data[0];
    const res = await app.inject({ method: 'GET', url: v.heatmap_url });
    expect(res.statusCode).toBe(200);
    const png = PNG.sync.read(res.rawPayload);
    expect([png.width, png.height]).toEqual([300, 250]);
    const px = (x: number, y: number) => [...png.data.subarray((y * 300 + x) * 4, (y * 300 + x) * 4 + 3)];
    expect(px(295, 245)).toEqual([224, 224, 224]); // neutral frame (no stored image)
    expect(px(100, 100)).not.toEqual([224, 224, 224]);
  });
});

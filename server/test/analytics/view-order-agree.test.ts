// Issue 37 item 6: the View Order visual and the feature page's words come from one definition
// (analytics/features.ts viewOrder). The case of the issue: a Headline fixated early by only 2
// viewers and a Logo fixated later by 6. Ranked by mean first fixation, Headline is 1st — on 2
// viewers, under the minimum base, so it is flagged on the image (grey) and in the answer the words
// are built from; the scanpath's typical order no longer reads the opposite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { createCanvas, encodePng } from '../../analytics/visuals/canvas.js';
import { LOW_BASE_GREY } from '../../analytics/visuals/render.js';
import { MIN_VIEW_ORDER_BASE } from '../../analytics/features.js';
import { tenant, createStudy, addStimStep, addExposure, addAoi } from './report-fixtures.js';

let app: FastifyInstance;
let database: Database;
let t: Awaited<ReturnType<typeof tenant>>;
let img: { studyId: number; cellId: number; stepId: number; stimId: number };
const ACCENT = [255, 122, 0];

beforeAll(async () => {
  ({ app, database } = await testApp());
  const db = database.db;
  t = await tenant(db);
  await app.storage.put('stims/white.png', encodePng(createCanvas(400, 200, [255, 255, 255])), 'image/png');
  const { studyId, cellId } = await createStudy(db, { companyId: t.companyId });
  img = { studyId, cellId, ...(await addStimStep(db, studyId, cellId, { companyId: t.companyId, width: 400, height: 200, source: 'stims/white.png' })) };
  const logo = await addAoi(db, img.stimId, 'Logo', { x: 20, y: 20, width: 120, height: 120 });
  const headline = await addAoi(db, img.stimId, 'Headline', { x: 220, y: 20, width: 160, height: 120 });
  for (let i = 0; i < 6; i++) {
    // Viewers 0 and 1 look at the headline first (300 ms), then the logo (800 ms); 2–5 only the logo.
    const both = i < 2;
    await addExposure(db, img, {
      stimX: 0, stimY: 0, stimWidth: 400, stimHeight: 200, viewable: true, viewableMs: 3000, viewed: true, dwellMs: 900,
      timeToFirstViewMs: 0, fixations: [[800, 300, 80, 80]],
      aois: [
        { aoiId: logo, dwellMs: 400, firstFixationMs: 800, fixationCount: 1 },
        ...(both ? [{ aoiId: headline, dwellMs: 300, firstFixationMs: 300, fixationCount: 1 }] : []),
      ],
    });
  }
});
afterAll(async () => { await app.close(); await database.close(); });

const pixel = (png: PNG, x: number, y: number) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)];

describe('one view order for the image and the words (issue 37 item 6)', () => {
  it('the feature answer ranks, bases and flags the features; its words and the visual agree', async () => {
    const res = await app.inject({
      method: 'POST', url: `/v1.0/studies/${img.studyId}/cell/${img.cellId}/step/${img.stepId}/stimuli/${img.stimId}/feature_analysis`, headers: t.headers, payload: {},
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.view_order).toEqual({
      min_base: MIN_VIEW_ORDER_BASE,
      features: [
        { feature_name: 'Headline', rank: 1, viewers: 2, low_base: true },
        { feature_name: 'Logo', rank: 2, viewers: 6, low_base: false },
      ],
    });
    const rankOf = Object.fromEntries(body.feature_data.map((f: { feature_name: string; view_order: number | null }) => [f.feature_name, f.view_order]));
    expect(rankOf).toEqual({ Logo: 2, Headline: 1 });
    // The scanpath's order in words is the same order (a greedy per-position pick said Logo → Headline).
    expect(body.scanpath.typical_order).toEqual(['Headline', 'Logo']);

    // The image: Logo (6 viewers) in the ranked colour, Headline (2 viewers) flagged grey.
    const v = await app.inject({
      method: 'POST', url: `/v1.0/studies/${img.studyId}/compare_report/visual_data`, headers: t.headers,
      payload: { data: [{ cell_id: img.cellId, step_id: img.stepId, stim_id: img.stimId }] },
    });
    const png = PNG.sync.read((await app.inject({ method: 'GET', url: v.json().data[0].vieworder_url })).rawPayload);
    expect(pixel(png, 80, 139)).toEqual(ACCENT); // bottom edge of the Logo box
    expect(pixel(png, 300, 139)).toEqual([...LOW_BASE_GREY]); // bottom edge of the Headline box
  });
});

// Norm comparison sets (types 1–4) and feature (AOI) metrics with their norms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { seedReference } from '../../seed/reference.js';
import {
  tenant, createStudy, addStimStep, addExposure, addAoi, brandId, adTypeId,
} from './report-fixtures.js';

let app: FastifyInstance;
let database: Database;
let t: Awaited<ReturnType<typeof tenant>>;
let target: { studyId: number; cellId: number; stepId: number; stimId: number };
const OTHER_STIM_NAME = 'Secret competitor ad';

/** A stim in its own study with one measured, viewed exposure of the given dwell. */
async function stimWithDwell(companyId: number, stim: { name?: string; brand?: string; adType?: string; stimType?: string }, dwellMs: number | null) {
  const db = database.db;
  const { studyId, cellId } = await createStudy(db, { companyId });
  const s = await addStimStep(db, studyId, cellId, {
    companyId, name: stim.name, stimType: stim.stimType ?? 'i',
    brandId: stim.brand ? await brandId(db, stim.brand) : null, adTypeId: stim.adType ? await adTypeId(db, stim.adType) : null,
  });
  const where = { studyId, cellId, ...s };
  if (dwellMs !== null) await addExposure(db, where, { viewable: true, viewableMs: 3000, viewed: true, dwellMs, timeToFirstViewMs: 100 });
  return where;
}

beforeAll(async () => {
  ({ app, database } = await testApp());
  await seedReference(database.db);
  t = await tenant(database.db);
  const rival = await tenant(database.db);
  // Target: Crunchy Oats (Food & drink), Leaderboard (display banner category), image. Dwell 10 s.
  target = await stimWithDwell(t.companyId, { name: 'Target', brand: 'Crunchy Oats', adType: 'Leaderboard 728x90' }, 10_000);
  // S1 same brand, same ad category → norm types 1, 2, 3, 4
  await stimWithDwell(t.companyId, { brand: 'Crunchy Oats', adType: 'MPU 300x250' }, 1000);
  // S2 same brand category, social ad category, another company → types 2, 3
  await stimWithDwell(rival.companyId, { name: OTHER_STIM_NAME, brand: 'Fizzwell', adType: 'Facebook feed' }, 2000);
  // S3 other category, video → none (base norm compares like with like: video vs display)
  await stimWithDwell(t.companyId, { brand: 'Veloce Motors', adType: 'Pre-roll', stimType: 'v' }, 3000);
  // S4 other category, display banner category → types 3, 4
  await stimWithDwell(t.companyId, { brand: 'Veloce Motors', adType: 'Skyscraper 160x600' }, 4000);
  // S5 same brand but no measured data → in no set
  await stimWithDwell(t.companyId, { brand: 'Crunchy Oats', adType: 'MPU 300x250' }, null);
});
afterAll(async () => { await app.close(); await database.close(); });

async function attention(norm_type_id: number) {
  const res = await app.inject({
    method: 'POST', url: `/v1.0/studies/${target.studyId}/compare_report/overall_attention`, headers: t.headers,
    payload: { data: [{ cell_id: target.cellId, step_id: target.stepId, stim_id: target.stimId }], norm_type_id },
  });
  expect(res.statusCode).toBe(200);
  expect(res.body).not.toContain(OTHER_STIM_NAME);
  return res.json();
}

describe('norms (D2-226, D3-207)', () => {
  it('D2-226 type 1 Brand Norm (default): other stims of the same brand with data', async () => {
    const b = await attention(1);
    expect(b.current_norm_type).toBe(1);
    expect(b.data[0].norm_data).toMatchObject({ norm_size: 1, avg_stim_dwell_time: 1 });
    expect(b.data[0].stim_data.avg_stim_dwell_time).toBe(10); // the stim itself is never in its own norm
  });
  it('D2-226 type 2 Brand Category Norm spans companies but shows only the mean and size', async () => {
    expect((await attention(2)).data[0].norm_data).toMatchObject({ norm_size: 2, avg_stim_dwell_time: 1.5 });
  });
  it('D2-226 type 3 Base Norm: every other stim of the same format (display vs video)', async () => {
    const b = await attention(3);
    const n = b.data[0].norm_data;
    expect(n.norm_size).toBe(3);
    expect(n.avg_stim_dwell_time).toBeCloseTo(7 / 3, 5);
    // issue 15: beside it, its standard error over the set's stims (dwell 1, 2, 4 s: SD √(7/3), SE √(7/9))
    expect(b.data[0].norm_stats.avg_stim_dwell_time).toEqual({ se: 0.881917, n: 3 });
  });
  it('D2-226 type 4 Ad Category Norm: same ad_type.ad_category_id', async () => {
    expect((await attention(4)).data[0].norm_data).toMatchObject({ norm_size: 2, avg_stim_dwell_time: 2.5 });
  });
  it('norms follow new data (the per-stim cache is invalidated)', async () => {
    await stimWithDwell(t.companyId, { brand: 'Crunchy Oats', adType: 'Billboard 970x250' }, 3000);
    expect((await attention(1)).data[0].norm_data).toMatchObject({ norm_size: 2, avg_stim_dwell_time: 2 });
  });
});

describe('features (D3-210, D3-246)', () => {
  let f: { studyId: number; cellId: number; stepId: number; stimId: number };
  beforeAll(async () => {
    const db = database.db;
    f = await stimWithDwell(t.companyId, { name: 'Featured', brand: 'Shopwise', adType: 'MPU 300x250' }, null);
    const logo = await addAoi(db, f.stimId, 'Logo', { x: 0, y: 0, width: 100, height: 50 });
    const logo2 = await addAoi(db, f.stimId, 'Logo', { x: 200, y: 0, width: 100, height: 50 });
    const headline = await addAoi(db, f.stimId, 'Headline', { x: 0, y: 60, width: 300, height: 60 });
    await addAoi(db, f.stimId, 'CTA', { x: 0, y: 200, width: 100, height: 50 });
    const viewed = { viewable: true, viewableMs: 3000, viewed: true, dwellMs: 2000, timeToFirstViewMs: 0 };
    // viewer 1: both logo boxes (200 + 300 ms, first at 100) and the headline (1000 ms, first 300)
    await addExposure(db, f, { ...viewed, aois: [
      { aoiId: logo, dwellMs: 200, firstFixationMs: 100 }, { aoiId: logo2, dwellMs: 300, firstFixationMs: 400 },
      { aoiId: headline, dwellMs: 1000, firstFixationMs: 300 }] });
    // viewer 2: logo 300 ms first at 200
    await addExposure(db, f, { ...viewed, aois: [{ aoiId: logo, dwellMs: 300, firstFixationMs: 200 }] });
    // viewer 3: headline 200 ms first at 50
    await addExposure(db, f, { ...viewed, aois: [{ aoiId: headline, dwellMs: 200, firstFixationMs: 50 }] });
    // viewer 4: looked at none of the features
    await addExposure(db, f, viewed);
    // a test participant fixating the headline must not count
    await addExposure(db, f, { ...viewed, participant: { isTest: true }, aois: [{ aoiId: headline, dwellMs: 9000, firstFixationMs: 0 }] });
    // another Shopwise stim with a 'logo' feature: the brand norm of Logo
    const n = await stimWithDwell(t.companyId, { brand: 'Shopwise', adType: 'MPU 300x250' }, 1000);
    const nLogo = await addAoi(db, n.stimId, 'logo', { x: 0, y: 0, width: 50, height: 50 });
    await addExposure(db, n, { ...viewed, aois: [{ aoiId: nLogo, dwellMs: 800, firstFixationMs: 10 }] });
  });

  it('D3-210 feature_attention: per tag % of viewers, mean dwell over those who fixated it, view order', async () => {
    const res = await app.inject({
      method: 'POST', url: `/v1.0/studies/${f.studyId}/compare_report/feature_attention`, headers: t.headers,
      payload: { data: [{ cell_id: f.cellId, step_id: f.stepId, stim_id: f.stimId }] },
    });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b.feature_tag_list).toEqual(['Logo', 'Headline', 'CTA']);
    expect(b.data[0].stim_name).toBe('Featured');
    expect(b.data[0].feature_data).toEqual({
      Logo: { panelist_viewed_percent: 50, avg_feature_dwell_time: 0.4, view_order: 1, avg_stim_dwell_time: 0.4 }, // (500 + 300) / 2; first (100 + 200) / 2
      Headline: { panelist_viewed_percent: 50, avg_feature_dwell_time: 0.6, view_order: 2, avg_stim_dwell_time: 0.6 }, // first (300 + 50) / 2
      CTA: { panelist_viewed_percent: 0, avg_feature_dwell_time: null, view_order: null, avg_stim_dwell_time: null },
    });
    // The other Shopwise stim: 1 of its 2 viewers fixated 'logo' (800 ms) → 50 %, 0.8 s.
    expect(b.data[0].norm_data.Logo).toMatchObject({ norm_size: 1, panelist_viewed_percent: 50, avg_feature_dwell_time: 0.8 });
    expect(b.data[0].norm_data.CTA).toMatchObject({ norm_size: 0, avg_feature_dwell_time: null });
  });

  it('D3-246 feature_analysis items and cards; feature_report rows per participant', async () => {
    const base = `/v1.0/studies/${f.studyId}/cell/${f.cellId}/step/${f.stepId}/stimuli/${f.stimId}`;
    const a = (await app.inject({ method: 'POST', url: `${base}/feature_analysis`, headers: t.headers, payload: {} })).json();
    expect(a.feature_data.map((x: { feature_name: string }) => x.feature_name)).toEqual(['Logo', 'Headline', 'CTA']);
    expect(a.feature_data[0]).toMatchObject({ feature_name: 'Logo', avg_feature_dwell_time: 0.4, panelist_viewed_percent: 50 });
    expect(a.stim_data).toMatchObject({ avg_stim_dwell_time: 2, panelist_viewed_percent: 100 });
    const r = (await app.inject({ method: 'POST', url: `${base}/feature_report`, headers: t.headers, payload: {} })).json();
    expect(r.data[0]).toMatchObject({ stim_id: f.stimId, stim_name: 'Featured' });
    const rows = r.data[0].participant_data;
    expect(rows).toHaveLength(4); // viewer 1 × 2 features, viewer 2, viewer 3
    expect(rows.find((x: { feature_name: string; dwell_time: number }) => x.feature_name === 'Logo' && x.dwell_time === 0.5)).toBeTruthy();
  });
});

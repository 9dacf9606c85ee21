// compare_report/norm_sizes (issue 40 item 2): every norm type's set size of each stim, overall and
// per feature tag, in one answer — the numbers overall_attention and feature_attention carry as
// norm_size for each norm_type_id, so the report's selectors label all four norms from one call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { seedReference } from '../../seed/reference.js';
import { tenant, createStudy, addStimStep, addExposure, addAoi, brandId, adTypeId } from '../analytics/report-fixtures.js';

let app: FastifyInstance;
let database: Database;
let t: Awaited<ReturnType<typeof tenant>>;
let rival: Awaited<ReturnType<typeof tenant>>;
type Where = { studyId: number; cellId: number; stepId: number; stimId: number };
let target: Where;
let second: Where;
const SECRET = 'Secret competitor ad';
const viewed = { viewable: true, viewableMs: 3000, viewed: true, dwellMs: 2000, timeToFirstViewMs: 100 };

async function stim(companyId: number, s: { name?: string; brand?: string; adType?: string; stimType?: string; tags?: string[] }, measured = true, into?: Where) {
  const db = database.db;
  const { studyId, cellId } = into ?? await createStudy(db, { companyId });
  const placed = await addStimStep(db, studyId, cellId, {
    companyId, name: s.name, stimType: s.stimType ?? 'i',
    brandId: s.brand ? await brandId(db, s.brand) : null, adTypeId: s.adType ? await adTypeId(db, s.adType) : null,
  });
  const where = { studyId, cellId, ...placed };
  const aois = [];
  for (const tag of s.tags ?? []) aois.push({ aoiId: await addAoi(db, placed.stimId, tag, { x: 0, y: 0, width: 50, height: 50 }), dwellMs: 300, firstFixationMs: 10 });
  if (measured) await addExposure(db, where, { ...viewed, aois });
  return where;
}

const ref = (w: Where) => ({ cell_id: w.cellId, step_id: w.stepId, stim_id: w.stimId });
const post = (path: string, studyId: number, payload: unknown, headers = t.headers) =>
  app.inject({ method: 'POST', url: `/v1.0/studies/${studyId}/compare_report/${path}`, headers, payload: payload as object });

beforeAll(async () => {
  ({ app, database } = await testApp());
  await seedReference(database.db);
  t = await tenant(database.db);
  rival = await tenant(database.db);
  target = await stim(t.companyId, { name: 'Target', brand: 'Crunchy Oats', adType: 'Leaderboard 728x90', tags: ['Logo', 'CTA'] });
  // A second stim of the same study with a set of its own (another brand).
  second = await stim(t.companyId, { name: 'Second', brand: 'Shopwise', adType: 'MPU 300x250', tags: ['Logo'] }, true, target);
  await stim(t.companyId, { brand: 'Crunchy Oats', adType: 'MPU 300x250', tags: ['logo'] });
  await stim(rival.companyId, { name: SECRET, brand: 'Fizzwell', adType: 'Facebook feed', tags: ['Logo', 'CTA'] });
  await stim(t.companyId, { brand: 'Veloce Motors', adType: 'Pre-roll', stimType: 'v', tags: ['Logo'] });
  await stim(t.companyId, { brand: 'Veloce Motors', adType: 'Skyscraper 160x600' });
  await stim(t.companyId, { brand: 'Shopwise', adType: 'Skyscraper 160x600', tags: ['LOGO'] });
  await stim(t.companyId, { brand: 'Crunchy Oats', adType: 'MPU 300x250', tags: ['Logo'] }, false);
});
afterAll(async () => { await app.close(); await database.close(); });

describe('compare_report/norm_sizes', () => {
  it('one answer holds every norm type\'s norm_size of overall_attention and feature_attention, per stim and tag', async () => {
    const body = { data: [ref(target), ref(second)] };
    const res = await post('norm_sizes', target.studyId, body);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(SECRET);
    const sizes = res.json();
    expect(sizes.norm_types).toEqual({ 1: 'Brand Norm', 2: 'Brand Category Norm', 3: 'Base Norm', 4: 'Ad Category Norm' });
    expect(sizes.data.map((d: { stim_name: string }) => d.stim_name)).toEqual(['Target', 'Second']);
    for (const n of [1, 2, 3, 4]) {
      const overall = (await post('overall_attention', target.studyId, { ...body, norm_type_id: n })).json();
      const features = (await post('feature_attention', target.studyId, { ...body, norm_type_id: n })).json();
      overall.data.forEach((d: { norm_data: { norm_size: number } }, i: number) => expect(sizes.data[i].norm_size[n]).toBe(d.norm_data.norm_size));
      features.data.forEach((d: { norm_data: Record<string, { norm_size: number }> }, i: number) => {
        const own = sizes.data[i].feature_norm_size[n] as Record<string, number>;
        // Every tag the stim has carries its size; tags only other stims have are 0 in feature_attention.
        for (const [tag, f] of Object.entries(d.norm_data)) expect(own[tag] ?? 0).toBe(f.norm_size);
      });
    }
    // The sets themselves: never the stim itself, never a stim without data; base norm = the other
    // five display stims, ad category = the four display banners; tags match whatever their case.
    expect(sizes.data[0].norm_size).toEqual({ 1: 1, 2: 2, 3: 5, 4: 4 });
    expect(sizes.data[0].feature_norm_size[3]).toEqual({ Logo: 4, CTA: 1 });
    expect(sizes.data[1].norm_size[1]).toBe(1);
    expect(sizes.data[1].feature_norm_size[1]).toEqual({ Logo: 1 });
  });

  it('refuses what the compare report refuses: no stims (400), another company\'s study (404), a stim not in it (404), no token (401)', async () => {
    expect((await post('norm_sizes', target.studyId, { data: [] })).json()).toEqual({ success: false, message: 'Please select at least one stim', errors: { data: 'Please select at least one stim' } });
    expect((await post('norm_sizes', target.studyId, { data: [ref(target)] }, rival.headers)).statusCode).toBe(404);
    expect((await post('norm_sizes', target.studyId, { data: [{ ...ref(target), stim_id: 999999 }] })).statusCode).toBe(404);
    expect((await post('norm_sizes', target.studyId, { data: [ref(target)] }, {} as typeof t.headers)).statusCode).toBe(401);
  });
});

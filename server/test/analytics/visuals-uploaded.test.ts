// Issue 37 item 1 through the API, as a customer's creative gets there: each image type uploaded
// by signed URL (create_signed_url + PUT), made a stim by /stims/create, placed in a study; the
// KPI report's own heatmap_source is fetched as the <img> would and shows the uploaded creative
// (its colours, not a grey fill) under the heat where the respondents looked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { seedReference } from '../../seed/reference.js';
import { createCompany, createUser, signIn, authHeaders } from '../fixtures.js';
import { createStudy, addStimStep, addExposure } from './report-fixtures.js';
import { adTypeGroup, adType } from '../../db/schema/index.js';

type Rgb = [number, number, number];
const LEFT: Rgb = [40, 90, 210];
const RIGHT: Rgb = [30, 140, 70];
const FORMATS = [
  { format: 'jpeg', type: 'image/jpeg', file: 'mpu.jpg' },
  { format: 'webp', type: 'image/webp', file: 'mpu.webp' },
  { format: 'gif', type: 'image/gif', file: 'mpu.gif' },
  { format: 'avif', type: 'image/avif', file: 'mpu.avif' },
] as const;

let app: FastifyInstance;
let database: Database;
let h: Record<string, string>;
let companyId: number;
let refs: { ad_asset_type_id: number; ad_type_group_id: number; ad_type_id: number };

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, headers: h, payload: payload as object });

/** A 300 × 250 MPU: two flat halves, encoded in the format asked. */
async function creative(format: (typeof FORMATS)[number]['format']): Promise<Buffer> {
  const half = (rgb: Rgb) => sharp({ create: { width: 150, height: 250, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } }).png().toBuffer();
  const png = await sharp({ create: { width: 300, height: 250, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([{ input: await half(LEFT), left: 0, top: 0 }, { input: await half(RIGHT), left: 150, top: 0 }]).png().toBuffer();
  return sharp(png).toFormat(format, { quality: 90 }).toBuffer();
}

beforeAll(async () => {
  ({ app, database } = await testApp());
  const db = database.db;
  await seedReference(db);
  companyId = (await createCompany(db)).id;
  h = authHeaders(await signIn(app, (await createUser(db, { companyId })).username));
  const g = (await db.select().from(adTypeGroup))[0];
  refs = { ad_asset_type_id: g.adAssetTypeId, ad_type_group_id: g.id, ad_type_id: (await db.select().from(adType)).find((t) => t.adTypeGroupId === g.id)!.id };
}, 120_000);
afterAll(async () => { await app.close(); await database.close(); });

describe('uploaded creatives of every image type give heatmaps over themselves (issue 37 item 1)', () => {
  for (const f of FORMATS) {
    it(`${f.format.toUpperCase()}: upload → stim → study → KPI report heatmap shows the creative with the heat where people looked`, async () => {
      const bytes = await creative(f.format);
      const signed = await post('/v1.0/stims/create_signed_url', { file_name: f.file, content_type: f.type, size: bytes.length });
      expect(signed.statusCode, signed.body).toBe(200);
      const url = new URL(signed.json().url);
      const put = await app.inject({ method: 'PUT', url: url.pathname + url.search, headers: { 'content-type': f.type }, payload: bytes });
      expect(put.statusCode, put.body).toBe(200);
      const created = await post('/v1.0/stims/create', { name: `MPU ${f.format}`, stim_type: 'i', source: signed.json().source, ...refs });
      expect(created.statusCode, created.body).toBe(200);
      const stimId = created.json().stim_id;
      const details = (await app.inject({ method: 'GET', url: `/v1.0/stims/${stimId}/details`, headers: h })).json().data;
      expect([details.width, details.height], 'size read from the uploaded file').toEqual([300, 250]);

      const db = database.db;
      const { studyId, cellId } = await createStudy(db, { companyId });
      const where = { studyId, cellId, ...(await addStimStep(db, studyId, cellId, stimId)) };
      // Two respondents rest on the left half's middle (75, 125).
      for (let i = 0; i < 2; i++) {
        await addExposure(db, where, {
          stimX: 0, stimY: 0, stimWidth: 300, stimHeight: 250, viewable: true, viewableMs: 3000, viewed: true, dwellMs: 900,
          fixations: [[200, 400, 75, 125], [700, 500, 77, 122]],
        });
      }
      const kpi = await post(`/v1.0/studies/${studyId}/cell/${cellId}/step/${where.stepId}/stimuli/${stimId}/kpi_analysis`, {});
      expect(kpi.statusCode, kpi.body).toBe(200);
      const src = new URL(kpi.json().heatmap_source, 'http://x');
      const res = await app.inject({ method: 'GET', url: src.pathname + src.search });
      expect(res.statusCode).toBe(200);
      const png = PNG.sync.read(res.rawPayload);
      expect([png.width, png.height]).toEqual([300, 250]);
      const at = (x: number, y: number) => [...png.data.subarray((y * 300 + x) * 4, (y * 300 + x) * 4 + 3)];
      // Where nobody looked (right half, mid height, away from the legend's corners): the creative itself.
      const right = at(225, 110);
      for (let ch = 0; ch < 3; ch++) expect(Math.abs(right[ch] - RIGHT[ch]), `${f.format} right half ${right}`).toBeLessThanOrEqual(14);
      const left = at(20, 110);
      for (let ch = 0; ch < 3; ch++) expect(Math.abs(left[ch] - LEFT[ch]), `${f.format} left half ${left}`).toBeLessThanOrEqual(14);
      // At the fixations: heat-coloured (red over blue), legible.
      const hot = at(75, 125);
      expect(hot[0], `${f.format} heat ${hot}`).toBeGreaterThan(hot[2] + 40);
    });
  }
});

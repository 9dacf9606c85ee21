// Rendered visuals: real PNGs of the stim's size, pixels that change where fixations are,
// signatures required, low-quality variants, video stims on a neutral frame.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { createCanvas, encodePng } from '../../analytics/visuals/canvas.js';
import { tenant, createStudy, addStimStep, addExposure, addAoi } from './report-fixtures.js';

let app: FastifyInstance;
let database: Database;
let t: Awaited<ReturnType<typeof tenant>>;
let img: { studyId: number; cellId: number; stepId: number; stimId: number };
let vid: { studyId: number; cellId: number; stepId: number; stimId: number };
const BLUE: [number, number, number] = [20, 40, 200];

beforeAll(async () => {
  ({ app, database } = await testApp());
  const db = database.db;
  t = await tenant(db);
  await app.storage.put('stims/blue.png', encodePng(createCanvas(200, 100, BLUE)), 'image/png');
  const { studyId, cellId } = await createStudy(db, { companyId: t.companyId });
  img = { studyId, cellId, ...(await addStimStep(db, studyId, cellId, { companyId: t.companyId, width: 200, height: 100, source: 'stims/blue.png' })) };
  vid = { studyId, cellId, ...(await addStimStep(db, studyId, cellId, { companyId: t.companyId, stimType: 'v', width: 160, height: 90 }, 2)) };
  await addAoi(db, img.stimId, 'Logo', { x: 20, y: 20, width: 60, height: 60 });
  await addAoi(db, img.stimId, 'Copy', { x: 120, y: 20, width: 60, height: 60 });
  const logo = (await database.db.query.aoi.findMany()).find((a) => a.tag === 'Logo')!.id;
  // The stim sat at page (100, 100), shown at its own size: fixations around stim (50, 50).
  for (let i = 0; i < 5; i++) {
    await addExposure(db, img, {
      stimX: 100, stimY: 100, stimWidth: 200, stimHeight: 100, viewable: true, viewableMs: 3000, viewed: true, dwellMs: 900,
      timeToFirstViewMs: 0, fixations: [[100, 300, 150 + i, 150], [500, 300, 152, 148 + i], [900, 300, 149, 151]],
      aois: [{ aoiId: logo, dwellMs: 900, firstFixationMs: 100, fixationCount: 3 }],
    });
  }
  await addExposure(db, vid, { stimWidth: 160, stimHeight: 90, viewable: true, viewableMs: 3000, viewed: true, dwellMs: 300, fixations: [[0, 300, 80, 45]] });
});
afterAll(async () => { await app.close(); await database.close(); });

async function visualData(s: typeof img) {
  const res = await app.inject({
    method: 'POST', url: `/v1.0/studies/${s.studyId}/compare_report/visual_data`, headers: t.headers,
    payload: { data: [{ cell_id: s.cellId, step_id: s.stepId, stim_id: s.stimId }] },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data[0];
}

async function fetchPng(url: string) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  return PNG.sync.read(res.rawPayload);
}

const pixel = (png: PNG, x: number, y: number) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)];

describe('visuals (D3-212, D3-237)', () => {
  it('D3-212 visual_data answers every URL, signed, with low-quality variants', async () => {
    const v = await visualData(img);
    expect(v).toMatchObject({ stim_id: img.stimId, stim_type: 'image', stim_width: 200, stim_height: 100 });
    expect(v.original_url).toMatch(/^\/files\/stims\/blue\.png\?expires=/);
    for (const k of ['vieworder_url', 'featureanalysis_url', 'analysis_url', 'heatmap_url']) {
      expect(v[k]).toMatch(/^\/visuals\/\d+\/\d+\/\d+\/\w+\.png\?expires=\d+&sig=[\w-]+$/);
      expect(v[`${k}_low_quality`]).toBe(`${v[k]}&quality=low`);
    }
  });

  it('heatmap: a PNG of the stim size over the stored stim image, coloured where fixations are', async () => {
    const v = await visualData(img);
    const png = await fetchPng(v.heatmap_url);
    expect([png.width, png.height]).toEqual([200, 100]);
    expect(pixel(png, 195, 50)).toEqual(BLUE); // far from every fixation (and the legend's band): the stim itself
    const hot = pixel(png, 51, 50);
    expect(hot).not.toEqual(BLUE);
    expect(hot[0]).toBeGreaterThan(150); // the densest point is red
    expect(hot[0]).toBeGreaterThan(hot[1] + 100);
    const low = await fetchPng(v.heatmap_url_low_quality);
    expect([low.width, low.height]).toEqual([100, 50]);
    // a second load answers the identical (cached) image
    const first = await app.inject({ method: 'GET', url: v.heatmap_url });
    const again = await app.inject({ method: 'GET', url: v.heatmap_url });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('stim analysis fogs the stim except where people looked', async () => {
    const png = await fetchPng((await visualData(img)).analysis_url);
    const far = pixel(png, 195, 95), near = pixel(png, 51, 50);
    expect(far[2]).toBeLessThan(BLUE[2] * 0.2);
    expect(near).toEqual(BLUE);
  });

  it('view order outlines the AOIs and badges the ranked one; feature analysis shades by % viewed', async () => {
    const v = await visualData(img);
    const order = await fetchPng(v.vieworder_url);
    expect(pixel(order, 50, 79)).toEqual([255, 122, 0]); // bottom edge of the ranked Logo box
    expect(pixel(order, 150, 79)).toEqual([150, 150, 150]); // Copy: nobody looked, grey outline
    const feat = await fetchPng(v.featureanalysis_url);
    const logoInside = pixel(feat, 60, 60), copyInside = pixel(feat, 160, 60);
    expect(logoInside[0]).toBeGreaterThan(copyInside[0]); // 100 % viewed is redder than 0 %
    expect(copyInside).not.toEqual(BLUE); // even 0 % is tinted lightly
  });

  it('video stims: stim_type video and a heatmap on a neutral frame', async () => {
    const v = await visualData(vid);
    expect(v.stim_type).toBe('video');
    const png = await fetchPng(v.heatmap_url);
    expect([png.width, png.height]).toEqual([160, 90]);
    expect(pixel(png, 2, 2)).toEqual([64, 64, 64]);
    expect(pixel(png, 80, 45)).not.toEqual([64, 64, 64]);
  });

  it('unsigned, tampered and expired URLs are refused with 403', async () => {
    const v = await visualData(img);
    const bare = v.heatmap_url.split('?')[0];
    expect((await app.inject({ method: 'GET', url: bare })).statusCode).toBe(403);
    // flip the signature's first character to a different one (a fixed replacement would be a no-op 1 time in 64)
    const tampered = v.heatmap_url.replace(/sig=(.)/, (_m: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    // a signature for one visual does not open another
    expect((await app.inject({ method: 'GET', url: v.heatmap_url.replace('heatmap.png', 'analysis.png') })).statusCode).toBe(403);
    const expired = app.signer.sign(bare, -7200);
    expect((await app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
  });
});

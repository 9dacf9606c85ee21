// Issue 37, items 1 and 2. Visuals decoded PNG only, so a JPEG, WebP, GIF or AVIF creative got
// a grey background; heatmaps washed the whole creative in a rainbow scale without saying what a
// colour meant. Every visual is now drawn over the creative whatever its type (resampled to the
// stim's size), and the heatmap is clear below a threshold, on a scale whose lightness falls
// steadily with density, with a legend stating the measure, the base n and what full colour means.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { visualPath } from '../../routes/reports/build.js';
import { createCanvas } from '../../analytics/visuals/canvas.js';
import { density, HEAT_FLOOR, legendText, renderVisual } from '../../analytics/visuals/render.js';
import { tenant, createStudy, addStimStep, addExposure, addAoi } from './report-fixtures.js';

type Rgb = [number, number, number];
type Where = { studyId: number; cellId: number; stepId: number; stimId: number };
const LEFT: Rgb = [30, 60, 200];
const RIGHT: Rgb = [240, 200, 30];
const KINDS = ['heatmap', 'vieworder', 'featureanalysis', 'analysis'] as const;

/** A 400 × 200 creative, blue left half and yellow right half, in the given format. */
async function creative(format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif'): Promise<Buffer> {
  const half = (rgb: Rgb) => sharp({ create: { width: 200, height: 200, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } }).png().toBuffer();
  const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([{ input: await half(LEFT), left: 0, top: 0 }, { input: await half(RIGHT), left: 200, top: 0 }]).png().toBuffer();
  if (format === 'gif') {
    // Animated: the first frame is the creative, the second a green flash that must not show.
    const flash = await sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 0, g: 255, b: 0 } } }).png().toBuffer();
    return sharp([png, flash], { join: { animated: true } }).gif().toBuffer();
  }
  return sharp(png).toFormat(format, { quality: 90 }).toBuffer();
}

let app: FastifyInstance;
let database: Database;
const stims = new Map<string, Where>();
let weighted: Where;
let blue: Where;
let video: Where;
let stillVideo: Where;

const fixation = (x: number, y: number, ms: number): [number, number, number, number] => [0, ms, x, y];

beforeAll(async () => {
  ({ app, database } = await testApp());
  const db = database.db;
  const t = await tenant(db);
  const { studyId, cellId } = await createStudy(db, { companyId: t.companyId });
  let position = 1;
  for (const format of ['png', 'jpeg', 'webp', 'gif', 'avif'] as const) {
    const key = `stims/creative-${format}.${format === 'jpeg' ? 'jpg' : format}`;
    await app.storage.put(key, await creative(format), `image/${format}`);
    // Stored at 400 × 200, placed at 200 × 100: the visuals resample it.
    const where = { studyId, cellId, ...(await addStimStep(db, studyId, cellId, { companyId: t.companyId, width: 200, height: 100, source: key }, position++)) };
    await addAoi(db, where.stimId, 'Logo', { x: 20, y: 20, width: 60, height: 60 });
    for (let i = 0; i < 3; i++) {
      await addExposure(db, where, { stimX: 0, stimY: 0, stimWidth: 200, stimHeight: 100, viewable: true, viewableMs: 3000, viewed: true, dwellMs: 600, fixations: [fixation(50, 50, 300), fixation(52, 48, 300)] });
    }
    stims.set(format, where);
  }
  // Two spots: A holds one long fixation per respondent, B three short ones.
  await app.storage.put('stims/white.png', await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ffffff' } }).png().toBuffer(), 'image/png');
  weighted = { studyId, cellId, ...(await addStimStep(db, studyId, cellId, { companyId: t.companyId, width: 200, height: 100, source: 'stims/white.png' }, position++)) };
  for (let i = 0; i < 4; i++) {
    await addExposure(db, weighted, {
      stimX: 0, stimY: 0, stimWidth: 200, stimHeight: 100, viewable: true, viewableMs: 3000, viewed: true, dwellMs: 1200,
      fixations: [fixation(50, 50, 900), fixation(150, 50, 100), fixation(150, 50, 100), fixation(150, 50, 100)],
    });
  }
  await app.storage.put('stims/blue.png', await sharp({ create: { width: 200, height: 100, channels: 3, background: { r: 20, g: 40, b: 200 } } }).png().toBuffer(), 'image/png');
  blue = { studyId, cellId, ...(await addStimStep(db, studyId, cellId, { companyId: t.companyId, width: 200, height: 100, source: 'stims/blue.png' }, position++)) };
  for (let i = 0; i < 5; i++) {
    await addExposure(db, blue, { stimX: 0, stimY: 0, stimWidth: 200, stimHeight: 100, viewable: true, viewableMs: 3000, viewed: true, dwellMs: 300, fixations: [fixation(50, 50, 300)] });
  }
  // A video stim: the server decodes no frame (the browser has it), so its visuals come on a dark
  // grey frame, or with backdrop=none as a clear layer for the browser to draw over the frame.
  video = { studyId, cellId, ...(await addStimStep(db, studyId, cellId, { companyId: t.companyId, stimType: 'v', width: 200, height: 100, source: 'stims/spot.mp4' }, position++)) };
  await addAoi(db, video.stimId, 'Logo', { x: 20, y: 20, width: 60, height: 60 });
  for (let i = 0; i < 3; i++) {
    await addExposure(db, video, { stimX: 0, stimY: 0, stimWidth: 200, stimHeight: 100, viewable: true, viewableMs: 3000, viewed: true, dwellMs: 600, fixations: [fixation(50, 50, 300), fixation(52, 48, 300)] });
  }
  // A video stim stored as a still frame (the demo's mock-ups): drawn on that frame.
  stillVideo = { studyId, cellId, ...(await addStimStep(db, studyId, cellId, { companyId: t.companyId, stimType: 'v', width: 200, height: 100, source: 'stims/creative-png.png' }, position++)) };
  await addExposure(db, stillVideo, { stimX: 0, stimY: 0, stimWidth: 200, stimHeight: 100, viewable: true, viewableMs: 3000, viewed: true, dwellMs: 600, fixations: [fixation(50, 50, 300)] });
}, 120_000);
afterAll(async () => { await app.close(); await database.close(); });

async function fetchVisual(w: Where, kind: (typeof KINDS)[number], query = '') {
  const res = await app.inject({ method: 'GET', url: app.signer.sign(visualPath(w.studyId, w.stepId, w.stimId, kind)) + query });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  return PNG.sync.read(res.rawPayload);
}

const pixel = (png: PNG, x: number, y: number): Rgb => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)] as Rgb;
const scaled = (rgb: Rgb, k: number) => rgb.map((v) => v * k) as Rgb;
/** Lossy formats (JPEG, WebP, AVIF) and GIF's palette move a flat colour by a few levels. */
function expectClose(actual: Rgb, expected: Rgb, label: string, tolerance = 14) {
  for (let ch = 0; ch < 3; ch++) expect(Math.abs(actual[ch] - expected[ch]), `${label}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}
const luminance = (rgb: Rgb) => 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];

describe('visuals over every image type (issue 37 item 1)', () => {
  for (const format of ['png', 'jpeg', 'webp', 'gif', 'avif']) {
    it(`each visual of a ${format.toUpperCase()} creative is drawn over the creative, resampled to the stim size`, async () => {
      const w = stims.get(format)!;
      for (const kind of KINDS) {
        const png = await fetchVisual(w, kind);
        expect([png.width, png.height], kind).toEqual([200, 100]);
        // The fixations sit at (50, 50) inside the Logo AOI (20–80); the heatmap's legend takes the
        // top or bottom band, so the middle row away from both shows the creative itself.
        if (kind === 'analysis') {
          expectClose(pixel(png, 50, 50), LEFT, `${format} ${kind} where people looked`);
          expectClose(pixel(png, 150, 15), scaled(RIGHT, 0.12), `${format} ${kind} fogged`);
        } else {
          expectClose(pixel(png, 150, 50), RIGHT, `${format} ${kind} right half`);
          expectClose(pixel(png, 8, 50), LEFT, `${format} ${kind} left half`);
        }
      }
    });
  }
});

describe('heatmaps a researcher can read (issue 37 item 2)', () => {
  it('is clear below the threshold and darkens steadily with density along a profile through a fixation', async () => {
    const width = 400, height = 400, fixations = [{ x: 200, y: 200, durationMs: 300 }];
    const d = density(width, height, fixations)!;
    const png = PNG.sync.read(await renderVisual('heatmap', { width, height, background: createCanvas(width, height, [255, 255, 255]), video: false, fixations, aois: [], respondents: 1 }));
    let clear = 0, tinted = 0, previous = Infinity;
    for (let x = 0; x <= 200; x++) {
      const v = d.map[200 * width + x], rgb = pixel(png, x, 200);
      if (v < HEAT_FLOOR) {
        expect(rgb, `x=${x} density ${v.toFixed(3)}`).toEqual([255, 255, 255]);
        clear++;
      } else {
        tinted++;
        // Perceptual order: more attention is never lighter.
        expect(luminance(rgb), `x=${x}`).toBeLessThanOrEqual(previous + 0.5);
        previous = luminance(rgb);
      }
    }
    expect(clear).toBeGreaterThan(100);
    expect(tinted).toBeGreaterThan(10);
    expect(luminance(pixel(png, 200, 200))).toBeLessThan(120); // the peak is dark, legible on white
  });

  it('the legend states the measure, the base n and what full colour means', () => {
    const fixations = [0, 1, 2, 3, 4].map(() => ({ x: 50, y: 50, durationMs: 300 }));
    const d = density(200, 100, fixations)!;
    expect(legendText(d, 'duration', 5)).toEqual({ title: 'Fixation time per respondent, n = 5', full: 'full colour = 0.30 s' });
    expect(legendText(density(200, 100, fixations, 'count')!, 'count', 5)).toEqual({ title: 'Fixations per respondent, n = 5', full: 'full colour = 1.0' });
    expect(legendText(null, 'duration', 3)).toEqual({ title: 'No fixations, n = 3', full: null });
  });

  it('the served (and downloaded) heatmap carries the legend box with text in a corner nobody looked at', async () => {
    const png = await fetchVisual(blue, 'heatmap');
    const light = (rgb: Rgb) => rgb.every((v) => v > 215);
    const box: [number, number][] = [];
    for (let y = 0; y < png.height; y++) for (let x = 0; x < png.width; x++) if (light(pixel(png, x, y))) box.push([x, y]);
    // The blue creative has no light pixel of its own: the legend's backdrop is the only one.
    expect(box.length).toBeGreaterThan(1000);
    const [x0, x1] = [Math.min(...box.map(([x]) => x)), Math.max(...box.map(([x]) => x))];
    const [y0, y1] = [Math.min(...box.map(([, y]) => y)), Math.max(...box.map(([, y]) => y))];
    // It keeps off the fixations at (50, 50): the hot spot stays visible.
    expect(y0 > 55 || y1 < 45, `legend rows ${y0}–${y1}`).toBe(true);
    expect(pixel(png, 50, 50)[0]).toBeGreaterThan(120);
    let dark = 0;
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (pixel(png, x, y).every((v) => v < 110)) dark++;
    expect(dark).toBeGreaterThan(30); // text, in a real font
    const low = await fetchVisual(blue, 'heatmap', '&quality=low');
    let lowLight = 0;
    for (let i = 0; i < low.width * low.height; i++) if (light([low.data[i * 4], low.data[i * 4 + 1], low.data[i * 4 + 2]])) lowLight++;
    expect(lowLight).toBeGreaterThan(200);
  });

  it('weight=duration (default) makes the long fixation the peak; weight=count the three short ones; anything else is 400', async () => {
    const byDuration = await fetchVisual(weighted, 'heatmap');
    const byDefault = await fetchVisual(weighted, 'heatmap', '&weight=duration');
    expect(Buffer.compare(byDuration.data, byDefault.data)).toBe(0);
    const byCount = await fetchVisual(weighted, 'heatmap', '&weight=count');
    const [a, b] = [[50, 50], [150, 50]] as const;
    expect(luminance(pixel(byDuration, ...a))).toBeLessThan(luminance(pixel(byDuration, ...b)) - 20);
    expect(luminance(pixel(byCount, ...b))).toBeLessThan(luminance(pixel(byCount, ...a)) - 20);
    const bad = await app.inject({ method: 'GET', url: app.signer.sign(visualPath(weighted.studyId, weighted.stepId, weighted.stimId, 'heatmap')) + '&weight=heat' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('video visuals as a clear layer for the browser to composite (issue 37, video downloads)', () => {
  const alpha = (png: PNG, x: number, y: number) => png.data[(y * png.width + x) * 4 + 3];
  it('backdrop=none draws only the heat, legend and labels on a transparent canvas; the default keeps the dark frame', async () => {
    const framed = await fetchVisual(video, 'heatmap');
    expectClose(pixel(framed, 150, 50), [64, 64, 64], 'the default video heatmap: dark frame where nobody looked', 0);
    expect(alpha(framed, 150, 50)).toBe(255);
    const clear = await fetchVisual(video, 'heatmap', '&backdrop=none');
    expect([clear.width, clear.height]).toEqual([200, 100]);
    expect(alpha(clear, 150, 50), 'clear where nobody looked').toBe(0);
    expect(alpha(clear, 50, 50), 'coloured at the fixations').toBeGreaterThan(100);
    // Composited over the same dark frame, the clear layer gives the framed image back (over is associative).
    for (const [x, y] of [[50, 50], [40, 45], [150, 50]] as const) {
      const a = alpha(clear, x, y) / 255;
      const composed = pixel(clear, x, y).map((v) => Math.round(v * a + 64 * (1 - a))) as Rgb;
      expectClose(composed, pixel(framed, x, y), `composited (${x}, ${y})`, 2);
    }
    let legend = 0;
    for (let i = 0; i < clear.width * clear.height; i++) if (clear.data[i * 4 + 3] > 200 && clear.data[i * 4] > 215) legend++;
    expect(legend, 'the legend box is drawn on the layer').toBeGreaterThan(500);
    // Image stims too: the layer alone, without the creative.
    const layer = await fetchVisual(stims.get('jpeg')!, 'heatmap', '&backdrop=none');
    expect(alpha(layer, 150, 50)).toBe(0);
    const fog = await fetchVisual(video, 'analysis', '&backdrop=none');
    expect(alpha(fog, 150, 50), 'the stim analysis fogs where nobody looked').toBeGreaterThan(200);
    expect(alpha(fog, 50, 50), 'and clears where people looked').toBeLessThan(40);
    expectClose(pixel(await fetchVisual(stillVideo, 'heatmap'), 150, 50), RIGHT, 'a video stored as a still is drawn on it');
    const bad = await app.inject({ method: 'GET', url: app.signer.sign(visualPath(video.studyId, video.stepId, video.stimId, 'heatmap')) + '&backdrop=frame' });
    expect(bad.statusCode).toBe(400);
  });
});

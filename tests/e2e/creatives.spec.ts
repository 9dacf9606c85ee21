// Issue 37, "done when": a JPEG, a WebP and an MP4 uploaded as a new customer would, placed in a
// study and taken by simulated respondents, give reports whose visuals show the creative with a
// legible heatmap. On its own server with no demo data (empty-server.ts): the admin uploads the
// three through the stim uploader, a study places them, a test session and launch, two desktop
// respondents look at a known half of each creative (the cursor is the runner's mouse gaze), then:
// - JPEG and WebP: the KPI report's heatmap PNG is the creative's own colours where nobody looked
//   and heat-coloured where they did; the interactive canvas is clear outside and coloured at the
//   gazed half; the legend says what full colour means with n = 2;
// - MP4: the KPI report plays the video with the overlay (no "No preview"), the dwell curve runs to
//   the video's 8 s, and the heatmap downloaded from the compare report has the video's frame
//   under the heat (not the server's grey frame).
// Screenshots at 1440 and 360 px land in tmp/screens/ (creatives-*.png).
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { until, useBrowser, waitForText } from './helpers';
import { useEmptyServer } from './empty-server';

const browser = useBrowser();
const server = useEmptyServer();
const SHOTS = 'tmp/screens';

type Rgb = [number, number, number];
/** Colours of the creatives' halves: none of them is on the heat scale (yellow → dark red). */
const JPEG_LEFT: Rgb = [30, 110, 220];
const JPEG_RIGHT: Rgb = [30, 120, 50];
const WEBP_LEFT: Rgb = [150, 40, 160];
const WEBP_RIGHT: Rgb = [20, 150, 150];
/**
 * tests/fixtures/creative-spot-320x180-8s.mp4 (H.264 baseline, 10 fps, 8 s, 320 × 180, ~3 KB),
 * made with Debian's ffmpeg 5.1: `ffmpeg -f lavfi -i color=c=0x1e3cc8:s=160x180:r=10:d=8 -f lavfi
 * -i color=c=0x14a05a:s=160x180:r=10:d=8 -filter_complex "[0][1]hstack=inputs=2,format=yuv420p"
 * -c:v libx264 -profile:v baseline -preset veryslow -crf 23 -an -movflags +faststart` — a blue
 * left half and a green right half.
 */
const VIDEO_FILE = path.join('tests', 'fixtures', 'creative-spot-320x180-8s.mp4');
const VIDEO_LEFT: Rgb = [30, 60, 200];
const VIDEO_RIGHT: Rgb = [20, 160, 90];
const VIDEO_MS = 8000;

const PANEL = { name: 'Creatives panel', code: 'cp', param: 'pid' };

/** Two flat halves, drawn with sharp and encoded in the format asked (not a PNG renamed). */
async function halves(width: number, height: number, left: Rgb, right: Rgb, format: 'jpeg' | 'webp'): Promise<Buffer> {
  const half = (rgb: Rgb) => sharp({ create: { width: width / 2, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } }).png().toBuffer();
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([{ input: await half(left), left: 0, top: 0 }, { input: await half(right), left: width / 2, top: 0 }]).png().toBuffer();
  return sharp(png).toFormat(format, { quality: 92 }).toBuffer();
}

async function newPage(b: Browser, viewport = { width: 1440, height: 900 }): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
  const context = await b.newContext({ baseURL: server().base, viewport });
  context.setDefaultTimeout(30_000);
  const local = new URL(server().base).host;
  await context.route((u) => u.host !== local && /^https?:$/.test(u.protocol), (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Panel page</h1>' }));
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  return { context, page, errors };
}

let token = '';
async function api<T = any>(p: string, body: unknown = {}, method: 'GET' | 'POST' = 'POST'): Promise<{ status: number; body: T }> {
  if (!token) {
    const res = await fetch(`${server().base}/v1.0/auth-token`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: server().adminPassword }),
    });
    token = ((await res.json()) as { token: string }).token;
  }
  const res = await fetch(`${server().base}/v1.0${p}`, method === 'GET'
    ? { headers: { authorization: `Token ${token}` } }
    : { method, headers: { authorization: `Token ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json().catch(() => null) as T };
}

/** A PNG (or any image) at a URL of the server, decoded to RGBA. */
async function rgbaOf(bytes: Buffer): Promise<{ width: number; height: number; at: (x: number, y: number) => [number, number, number, number] }> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width, height: info.height,
    at: (x, y) => {
      const o = (Math.round(y) * info.width + Math.round(x)) * 4;
      return [data[o], data[o + 1], data[o + 2], data[o + 3]];
    },
  };
}
const near = (a: number[], b: Rgb, tolerance: number) => b.every((v, i) => Math.abs(a[i] - v) <= tolerance);
/** A heat colour over a creative: red leads green and blue (the scale runs yellow → dark red). */
const heated = (a: number[], under: Rgb) => !near(a, under, 30) && a[0] > a[2] + 20 && a[0] > under[0] + 40;

interface Stim { id: number; name: string; kind: 'jpeg' | 'webp' | 'mp4'; width: number; height: number; gaze: [number, number] }

/**
 * Plays a take link: agrees to the consent screen, and on each stim rests the cursor on its gaze
 * point (a fraction of the creative) with small moves, for 2 s on an image and to the end of a
 * video; then Next, until the session is delivered.
 */
async function take(page: Page, link: string, stims: Stim[]): Promise<string | null> {
  let status: string | null = null;
  page.on('response', async (res) => {
    if (res.request().method() === 'POST' && res.url().endsWith('/session')) status = (await res.json().catch(() => null))?.status ?? null;
  });
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  const seen = new Set<number>();
  for (let i = 0; i < 200 && !status; i++) {
    if (new URL(page.url()).host !== new URL(server().base).host) break;
    const agree = page.locator('.gb-consent .gb-agree');
    if (await agree.isVisible().catch(() => false)) {
      await agree.click().catch(() => {});
      await page.waitForTimeout(300);
      continue;
    }
    const shown = page.locator('.gb-stim').first();
    if (await shown.isVisible().catch(() => false)) {
      const id = Number(await shown.getAttribute('data-stim-id'));
      const stim = stims.find((s) => s.id === id);
      if (stim && !seen.has(id)) {
        seen.add(id);
        const media = shown.locator('img, video').first();
        await media.waitFor();
        const box = (await media.boundingBox())!;
        const [fx, fy] = stim.gaze;
        const x = box.x + box.width * fx, y = box.y + box.height * fy;
        await page.mouse.move(x, y, { steps: 5 });
        const video = stim.kind === 'mp4';
        // A bounded count of small moves: the gaze rests there (2 s, or the video's 8 s and a little).
        for (let k = 0; k < (video ? 60 : 12); k++) {
          await page.mouse.move(x + (k % 3) - 1, y + ((k + 1) % 3) - 1);
          await page.waitForTimeout(160);
          if (video && k > 20 && (await media.evaluate((v) => (v as HTMLVideoElement).ended))) break;
        }
      }
    }
    const next = page.locator('.gb-next:visible').first();
    if (await next.count()) await next.click().catch(() => {});
    await page.waitForTimeout(400);
  }
  await page.waitForTimeout(300);
  return status;
}

const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

describe('real creatives give legible visuals (issue 37, done when)', () => {
  it('a JPEG, a WebP and an MP4 uploaded by a new customer, taken by respondents: the reports show each creative with its heatmap, legend and base; the video with its overlay, its full-length curve and its frame under the downloaded heatmap', async () => {
    const b = browser();
    const { page, context, errors } = await newPage(b);
    await page.goto('/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(server().adminPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));

    // 1. The three creatives through the stim uploader.
    const stamp = Date.now() % 100000;
    const files = [
      { name: `Spring MPU JPEG ${stamp} 300x250`, file: 'spring-mpu.jpg', mimeType: 'image/jpeg', buffer: await halves(300, 250, JPEG_LEFT, JPEG_RIGHT, 'jpeg'), kind: 'jpeg' as const },
      { name: `Spring Banner WebP ${stamp} 400x200`, file: 'spring-banner.webp', mimeType: 'image/webp', buffer: await halves(400, 200, WEBP_LEFT, WEBP_RIGHT, 'webp'), kind: 'webp' as const },
      { name: `Spring Spot MP4 ${stamp}`, file: 'spring-spot.mp4', mimeType: 'video/mp4', buffer: readFileSync(VIDEO_FILE), kind: 'mp4' as const },
    ];
    await page.goto('/stims/upload-stim');
    await waitForText(page, 'Upload Stims');
    await page.getByRole('tab', { name: 'Image/Video' }).click();
    await page.locator('gaze-stim-uploader input[type="file"]').setInputFiles(files.map((f) => ({ name: f.file, mimeType: f.mimeType, buffer: f.buffer })));
    await page.getByRole('button', { name: 'Add to upload list' }).click();
    await until(async () => (await page.locator('[part="row"]').count()) === 3, 'three upload rows');
    for (const [i, f] of files.entries()) {
      await page.getByLabel(`Name (stim ${i + 1})`, { exact: true }).fill(f.name);
      for (const field of ['Ad Asset Type', 'Ad Type Group', 'Ad Type', 'Brand']) {
        const select = page.getByLabel(`${field} (stim ${i + 1})`, { exact: true });
        await until(async () => (await select.isEnabled()) && (await select.locator('option').count()) > 1, `${field} options of ${f.kind}`);
        await select.selectOption({ index: 1 });
      }
    }
    await page.getByRole('button', { name: /^Upload All Stims/ }).click();
    type Listed = { id: number; name: string; type: string; width: number | null; height: number | null };
    let listed: Listed[] = [];
    await until(async () => {
      listed = (await api<{ data: Listed[] }>('/stims', { filter_name: `Spring` })).body.data ?? [];
      return files.every((f) => listed.some((s) => s.name === f.name));
    }, 'the three stims in the library');
    const stims: Stim[] = files.map((f) => {
      const s = listed.find((x) => x.name === f.name)!;
      return { id: s.id, name: f.name, kind: f.kind, width: s.width ?? 0, height: s.height ?? 0, gaze: f.kind === 'webp' ? [0.75, 0.5] : [0.25, 0.5] };
    });
    const [jpeg, webp, mp4] = stims;
    assert.deepEqual([jpeg.width, jpeg.height, webp.width, webp.height], [300, 250, 400, 200], 'image sizes read from the files');
    const video = listed.find((s) => s.id === mp4.id)!;
    assert.equal(video.type, 'Video', 'the MP4 is a video stim');
    assert.deepEqual([video.width, video.height], [320, 180], 'the video size measured in the browser');
    const details = (await api<{ data: { duration_ms: number | null } }>(`/stims/${mp4.id}/details`, undefined, 'GET')).body.data;
    assert.ok(Math.abs((details.duration_ms ?? 0) - VIDEO_MS) <= 100, `the video's duration measured: ${details.duration_ms}`);

    // 2. A study placing the three, a panel, a test session, launch.
    const created = await api<{ study_id: number; message?: string }>('/studies/create', {
      name: `Creatives ${stamp}`, environment_id: 1, media_id: 4, study_type_id: 1, language_id: 1, number_of_cells: 1, panel_size: 100,
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const studyId = created.body.study_id;
    const board = await api<{ data: { cell_id: number }[] }>(`/studies/${studyId}/steps/overview`);
    const cellId = board.body.data[0].cell_id;
    for (const s of stims) {
      const step = await api<{ message?: string }>(`/studies/${studyId}/steps/create`, { cell_id: cellId, step_type: 'stim', stim_id: s.id });
      assert.equal(step.status, 200, `${s.kind} step: ${step.body.message}`);
    }
    const panel = await api(`/studies/${studyId}/audience/create`, {
      name: PANEL.name, code: PANEL.code, success_redirect_url: 'https://panel.example/complete', screenout_redirect_url: 'https://panel.example/screenout',
      quota_full_redirect_url: 'https://panel.example/full', participant_insert_parameter: PANEL.param,
    });
    assert.equal(panel.status, 200, JSON.stringify(panel.body));
    type LinkSet = { panel_links: { panel_name: string; cell_links: { cell_id: number; standard: string }[] }[] };
    const links = (await api<{ testing_links: LinkSet; live_links: LinkSet }>(`/studies/${studyId}/links`)).body;
    const linkOf = (set: LinkSet) => set.panel_links.find((p) => p.panel_name === PANEL.name)!.cell_links.find((c) => c.cell_id === cellId)!.standard;
    {
      const tester = await newPage(b, { width: 1280, height: 900 });
      assert.equal(await take(tester.page, `${linkOf(links.testing_links)}tester-1`, stims), 'complete', 'the test session is stored');
      await tester.context.close();
    }
    const launched = await api<{ message?: string }>(`/studies/${studyId}/launch`);
    assert.equal(launched.status, 200, JSON.stringify(launched.body));

    // 3. Two live respondents, each resting their gaze on the known half of every creative.
    for (const ref of ['resp-1', 'resp-2']) {
      const r = await newPage(b, { width: 1280, height: 900 });
      assert.equal(await take(r.page, `${linkOf(links.live_links)}${ref}`, stims), 'complete', `${ref} stored`);
      assert.deepEqual(r.errors.map((e) => e.message), []);
      await r.context.close();
    }
    const tree = (await api<{ data: { cell_id: number; step_list: { step_id: number; stimulus_list: { stimulus_id: number }[] }[] }[] }>(`/studies/${studyId}/stims/overview`)).body.data;
    const stepOf = (s: Stim) => tree[0].step_list.find((st) => st.stimulus_list.some((x) => x.stimulus_id === s.id))!.step_id;
    const key = (s: Stim) => `${cellId}:${stepOf(s)}:${studyId}:${s.id}`;
    const reportUrl = (type: string, ...s: Stim[]) => `/my_studies/overview/${studyId}/reports?stims=${s.map(key).join('|')}&report_type=${type}`;
    const ref = (s: Stim) => ({ cell_id: cellId, step_id: stepOf(s), stim_id: s.id });
    await until(async () => {
      const compare = (await api(`/studies/${studyId}/compare_report/overall_attention`, { data: stims.map(ref) })).body;
      return compare?.data?.length === 3 && compare.data.every((d: { stim_data: { base_size: number } }) => d.stim_data.base_size === 2);
    }, 'two respondents on every creative');

    // 4. JPEG and WebP: the KPI report's heatmap over the creative, its legend and base.
    for (const [s, left, right] of [[jpeg, JPEG_LEFT, JPEG_RIGHT], [webp, WEBP_LEFT, WEBP_RIGHT]] as const) {
      const [gazed, away]: [Rgb, Rgb] = s.gaze[0] < 0.5 ? [left, right] : [right, left];
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(reportUrl('kpi', s));
      const img = page.locator('[part="kpi-visual"] img').first();
      await img.waitFor({ timeout: 60_000 });
      const src = new URL((await img.getAttribute('src'))!, server().base).href;
      assert.match(src, /\/heatmap\.png\?/, `the KPI visual is the heatmap (${src})`);
      const heat = await rgbaOf(Buffer.from(await (await fetch(src)).arrayBuffer()));
      assert.deepEqual([heat.width, heat.height], [s.width, s.height]);
      const gx = s.width * s.gaze[0], gy = s.height * s.gaze[1];
      // Where nobody looked (the other half, away from the corners a legend may take): the creative's own colour.
      const ax = s.gaze[0] < 0.5 ? s.width * 0.75 : s.width * 0.25;
      assert.ok(near(heat.at(ax, s.height * 0.4), away, 16), `${s.kind}: creative where nobody looked: ${heat.at(ax, s.height * 0.4)} vs ${away}`);
      assert.ok(heated(heat.at(gx, gy), gazed), `${s.kind}: heat where they looked: ${heat.at(gx, gy)} over ${gazed}`);
      // The interactive canvas: clear outside the gazed half, coloured on it; its legend names the base.
      const canvas = page.locator('[part="explorer-section"] [part="explorer-canvas"]');
      await canvas.waitFor();
      await until(async () => ((await page.locator('[part="explorer-section"] [part="explorer-legend"]').innerText()).includes('full colour')), `${s.kind} explorer legend`);
      const alphas = await canvas.evaluate((c, at) => {
        const el = c as HTMLCanvasElement;
        const ctx = el.getContext('2d')!;
        const out: number[] = [];
        for (const [fx, fy] of at) out.push(ctx.getImageData(Math.floor(el.width * fx), Math.floor(el.height * fy), 1, 1).data[3]);
        return out;
      }, [s.gaze, [s.gaze[0] < 0.5 ? 0.8 : 0.2, 0.5]] as [number, number][]);
      assert.ok(alphas[0] > 60, `${s.kind}: the canvas is coloured at the gaze (alpha ${alphas[0]})`);
      assert.equal(alphas[1], 0, `${s.kind}: and clear where nobody looked`);
      const legend = await page.locator('[part="explorer-section"] [part="explorer-legend"]').innerText();
      assert.match(legend, /full colour = [\d.]+ s fixation time per respondent/);
      assert.match(legend, /n = 2\b/);
      assert.match(await page.locator('[part="funnel"] [part="base-row"]').innerText(), /2/);
      await shot(page, `creatives-${s.kind}-kpi-1440`);
      await page.setViewportSize({ width: 360, height: 800 });
      await page.waitForTimeout(300);
      await shot(page, `creatives-${s.kind}-kpi-360`);
    }

    // 5. The MP4: the KPI report plays it with the overlay, and its dwell curve spans the video.
    await page.setViewportSize({ width: 1440, height: 900 });
    const graphs: { max_time: number; data: { graph_data: { x: number }[] }[] }[] = [];
    page.on('response', async (res) => {
      if (res.url().endsWith(`/stimuli/${mp4.id}/graph2_data`)) graphs.push(await res.json().catch(() => null));
    });
    await page.goto(reportUrl('kpi', mp4));
    const player = page.locator('[part="kpi-visual"][data-kind="explorer"] video[part="explorer-video"]');
    await player.waitFor({ timeout: 60_000 });
    await until(async () => (await player.evaluate((v) => (v as HTMLVideoElement).readyState)) >= 2, 'the video decoded');
    assert.equal(await page.locator('[part="kpi-visual"] [data-kind="placeholder"]').count(), 0, 'no "No preview" placeholder');
    assert.ok(Math.abs((await player.evaluate((v) => (v as HTMLVideoElement).duration)) * 1000 - VIDEO_MS) < 200, 'the stored video plays its 8 s');
    // The overlay at 2 s (the scrubber seeks the player): coloured where they looked, clear elsewhere.
    await page.locator('[part="kpi-visual"] [part="scrubber"]').fill('2000');
    const overlay = page.locator('[part="kpi-visual"] [part="explorer-canvas"]');
    try {
      await until(async () => (await page.locator('[part="kpi-visual"] [part="explorer-legend"]').innerText()).includes('full colour'), 'video heat at 2 s');
    } catch (e) {
      // Say what the explorer had: the legend, its window and the answer's slices (time per slice).
      const points = (await api<{ span_ms: number; slice_ms: number; slices: { start_ms: number; duration_ms: number[] }[] }>(`/studies/${studyId}/cell/${cellId}/step/${stepOf(mp4)}/stimuli/${mp4.id}/gaze_points`)).body;
      const root = page.locator('[part="kpi-visual"] [part="gaze-explorer"]');
      throw new Error(`${(e as Error).message}: legend "${await page.locator('[part="kpi-visual"] [part="explorer-legend"]').innerText()}", window ${await root.getAttribute('data-window')}, `
        + `span ${points.span_ms}, slice ${points.slice_ms}, slices ${JSON.stringify(points.slices?.map((x) => [x.start_ms, x.duration_ms.reduce((a, b) => a + b, 0)]))}`, { cause: e });
    }
    const va = await overlay.evaluate((c) => {
      const el = c as HTMLCanvasElement;
      const ctx = el.getContext('2d')!;
      return [ctx.getImageData(Math.floor(el.width * 0.25), Math.floor(el.height * 0.5), 1, 1).data[3], ctx.getImageData(Math.floor(el.width * 0.8), Math.floor(el.height * 0.5), 1, 1).data[3]];
    });
    assert.ok(va[0] > 60 && va[1] === 0, `the video overlay is coloured at the gaze and clear elsewhere: ${va}`);
    assert.match(await page.locator('[part="kpi-visual"] [part="explorer-legend"]').innerText(), /n = 2\b/);
    await until(async () => graphs.some((g) => g?.data?.length), 'the dwell curve');
    const dwell = graphs.find((g) => g?.data?.length)!;
    assert.equal(dwell.max_time, VIDEO_MS, 'the dwell curve runs to the video\'s length');
    assert.equal(Math.max(...dwell.data[0].graph_data.map((p) => p.x)), VIDEO_MS / 1000);
    await shot(page, 'creatives-mp4-kpi-1440');
    await page.setViewportSize({ width: 360, height: 800 });
    await page.waitForTimeout(300);
    await shot(page, 'creatives-mp4-kpi-360');

    // 6. The compare report's heatmap of the MP4: shown and downloaded over the video's frame.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(reportUrl('compare', webp, mp4));
    const visuals = page.locator('[part="visuals-section"]');
    await visuals.waitFor({ timeout: 60_000 });
    await visuals.getByLabel('Visual', { exact: true }).selectOption({ label: 'Heatmap' });
    const figure = visuals.locator('figure', { hasText: mp4.name });
    await figure.locator('[part="visual-frame"]').waitFor();
    await figure.locator('[part="visual-download"]').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), figure.locator('[part="visual-download"]').click()]);
    assert.match(download.suggestedFilename(), /^heatmap-spring-spot-mp4-\d+\.png$/);
    const saved = await rgbaOf(await readFile((await download.path())!));
    assert.deepEqual([saved.width, saved.height], [320, 180]);
    const frameAt = saved.at(320 * 0.8, 180 * 0.4);
    assert.ok(near(frameAt, VIDEO_RIGHT, 30), `the video's frame under the heatmap where nobody looked: ${frameAt} vs ${VIDEO_RIGHT} (not the grey ${[64, 64, 64]})`);
    assert.ok(heated(saved.at(320 * 0.25, 180 * 0.5), VIDEO_LEFT), `heat over the frame where they looked: ${saved.at(320 * 0.25, 180 * 0.5)}`);
    await shot(page, 'creatives-compare-1440');
    await page.setViewportSize({ width: 360, height: 800 });
    await page.waitForTimeout(300);
    await shot(page, 'creatives-compare-360');
    assert.deepEqual(errors.map((e) => e.message), []);
    await context.close();
  });
});

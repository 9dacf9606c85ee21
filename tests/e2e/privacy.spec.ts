// Issue 41 items 1 and 4 (docs/privacy.md "No image or video leaves the browser"): a whole take with
// the webcam source on Chromium's fake camera (a test pattern the face tracking analyses in the
// browser). The consent screen comes first, before any camera or model request; every request the
// runner page then sends is recorded, and none carries image or video: no image/video/binary
// content type, every body JSON without a data URL, base64 picture or long encoded run, and none
// large enough to hold a frame. Every request goes to this server (models included).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { api, apiToken, BASE, panelTestLink } from './helpers';

interface Sent { method: string; url: string; type: string; body: Buffer | null }

/** Why a request could be carrying a picture or video, or null. */
function pictureIn(r: Sent): string | null {
  if (/^(image|video|audio)\/|^multipart\/|^application\/octet-stream/i.test(r.type)) return `content type ${r.type}`;
  if (!r.body?.length) return null;
  if (r.body.length > 256 * 1024) return `a ${r.body.length}-byte body`;
  const text = r.body.toString('utf8');
  let json: unknown;
  try { json = JSON.parse(text); } catch { return 'a body that is not JSON'; }
  if (/data:(image|video)\//i.test(text)) return 'a data URL';
  // base64 of JPEG, PNG, WebP / RIFF, GIF and WebM / Matroska headers.
  if (/\/9j\/|iVBORw0KGgo|UklGR|R0lGOD|GkXfo/.test(text)) return 'base64 picture data';
  const long = (v: unknown): boolean => (typeof v === 'string' ? v.length > 4096 : Array.isArray(v) ? v.length > 20_000 || v.some(long)
    : v && typeof v === 'object' ? Object.values(v).some(long) : false);
  if (long(json)) return 'an encoded run long enough for a frame';
  return null;
}

describe('privacy: no image or video leaves the respondent\'s browser (issue 41)', () => {
  it('a webcam take on the fake camera: consent first, then no request carries a frame', async () => {
    const token = await apiToken('researcher');
    const stamp = `p${Date.now().toString(36)}`;
    const created = await api<{ study_id: number; message?: string }>(token, '/studies/create', {
      body: { name: `Privacy ${stamp}`, environment_id: 1, media_id: 4, study_type_id: 1, language_id: 1, number_of_cells: 1, panel_size: 100 },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const id = created.body.study_id;
    const cellId = (await api<{ data: { cell_id: number }[] }>(token, `/studies/${id}/steps/overview`, { body: {} })).body.data[0].cell_id;
    const commands = (await api<{ data: { id: number; name: string }[] }>(token, `/studies/${id}/steps/step-detail`, { body: { step_type: 'command' } })).body.data;
    for (const name of ['Start camera', 'Stop camera']) {
      const step = await api<{ message?: string }>(token, `/studies/${id}/steps/create`, {
        body: { cell_id: cellId, step_type: 'command', command_id: commands.find((c) => c.name === name)!.id },
      });
      assert.equal(step.status, 200, step.body.message);
    }
    const link = new URL(await panelTestLink(token, id, cellId, `Privacy panel ${stamp}`, 'pp', 'pid'));

    const cam = await chromium.launch({
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-quic', '--no-first-run', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
    });
    try {
      const context = await cam.newContext({ baseURL: BASE, viewport: { width: 1280, height: 900 } });
      context.setDefaultTimeout(20_000);
      await context.route('https://panel.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Panel</h1>' }));
      const page = await context.newPage();
      const sent: Sent[] = [];
      page.on('request', (r) => {
        if (r.url().startsWith('https://panel.example/')) return;
        sent.push({ method: r.method(), url: r.url(), type: r.headers()['content-type'] ?? '', body: r.postDataBuffer() });
      });
      let delivered: { status: string; gaze_source: string } | null = null;
      page.on('response', async (res) => {
        if (res.url().endsWith(`/v1.0/take/${id}/session`)) delivered = (await res.json().catch(() => null)) as typeof delivered;
      });
      await page.goto(`${link.pathname}${link.search}R-${stamp}&source=webcam`);

      // The consent screen, before the camera and before any measurement.
      const consent = page.locator('.gb-consent');
      await consent.waitFor();
      assert.match(await consent.innerText(), /the video never leaves your device/);
      assert.match(await consent.innerText(), new RegExp(`Your reference: R-${stamp}`));
      const beforeConsent = sent.map((r) => new URL(r.url).pathname);
      assert.ok(!beforeConsent.some((p) => p.includes('/take/models/') || p.endsWith('/quality') || p.endsWith('/probe')), `before consent: ${beforeConsent.join(', ')}`);
      await page.locator('.gb-consent .gb-agree').click();

      // The camera runs and the face tracking analyses its frames in the page, then the steps play.
      await page.locator('.gb-step[data-step-type=command]').first().waitFor({ timeout: 180_000 });
      assert.match(await page.locator('.gb-gaze').innerText(), /Webcam/);
      // A few seconds of frames analysed in the page while the steps play.
      await page.waitForTimeout(2500);
      for (let i = 0; i < 2; i++) {
        await page.locator('.gb-next:visible').first().click({ timeout: 30_000 });
        await page.waitForTimeout(300);
      }
      for (let i = 0; i < 100 && !delivered; i++) await page.waitForTimeout(200);
      assert.ok(delivered, 'the session was delivered');
      assert.equal((delivered as { status: string }).status, 'complete');

      const paths = sent.map((r) => new URL(r.url));
      assert.ok(paths.some((u) => u.pathname.includes('/take/models/')), 'the face tracking models were loaded: the camera frames were analysed');
      assert.ok(paths.some((u) => u.pathname.endsWith('/consent')) && paths.some((u) => u.pathname.endsWith('/session')));
      assert.deepEqual([...new Set(paths.map((u) => u.origin))], [new URL(BASE).origin], 'every request goes to this server');
      const posts = sent.filter((r) => r.method !== 'GET');
      assert.ok(posts.length >= 4, `start, consent, quality and session at least: ${posts.map((r) => r.url).join(', ')}`);
      for (const r of sent) assert.equal(pictureIn(r), null, `${r.method} ${r.url}`);
      await context.close();
    } finally {
      await cam.close();
    }
  });

  it('the checks find a frame where there is one (the test would fail on a leak)', () => {
    const frame = Buffer.from(JSON.stringify({ token: 'x', frame: `data:image/jpeg;base64,/9j/4AAQSkZJRg${'A'.repeat(5000)}` }));
    assert.equal(pictureIn({ method: 'POST', url: '/v1.0/take/1/session', type: 'application/json', body: frame }), 'a data URL');
    assert.equal(pictureIn({ method: 'POST', url: '/x', type: 'application/json', body: Buffer.from(JSON.stringify({ f: `iVBORw0KGgo${'B'.repeat(10)}` })) }), 'base64 picture data');
    assert.equal(pictureIn({ method: 'POST', url: '/x', type: 'application/json', body: Buffer.from(JSON.stringify({ f: 'C'.repeat(5000) })) }), 'an encoded run long enough for a frame');
    assert.equal(pictureIn({ method: 'POST', url: '/x', type: 'image/jpeg', body: Buffer.from([0xff, 0xd8]) }), 'content type image/jpeg');
    assert.equal(pictureIn({ method: 'POST', url: '/x', type: 'application/octet-stream', body: null }), 'content type application/octet-stream');
    assert.equal(pictureIn({ method: 'POST', url: '/x', type: 'application/json', body: Buffer.from('{"ok":true}') }), null);
  });
});

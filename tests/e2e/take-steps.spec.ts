// The runner's Command and Embedded steps and its optional webcam adapter (issue 22 items 1-2),
// against the real server: a researcher builds a cell (Start camera, Recalibrate, an Embedded
// page served by this test on 127.0.0.1 — the e2e server runs with ALLOW_PRIVATE_URLS — and Stop
// camera) and a panel through the API.
// 1. With the simulated source: the camera commands say there is no camera to start or stop, the
//    Recalibrate command runs the nine-dot calibration and its raw data reach the server, which
//    passes them (the quality call, stage calibration, and the delivery), the Embedded step frames the page in a
//    sandbox without allow-same-origin and measures its viewability; the webcam chunk is never
//    requested and runner.js does not contain Human.
// 2. With `source=webcam` in headless Chromium, which has no camera (no fake device here): the
//    webcam chunk is requested only now, the runner says the camera is unavailable and why, and
//    the respondent can continue with the mouse (the session is then delivered as a mouse one).
// Screenshots (1440 and 360 px) go to tmp/screens/ when E2E_SHOTS_DIR is set.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, apiToken, BASE, freshPage, panelTestLink, useBrowser, agreeToConsent } from './helpers';

const browser = useBrowser();
const SHOTS = process.env.E2E_SHOTS_DIR;
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const was = page.viewportSize();
  for (const width of [1440, 360]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 740 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  if (was) await page.setViewportSize(was);
}

let embedded: http.Server;
let embeddedUrl = '';
before(async () => {
  embedded = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Partner page</title><body style="font:18px system-ui;padding:2rem;background:#eef6ee"><h1>Partner page</h1><p id="origin"></p><script>document.getElementById("origin").textContent = "origin: " + (self.origin || "?");</script></body>');
  });
  await new Promise<void>((r) => embedded.listen(0, '127.0.0.1', r));
  embeddedUrl = `http://127.0.0.1:${(embedded.address() as AddressInfo).port}/partner`;
});
after(() => { embedded.close(); });

async function editableStudy(token: string): Promise<number> {
  const list = (await api<{ data: { study_id: number }[] }>(token, '/studies', { body: { results_per_page: 100 } })).body.data;
  for (const s of [...list].reverse()) {
    const board = await api<{ allow_step_editing: boolean }>(token, `/studies/${s.study_id}/steps/overview`, { body: {} });
    if (board.body.allow_step_editing) return s.study_id;
  }
  throw new Error('no demo study allows step editing');
}

async function addStep(token: string, id: number, body: Record<string, unknown>): Promise<number> {
  const res = await api<{ step_order_id: number; message?: string }>(token, `/studies/${id}/steps/create`, { body });
  assert.equal(res.status, 200, `${JSON.stringify(body)}: ${res.body.message}`);
  return res.body.step_order_id;
}

/** A cell with Start camera, Recalibrate, an Embedded page and Stop camera; its signed test link. */
async function studyLink(): Promise<{ id: number; link: string }> {
  const token = await apiToken('researcher');
  const id = await editableStudy(token);
  const stamp = Date.now().toString(36) + Math.random().toString(36).slice(2, 5);
  const cell = await api<{ cell_id: number }>(token, `/studies/${id}/cells/create`, { body: { cell_name: `Steps ${stamp}`, short_name: `S${stamp}`.slice(0, 20) } });
  assert.equal(cell.status, 200);
  const cellId = cell.body.cell_id;
  const commands = (await api<{ data: { id: number; name: string }[] }>(token, `/studies/${id}/steps/step-detail`, { body: { step_type: 'command' } })).body.data;
  const command = (name: string) => commands.find((c) => c.name === name)!.id;
  await addStep(token, id, { cell_id: cellId, step_type: 'command', command_id: command('Start camera') });
  await addStep(token, id, { cell_id: cellId, step_type: 'command', command_id: command('Recalibrate') });
  await addStep(token, id, { cell_id: cellId, step_type: 'embedded', external_url: embeddedUrl, member_insert: 'member', name: 'Partner page' });
  await addStep(token, id, { cell_id: cellId, step_type: 'command', command_id: command('Stop camera') });
  const link = await panelTestLink(token, id, cellId, `Steps panel ${stamp}`, 'sp', 'rid');
  const u = new URL(link);
  return { id, link: `${u.pathname}${u.search}E2E-${stamp}` };
}

describe('runner: command and embedded steps, webcam adapter (issue 22)', () => {
  it('commands and an embedded page with the simulated source; the webcam chunk is never loaded', async () => {
    const { id, link } = await studyLink();
    const { page, context } = await freshPage(browser());
    await context.route('https://panel.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Panel: thank you</h1>' }));
    const scripts: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/take/assets/')) scripts.push(r.url()); });
    const quality: { stage: string; targets: number; pass: boolean }[] = [];
    const delivered: { gaze_source: string; calibration?: { targets: unknown[] }; steps: { step_id: number; gaze?: unknown[] }[] }[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'POST') return;
      if (r.url().endsWith(`/v1.0/take/${id}/session`)) delivered.push(r.postDataJSON());
    });
    // The quality calls: the raw calibration sent (the server measures it) and the server's verdict.
    page.on('response', async (r) => {
      if (!r.url().endsWith(`/v1.0/take/${id}/quality`)) return;
      const sent = r.request().postDataJSON() as { stage: string; calibration?: { targets: unknown[] } };
      quality.push({ stage: sent.stage, targets: sent.calibration?.targets.length ?? 0, pass: ((await r.json()) as { pass: boolean }).pass });
    });
    await page.goto(`${link}&source=simulated`);
    await agreeToConsent(page);
    const next = page.locator('.gb-next');

    const start = page.locator('.gb-step[data-step-type=command] [data-command=start_camera]');
    await start.waitFor();
    await page.getByText('This session uses simulated gaze (automated run): no camera is needed. Continue.').waitFor();
    await shots(page, 'take-command');
    await next.click();

    // Recalibrate: the nine dots (the simulated source clicks them), then its measures are judged.
    await page.getByRole('button', { name: 'Calibration point 1 of 9' }).waitFor();
    const frame = page.locator('.gb-step[data-step-type=embedded] iframe');
    await frame.waitFor({ timeout: 20_000 });
    assert.ok(quality.some((q) => q.stage === 'calibration' && q.targets === 9 && q.pass), JSON.stringify(quality));

    // Embedded: the partner's page, live, sandboxed (scripts run in an opaque origin), no referrer.
    assert.equal(await frame.getAttribute('sandbox'), 'allow-scripts allow-forms');
    assert.equal(await frame.getAttribute('referrerpolicy'), 'no-referrer');
    assert.match((await frame.getAttribute('src'))!, /^http:\/\/127\.0\.0\.1:\d+\/partner\?member=E2E-/);
    const inner = page.frameLocator('.gb-step[data-step-type=embedded] iframe');
    await inner.getByText('origin: null').waitFor();
    await page.waitForTimeout(600);
    await shots(page, 'take-embedded');
    await page.locator('.gb-next.gb-floating').click();

    await page.getByText('This session uses simulated gaze (automated run): there is no camera to stop. Continue.').waitFor();
    await next.click();
    await page.waitForURL('https://panel.example/complete**', { timeout: 20_000 });
    assert.equal(delivered.length >= 1, true);
    assert.equal(delivered[0].gaze_source, 'simulated');
    assert.equal(delivered[0].steps.length, 4);
    assert.equal(delivered[0].calibration?.targets.length, 9, 'the raw recalibration is delivered');

    // On demand only: never the webcam chunk here, and runner.js does not contain Human.
    assert.ok(scripts.some((s) => s.endsWith('/take/assets/runner.js')));
    assert.equal(scripts.filter((s) => /webcam/.test(s)).length, 0, scripts.join('\n'));
    const main = await (await fetch(`${BASE}/take/assets/runner.js`)).text();
    assert.doesNotMatch(main, /vladmandic|@tensorflow|blazeface/i);
    assert.match(main, /import\("\.\/webcam-[\w-]+\.js"\)/);
    await context.close();
  });

  it('source=webcam without a camera: the chunk loads on demand, the runner says the camera is unavailable and why, and the mouse can take over', async () => {
    const { id, link } = await studyLink();
    const { page, context } = await freshPage(browser());
    await context.route('https://panel.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Panel: thank you</h1>' }));
    const scripts: string[] = [];
    const models: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/take/assets/')) scripts.push(r.url());
      if (r.url().includes('/take/models/')) models.push(r.url());
    });
    const delivered: { gaze_source: string }[] = [];
    page.on('request', (r) => { if (r.method() === 'POST' && r.url().endsWith(`/v1.0/take/${id}/session`)) delivered.push(r.postDataJSON()); });
    await page.goto(`${link}&source=webcam`);
    // Consent comes before the camera (issue 41): the webcam chunk is not even loaded yet.
    await page.locator('.gb-consent').waitFor();
    assert.ok(!scripts.some((s) => /\/take\/assets\/webcam-/.test(s)), 'no webcam chunk before consent');
    await agreeToConsent(page);

    const alert = page.locator('.gb-camera-failed[role=alert]');
    await alert.waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'The camera is unavailable' }).waitFor();
    const text = await alert.innerText();
    assert.match(text, /This study uses your webcam to follow where you look, but (no camera was found on this device|permission to use the camera was refused|the camera could not be started.*)\./, text);
    assert.ok(scripts.some((s) => /\/take\/assets\/webcam-[\w-]+\.js$/.test(s)), `the webcam chunk was requested: ${scripts.join(', ')}`);
    // The camera is asked for before any model is downloaded.
    assert.deepEqual(models, []);
    await shots(page, 'take-camera-failed');

    await page.getByRole('button', { name: 'Continue with the mouse' }).click();
    await page.getByText('Gaze: Mouse cursor as gaze').waitFor();
    await page.getByText('This session uses the mouse cursor as gaze: no camera is needed. Continue.').waitFor();
    await context.close();
  });
});

// The quality gate of the respondent runner (issue 22 items 4 and 8), against the real server: a
// fresh study whose minimum calibration frame rate no browser reaches (the runner samples at 30 Hz),
// one cell (instruction, validation), a panel. A respondent opens the cell's signed test link with
// the panel's participant parameter, clicks the nine validation dots with the mouse, sees the
// failure on screen, and is redirected to the panel's screen-out URL with the parameter; the
// session is stored as a screened-out (failed) test session, never a counted one.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, apiToken, freshPage, panelTestLink, useBrowser, agreeToConsent } from './helpers';

const browser = useBrowser();
const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
};

describe('respondent runner quality gate', () => {
  it('issue 22 item 4: a respondent who cannot meet the thresholds sees why, is sent to the screen-out URL with the participant parameter and stored as screened out', async () => {
    const token = await apiToken('researcher');
    const stamp = `q${Date.now().toString(36)}`;
    const created = await api<{ study_id: number; message?: string }>(token, '/studies/create', {
      body: { name: `Quality gate ${stamp}`, environment_id: 1, media_id: 4, study_type_id: 1, language_id: 1, number_of_cells: 1, panel_size: 100 },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const id = created.body.study_id;
    const edit = await api(token, `/studies/${id}/edit`, { body: { min_calibration_frame_rate: 100, min_connection_speed: 1 } });
    assert.equal(edit.status, 200, JSON.stringify(edit.body));
    const board = await api<{ data: { cell_id: number }[] }>(token, `/studies/${id}/steps/overview`, { body: {} });
    const cellId = board.body.data[0].cell_id;
    const instruction = (await api<{ data: { id: number; step_id?: number }[] }>(token, `/studies/${id}/steps/step-detail`, { body: { step_type: 'instruction' } })).body.data[0];
    for (const body of [
      { cell_id: cellId, step_type: 'instruction', step_id: instruction.step_id ?? instruction.id },
      { cell_id: cellId, step_type: 'validation' },
    ]) {
      const res = await api<{ message?: string }>(token, `/studies/${id}/steps/create`, { body });
      assert.equal(res.status, 200, `${JSON.stringify(body)}: ${res.body.message}`);
    }
    const testLink = new URL(await panelTestLink(token, id, cellId, `Gate panel ${stamp}`, 'gp', 'pid'));
    const reference = `E2E-${stamp}`;

    const { page, context, errors } = await freshPage(browser());
    await context.route('https://panel.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Panel</h1>' }));
    const verdicts: { stage: string; pass: boolean }[] = [];
    page.on('response', async (res) => {
      if (!res.url().endsWith(`/v1.0/take/${id}/quality`)) return;
      const req = res.request().postDataJSON() as { stage: string };
      verdicts.push({ stage: req.stage, pass: ((await res.json()) as { pass: boolean }).pass });
    });
    await page.goto(`${testLink.pathname}${testLink.search}${reference}`);
    await agreeToConsent(page);
    await page.getByRole('button', { name: 'Next' }).click();
    for (let i = 1; i <= 9; i++) {
      const dot = page.getByRole('button', { name: `Calibration point ${i} of 9` });
      await dot.waitFor();
      await dot.click();
    }
    const alert = page.getByRole('alert');
    await alert.getByText(/Frame rate [\d.]+ Hz is under the minimum of 100 Hz/).waitFor({ timeout: 15_000 });
    await alert.getByText(/stored as a screen-out test session/).waitFor();
    await shot(page, 'take-screenout-1280');
    await page.waitForURL((u) => u.hostname === 'panel.example', { timeout: 30_000 });
    const out = new URL(page.url());
    assert.equal(out.pathname, '/screenout');
    assert.equal(out.searchParams.get('pid'), reference);
    // The connection passed (1 kbps minimum), the validation failed: decided by the server.
    assert.deepEqual(verdicts, [{ stage: 'connection', pass: true }, { stage: 'validation', pass: false }]);

    const found = await api<{ data: { kind: string; status: string; result: string | null; is_test: boolean }[] }>(token, `/validations?search=${encodeURIComponent(reference)}`);
    assert.equal(found.status, 200);
    assert.deepEqual(found.body.data.map((v) => ({ kind: v.kind, status: v.status, is_test: v.is_test })), [{ kind: 'test_session', status: 'failed', is_test: true }]);
    assert.match(found.body.data[0].result ?? '', /^Screened out/);
    assert.deepEqual(errors.map((e) => e.message), []);
    await context.close();
  });
});

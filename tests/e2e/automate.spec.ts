// Automated run-throughs (issue 22 item 7), against the real server: a researcher creates a small
// study (one cell: instruction, calibration, image stim, question) and a panel whose redirects are
// this server's own pages (ALLOW_PRIVATE_URLS, test-only, set by scripts/test-e2e.mjs); the super
// user orders a run-through; the job plays the cell's test link in headless Chromium with the
// simulated gaze source; the run passes with every step recorded, and My Validations shows the
// passed row with its per-step results.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, apiToken, BASE, freshPage, signIn, useBrowser } from './helpers';

const browser = useBrowser();
const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

interface Option { id: number; name: string; step_id?: number; type?: string | null }
interface Check { cell_name: string; status: string; reason: string | null; steps: { type: string; name: string; status: string; reason: string | null }[] }
interface Run { id: number; status: string; result: string | null; cells?: Check[] }

describe('automated run-throughs', () => {
  it('issue 22 item 7: an ordered run-through plays every cell in Chromium and shows as a passed row with per-step results in My Validations', async () => {
    const token = await apiToken('researcher');
    const stamp = Date.now().toString(36);
    const name = `Automate ${stamp}`;
    const created = await api<{ study_id: number; message?: string }>(token, '/studies/create', { body: { study_kind: 'generic', name, number_of_cells: 1, panel_size: 100 } });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const id = created.body.study_id;
    const board = await api<{ data: { cell_id: number }[] }>(token, `/studies/${id}/steps/overview`, { body: {} });
    const cellId = board.body.data[0].cell_id;
    const options = async (type: string) => (await api<{ data: Option[] }>(token, `/studies/${id}/steps/step-detail`, { body: { step_type: type } })).body.data;
    const instruction = (await options('instruction'))[0];
    const image = (await options('stim')).find((o) => /image/i.test(o.type ?? ''));
    const group = (await options('question'))[0];
    // A new study has no stims of its own yet: the ad step is there when the company's library offers one.
    assert.ok(instruction && group, `the demo offers an instruction and a question group: ${JSON.stringify({ instruction, group })}`);
    const steps = [
      { cell_id: cellId, step_type: 'instruction', step_id: instruction.step_id ?? instruction.id },
      { cell_id: cellId, step_type: 'calibration' },
      ...(image ? [{ cell_id: cellId, step_type: 'stim', stim_id: image.id }] : []),
      { cell_id: cellId, step_type: 'question', question_group_id: group.id },
    ];
    for (const body of steps) {
      const res = await api<{ message?: string }>(token, `/studies/${id}/steps/create`, { body });
      assert.equal(res.status, 200, `${JSON.stringify(body)}: ${res.body.message}`);
    }
    const panel = await api(token, `/studies/${id}/audience/create`, {
      body: {
        name: `Automate panel ${stamp}`, code: 'ap', success_redirect_url: `${BASE}/`, screenout_redirect_url: `${BASE}/`,
        quota_full_redirect_url: `${BASE}/`, participant_insert_parameter: 'rid',
      },
    });
    assert.equal(panel.status, 200, JSON.stringify(panel.body));

    const admin = await apiToken('admin');
    const me = (await api(token, '/user/get-details')).body;
    const companyId = me.company_id ?? me.data?.company_id ?? me.user?.company_id;
    const ordered = await api<{ run_through: Run }>(admin, `/studies/${id}/order_study_runthrough`, { body: {}, companyId });
    assert.equal(ordered.status, 200);
    const runId = ordered.body.run_through.id;
    // Bounded polling: Chromium plays the whole cell (calibration, timings, the redirect).
    let run: Run | undefined;
    for (let i = 0; i < 240 && !(run?.status === 'passed' || run?.status === 'failed'); i++) {
      if (i) await new Promise((r) => setTimeout(r, 500));
      run = (await api<{ data: Run[] }>(token, `/studies/${id}/studyrunthroughs`, { body: {} })).body.data.find((r) => r.id === runId);
    }
    assert.equal(run!.status, 'passed', `${run!.result} ${JSON.stringify(run!.cells)}`);
    assert.equal(run!.cells!.length, 1);
    assert.deepEqual(run!.cells![0].steps.map((s) => [s.type, s.status]), steps.map((s) => [s.step_type, 'passed']));

    // My Validations: the passed row, its per-step results behind the disclosure.
    const { page, context, errors } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto('/my_validations');
    const table = page.locator('gaze-validations');
    await table.getByPlaceholder('Search study validations...').fill(name);
    // One run, one row (issue 38): the orderer's run-through row with its result.
    const row = table.locator('tbody tr', { hasText: name }).filter({ hasText: 'alex.morgan@gazeboard.example' }).filter({ hasText: 'Passed' }).first();
    await row.waitFor();
    await row.getByText(`1 cell, ${steps.length} steps`).click();
    await row.locator('.cell.passed', { hasText: 'Cell 1: Passed' }).waitFor();
    assert.equal(await row.locator('li.passed').count(), steps.length);
    await shot(page, 'automate-validations-1280');
    // The test session the run took is not listed beside it as a second row (issue 38).
    assert.equal(await table.locator('tbody tr', { hasText: name }).filter({ hasText: 'Test link: run-through-' }).count(), 0);
    await page.setViewportSize({ width: 360, height: 800 });
    await shot(page, 'automate-validations-360');
    assert.deepEqual(errors.map((e) => e.message), []);
    await context.close();
  });
});

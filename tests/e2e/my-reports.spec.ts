// My Reports, My Downloads and My Validations end to end (issue 19), against the real server and
// demo data: save a report from the builder and open it in My Reports (the iframe reads with its
// embed token), download a CSV and find it in My Downloads after a reload, order a run-through and
// see its row in My Validations.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { api, apiToken, freshPage, signIn, useBrowser } from './helpers';
import { encodeStimName } from '../../sdk/core/reports/keys';

const browser = useBrowser();

interface Stim { cell_id: number; step_id: number; stimulus_id: number; stimulus_name: string; stimulus_type: string }
let token = '';
let studyId = 0;
let stim: Stim;

before(async () => {
  token = await apiToken('researcher');
  const list = await api(token, '/studies', { body: { results_per_page: 100 } });
  for (const s of list.body.data as { study_id: number }[]) {
    const tree = await api(token, `/studies/${s.study_id}/stims/overview`, { body: {} });
    const stims: Stim[] = tree.body.data.flatMap((c: { cell_id: number; step_list: { step_id: number; stimulus_list: Omit<Stim, 'cell_id' | 'step_id'>[] }[] }) =>
      c.step_list.flatMap((st) => st.stimulus_list.map((x) => ({ ...x, cell_id: c.cell_id, step_id: st.step_id }))));
    const names = stims.map((x) => x.stimulus_name);
    const candidate = stims.find((x) => ['i', 's'].includes(x.stimulus_type) && !x.stimulus_name.includes('|') && names.filter((n) => n === x.stimulus_name).length === 1);
    if (candidate) {
      studyId = s.study_id;
      stim = candidate;
      return;
    }
  }
  throw new Error('no demo study with an image stim');
});

describe('My Reports, My Downloads, My Validations', () => {
  it('D3-164 D3-166 saves a KPI report to My Reports and opens it there through its embed URL', async () => {
    const { page, context, errors } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto(`/my_studies/overview/${studyId}/reports?stims=${encodeURIComponent(encodeStimName(stim.stimulus_name))}&report_type=kpi`);
    const builder = page.locator('gaze-report-builder');
    await builder.getByRole('button', { name: 'Save to My Reports' }).click();
    const name = `E2E KPI ${Date.now()}`;
    await builder.getByLabel('Report name').fill(name);
    await builder.getByLabel('Row').fill('End to end');
    await builder.getByRole('button', { name: 'Save', exact: true }).click();
    await builder.getByText('Saved to My Reports').waitFor();

    await page.goto(`/my_reports/${studyId}`);
    const mine = page.locator('gaze-my-reports');
    await mine.getByRole('button', { name }).click();
    const frame = mine.locator('iframe[part="frame"]');
    await frame.waitFor();
    const src = (await frame.getAttribute('src'))!;
    assert.match(src, /\/embed\/report\?.*token=gze_/);
    // The embedded page renders the KPI report of that stim, read with the embed token alone.
    await page.frameLocator('gaze-my-reports >> iframe[part="frame"]').locator('gaze-kpi-report').getByText(stim.stimulus_name).first().waitFor({ timeout: 30_000 });
    // The same URL opened after its signature is altered reads nothing.
    const altered = src.replace(/token=gze_(.)/, (_m, c: string) => `token=gze_${c === 'A' ? 'B' : 'A'}`);
    const tokenOf = (u: string) => new URL(u, 'http://x').searchParams.get('token')!;
    const res = await api(tokenOf(altered), `/studies/${studyId}/stims/overview`, { body: {} });
    assert.equal(res.status, 401);
    assert.equal((await api(tokenOf(src), `/studies/${studyId}/stims/overview`, { body: {} })).status, 200);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a downloaded CSV is listed in My Downloads after a reload', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto(`/my_studies/overview/${studyId}/study/kpi_report?stims=${stim.cell_id}:${stim.step_id}:${studyId}:${stim.stimulus_id}`);
    const report = page.locator('gaze-kpi-report');
    await report.getByRole('button', { name: 'Download' }).first().click();
    const download = page.waitForEvent('download');
    await report.getByRole('menuitem', { name: 'Download Stim Data' }).click();
    assert.equal((await download).suggestedFilename(), 'stim-data.csv');
    await page.goto('/my_downloads');
    await page.reload();
    const row = page.locator('gaze-my-downloads tbody tr').filter({ hasText: 'stim-data.csv' }).first();
    await row.waitFor();
    assert.match(await row.innerText(), /Ready/);
    await context.close();
  });

  it('D3-175 a run-through ordered by a super user shows as a row in My Validations', async () => {
    const admin = await apiToken('admin');
    const me = (await api(token, '/user/get-details')).body;
    const companyId = me.company_id ?? me.data?.company_id ?? me.user?.company_id;
    const ordered = await api(admin, `/studies/${studyId}/order_study_runthrough`, { body: {}, companyId });
    assert.equal(ordered.status, 200);
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto('/my_validations');
    const table = page.locator('gaze-validations');
    // Newest first. Sessions on test links are rows too and the run-through job moves the order on
    // (queued, running, then passed or failed: tests/e2e/automate.spec.ts), so the row is found by its study.
    const studyName = (await api(token, `/studies/${studyId}/overview`, { body: {} })).body.study_name as string | undefined;
    const queued = table.locator('tbody tr', { hasText: studyName?.slice(0, 20) ?? /Queued|Running|Passed|Failed/ }).first();
    await queued.waitFor();
    // Not a super user: clicking the name says why nothing is ordered.
    await table.locator('button[part="study-name"]').first().click();
    await table.getByText('Only super users can order a run-through').waitFor();
    await context.close();
  });
});

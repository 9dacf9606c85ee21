// Reports end to end (issue 14): a completed demo study with measured respondents, each report
// built from the builder and from a shared address, norms and graph types switched, and the
// numbers shown compared with the API's answers formatted the way spec document 3 §9 says.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, apiToken, freshPage, signIn, useBrowser, waitForText } from './helpers';
import { formatMetric, formatPercent, formatSeconds } from '../../sdk/features/report-common/format';
import { KPI_TABLE, FUNNEL } from '../../sdk/features/report-common/metrics';

const browser = useBrowser();

interface Stim { cell_id: number; step_id: number; stimulus_id: number; stimulus_name: string; stimulus_type: string }
let token = '';
let studyId = 0;
let stim: Stim;
let ref: { cell_id: number; step_id: number; stim_id: number };

/** A completed study of the researcher whose first image stim has a measured base (respondents are seeded in the background). */
async function findStudy(): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    const list = await api(token, '/studies', { body: { filter_completed: '1', results_per_page: 100 } });
    for (const s of list.body.data as { study_id: number }[]) {
      const tree = await api(token, `/studies/${s.study_id}/stims/overview`, { body: {} });
      const stims: Stim[] = tree.body.data.flatMap((c: { cell_id: number; step_list: { step_id: number; stimulus_list: Omit<Stim, 'cell_id' | 'step_id'>[] }[] }) =>
        c.step_list.flatMap((st) => st.stimulus_list.map((x) => ({ ...x, cell_id: c.cell_id, step_id: st.step_id }))));
      // A stim whose name is its own in the study: the tree and a shared address (which names stims) pick exactly it.
      const candidate = stims.find((x) => ['i', 's'].includes(x.stimulus_type) && !x.stimulus_name.includes('|')
        && stims.filter((y) => y.stimulus_name === x.stimulus_name).length === 1);
      if (!candidate) continue;
      const r = { cell_id: candidate.cell_id, step_id: candidate.step_id, stim_id: candidate.stimulus_id };
      const att = await api(token, `/studies/${s.study_id}/compare_report/overall_attention`, { body: { data: [r] } });
      if (att.status === 200 && att.body.data[0].stim_data.base_size > 0 && att.body.data[0].stim_data.panelist_viewed_percent > 0) {
        studyId = s.study_id;
        stim = candidate;
        ref = r;
        return;
      }
    }
    await new Promise((r) => setTimeout(r, 5000));
  }
  throw new Error('no completed demo study with measured respondents');
}

before(async () => {
  token = await apiToken('researcher');
  await findStudy();
}, { timeout: 11 * 60_000 });

/** A table cell's figure: its first line (the 95 % interval or standard error under it is a second line). */
const cellText = async (page: Page, part: string, metric: string, n = 0) =>
  (await page.locator(`[part="${part}"] tr[data-metric="${metric}"] td`).nth(n).innerText()).split('\n')[0].trim();

async function choose(page: Page, sectionPart: string, label: string, optionLabel: string) {
  await page.locator(`[part="${sectionPart}"]`).getByLabel(label, { exact: true }).first().selectOption({ label: optionLabel });
}

describe('reports (issue 14)', () => {
  it('D3-177 D3-187 D3-197 D3-207 compare report from the builder: KPI numbers as the API answers, under two norms', async () => {
    const { page, context, errors } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto(`/my_studies/overview/${studyId}/reports`);
    await waitForText(page, 'Create your reports', 'Choose your report');
    // Long names are cut in the tree; the checkbox keeps the full name as its accessible name.
    await page.locator('[part="stim-tree"]').getByRole('checkbox', { name: stim.stimulus_name, exact: true }).check();
    await page.getByLabel('Compare report').check();
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.waitForURL((u) => u.searchParams.get('report_type') === 'compare');
    assert.ok(new URL(page.url()).searchParams.get('stims')!.split('|').includes(stim.stimulus_name.replace(/ /g, '.')));
    await page.locator('[part="kpi-table"] table').waitFor();
    const expected = await api(token, `/studies/${studyId}/compare_report/overall_attention`, { body: { data: [ref] } });
    const sameName = (await api(token, `/studies/${studyId}/stims/overview`, { body: {} })).body.data
      .flatMap((c: { step_list: { stimulus_list: { stimulus_name: string }[] }[] }) => c.step_list.flatMap((s) => s.stimulus_list))
      .filter((s: { stimulus_name: string }) => s.stimulus_name === stim.stimulus_name).length;
    assert.equal(sameName, 1, 'the chosen stim name is unique in the study (column 0 is it)');
    for (const m of KPI_TABLE) {
      assert.equal(await cellText(page, 'kpi-table', m.name, 0), formatMetric(m.kind, expected.body.data[0].stim_data[m.name]), m.name);
      assert.equal(await cellText(page, 'kpi-table', m.name, 1), formatMetric(m.kind, expected.body.data[0].norm_data[m.name]), `${m.name} norm`);
    }
    await choose(page, 'kpi-section', 'Norm', (await page.locator('[part="kpi-section"] option').nth(2).innerText()));
    const base = await api(token, `/studies/${studyId}/compare_report/overall_attention`, { body: { data: [ref], norm_type_id: 3 } });
    const want = formatMetric('seconds', base.body.data[0].norm_data.avg_stim_dwell_time);
    for (let i = 0; i < 50 && (await cellText(page, 'kpi-table', 'avg_stim_dwell_time', 1)) !== want; i++) await page.waitForTimeout(100);
    assert.equal(await cellText(page, 'kpi-table', 'avg_stim_dwell_time', 1), want);
    assert.match(await page.locator('[part="kpi-section"] option').nth(2).innerText(), new RegExp(`^Base Norm \\(${base.body.data[0].norm_data.norm_size} stims?\\)$`));
    // Graph types: Page Dwell Time runs to 60 s.
    await choose(page, 'survival-section', 'Graph type', 'Page Dwell Time');
    await page.locator('[part="survival-section"] .highcharts-xaxis-labels text', { hasText: /^60$/ }).waitFor();
    // Feature attention: the metric switch.
    await choose(page, 'feature-section', 'Metric', 'Percent Viewed');
    await page.screenshot({ path: 'tmp/screens/reports-compare-1440.png', fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('D3-182 D3-183 D3-216 a shared KPI address preselects and generates; the funnel shows the API numbers', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto(`/my_studies/overview/${studyId}/reports?stims=${encodeURIComponent(stim.stimulus_name.replace(/ /g, '.'))}&report_type=kpi`);
    await page.locator('[part="funnel"]').first().waitFor();
    const kpi = await api(token, `/studies/${studyId}/cell/${ref.cell_id}/step/${ref.step_id}/stimuli/${ref.stim_id}/kpi_analysis`, { body: {} });
    for (const m of FUNNEL) assert.equal(await cellText(page, 'funnel', m.name, 0), formatMetric(m.kind, kpi.body.stim_data[m.name]), m.name);
    const cards = await page.locator('[part="metric-card"] strong').allInnerTexts();
    assert.deepEqual(cards, [formatSeconds(kpi.body.stim_data.avg_page_dwell_time), formatPercent(kpi.body.stim_data.panelist_viewable_script_percent), formatSeconds(kpi.body.stim_data.avg_time_to_first_view)]);
    await page.locator('[part="kpi-stim"]').first().getByLabel('Data type').selectOption({ label: 'Viewable Time' });
    await waitForText(page, 'How long the stim was viewable to your respondents');
    await page.screenshot({ path: 'tmp/screens/reports-kpi-1440.png', fullPage: true });
    await context.close();
  });

  it('D3-243 a shared feature address: the feature table shows the API numbers', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto(`/my_studies/overview/${studyId}/reports?stims=${encodeURIComponent(stim.stimulus_name.replace(/ /g, '.'))}&report_type=feature`);
    await page.locator('[part="feature-table"]').first().waitFor();
    const fa = await api(token, `/studies/${studyId}/cell/${ref.cell_id}/step/${ref.step_id}/stimuli/${ref.stim_id}/feature_analysis`, { body: {} });
    const rows = await page.locator('[part="feature-table"]').first().locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((c) => (c as HTMLElement).innerText)));
    assert.deepEqual(rows, fa.body.feature_data.map((f: { feature_name: string; avg_feature_dwell_time: number | null; panelist_viewed_percent: number }) => [
      f.feature_name, formatSeconds(f.avg_feature_dwell_time), formatPercent(f.panelist_viewed_percent),
    ]));
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: 'tmp/screens/reports-feature-360.png', fullPage: true });
    await context.close();
  });

  it('D3-186 D3-268 demographics from the builder needs no stim and places the demographics report', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto(`/my_studies/overview/${studyId}/reports`);
    await waitForText(page, 'Create your reports');
    await page.getByLabel('Compare report').check();
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await waitForText(page, 'Please select at least one stim');
    await page.getByLabel('Demographics report').check();
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.waitForURL((u) => u.search === '?report_type=demographics');
    await waitForText(page, 'Demographic Report');
    await page.locator('gaze-demographic-report').waitFor();
    await context.close();
  });

  it('D3-183 D3-187 a KPI report from the builder and a compare report from a shared address', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto(`/my_studies/overview/${studyId}/reports`);
    await page.locator('[part="stim-tree"]').getByRole('checkbox', { name: stim.stimulus_name, exact: true }).check();
    await page.getByLabel('KPI report').check();
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.waitForURL((u) => u.searchParams.get('report_type') === 'kpi');
    await page.locator('[part="funnel"]').first().waitFor();
    assert.equal(await page.locator('[part="kpi-stim"]').count(), 1);
    const shared = page.url();
    // The address shared: a fresh session opens the same report as a compare report.
    const other = await freshPage(browser());
    await signIn(other.page, 'researcher');
    await other.page.goto(shared.replace('report_type=kpi', 'report_type=compare'));
    await other.page.locator('[part="kpi-table"] table').waitFor();
    const expected = await api(token, `/studies/${studyId}/compare_report/overall_attention`, { body: { data: [ref] } });
    assert.equal(await cellText(other.page, 'kpi-table', 'panelist_viewable_percent', 0), formatMetric('percent', expected.body.data[0].stim_data.panelist_viewable_percent));
    await other.context.close();
    await context.close();
  });

  it('the attention report on its own page takes stim keys', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto(`/my_studies/overview/${studyId}/study/attention_report?stims=${ref.cell_id}:${ref.step_id}:${studyId}:${ref.stim_id}`);
    await page.locator('[part="kpi-table"] table').waitFor();
    await waitForText(page, 'Eye tracking KPIs', 'Survival curves', 'Feature attention', 'Visuals');
    await context.close();
  });
});

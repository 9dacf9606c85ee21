// Issue 37 item 5 end to end: a demo study that places one creative in two cells (a test/control
// design). Opened from a shared address in the placement form, the compare report names each
// placement with its cell in the chips, the table columns, the survival legend and the visual
// captions; the address of the spec's name form selects both and says so. Screenshots at 1440
// and 360 px land in tmp/screens/.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, apiToken, freshPage, signIn, useBrowser } from './helpers';
import { placementLabels } from '../../contract/placements';
import { cutStimName, LEGEND_NAME_MAX } from '../../sdk/features/report-common/format';

const browser = useBrowser();

interface Placement { cellId: number; cellName: string; stepId: number; stimId: number; name: string; type: string }
let token = '';
let studyId = 0;
let shared: Placement[] = [];
let labels = new Map<string, string>();
const key = (p: Placement) => `${p.cellId}:${p.stepId}:${studyId}:${p.stimId}`;

before(async () => {
  token = await apiToken('researcher');
  const list = await api(token, '/studies', { body: { results_per_page: 100 } });
  for (const s of list.body.data as { study_id: number }[]) {
    const tree = await api(token, `/studies/${s.study_id}/stims/overview`, { body: {} });
    const all: Placement[] = tree.body.data.flatMap((c: { cell_id: number; cell_name: string; step_list: { step_id: number; stimulus_list: { stimulus_id: number; stimulus_name: string; stimulus_type: string }[] }[] }) =>
      c.step_list.flatMap((st) => st.stimulus_list.map((x) => ({ cellId: c.cell_id, cellName: c.cell_name, stepId: st.step_id, stimId: x.stimulus_id, name: x.stimulus_name, type: x.stimulus_type }))));
    // An image whose name two different cells carry.
    const hit = all.find((p) => ['i', 's'].includes(p.type) && !p.name.includes('|') && new Set(all.filter((q) => q.name === p.name).map((q) => q.cellId)).size >= 2);
    if (!hit) continue;
    studyId = s.study_id;
    const l = placementLabels(all);
    labels = new Map(all.map((p, i) => [`${p.cellId}:${p.stepId}:${s.study_id}:${p.stimId}`, l[i]]));
    // One placement per cell of that name (two cells are enough to tell apart).
    const seen = new Set<number>();
    shared = all.filter((p) => p.name === hit.name && !seen.has(p.cellId) && seen.add(p.cellId)).slice(0, 2);
    return;
  }
  throw new Error('no demo study places one image in two cells');
});

/** Each item's full text: a cut label keeps the full one in its title. */
const fullTexts = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.map((e) => (e.querySelector('[title]')?.getAttribute('title') ?? e.textContent ?? '').trim()));

describe('cells told apart (issue 37 item 5)', () => {
  it('the compare report of a two-cell design names both cells everywhere', async () => {
    const { page, context, errors } = await freshPage(browser());
    await signIn(page, 'researcher');
    const expected = shared.map((p) => labels.get(key(p))!);
    assert.equal(new Set(expected).size, 2, `two different labels: ${expected.join(' / ')}`);
    for (const [i, p] of shared.entries()) assert.ok(expected[i].includes(` · ${p.cellName}`), expected[i]);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/my_studies/overview/${studyId}/reports?stims=${shared.map(key).join('|')}&report_type=compare`);
    await page.locator('[part="kpi-table"] table').waitFor({ timeout: 60_000 });
    assert.deepEqual(await fullTexts(page, '[part="stim-chip"]'), expected, 'chips');
    assert.deepEqual(await fullTexts(page, '[part="kpi-table"] thead th[scope="colgroup"]'), expected, 'KPI columns');
    await page.locator('[part="survival-section"] .highcharts-legend-item').nth(1).waitFor();
    const legend = await page.locator('[part="survival-section"] .highcharts-legend-item text').allTextContents();
    // The legend cuts long labels in the middle, never the cell.
    // (Highcharts repeats a label's text in its outline: one copy.)
    const once = (t: string) => (t.length % 2 === 0 && t.slice(0, t.length / 2) === t.slice(t.length / 2) ? t.slice(0, t.length / 2) : t);
    assert.deepEqual(legend.map((t) => once(t.trim())), expected.map((l) => cutStimName(l, LEGEND_NAME_MAX)), 'survival legend');
    await page.locator('[part="visuals-section"] figcaption').nth(1).waitFor();
    assert.deepEqual(await fullTexts(page, '[part="visuals-section"] figcaption'), expected, 'visual captions');
    // The report URL the builder shows is the placement form: the same report.
    const url = await page.locator('[part="report-url"]').inputValue();
    assert.ok(url.includes(`stims=${shared.map(key).join('|')}`) || url.includes(`stims=${[...shared].reverse().map(key).join('|')}`), url);
    await page.screenshot({ path: 'tmp/screens/cells-compare-1440.png', fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    // Highcharts reflows after the resize: the picture is taken once the chart fits the phone.
    const chartWidth = () => page.locator('[part="survival-section"] svg.highcharts-root').evaluate((svg) => Number(svg.getAttribute('width')));
    for (let i = 0; i < 50 && (await chartWidth()) > 360; i++) await page.waitForTimeout(100);
    assert.ok((await chartWidth()) <= 360, 'the chart reflowed to the phone width');
    await page.screenshot({ path: 'tmp/screens/cells-compare-360.png', fullPage: true });

    // The spec's name form: every placement of the name is selected, and the builder says so.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/my_studies/overview/${studyId}/reports?stims=${encodeURIComponent(shared[0].name.replace(/ /g, '.'))}&report_type=compare`);
    await page.locator('[part="ambiguous-stims"]').waitFor({ timeout: 60_000 });
    const note = await page.locator('[part="ambiguous-stims"]').innerText();
    for (const label of expected) assert.ok(note.includes(label), `${label} in: ${note}`);
    assert.deepEqual(errors.map((e) => e.message), []);
    await context.close();
  });
});

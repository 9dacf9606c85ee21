import { expect } from '@open-wc/testing';
import './batch-kpi-report.element';
import { Highcharts } from '../../ui/charts';
import { $, $$, mount, resetPage, stubHttp, text, waitFor, waitForText, describe, it, beforeEach } from '../test-utils';
import { gazePointsFixture } from '../../features/report-common/test-fixtures';

const stimData = {
  panelist_viewable_script_percent: null, avg_page_dwell_time: 12.345, panelist_viewable_percent: 87.4, avg_stim_viewable_time: 4.26,
  panelist_viewed_percent: 55.5, avg_stim_dwell_time: 1.94, attention_per_1000_impressions: 941.53, avg_time_to_first_view: 2.5,
  percent_viewable: 80, avg_viewed_time: 1.2, base_size: 42,
};
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const urls = (u: string) => ({ url: u, low_quality: u });

function api(graph: { x: number; y: number }[] = [{ x: 0, y: 100 }, { x: 0.5, y: 60 }, { x: 1, y: 20 }], viewOrder = true, batchStims: { internal_stim_id: number }[] = [{ internal_stim_id: 3 }], stim: Record<string, unknown> = stimData, source: string | null = PNG, stimType = 'image') {
  return stubHttp((req) => {
    if (req.url.endsWith('/batch/stims')) return { data: { success: true, internal_batch_id: 'AB-9', internal_vendor_id: 'V-1', batch_id: 'ADS-9', name: 'Sweep', data: batchStims } };
    const head = { stim_name: 'Veloce MPU', stim_type: stimType, stim_id: 9, internal_step_id: 7, internal_stim_id: 3, identifier: 'CR-3' };
    if (req.url.endsWith('/batch/report-data')) return { data: { success: true, internal_batch_id: 'AB-9', internal_vendor_id: 'V-1', batch_id: 'ADS-9', data: [{ ...head, stim_width: 300, stim_height: 250, stim_data: stim, norm_data: { ...stimData, norm_size: 12 }, feature_data: [] }] } };
    if (req.url.endsWith('/batch/report-graph')) return { data: { success: true, current_graph_type_id: 1, time_segment: 100, max_time: 5000, data_types: { 1: 'a', 2: 'b', 3: 'c' }, data: [{ ...head, graph_data: graph.map((p) => ({ x: p.y, y: p.x * 1000 })), survival_data: graph }] } };
    if (req.url.endsWith('/batch/report-visual')) {
      return { data: { success: true, data: [{ ...head, stim_width: 300, stim_height: 250, stim_source: { url: source, low_quality: source }, stim_source_url: source, stim_source_low_quality: source, heatmap_urls: urls(PNG), analysis_urls: urls(PNG), feature_analysis_urls: urls(PNG), ...(viewOrder ? { view_order_urls: urls(PNG) } : {}) }] } };
    }
    if (req.url.endsWith('/batch/report-gaze-points')) return { data: { ...gazePointsFixture(9), stim_source: PNG } };
    return { status: 404, data: {} };
  });
}

const attrs = { 'batch-id': 'AB-9', 'vendor-id': 'V-1', 'stim-id': '3' };

describe('<gaze-batch-kpi-report>', () => {
  beforeEach(() => resetPage('/v1.0'));

  it("issue 38: a stim with no measured views shows the spec's 'Error!' panel instead of a table of zeros", async () => {
    const zeros = Object.fromEntries(Object.keys(stimData).map((k) => [k, 0]));
    api([], true, [{ internal_stim_id: 3 }], zeros);
    const el = await mount('gaze-batch-kpi-report', attrs);
    await waitForText(el, 'Error!');
    expect(text(el)).to.contain('No respondent has viewed this stim yet');
    expect($(el, '[part="kpi-table"]')).to.equal(null);
  });

  it("issue 37: the interactive visual of the batch stim: its data from /batch/report-gaze-points for the batch, vendor and stim; the AOI table beside it", async () => {
    const http = api();
    const el = await mount('gaze-batch-kpi-report', attrs);
    const root = await waitFor(() => $(el, '[part="explorer-section"] [part="gaze-explorer"][data-state="loaded"]'), 'explorer');
    expect(http.requests.filter((r) => r.url === '/v1.0/batch/report-gaze-points').map((r) => r.body)).to.deep.equal([
      { internal_batch_id: 'AB-9', internal_vendor_id: 'V-1', internal_stim_id: 3 },
    ]);
    expect(http.requests.some((r) => r.url.endsWith('/gaze_points')), 'no study path for a batch').to.equal(false);
    expect($(el, '[part="explorer-section"] h2')!.textContent).to.equal('Explore attention');
    const rows = Array.from(root.querySelectorAll('[part="aoi-table"] tbody tr')).map((r) => r.children[0].textContent);
    expect(rows).to.deep.equal(['Logo', 'CTA']);
    expect(root.querySelector('canvas[part="explorer-canvas"]')!.getAttribute('role')).to.equal('img');
    expect((root.querySelector('img') as HTMLImageElement).getAttribute('src')).to.equal(PNG);
  });

  it('issue 37: no explorer beside the Error! panel of a stim nobody viewed', async () => {
    const zeros = Object.fromEntries(Object.keys(stimData).map((k) => [k, 0]));
    const http = api([], true, [{ internal_stim_id: 3 }], zeros);
    const el = await mount('gaze-batch-kpi-report', attrs);
    await waitForText(el, 'Error!');
    expect($(el, '[part="explorer-section"]')).to.equal(null);
    expect(http.requests.some((r) => r.url === '/v1.0/batch/report-gaze-points')).to.equal(false);
  });

  it('issue 38: links to the same stim\'s feature report', async () => {
    api();
    const el = await mount('gaze-batch-kpi-report', attrs);
    await waitForText(el, 'Key Attention Metrics');
    expect($(el, '[part="other-report"]')!.getAttribute('href')).to.equal('/my_batches/batch_overview/AB-9&V-1/stim_report?id=AB-9&vendorId=V-1&stimId=3');
  });

  it('issue 38: the spec\'s address without a stim shows the batch\'s first stim, or says the batch has none', async () => {
    const http = api();
    const el = await mount('gaze-batch-kpi-report', { 'batch-id': 'AB-9', 'vendor-id': 'V-1' });
    await waitForText(el, 'Key Attention Metrics');
    expect(http.requests.find((r) => r.url === '/v1.0/batch/report-data')!.body).to.deep.equal({ internal_batch_id: 'AB-9', internal_vendor_id: 'V-1', internal_stim_id: 3 });
    resetPage('/v1.0');
    api(undefined, true, []);
    const empty = await mount('gaze-batch-kpi-report', { 'batch-id': 'AB-9', 'vendor-id': 'V-1' });
    await waitForText(empty, 'This batch has no stims to report on yet.');
  });

  it('D3-130 D3-141 D3-142 D3-277 heading with stim name and type; Key Attention Metrics Metric / Actual / Norms, times 1 decimal, percents whole', async () => {
    const http = api();
    const el = await mount('gaze-batch-kpi-report', attrs);
    await waitForText(el, 'Key Attention Metrics');
    expect(http.requests.find((r) => r.url === '/v1.0/batch/report-data')!.body).to.deep.equal({ internal_batch_id: 'AB-9', internal_vendor_id: 'V-1', internal_stim_id: 3 });
    expect($(el, '[part="title"]')!.textContent).to.equal('KPI Report');
    expect($(el, '[part="stim"]')!.textContent).to.equal('Veloce MPU · image');
    expect($$(el, '[part="kpi-table"] thead th').map((t) => t.textContent)).to.deep.equal(['Metric', 'Actual', 'Norms']);
    const rows = $$(el, '[part="kpi-table"] tbody tr').map((r) => Array.from(r.children).map((c) => c.textContent));
    expect(rows[0]).to.deep.equal(['% Stim Viewable', '87%', '87%']);
    expect(rows[3]).to.deep.equal(['Average Stim Dwell Time', '1.9s', '1.9s']);
    expect(rows[4][1]).to.equal('941.5');
  });

  it('D3-143 D3-144 D3-146 the Attention Curve: seconds on x, % viewing on y, the tooltips', async () => {
    api();
    const el = await mount('gaze-batch-kpi-report', attrs);
    await waitFor(() => $(el, '[part="attention-curve"] svg'), 'chart');
    const chartText = $(el, '[part="attention-curve"]')!.textContent!;
    expect(chartText).to.include('Stim dwell time (seconds)');
    expect(chartText).to.include('% of people viewing stim');
    // The chart's own tooltip for its second point (0.5 s).
    const chart = Highcharts.charts.filter((c) => c && el.shadowRoot!.contains((c as unknown as { renderTo: Node }).renderTo)).at(-1)!;
    expect(chart.series[0].points.map((p) => [p.x, p.y])).to.deep.equal([[0, 100], [0.5, 60], [1, 20]]);
    chart.tooltip.refresh(chart.series[0].points[1]);
    await waitFor(() => $(el, '.highcharts-tooltip')?.textContent?.includes('still viewing'), 'tooltip');
    expect($(el, '.highcharts-tooltip')!.textContent!.replace(/\u200b/g, '')).to.equal('60.0% still viewing0.5 seconds dwell time');
  });

  it('D3-145 no graph data: no Attention Curve', async () => {
    api([{ x: 0, y: 0 }]);
    const el = await mount('gaze-batch-kpi-report', attrs);
    await waitForText(el, 'Attention Visuals');
    await waitFor(() => $(el, '[part="visuals"] select'), 'visual select');
    expect($(el, '[part="attention-curve"]')).to.equal(null);
  });

  it('D3-147 issue 38: a script stim (no creative file) opens on the Heatmap, Original offered but disabled; never "not available"', async () => {
    api(undefined, true, [{ internal_stim_id: 3 }], stimData, null, 'script');
    const el = await mount('gaze-batch-kpi-report', attrs);
    const select = await waitFor(() => $(el, '[part="visuals"] select') as HTMLSelectElement | null, 'select');
    expect(select.value).to.equal('heatmap');
    const original = Array.from(select.options).find((o) => o.value === 'original')!;
    expect(original.disabled).to.equal(true);
    await waitFor(() => ($(el, '[part="visual"] img') as HTMLImageElement | null)?.alt.endsWith('heatmap'), 'heatmap shown');
    expect(text(el)).to.not.contain('This visual is not available');
    // A stim with its creative still opens on Original.
    resetPage('/v1.0');
    api();
    const el2 = await mount('gaze-batch-kpi-report', attrs);
    const s2 = await waitFor(() => $(el2, '[part="visuals"] select') as HTMLSelectElement | null, 'select');
    expect(s2.value).to.equal('original');
    await waitFor(() => ($(el2, '[part="visual"] img') as HTMLImageElement | null)?.alt.endsWith('original'), 'original shown');
  });

  it('D3-147 Attention Visuals: Original, Heatmap, View Order (only when available), Stim Analysis, Feature Analysis', async () => {
    api();
    const el = await mount('gaze-batch-kpi-report', attrs);
    const select = await waitFor(() => $(el, '[part="visuals"] select') as HTMLSelectElement | null, 'select');
    expect(Array.from(select.options).map((o) => o.textContent)).to.deep.equal(['Original', 'Heatmap', 'View Order', 'Stim Analysis', 'Feature Analysis']);
    select.value = 'heatmap';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => ($(el, '[part="visual"] img') as HTMLImageElement | null)?.alt.endsWith('heatmap'), 'heatmap shown');
    resetPage('/v1.0');
    api(undefined, false);
    const el2 = await mount('gaze-batch-kpi-report', attrs);
    const s2 = await waitFor(() => $(el2, '[part="visuals"] select') as HTMLSelectElement | null, 'select');
    expect(Array.from(s2.options).map((o) => o.textContent)).to.not.include('View Order');
    expect(text(el2)).to.include('KPI Report');
  });
});

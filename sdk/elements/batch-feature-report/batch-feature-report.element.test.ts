import { expect } from '@open-wc/testing';
import './batch-feature-report.element';
import { setCsvSaver } from '../../core/download/download';
import { $, $$, mount, resetPage, stubHttp, text, waitFor, waitForText, describe, it, beforeEach, afterEach } from '../test-utils';
import { gazePointsFixture } from '../../features/report-common/test-fixtures';

function api(features: unknown[], baseSize = 40) {
  return stubHttp((req) => {
    if (req.url.endsWith('/batch/report-feature-data')) {
      return { data: { success: true, internal_batch_id: 'AB-9', internal_vendor_id: 'V-1', batch_id: 'ADS-9', data: [{
        stim_name: 'Shopwise MPU', stim_type: 'image', stim_id: 9, internal_step_id: 7, internal_stim_id: 3, identifier: 'CR-3',
        stim_data: baseSize ? { avg_page_dwell_time: 12.3, panelist_viewed_percent: 64.6, avg_stim_dwell_time: 2.04, base_size: baseSize } : { avg_page_dwell_time: null, panelist_viewed_percent: 0, avg_stim_dwell_time: null, base_size: 0 }, feature_data: features,
      }] } };
    }
    if (req.url.endsWith('/batch/report-gaze-points')) return { data: gazePointsFixture(9) };
    return { status: 404, data: {} };
  });
}
const logo = { feature_name: 'Logo', avg_feature_dwell_time: 0.456, avg_page_dwell_time: 12.3, participant_viewed_percent: 41.666, panelist_viewed_percent: 41.666, view_order: 1 };

describe('<gaze-batch-feature-report>', () => {
  beforeEach(() => resetPage('/v1.0'));
  afterEach(() => setCsvSaver());

  it('D3-151 D3-152 D3-153 D3-154 heading, mini cards, Key Feature Metrics from report-feature-data', async () => {
    const http = api([logo]);
    const el = await mount('gaze-batch-feature-report', { 'batch-id': 'AB-9', 'vendor-id': 'V-1', 'stim-id': '3' });
    await waitForText(el, 'Key Feature Metrics');
    expect(http.requests[0].body).to.deep.equal({ internal_batch_id: 'AB-9', internal_vendor_id: 'V-1', internal_stim_id: 3 });
    expect($(el, '[part="title"]')!.textContent).to.equal('Feature Report');
    expect($(el, '[part="stim"]')!.textContent).to.equal('Shopwise MPU · image · CR-3');
    expect($$(el, '[part="mini-card"]').map((c) => c.textContent)).to.deep.equal(['Percent Viewed (%)65%', 'Average Dwell Time (s)2.0s']);
    expect($$(el, '[part="feature-table"] thead th').map((t) => t.textContent)).to.deep.equal(['Feature', 'Average feature dwell', 'Average page dwell', 'Percent panelist viewed']);
    expect(Array.from($$(el, '[part="feature-table"] tbody tr')[0].children).map((c) => c.textContent)).to.deep.equal(['Logo', '0.5s', '12.3s', '42%']);
  });

  it('issue 37: the AOIs of the table over the creative: the interactive visual from /batch/report-gaze-points', async () => {
    const http = api([logo]);
    const el = await mount('gaze-batch-feature-report', { 'batch-id': 'AB-9', 'vendor-id': 'V-1', 'stim-id': '3' });
    const root = await waitFor(() => $(el, '[part="explorer-section"] [part="gaze-explorer"][data-state="loaded"]'), 'explorer');
    expect(http.requests.filter((r) => r.url === '/v1.0/batch/report-gaze-points').map((r) => r.body)).to.deep.equal([
      { internal_batch_id: 'AB-9', internal_vendor_id: 'V-1', internal_stim_id: 3 },
    ]);
    const rows = Array.from(root.querySelectorAll('[part="aoi-table"] tbody tr')).map((r) => Array.from(r.children).map((c) => c.textContent));
    expect(rows[0]).to.deep.equal(['Logo', '75%', '0.5s', '0.4s', '1', '3']);
  });

  it("issue 38: a stim with no measured views shows the spec's 'Error!' panel, never 0 %", async () => {
    api([{ ...logo, participant_viewed_percent: 0, panelist_viewed_percent: 0 }], 0);
    const el = await mount('gaze-batch-feature-report', { 'batch-id': 'AB-9', 'vendor-id': 'V-1', 'stim-id': '3' });
    await waitForText(el, 'Error!');
    expect(text(el)).to.contain('No respondent has viewed this stim yet');
    expect($$(el, '[part="mini-card"]')).to.have.length(0);
    expect(text(el)).not.to.match(/\b0\s?%/);
  });

  it('issue 38: the feature report links to the same stim\'s KPI report (attention curve, heatmaps)', async () => {
    api([logo]);
    const el = await mount('gaze-batch-feature-report', { 'batch-id': 'AB-9', 'vendor-id': 'V-1', 'stim-id': '3' });
    await waitForText(el, 'Key Feature Metrics');
    expect($(el, '[part="other-report"]')!.getAttribute('href')).to.equal('/my_batches/batch_overview/AB-9&V-1/kpi?id=AB-9&vendorId=V-1&stimId=3');
  });

  it("D3-271 'No data' without features; the key feature metrics download rounds to 2 decimals", async () => {
    api([]);
    const el = await mount('gaze-batch-feature-report', { 'batch-id': 'AB-9', 'vendor-id': 'V-1', 'stim-id': '3' });
    await waitForText(el, 'No data');
    resetPage('/v1.0');
    api([logo]);
    const saved: { name: string; text: string }[] = [];
    setCsvSaver((blob, name) => void blob.text().then((t) => saved.push({ name, text: t })));
    const el2 = await mount('gaze-batch-feature-report', { 'batch-id': 'AB-9', 'vendor-id': 'V-1', 'stim-id': '3' });
    await waitForText(el2, 'Logo');
    $$(el2, '[part="downloads"] button')[0].click();
    await waitFor(() => $$(el2, '[role="menuitem"]').length, 'menu');
    $$(el2, '[role="menuitem"]').find((m) => m.textContent === 'Download Key Feature Metrics')!.click();
    await waitFor(() => saved.length, 'saved');
    expect(saved[0]).to.deep.equal({
      name: 'key-feature-metrics-table.csv',
      text: 'feature_name,avg_feature_dwell_time,avg_page_dwell_time,participant_viewed_percent\r\nLogo,0.46,12.30,41.67\r\n',
    });
    expect(text(el2)).to.include('Feature Report');
  });
});

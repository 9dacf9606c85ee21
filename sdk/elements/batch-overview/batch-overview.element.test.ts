import { expect } from '@open-wc/testing';
import './batch-overview.element';
import { setCsvSaver } from '../../core/download/download';
import {
  $, $$, buttonByText, mount, navigationsDuring, resetPage, stubHttp, text, waitFor, waitForText, describe, it, beforeEach, afterEach,
} from '../test-utils';

const metrics = { base_size: 40 };
function stim(id: number, over: Record<string, unknown> = {}) {
  return {
    internal_stim_id: id, internal_step_id: 100 + id, stim_id: 500 + id, batch_id: 'ADS-1009', internal_batch_id: 'AB-9', internal_vendor_id: 'V-1',
    identifier: `CR-${id}`, name: `Stim ${id}`, type: 'image', width: 300, height: 250, discovered_date: null, url: null, external_source: null,
    source: `/files/s${id}.png?sig=x`, source_low_quality: `/files/s${id}.png?sig=x`, aoi_count: 0, feature_data: [], stim_data: metrics, ...over,
  };
}

function api(stims: unknown[] = [stim(1, { feature_data: ['Logo'] }), stim(2, { type: 'video', source: '/files/v.mp4?sig=y' }), stim(3, { type: 'Unknown', source: null })]) {
  return stubHttp((req) => {
    if (req.url.endsWith('/batch/stims')) return { data: { success: true, internal_batch_id: 'AB-9', internal_vendor_id: 'V-1', batch_id: 'ADS-1009', name: 'Sweep', data: stims } };
    if (req.url.endsWith('/batch/report-participant-feature-data')) {
      return { data: { success: true, data: [{ stim_id: 501, internal_stim_id: 1, internal_step_id: 101, stim_name: 'Stim, one', identifier: 'CR-1', participant_data: [{ participant_reference: 'R1', feature_name: 'Logo', dwell_time: 1.23456, time_to_first_fixation: null, fixation_count: 3 }] }] } };
    }
    return { status: 404, data: { success: false, message: 'no' } };
  });
}

describe('<gaze-batch-overview>', () => {
  beforeEach(() => resetPage('/v1.0'));
  afterEach(() => setCsvSaver());

  it('D3-130 D3-131 D3-134 asks for its batch and vendor; title, Your stims columns, Item identifier, Unknown type', async () => {
    const http = api();
    const el = await mount('gaze-batch-overview', { 'batch-id': 'AB-9', 'vendor-id': 'V-1' });
    await waitForText(el, 'ADS-1009 Overview');
    expect(http.requests[0]).to.include({ method: 'POST', url: '/v1.0/batch/stims' });
    expect(http.requests[0].body).to.deep.equal({ internal_batch_id: 'AB-9', internal_vendor_id: 'V-1' });
    expect(text(el)).to.include('Your stims');
    expect($$(el, 'th').map((t) => t.textContent?.trim())).to.include.members(['Name', 'Item identifier', 'Type']);
    expect($$(el, 'tbody tr')[2].textContent).to.include('Unknown');
  });

  it('D3-135 thumbnails: a video for video stims, an image otherwise, opening in a new tab; a placeholder when missing or broken', async () => {
    api();
    const el = await mount('gaze-batch-overview', { 'batch-id': 'AB-9', 'vendor-id': 'V-1' });
    await waitForText(el, 'Stim 3');
    const thumbs = $$(el, '[part="thumbnail"]');
    expect(thumbs[0].getAttribute('target')).to.equal('_blank');
    expect(thumbs[0].querySelector('img')).to.exist;
    expect(thumbs[1].querySelector('video')).to.exist;
    expect(thumbs[2].querySelector('img')!.getAttribute('src')).to.match(/^data:image\/svg/);
    // The stub serves no video: the video errors and falls back to the placeholder image.
    await waitFor(() => thumbs[1].querySelector('img'), 'video fallback');
  });

  it('D3-132 D3-136 D3-137 D3-138 View All stims, Edit AOIs, View Report to kpi or stim_report by feature data', async () => {
    api();
    const el = await mount('gaze-batch-overview', { 'batch-id': 'AB-9', 'vendor-id': 'V-1' });
    await waitForText(el, 'Stim 2');
    expect(($(el, '[part="view-all"]') as HTMLAnchorElement).getAttribute('href')).to.equal('/batch_stim_list');
    const aoi = $$(el, 'a').filter((a) => a.textContent === 'Edit AOIs');
    expect(aoi[1].getAttribute('href')).to.equal('/batch_stim_list/aoi/2?type=batch');
    const views = $$(el, '[part="view-report"]');
    const nav = navigationsDuring(() => { views[0].click(); views[1].click(); });
    expect(nav.map((n) => n.path)).to.deep.equal([
      '/my_batches/batch_overview/AB-9&V-1/stim_report?id=AB-9&vendorId=V-1&stimId=1',
      '/my_batches/batch_overview/AB-9&V-1/kpi?id=AB-9&vendorId=V-1&stimId=2',
    ]);
  });

  it("D3-139 no stims or a failed load shows the 'Error!' panel", async () => {
    api([]);
    const el = await mount('gaze-batch-overview', { 'batch-id': 'AB-9', 'vendor-id': 'V-1' });
    await waitForText(el, 'Error!');
    resetPage('/v1.0');
    stubHttp(() => ({ status: 404, data: { success: false, message: 'Batch not found' } }));
    const el2 = await mount('gaze-batch-overview', { 'batch-id': 'AB-0', 'vendor-id': 'V-9' });
    await waitForText(el2, 'Error!');
    expect(text(el2)).to.include('Batch not found');
  });

  it('D3-133 D3-269 D3-270 D3-271 D3-273 per-stim feature download: the right endpoint, batch-feature-data.csv, comma + CRLF, 2 decimals, commas removed', async () => {
    const http = api();
    const saved: { name: string; text: string }[] = [];
    setCsvSaver((blob, name) => void blob.text().then((t) => saved.push({ name, text: t })));
    const el = await mount('gaze-batch-overview', { 'batch-id': 'AB-9', 'vendor-id': 'V-1' });
    await waitForText(el, 'Stim 1');
    const menu = $$(el, '[part="stim-downloads"] button')[0];
    menu.click();
    await waitFor(() => $$(el, '[role="menuitem"]').length > 0, 'menu items');
    const item = $$(el, '[role="menuitem"]').find((m) => m.textContent === 'Download Feature Data')!;
    item.click();
    await waitFor(() => saved.length === 1, 'saved csv');
    const req = http.requests.find((r) => r.url === '/v1.0/batch/report-participant-feature-data')!;
    expect(req.body).to.deep.equal({ internal_batch_id: 'AB-9', internal_vendor_id: 'V-1', internal_stim_id: 1, internal_step_id: 101 });
    expect(saved[0].name).to.equal('batch-feature-data.csv');
    expect(saved[0].text).to.equal(
      'stim_id,identifier,stim_name,participant_reference,feature_name,dwell_time,time_to_first_fixation,fixation_count\r\n501,CR-1,Stim one,R1,Logo,1.23,,3\r\n',
    );
    void buttonByText;
  });
});

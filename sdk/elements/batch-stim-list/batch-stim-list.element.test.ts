import { expect } from '@open-wc/testing';
import './batch-stim-list.element';
import { $, $$, mount, resetPage, stubHttp, waitFor, waitForText, describe, it, beforeEach, type RecordedRequest } from '../test-utils';

function row(id: number, over: Record<string, unknown> = {}) {
  return {
    internal_stim_id: id, internal_step_id: 1, stim_id: 10 + id, batch_id: 'ADS-1', internal_batch_id: 'AB-1', internal_vendor_id: 'V-1',
    identifier: `CR-${id}`, name: `Stim ${id}`, type: 'Image', type_group: 'image', width: 300, height: 250, discovered_date: '2025-11-04T12:00:00.000Z',
    url: null, external_source: null, source: null, source_low_quality: null, aoi_count: 0, ...over,
  };
}
function api() {
  return stubHttp((req) => {
    if (req.url.endsWith('/vendor/stimulus/list')) {
      const b = req.body as { page_num: number; results_per_page: number; order_by: string };
      return { data: { success: true, data: [row(1), row(2, { type: 'Video', type_group: 'video', width: null })], page_num: b.page_num, total_page_num: 1, results_per_page: b.results_per_page, order_by: b.order_by, total_count: 2 } };
    }
    return { status: 404, data: {} };
  });
}
const calls = (r: RecordedRequest[]) => r.filter((x) => x.url === '/v1.0/vendor/stimulus/list');

describe('<gaze-batch-stim-list>', () => {
  beforeEach(() => resetPage('/v1.0'));

  it('D3-158 D3-159 D3-160 D3-161 defaults, columns, AOI tooltip and link', async () => {
    const http = api();
    const el = await mount('gaze-batch-stim-list');
    await waitForText(el, 'Stim 2');
    expect(calls(http.requests)[0].body).to.deep.equal({ filter_name: '', filter_stimtype: '', order_by: 'name_asc', results_per_page: 25, page_num: 1 });
    expect($$(el, 'thead th').slice(0, 5).map((t) => t.textContent?.replace(/[▲▼↕]/g, '').trim())).to.deep.equal(['Identifier', 'Name', 'Type', 'Width x Height', 'Discovered Date']);
    expect($$(el, 'thead th')[5].textContent).to.match(/^AOI/);
    const cells = $$(el, 'tbody tr')[0].querySelectorAll('td');
    expect(cells[3].textContent).to.equal('300 x 250');
    expect(cells[4].textContent).to.equal('04/11/2025');
    expect(cells[5].querySelector('a')!.getAttribute('href')).to.equal('/batch_stim_list/aoi/1?type=batch');
    const trigger = $(el, 'thead th:last-child [tabindex="0"]')!;
    trigger.focus();
    await waitFor(() => $$(el, '[role="tooltip"]').some((t) => t.textContent === 'Define areas of interest.'), 'tooltip');
  });

  it("D3-156 D3-157 search by name and the Stim Type filter ('All' clears it)", async () => {
    const http = api();
    const el = await mount('gaze-batch-stim-list');
    await waitForText(el, 'Stim 1');
    const select = $$(el, 'select').find((s) => Array.from((s as HTMLSelectElement).options).some((o) => o.value === 'video')) as HTMLSelectElement;
    select.value = 'video';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => calls(http.requests).length === 2, 'type request');
    expect(calls(http.requests)[1].body).to.include({ filter_stimtype: 'video', page_num: 1 });
    select.value = 'All';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => calls(http.requests).length === 3, 'All request');
    expect(calls(http.requests)[2].body).to.include({ filter_stimtype: '' });
  });
});

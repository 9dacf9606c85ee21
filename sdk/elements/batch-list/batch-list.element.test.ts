import { expect } from '@open-wc/testing';
import './batch-list.element';
import {
  $, $$, mount, navigationsDuring, resetPage, sleep, stubHttp, text, typeInto, waitFor, waitForText, describe, it, beforeEach,
  type RecordedRequest,
} from '../test-utils';

function row(n: number, over: Record<string, unknown> = {}) {
  return {
    name: `Sweep ${n}`, batch_id: `ADS-${1000 + n}`, internal_batch_id: `AB-${n}`, internal_vendor_id: 'V-101', vendor_name: 'Monitor',
    estimated_batch_size: 1250, live: true, completed: false, data_collection_start: '2025-10-13T12:00:00.000Z',
    data_collection_end: null, report_generated_date: '2025-03-20T12:00:00.000Z', stim_count: 4, ...over,
  };
}

function api() {
  return stubHttp((req) => {
    if (req.url.endsWith('/batch/list')) {
      const b = req.body as { page_num: number; results_per_page: number; order_by: string };
      return { data: { success: true, data: [row(1), row(2, { name: '', live: false, completed: true })], page_num: b.page_num, total_page_num: 3, results_per_page: b.results_per_page, order_by: b.order_by, total_count: 52, total_live: 5, total_completed: 3 } };
    }
    return { status: 404, data: {} };
  });
}
const calls = (r: RecordedRequest[]) => r.filter((x) => x.url === '/v1.0/batch/list');
const last = (r: RecordedRequest[]) => calls(r).at(-1)!.body as Record<string, unknown>;

describe('<gaze-batch-list>', () => {
  beforeEach(() => resetPage('/v1.0'));

  it('D3-121 D3-125 D3-128 columns, TBD for an empty name, ticks and crosses, dd/mm/yyyy dates, counts; first request sends the defaults', async () => {
    const http = api();
    const el = await mount('gaze-batch-list');
    await waitForText(el, 'ADS-1002');
    expect(last(http.requests)).to.deep.equal({ filter_id: '', filter_name: '', order_by: 'data_collection_start_desc', results_per_page: 25, page_num: 1 });
    const headers = $$(el, 'th').map((t) => t.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(headers).to.deep.equal(['Name', 'Batch Id', 'Estimated Batch Size', 'Live', 'Completed', 'Data Collection Start', 'Data Collection End', 'Report Generated']);
    const cells = $$(el, 'tbody tr')[1].querySelectorAll('td');
    expect(cells[0].textContent).to.equal('TBD');
    expect(cells[2].textContent).to.equal('1,250');
    expect(cells[3].querySelector('[aria-label]')!.getAttribute('aria-label')).to.equal('No');
    expect(cells[4].querySelector('[aria-label]')!.getAttribute('aria-label')).to.equal('Yes');
    expect($$(el, 'tbody tr')[0].querySelectorAll('td')[5].textContent).to.equal('13/10/2025');
    expect(text(el)).to.include('Live batches: 5');
    expect(text(el)).to.include('Completed batches: 3');
  });

  it('D3-126 the Batch Id links to the overview of batch & vendor', async () => {
    api();
    const el = await mount('gaze-batch-list');
    await waitForText(el, 'ADS-1001');
    const link = $$(el, 'tbody a')[0] as HTMLAnchorElement;
    expect(link.getAttribute('href')).to.equal('/my_batches/batch_overview/AB-1&V-101');
    const nav = navigationsDuring(() => link.click());
    expect(nav.map((n) => n.path)).to.deep.equal(['/my_batches/batch_overview/AB-1&V-101']);
  });

  it('D3-122 two searches, each debounced: one request with filter_name, one with filter_id, page 1', async () => {
    const http = api();
    const el = await mount('gaze-batch-list');
    await waitForText(el, 'ADS-1001');
    const [byName, byId] = $$(el, 'input[type="search"]') as HTMLInputElement[];
    expect([byName.placeholder, byId.placeholder]).to.deep.equal(['Search by name', 'Search by Id']);
    for (const v of ['r', 're', 'ret']) { typeInto(byName, v); await sleep(40); }
    await waitFor(() => calls(http.requests).length === 2, 'name search');
    expect(last(http.requests)).to.include({ filter_name: 'ret', page_num: 1 });
    typeInto(byId, '1002');
    await waitFor(() => calls(http.requests).length === 3, 'id search');
    expect(last(http.requests)).to.include({ filter_id: '1002', filter_name: 'ret' });
  });

  it('D3-123 D3-124 sortable headings and paging above and below', async () => {
    const http = api();
    const el = await mount('gaze-batch-list');
    await waitForText(el, 'ADS-1001');
    expect($$(el, '[part="controls"]')).to.have.length(2);
    const sortName = $$(el, 'th button').find((b) => b.textContent?.includes('Name'))!;
    sortName.click();
    await waitFor(() => calls(http.requests).length === 2, 'sort request');
    expect(last(http.requests).order_by).to.equal('name_asc');
    const size = $(el, '[data-where="bottom"] select') as HTMLSelectElement;
    size.value = '50';
    size.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => calls(http.requests).length === 3, 'page size request');
    expect(last(http.requests)).to.include({ results_per_page: 50, page_num: 1 });
  });
});

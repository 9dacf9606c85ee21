import { expect } from '@open-wc/testing';
import './validations.element';
import { $, $$, mount, resetPage, stubHttp, typeInto, waitFor, waitForText, describe, it, beforeEach, type RecordedRequest } from '../test-utils';

const ROWS = [
  { id: 3, kind: 'run_through', study_id: 7, study_name: 'Spring', executed_by: 'root@provider.example', date: '2026-11-22T15:05:00Z', status: 'queued', result: null, is_test: true },
  { id: 2, kind: 'test_session', study_id: 8, study_name: 'Summer', executed_by: 'res@acme.example', date: '2026-11-21T09:30:00Z', status: 'failed', result: 'Step 2: the page did not load', is_test: true },
];
const lists = (reqs: RecordedRequest[]) => reqs.filter((r) => r.url.startsWith('/v1.0/validations'));
const sign = (superUser: boolean) => {
  localStorage.setItem('user', JSON.stringify({ email: 'a@x.io', username: 'a', company_id: 1, user_type_id: 1, super_user: superUser }));
  localStorage.setItem('token', 't0k');
};
const serve = () => stubHttp((req) => (req.url.includes('order_study_runthrough')
  ? { data: { success: true, run_through: { ...ROWS[0], id: 4 } } }
  : { data: { success: true, data: ROWS, total: 7, page_num: 1, total_pages: 2 } }));

describe('<gaze-validations>', () => {
  beforeEach(() => resetPage('/v1.0'));

  it('D3-171 D3-172 D3-173 search placeholder, filter icon, the four columns, dd/mm/yyyy 12-hour dates, results, 5 a page', async () => {
    sign(false);
    const http = serve();
    const el = await mount('gaze-validations');
    await waitForText(el, 'Spring');
    expect(($(el, 'input[type="search"]') as HTMLInputElement).placeholder).to.equal('Search study validations...');
    expect($(el, '[part="filter"] svg, [part="filter"] button svg')).to.not.equal(null);
    expect($$(el, 'thead th').map((h) => h.textContent?.replace(/[↕▲▼]/g, '').trim())).to.deep.equal(['Study name', 'Executed by', 'Date', 'Result']);
    const first = Array.from($$(el, 'tbody tr')[1].querySelectorAll('td')).map((c) => c.textContent);
    expect(first).to.include('Failed: Step 2: the page did not load');
    expect(first.some((c) => /^\d{2}\/\d{2}\/2026 \d{1,2}:\d{2} (AM|PM)$/.test(c ?? ''))).to.equal(true);
    expect(lists(http.requests)[0].url).to.equal('/v1.0/validations?order_by=Date&direction=desc&page_num=1&results_per_page=5');
  });

  it('sorting sends the Executed_by / Result keys; search is debounced; the filter narrows by result', async () => {
    sign(false);
    const http = serve();
    const el = await mount('gaze-validations');
    await waitForText(el, 'Spring');
    $$(el, 'thead th button').find((b) => b.textContent?.includes('Executed by'))!.click();
    await waitFor(() => lists(http.requests).some((r) => r.url.includes('order_by=Executed_by')), 'sort');
    $$(el, 'thead th button').find((b) => b.textContent?.includes('Result'))!.click();
    await waitFor(() => lists(http.requests).some((r) => r.url.includes('order_by=Result')), 'sort result');
    typeInto($(el, 'input[type="search"]') as HTMLInputElement, 'spr');
    await waitFor(() => lists(http.requests).some((r) => r.url.includes('search=spr')), 'search', 3000);
    ($(el, '[part="filter"] button') ?? $(el, '[part="filter"]'))!.click();
    const failed = await waitFor(() => $$(el, '[role="menuitem"]').find((i) => i.textContent === 'Failed'), 'menu');
    failed.click();
    await waitFor(() => lists(http.requests).some((r) => r.url.includes('status=failed')), 'filter');
  });

  it('D3-175 a super user clicking a study name orders a run-through and the list reloads', async () => {
    sign(true);
    const http = serve();
    const el = await mount('gaze-validations');
    await waitForText(el, 'Spring');
    const before = lists(http.requests).length;
    $$(el, 'button[part="study-name"]').find((b) => b.textContent === 'Summer')!.click();
    await waitForText(el, 'Run-through ordered for Summer');
    expect(http.requests.find((r) => r.url.includes('order_study_runthrough'))!.url).to.equal('/v1.0/studies/8/order_study_runthrough');
    await waitFor(() => lists(http.requests).length > before, 'reloaded');
  });

  it('others see why they cannot order, and nothing is sent', async () => {
    sign(false);
    const http = serve();
    const el = await mount('gaze-validations');
    await waitForText(el, 'Spring');
    $$(el, 'button[part="study-name"]')[0].click();
    await waitForText(el, 'Only super users can order a run-through');
    expect(http.requests.some((r) => r.url.includes('order_study_runthrough'))).to.equal(false);
  });

  it('issue 36 item 1: a run-through\'s refused requests are listed under its cell (target, reason, count), and those beyond the list counted', async () => {
    sign(false);
    const passed = {
      id: 5, kind: 'run_through', study_id: 9, study_name: 'Hostile', executed_by: 'root@provider.example', date: '2026-11-22T15:05:00Z', status: 'passed', result: null, is_test: true,
      cells: [{
        cell_id: 1, cell_name: 'Cell 1', status: 'passed', reason: null,
        steps: [{ position: 1, step_id: 3, type: 'stim', name: 'Script ad', status: 'passed', reason: null }],
        refused_requests: [
          { target: 'http://127.0.0.1:6379/', reason: 'The address is private or local', count: 2 },
          { target: 'intranet.corp:443', reason: 'intranet.corp is not a public name', count: 1 },
        ],
        refused_total: 5,
      }],
    };
    stubHttp(() => ({ data: { success: true, data: [passed], total: 1, page_num: 1, total_pages: 1 } }));
    const el = await mount('gaze-validations');
    await waitForText(el, 'Hostile');
    ($(el, '.checks summary') as HTMLElement).click();
    const box = await waitFor(() => $(el, '[part="refused-requests"]'), 'the refused requests');
    expect(box.querySelector('div')!.textContent).to.equal('5 requests to private or local addresses refused');
    expect(Array.from(box.querySelectorAll('li')).map((li) => li.textContent)).to.deep.equal([
      'http://127.0.0.1:6379/: The address is private or local (×2)',
      'intranet.corp:443: intranet.corp is not a public name',
      'and 2 more',
    ]);
  });
});

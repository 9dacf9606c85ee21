import { expect } from '@open-wc/testing';
import './study-list.element';
import {
  $, $$, buttonByText, mount, navigationsDuring, resetPage, sleep, stubHttp, text, typeInto, waitFor, waitForText, describe, it, beforeEach,
  type RecordedRequest,
} from '../test-utils';

const LONG = 'A study name that is much longer than forty characters in total';

function study(id: number, over: Record<string, unknown> = {}) {
  return {
    study_id: id, name: `Study ${id}`, environment: 'Webcam', media: 'Display', live: true, completed: false,
    cell_count: 2, participants_requested: 200, participants_returned: 150,
    data_collection_start: '2024-03-05', data_collection_end: '2024-04-30T00:00:00.000Z', ...over,
  };
}

const ROWS = [
  study(1, { name: LONG }),
  study(2, { environment: 'Mobile', live: false, completed: true }),
  study(3, { environment: 'Lab' }),
  study(4, { environment: 'All devices' }),
  study(5, { environment: 'Smart TV', media: null }),
];

function api() {
  return stubHttp((req) => {
    if (req.url.endsWith('/dashboard/data/medias_list')) return { data: { success: true, data: [{ id: 1, name: 'Display' }, { id: 3, name: 'Video' }] } };
    if (req.url.endsWith('/dashboard/data/environments_list')) return { data: { success: true, data: [{ id: 1, name: 'Webcam' }, { id: 2, name: 'Mobile' }] } };
    if (req.url.endsWith('/studies')) {
      const b = req.body as { page_num: number; order_by: string };
      return { data: { data: ROWS, total_live: 4, total_completed: 1, page_num: b.page_num, total_page_num: 7, order_by: b.order_by } };
    }
    return { status: 404, data: {} };
  });
}

const listCalls = (reqs: RecordedRequest[]) => reqs.filter((r) => r.url === '/v1.0/studies');
const lastBody = (reqs: RecordedRequest[]) => listCalls(reqs).at(-1)!.body as Record<string, unknown>;

async function ready(el: HTMLElement) {
  await waitForText(el, 'Study 2');
}

describe('<gaze-study-list>', () => {
  beforeEach(() => resetPage('/v1.0'));

  it('D1-089 D1-090 D1-091 D1-105 first fetch sends the defaults', async () => {
    const http = api();
    const el = await mount('gaze-study-list');
    await ready(el);
    expect(listCalls(http.requests)).to.have.length(1);
    expect(http.requests.find((r) => r.url === '/v1.0/studies')!.method).to.equal('POST');
    expect(lastBody(http.requests)).to.deep.equal({
      results_per_page: 25, page_num: 1, order_by: 'name_asc', filter_name: '',
      filter_live: '-1', filter_completed: '-1', filter_media_id: 0, filter_environment_id: 0,
    });
  });

  it('D1-083 D1-084 D1-103 search: placeholder, one request after typing quickly, page 1', async () => {
    const http = api();
    const el = await mount('gaze-study-list');
    await ready(el);
    const input = $(el, 'input[type="search"]') as HTMLInputElement;
    expect(input.placeholder).to.equal('Search my studies...');
    for (const v of ['c', 'co', 'col', 'cola']) {
      typeInto(input, v);
      await sleep(40);
    }
    await sleep(200);
    expect(listCalls(http.requests)).to.have.length(1);
    await waitFor(() => listCalls(http.requests).length === 2, 'debounced search request');
    await sleep(600);
    expect(listCalls(http.requests)).to.have.length(2);
    expect(lastBody(http.requests)).to.include({ filter_name: 'cola', page_num: 1 });
  });

  it('D1-092 D1-093 D1-094 D1-101 sorting toggles asc/desc and sends order_by', async () => {
    const http = api();
    const el = await mount('gaze-study-list');
    await ready(el);
    const sortButton = (label: string) => $$(el, 'th button').find((b) => b.textContent!.startsWith(label))!;
    expect(sortButton('Study name')).to.exist;
    expect(sortButton('Environment')).to.exist;
    expect(sortButton('Media')).to.exist;
    expect($$(el, 'th button').find((b) => b.textContent!.startsWith('Live'))).to.equal(undefined);
    sortButton('Study name').click();
    await waitFor(() => lastBody(http.requests).order_by === 'name_desc', 'name_desc');
    sortButton('Study name').click();
    await waitFor(() => lastBody(http.requests).order_by === 'name_asc' && listCalls(http.requests).length === 3, 'name_asc again');
    sortButton('Environment').click();
    await waitFor(() => lastBody(http.requests).order_by === 'environment_asc', 'environment_asc');
    sortButton('Environment').click();
    await waitFor(() => lastBody(http.requests).order_by === 'environment_desc', 'environment_desc');
    sortButton('Media').click();
    await waitFor(() => lastBody(http.requests).order_by === 'media_asc', 'media_asc');
  });

  it('D1-088 D1-089 D1-102 page size and pagination appear above and below; a new size resets to page 1', async () => {
    const http = api();
    const el = await mount('gaze-study-list');
    await ready(el);
    const table = $(el, 'table')!;
    const selects = $$(el, '[part="page-size"] select') as HTMLSelectElement[];
    const pagers = $$(el, '[part="pagination"]');
    expect(selects).to.have.length(2);
    expect(pagers).to.have.length(2);
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(selects[0], table) && follows(pagers[0], table)).to.equal(true);
    expect(follows(table, selects[1]) && follows(table, pagers[1])).to.equal(true);
    expect(Array.from(selects[0].options).map((o) => o.value)).to.deep.equal(['10', '25', '50', '100']);
    expect(selects[0].value).to.equal('25');

    // go to page 3 (bottom pager), then change the size at the top
    const page3 = Array.from(pagers[1].querySelectorAll('button')).find((b) => b.textContent === '3')!;
    page3.click();
    await waitFor(() => lastBody(http.requests).page_num === 3, 'page 3');
    selects[0].value = '50';
    selects[0].dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => lastBody(http.requests).results_per_page === 50, 'size 50');
    expect(lastBody(http.requests).page_num).to.equal(1);
    await waitFor(() => (($$(el, '[part="page-size"] select')[1] as HTMLSelectElement).value === '50'), 'bottom select follows');
  });

  it('D1-085 D1-087 D1-091 D1-107 filter toggle: Live/Completed send "1", Media/Environment send ids (0 = All)', async () => {
    const http = api();
    const el = await mount('gaze-study-list');
    await ready(el);
    expect($(el, '[part="filters"]')).to.equal(null);
    const toggle = $(el, '[part="filter-toggle"]')!;
    toggle.click();
    await waitFor(() => $(el, '[part="filters"]'), 'filters open');
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    const checkbox = (label: string) =>
      $$(el, '[part="filters"] label').find((l) => l.textContent!.trim() === label)!.querySelector('input') as HTMLInputElement;
    checkbox('Live').click();
    await waitFor(() => lastBody(http.requests).filter_live === '1', "filter_live '1'");
    checkbox('Completed').click();
    await waitFor(() => lastBody(http.requests).filter_completed === '1', "filter_completed '1'");
    checkbox('Live').click();
    await waitFor(() => lastBody(http.requests).filter_live === '-1', "filter_live back to '-1'");

    const selectOf = (label: string) =>
      $$(el, '[part="filters"] label').find((l) => l.textContent!.trim().startsWith(label))!.querySelector('select') as HTMLSelectElement;
    await waitFor(() => selectOf('Media').options.length === 3, 'media options from medias_list');
    expect(Array.from(selectOf('Media').options).map((o) => o.textContent)).to.deep.equal(['All', 'Display', 'Video']);
    expect(Array.from(selectOf('Environment').options).map((o) => o.textContent)).to.deep.equal(['All', 'Webcam', 'Mobile']);
    selectOf('Media').value = '3';
    selectOf('Media').dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => lastBody(http.requests).filter_media_id === 3, 'media 3');
    selectOf('Environment').value = '2';
    selectOf('Environment').dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => lastBody(http.requests).filter_environment_id === 2, 'environment 2');
    expect(lastBody(http.requests)).to.include({ page_num: 1, filter_completed: '1', filter_media_id: 3 });
  });

  it('D1-086 D1-092 Create Study and study-name links are real hrefs that emit gaze-navigate', async () => {
    api();
    const el = await mount('gaze-study-list');
    await ready(el);
    const create = $$(el, 'a').find((a) => a.textContent === 'Create Study') as HTMLAnchorElement;
    expect(create.getAttribute('href')).to.equal('/create-study');
    const name = $$(el, 'td a').find((a) => a.textContent === 'Study 2') as HTMLAnchorElement;
    expect(name.getAttribute('href')).to.equal('/my_studies/overview/2');
    const before = location.href;
    const seen = navigationsDuring(() => {
      create.click();
      name.click();
    });
    expect(location.href).to.equal(before);
    expect(seen.map((n) => n.path)).to.deep.equal(['/create-study', '/my_studies/overview/2']);
  });

  it('D1-093 D1-095 D1-096 D1-097 D1-098 D1-099 cells: icons, Live/Completed texts, cells, returned/requested with tooltip', async () => {
    api();
    const el = await mount('gaze-study-list');
    await ready(el);
    el.style.display = 'block';
    el.style.width = '1200px';
    await waitFor(() => $$(el, 'th').length === 9, 'every column at 1200 px');
    const headers = $$(el, 'th').map((th) => th.textContent!.replace(/[▲▼↕]/g, '').trim());
    expect(headers).to.deep.equal([
      'Study name', 'Environment', 'Media', 'Live', 'Completed', 'No. cells', 'Participants Returned', 'Fieldwork Start', 'Fieldwork End',
    ]);
    const rows = $$(el, 'tbody tr');
    const cells = (i: number) => Array.from(rows[i].querySelectorAll('td'));
    const icons = rows.map((r) => r.querySelector('[part="environment-icon"]')!);
    expect(icons.map((i) => i.getAttribute('data-kind'))).to.deep.equal(['webcam', 'mobile', 'lab', 'lab', 'unknown']);
    expect(icons.map((i) => i.getAttribute('aria-label'))).to.deep.equal(['Webcam', 'Mobile', 'Lab', 'All devices', 'Unknown']);
    expect(icons[0].getAttribute('title')).to.equal('Webcam');
    expect(cells(0)[3].textContent).to.equal('Live');
    expect(cells(1)[3].textContent).to.equal('Not live');
    expect(cells(0)[4].textContent).to.equal('Not completed');
    expect(cells(1)[4].textContent).to.equal('Completed');
    expect(cells(0)[5].textContent).to.equal('2');
    const participants = cells(0)[6].querySelector('[part="participants"]')!;
    expect(participants.textContent).to.equal('150 / 200');
    expect(participants.getAttribute('title')).to.equal('200 participants requested, 150 returned so far');
    expect(cells(0)[7].textContent).to.equal('05/03/2024');
    expect(cells(0)[8].textContent).to.equal('30/04/2024');
  });

  it('D1-104 text longer than 40 characters is cut with three dots; full text in title', async () => {
    api();
    const el = await mount('gaze-study-list');
    await ready(el);
    const link = $$(el, 'td a').find((a) => a.getAttribute('href') === '/my_studies/overview/1')!;
    expect(link.textContent).to.equal(`${LONG.slice(0, 40)}...`);
    expect(link.textContent!.length).to.equal(43);
    expect(link.getAttribute('title')).to.equal(LONG);
    expect(text(el)).to.not.include(LONG);
  });

  it('D1-100 Fieldwork Start/End are dropped when the element is narrow, shown when wide', async () => {
    api();
    const el = await mount('gaze-study-list');
    await ready(el);
    const heads = () => $$(el, 'th').filter((th) => /Fieldwork (Start|End)/.test(th.textContent!));
    const cells = () => $$(el, 'td[data-key="start"], td[data-key="end"]');
    el.style.display = 'block';
    el.style.width = '1200px';
    await waitFor(() => heads().length === 2, 'dates shown when wide');
    expect(cells().length).to.equal(ROWS.length * 2);
    el.style.width = '600px';
    await waitFor(() => heads().length === 0, 'dates dropped when narrow');
    expect(cells()).to.have.length(0);
    // The name stays, and the caption tells a screen reader that columns were dropped.
    expect($$(el, 'th').some((th) => th.textContent!.startsWith('Study name'))).to.equal(true);
    expect($(el, 'caption')!.textContent).to.contain('columns hidden');
  });

  it('D1-100 issue 10 item 6, issue 38: at 360 px only the fieldwork dates go; the table scrolls inside its own box, the page does not', async () => {
    api();
    const el = await mount('gaze-study-list');
    await ready(el);
    el.style.display = 'block';
    el.style.width = '360px';
    await waitFor(() => !$$(el, 'th').some((th) => /Fieldwork/.test(th.textContent!)), 'dates dropped');
    await waitFor(() => $(el, '[part="table-scroller"]')!.getAttribute('data-scrolls') === 'true', 'table scrolls');
    // Every other column stays: Live and Completed included (issue 38).
    expect($$(el, 'th').map((th) => th.dataset.key)).to.deep.equal(['name', 'environment', 'media', 'live', 'completed', 'cells', 'participants']);
    expect($$(el, 'td[data-key="live"]')).to.have.length(ROWS.length);
    const box = el.getBoundingClientRect();
    const section = $(el, '[part="study-list"]')!;
    expect(section.scrollWidth).to.be.at.most(section.clientWidth);
    const inside = (node: Element) => {
      const r = node.getBoundingClientRect();
      return r.width > 0 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
    };
    const create = $(el, '[part="create-study"]')!;
    expect(inside(create), 'Create Study within the width').to.equal(true);
    const pagers = $$(el, '[part="pagination"]');
    expect(pagers).to.have.length(2);
    for (const pager of pagers) {
      expect(inside(pager), 'pager within the width').to.equal(true);
      for (const b of Array.from(pager.querySelectorAll('button'))) expect(inside(b), `page button ${b.textContent}`).to.equal(true);
    }
    for (const s of $$(el, '[part="page-size"]')) expect(inside(s)).to.equal(true);
    // The scroller is within the width, a named keyboard stop; scrolled to its end the last column
    // is in view and the study name is still beside it (sticky).
    const scroller = $(el, '[part="table-scroller"]') as HTMLElement;
    expect(inside(scroller)).to.equal(true);
    expect(scroller.scrollWidth).to.be.greaterThan(scroller.clientWidth);
    expect(scroller.tabIndex).to.equal(0);
    expect(scroller.getAttribute('role')).to.equal('region');
    expect(scroller.getAttribute('aria-label')).to.contain('scrolls sideways');
    scroller.scrollLeft = scroller.scrollWidth;
    await sleep(50);
    const last = $(el, 'th[data-key="participants"]')!;
    expect(inside(last), 'last column reachable').to.equal(true);
    expect(inside($(el, 'th[data-key="name"]')!), 'name column held in view').to.equal(true);
    // Wide again: everything fits, nothing scrolls and the box is no tab stop.
    el.style.width = '1200px';
    await waitFor(() => scroller.getAttribute('data-scrolls') === 'false', 'no scrolling when wide');
    expect(scroller.hasAttribute('tabindex')).to.equal(false);
  });

  it('a failed fetch shows the server message and keeps the controls', async () => {
    stubHttp((req) => (req.url.endsWith('/studies') ? { status: 500, data: { success: false, message: 'Database down' } } : { data: { data: [] } }));
    const el = await mount('gaze-study-list');
    await waitForText(el, 'Database down');
    expect(buttonByText(el, 'Filters')).to.exist;
  });
});

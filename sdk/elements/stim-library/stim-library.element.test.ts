import { expect } from '@open-wc/testing';
import './stim-library.element';
import { $, $$, buttonByText, mount, resetPage, sleep, stubHttp, text, waitFor, waitForText, describe, it, beforeEach, type RecordedRequest } from '../test-utils';

function stim(id: number, over: Record<string, unknown> = {}) {
  return {
    id, name: `Stim ${id}`, media: 'Display', media_id: 1, brand: 'Fizzwell', brand_id: 1, width: 300, height: 250, type: 'Image', stim_type: 'i', type_name: 'Image',
    source: null, low_quality_source: `/files/broken-${id}.webp`, study_id: null, aoi_count: id === 1 ? 2 : 0, ...over,
  };
}

function api(rows = [stim(1), stim(2)], opts: { deleteStatus?: number } = {}) {
  return stubHttp((req) => {
    if (req.url.endsWith('/dashboard/data/medias_list')) return { data: { success: true, data: [{ id: 1, name: 'Display' }] } };
    if (/\/stims\/\d+\/delete$/.test(req.url)) {
      return opts.deleteStatus ? { status: opts.deleteStatus, data: { success: false, message: "Nothing was deleted: 'Stim 1' (id 1) is placed on a step of 'S'." } } : { data: { success: true, deleted: [1] } };
    }
    if (req.url.endsWith('/stims') || /\/studies\/\d+\/stims$/.test(req.url)) {
      const b = req.body as { page_num: number; order_by: string; results_per_page: number };
      return { data: { data: rows, page_num: b.page_num, total_page_num: 3, total_count: 60, results_per_page: b.results_per_page, order_by: b.order_by } };
    }
    return { status: 404, data: {} };
  });
}
const lists = (r: RecordedRequest[]) => r.filter((x) => x.url.endsWith('/stims'));

describe('<gaze-stim-library>', () => {
  beforeEach(() => resetPage('/v1.0'));

  it('issue 38: a batch (vendor) account sees one clear state: no list request, no Delete or Upload', async () => {
    localStorage.setItem('userType', '2');
    localStorage.setItem('superUser', 'false');
    const http = api();
    const el = await mount('gaze-stim-library');
    await waitForText(el, 'This page is for study accounts');
    expect($(el, '[part="back"]')!.getAttribute('href')).to.equal('/batch_stim_list');
    expect($(el, '[part="delete"]')).to.equal(null);
    expect($(el, '[part="upload"]')).to.equal(null);
    expect(text(el)).to.not.contain('Loading');
    expect(lists(http.requests).length).to.equal(0);
  });

  it('issue 38: a refusal the page could not foresee (403) lands in the same state', async () => {
    stubHttp((req) => (req.url.endsWith('/stims') ? { status: 403, data: { success: false, message: 'Only study users may use this' } } : { data: { success: true, data: [] } }));
    const el = await mount('gaze-stim-library');
    await waitForText(el, 'This page is for study accounts');
    expect($(el, '[part="delete"]')).to.equal(null);
  });

  it('D2-139 D2-140 D2-141 D2-142 D2-145 columns, links, defaults and the upload button', async () => {
    const http = api();
    const el = await mount('gaze-stim-library');
    // Wide enough for every column (narrow containers drop the low-priority ones).
    el.style.display = 'block';
    el.style.width = '1600px';
    await waitForText(el, 'Stim 2');
    await waitFor(() => $$(el, 'th').length >= 9, 'all columns');
    expect(lists(http.requests)[0].body).to.deep.include({ results_per_page: 25, page_num: 1, order_by: 'name_asc' });
    const headers = $$(el, 'th').map((th) => th.textContent!.trim());
    for (const h of ['Name', 'Media', 'Brand', 'Width', 'Height', 'Id', 'Type', 'AOI']) expect(headers.some((x) => x.startsWith(h)), h).to.equal(true);
    expect(($(el, 'a[href="/stims/edit/1"]') as HTMLAnchorElement).textContent).to.equal('Stim 1');
    expect($(el, 'a[href="/stims/aoi/1?type=stim"]')).to.exist;
    expect($(el, 'a[href="/stims/upload-stim"]')!.textContent).to.equal('Upload Stim');
  });

  it('D2-143 a broken stim image falls back to the placeholder avatar', async () => {
    api();
    const el = await mount('gaze-stim-library');
    await waitForText(el, 'Stim 1');
    await waitFor(() => $$(el, 'img[data-placeholder="true"]').length === 2, 'placeholders');
  });

  it('issue 38: stim thumbnails are fitted whole (letterboxed), not cropped', async () => {
    api([stim(1, { low_quality_source: 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="728" height="90"><rect width="728" height="90" fill="red"/></svg>') })]);
    const el = await mount('gaze-stim-library');
    await waitForText(el, 'Stim 1');
    const thumb = $(el, '[part="thumbnail"]') as HTMLImageElement;
    expect(getComputedStyle(thumb).objectFit).to.equal('contain');
  });

  it('D2-183 D2-206 issue 38: the message the uploader or editor left shows on /stims until confirmed with OK, once', async () => {
    sessionStorage.setItem('gaze-stims-flash', 'All stims uploaded successfully!');
    api();
    const el = await mount('gaze-stim-library');
    await waitForText(el, 'All stims uploaded successfully!');
    const toast = $(el, '[part="toast"]')!;
    expect(toast.getAttribute('role')).to.equal('status');
    // In the page's flow, not floating over the host's header.
    expect(getComputedStyle(toast).position).to.equal('static');
    const ok = buttonByText(el, 'OK');
    expect(toast.contains(ok)).to.equal(true);
    ok.click();
    await waitFor(() => !text(el).includes('All stims uploaded successfully!'), 'confirmed with OK');
    expect(sessionStorage.getItem('gaze-stims-flash')).to.equal(null);
    el.remove();
    const again = await mount('gaze-stim-library');
    await waitForText(again, 'Stim 1');
    expect(text(again)).not.to.contain('All stims uploaded successfully!');
  });

  it('D2-148 D2-149 D2-150 D2-151 delete: nothing selected, confirm, one call per stim, success', async () => {
    const http = api();
    const el = await mount('gaze-stim-library');
    await waitForText(el, 'Stim 1');
    buttonByText(el, 'Delete').click();
    await waitForText(el, 'Please select stims to delete.');
    ($(el, 'input[aria-label="Select Stim 1"]') as HTMLInputElement).click();
    buttonByText(el, 'Delete').click();
    await waitForText(el, 'Are you sure you want to delete the selected stims?');
    const dialogButtons = $$(el, '[role="alertdialog"] button');
    dialogButtons.find((b) => b.textContent === 'Delete')!.click();
    await waitForText(el, 'Stims deleted successfully.');
    const del = http.requests.filter((r) => r.url.endsWith('/delete'));
    expect(del.map((r) => [r.method, r.url])).to.deep.equal([['POST', '/v1.0/stims/1/delete']]);
    expect(del[0].body).to.deep.equal({});
  });

  it('D2-152 a refused deletion is logged and says why', async () => {
    api(undefined, { deleteStatus: 409 });
    const el = await mount('gaze-stim-library');
    await waitForText(el, 'Stim 1');
    ($(el, 'input[aria-label="Select Stim 1"]') as HTMLInputElement).click();
    buttonByText(el, 'Delete').click();
    await waitForText(el, 'Are you sure');
    $$(el, '[role="alertdialog"] button').find((b) => b.textContent === 'Delete')!.click();
    await waitForText(el, 'Nothing was deleted');
    expect(text(el)).not.to.contain('Stims deleted successfully.');
  });

  it('D2-147 changing the page size resets to page 1', async () => {
    const http = api();
    const el = await mount('gaze-stim-library');
    await waitForText(el, 'Stim 1');
    buttonByText(el, '2').click();
    await waitFor(() => lists(http.requests).length === 2, 'page 2');
    const size = $(el, 'select') as HTMLSelectElement;
    size.value = '50';
    size.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => lists(http.requests).length === 3, 'page size');
    expect(lists(http.requests)[2].body).to.deep.include({ results_per_page: 50, page_num: 1 });
  });

  it('D2-137 D2-142 D2-144 the study list: its own call, no upload button, nothing when empty', async () => {
    const http = api();
    const el = await mount('gaze-stim-library', { 'study-id': '7' });
    await waitForText(el, 'Stim 1');
    expect(http.requests.some((r) => r.url === '/v1.0/studies/7/stims')).to.equal(true);
    expect($(el, 'a[href="/stims/upload-stim"]')).to.equal(null);
    resetPage('/v1.0');
    api([]);
    const empty = await mount('gaze-stim-library', { 'study-id': '7' }).catch(() => null);
    await sleep(300);
    expect(empty === null || text(empty) === '').to.equal(true);
  });
});

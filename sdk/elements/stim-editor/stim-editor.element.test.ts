import { expect } from '@open-wc/testing';
import './stim-editor.element';
import { $, $$, buttonByText, mount, resetPage, stubHttp, text, typeInto, waitFor, waitForText, describe, it, beforeEach } from '../test-utils';

const DETAILS = {
  id: 9, stim_id: 9, name: 'Rich MPU', stim_type: 's', type: 's', type_name: 'Script', ad_asset_type_id: 1, ad_type_group_id: 11, ad_group_type_id: 11,
  ad_type_id: 21, brand_id: 5, brand: 'Fizzwell', media_id: 4, media: 'Digital', study_id: null, source: null, source_key: null, low_quality_source: null,
  file_name: null, tag: '<b>ad</b>', width: 300, height: 250, duration_ms: null, preview_url: 'http://127.0.0.1:8106/preview/stims/9?expires=1&sig=x',
  vast_media_url: null, aoi_count: 0, in_use: false,
};

function api(opts: { editStatus?: number; groupsFail?: boolean } = {}) {
  return stubHttp((req) => {
    const u = req.url;
    if (u.endsWith('/stims/9/details')) return { data: { success: true, data: DETAILS } };
    if (u.endsWith('/dashboard/data/adassettypes_list')) return { data: { success: true, data: [{ id: 1, name: 'Display' }, { id: 2, name: 'Video' }] } };
    if (u.endsWith('/dashboard/data/brands_list')) return { data: { success: true, data: [{ id: 5, name: 'Fizzwell' }] } };
    if (u.includes('adtypegroups_list/?ad_asset_type_id=1')) return { data: { success: true, data: [{ id: 11, name: 'Banner' }] } };
    if (u.includes('adtypegroups_list/?ad_asset_type_id=2')) return opts.groupsFail ? { status: 500, data: {} } : { data: { success: true, data: [{ id: 12, name: 'Pre-roll' }] } };
    if (u.includes('adtypes_list/?ad_type_group_id=11')) return { data: { success: true, data: [{ id: 21, name: 'MPU' }] } };
    if (u.includes('adtypes_list/?ad_type_group_id=12')) return { data: { success: true, data: [{ id: 22, name: '15s' }] } };
    if (u.endsWith('/stims/9/edit')) return opts.editStatus ? { status: opts.editStatus, data: { success: false, message: 'x' } } : { data: { success: true, stim_id: 9, data: DETAILS } };
    return { status: 404, data: {} };
  });
}

/** The select labelled `label`; a probe until the form is drawn (waitFor retries a falsy answer, not a throw). */
const field = (el: HTMLElement, label: string) => {
  const l = $$(el, 'label').find((x) => x.textContent?.trim() === label);
  return l ? (el.shadowRoot!.getElementById(l.getAttribute('for')!) as HTMLSelectElement | null) : null;
};
const select = (el: HTMLElement, label: string) => field(el, label)!;
const pick = (s: HTMLSelectElement, v: string) => { s.value = v; s.dispatchEvent(new Event('change', { bubbles: true })); };

describe('<gaze-stim-editor>', () => {
  beforeEach(() => resetPage('/v1.0'));

  it('D2-194 D2-195 D2-197 title, fields and the markup preview in a sandboxed frame', async () => {
    api();
    const el = await mount('gaze-stim-editor', { 'stim-id': '9' });
    await waitForText(el, 'EDIT STIM');
    await waitFor(() => field(el, 'Ad Type')?.value === '21', 'the stim\'s ad type');
    expect(($(el, 'textarea') as HTMLTextAreaElement).value).to.equal('<b>ad</b>');
    const frame = $(el, 'iframe') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).to.equal('allow-scripts');
    expect(frame.src).to.equal(DETAILS.preview_url);
  });

  it('D2-200 D2-201 D2-209 choosing an asset type clears group and type and loads groups; a failing list says so', async () => {
    const http = api({ groupsFail: true });
    const el = await mount('gaze-stim-editor', { 'stim-id': '9' });
    await waitFor(() => field(el, 'Ad Type')?.value === '21', 'loaded');
    pick(select(el, 'Ad Asset Type'), '2');
    await waitForText(el, 'Failed to load ad type groups');
    const values = $$(el, 'select').map((x) => (x as HTMLSelectElement).value);
    expect(values.slice(0, 3)).to.deep.equal(['2', '', '']);
    expect(http.requests.some((r) => r.url.endsWith('adtypegroups_list/?ad_asset_type_id=2'))).to.equal(true);
  });

  it('D2-198 D2-199 required fields: messages, each field says Required, nothing sent', async () => {
    const http = api();
    const el = await mount('gaze-stim-editor', { 'stim-id': '9' });
    await waitFor(() => field(el, 'Ad Type')?.value === '21', 'loaded');
    typeInto($(el, 'input') as HTMLInputElement, '');
    pick(select(el, 'Ad Type Group'), '');
    await waitFor(() => select(el, 'Ad Type Group').value === '', 'cleared');
    buttonByText(el, 'Save').click();
    await waitForText(el, 'Stim Name is required');
    expect(text(el)).to.contain('Ad Type Group is required');
    expect(text(el)).to.contain('Ad Type is required');
    expect(text(el)).to.contain('Required');
    expect(http.requests.some((r) => r.url.endsWith('/edit'))).to.equal(false);
  });

  it('D2-207 issue 38: the toast lists each message apart, holds its own OK, sits under the title in the flow; no stray OK', async () => {
    api();
    const el = await mount('gaze-stim-editor', { 'stim-id': '9' });
    await waitFor(() => field(el, 'Ad Type')?.value === '21', 'loaded');
    // No message, no OK anywhere.
    expect($$(el, 'button').some((b) => b.textContent?.trim() === 'OK')).to.equal(false);
    typeInto($(el, 'input') as HTMLInputElement, '');
    pick(select(el, 'Ad Type Group'), '');
    await waitFor(() => select(el, 'Ad Type Group').value === '', 'cleared');
    buttonByText(el, 'Save').click();
    await waitForText(el, 'Stim Name is required');
    const toast = $(el, '[part="toast"]')!;
    expect($$(el, '[part="toast"] li').map((li) => li.textContent)).to.deep.equal(['Stim Name is required', 'Ad Type Group is required', 'Ad Type is required']);
    const oks = $$(el, 'button').filter((b) => b.textContent?.trim() === 'OK');
    expect(oks).to.have.length(1);
    expect(toast.contains(oks[0])).to.equal(true);
    // In the page's flow (not fixed over the host's header), after the title.
    expect(getComputedStyle(toast).position).to.equal('static');
    const title = $$(el, 'h2').find((h) => h.textContent === 'EDIT STIM')!;
    expect(title.compareDocumentPosition(toast) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    oks[0].click();
    await waitFor(() => !$(el, '[part="toast"]'), 'closed by OK');
  });

  it('D2-206 D2-207 D2-211 saves with ad_group_type_id and goes to /stims; a failure says so with OK', async () => {
    const http = api();
    const el = await mount('gaze-stim-editor', { 'stim-id': '9' });
    await waitFor(() => field(el, 'Ad Type')?.value === '21', 'loaded');
    const nav: string[] = [];
    el.addEventListener('gaze-navigate', (e) => nav.push((e as CustomEvent).detail.path));
    buttonByText(el, 'Save').click();
    await waitFor(() => nav.length === 1, 'navigation');
    expect(nav).to.deep.equal(['/stims']);
    expect(http.requests.find((r) => r.url.endsWith('/edit'))!.body).to.deep.include({ name: 'Rich MPU', ad_group_type_id: 11, ad_type_id: 21, brand_id: 5, tag: '<b>ad</b>' });
    expect(sessionStorage.getItem('gaze-stims-flash')).to.equal('Stimulus updated successfully!');
    sessionStorage.clear();

    resetPage('/v1.0');
    api({ editStatus: 500 });
    const el2 = await mount('gaze-stim-editor', { 'stim-id': '9' });
    await waitFor(() => field(el2, 'Ad Type')?.value === '21', 'loaded');
    buttonByText(el2, 'Save').click();
    await waitForText(el2, 'Error updating stimulus. Please try again later.');
    buttonByText(el2, 'OK').click();
    await waitFor(() => !text(el2).includes('Error updating stimulus'), 'toast closed by OK');
  });
});

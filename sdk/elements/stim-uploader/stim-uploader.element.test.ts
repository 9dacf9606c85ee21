import { expect } from '@open-wc/testing';
import './stim-uploader.element';
import { $, $$, buttonByText, byLabel, mount, resetPage, sleep, stubHttp, text, typeInto, waitFor, waitForText, describe, it, beforeEach, type RecordedRequest } from '../test-utils';

/** A draft preview page that tries to reach the dashboard and says whether it could. */
const PROBE = `data:text/html,${encodeURIComponent(`<script>
let reached = false, error = '';
try { parent.document.title = 'owned'; reached = true; } catch (e) { error = e.name; }
let storage = 'none'; try { storage = typeof localStorage.getItem('token'); } catch (e) { storage = 'blocked'; }
parent.postMessage({ probe: true, reached, error, storage }, '*');
</script>`)}`;

function api(opts: { failCreateOf?: string; failPutOf?: string; slow?: boolean; failLinkOf?: number } = {}) {
  let nextId = 100;
  let brandCreated = false;
  return stubHttp(async (req) => {
    if (opts.slow) await new Promise((r) => setTimeout(r, 300));
    const url = req.url;
    if (url.endsWith('/dashboard/data/adassettypes_list')) return { data: { success: true, data: [{ id: 1, name: 'Display' }] } };
    if (url.endsWith('/dashboard/data/brands_list')) return { data: { success: true, data: [{ id: 5, name: 'Fizzwell' }, ...(brandCreated ? [{ id: 6, name: 'Newco' }] : [])] } };
    if (url.endsWith('/dashboard/data/brandcategorys_list')) return { data: { success: true, data: [{ id: 3, name: 'Drinks' }] } };
    if (url.endsWith('/brands/create')) { brandCreated = true; return { data: { success: true, data: { id: 6, name: 'Newco' } } }; }
    if (url.includes('/adtypegroups_list/?ad_asset_type_id=1')) return { data: { success: true, data: [{ id: 11, name: 'Banner', ad_asset_type_id: 1 }] } };
    if (url.includes('/adtypes_list/?ad_type_group_id=11')) return { data: { success: true, data: [{ id: 21, name: 'MPU', ad_type_group_id: 11 }] } };
    if (url.endsWith('/stims/preview_url')) return { data: { success: true, url: PROBE, origin: 'null' } };
    if (url.endsWith('/stims/create')) {
      const b = req.body as { name: string };
      if (b.name === opts.failCreateOf) return { status: 500, data: { success: false, message: 'x' } };
      nextId += 1;
      return { data: { success: true, stim_id: nextId, data: {} } };
    }
    if (url.endsWith('/stims/create_signed_url')) {
      const b = req.body as { file_name: string };
      return { data: { success: true, url: `http://files.test/files/c/1/uploads/${b.file_name}?expires=1&sig=s`, source: `c/1/uploads/${b.file_name}`, key: 'k', expires_in: 3600 } };
    }
    if (url.startsWith('http://files.test/')) return url.includes(opts.failPutOf ?? '\u0000') ? { status: 415, data: {} } : { data: { success: true } };
    if (/\/stims\/\d+\/edit$/.test(url)) return { data: { success: true, stim_id: 1, data: {} } };
    if (url.endsWith('/studies/7/steps/create')) {
      const b = req.body as { stim_id: number };
      return b.stim_id === opts.failLinkOf ? { status: 409, data: { success: false, message: 'The study is locked' } } : { data: { success: true, step_order_id: 900 + b.stim_id } };
    }
    return { status: 404, data: {} };
  });
}

function selectByLabel(el: HTMLElement, label: string): HTMLSelectElement {
  const l = $$(el, 'label').find((x) => x.textContent?.trim() === label);
  if (!l) throw new Error(`no label ${label}`);
  return el.shadowRoot!.getElementById(l.getAttribute('for')!) as HTMLSelectElement;
}
async function choose(el: HTMLElement, label: string, value: string) {
  const s = await waitFor(() => { const x = selectByLabel(el, label); return [...x.options].some((o) => o.value === value) && x; }, `${label} option ${value}`);
  s.value = value;
  s.dispatchEvent(new Event('change', { bubbles: true }));
}
async function fillRow(el: HTMLElement, n: number, name: string) {
  typeInto(byLabel(el, `Name (stim ${n})`), name);
  await choose(el, `Ad Asset Type (stim ${n})`, '1');
  await choose(el, `Ad Type Group (stim ${n})`, '11');
  await choose(el, `Ad Type (stim ${n})`, '21');
  await choose(el, `Brand (stim ${n})`, '5');
}
async function openTab(el: HTMLElement, i: number) {
  const tab = $$(el, '[role="tab"]')[i] as HTMLButtonElement;
  tab.click();
  await waitFor(() => tab.getAttribute('aria-selected') === 'true', `tab ${i}`);
}
const calls = (r: RecordedRequest[]) => r.filter((x) => /stims\/(create|create_signed_url|\d+\/edit)$|files\.test/.test(x.url)).map((x) => `${x.method} ${x.url.replace(/\?.*/, '')}`);

describe('<gaze-stim-uploader>', () => {
  beforeEach(() => resetPage('/v1.0'));

  it('issue 38: a batch (vendor) account is told the upload is for study accounts, not shown the form', async () => {
    localStorage.setItem('userType', '2');
    api();
    const el = await mount('gaze-stim-uploader');
    await waitForText(el, 'This page is for study accounts');
    expect($$(el, '[role="tab"]').length).to.equal(0);
  });

  it('D2-162 D2-165 D2-166 D2-167 D2-176 tabs and the three add messages', async () => {
    api();
    const el = await mount('gaze-stim-uploader');
    expect($$(el, '[role="tab"]').map((t) => t.textContent)).to.deep.equal(['SCRIPT', 'VAST URL/XML', 'Image/Video']);
    await waitForText(el, 'No stims to upload.');
    buttonByText(el, 'Add to upload list').click();
    await waitForText(el, 'Script cannot be empty.');
    await openTab(el, 1);
    buttonByText(el, 'Add to upload list').click();
    await waitForText(el, 'VAST URL/XML cannot be empty.');
    await openTab(el, 2);
    buttonByText(el, 'Add to upload list').click();
    await waitForText(el, 'Please upload at least one image or video.');
    expect(buttonByText(el, 'Upload All Stims').disabled).to.equal(true);
  });

  it('D2-163 the live preview of markup is a sandboxed frame that cannot reach the dashboard', async () => {
    api();
    const seen: Record<string, unknown>[] = [];
    const onMessage = (e: MessageEvent) => { if ((e.data as { probe?: boolean })?.probe) seen.push(e.data); };
    window.addEventListener('message', onMessage);
    const title = document.title;
    try {
      const el = await mount('gaze-stim-uploader');
      typeInto($(el, 'textarea[aria-label="Script"]') as HTMLTextAreaElement, '<script>alert(1)</script>');
      const frame = await waitFor(() => $(el, 'iframe') as HTMLIFrameElement | null, 'preview frame');
      expect(frame.getAttribute('sandbox')).to.equal('allow-scripts');
      await waitFor(() => seen.length > 0, 'probe answer');
      expect(seen[0]).to.deep.include({ reached: false, error: 'SecurityError', storage: 'blocked' });
      expect(document.title).to.equal(title);
    } finally {
      window.removeEventListener('message', onMessage);
    }
  });

  it('D2-169..D2-175 D2-177..D2-183 drag-and-drop files, row checks, one row at a time, continue past a failure', async () => {
    const http = api({ failPutOf: 'broken.png' });
    const el = await mount('gaze-stim-uploader');
    // A script row
    typeInto($(el, 'textarea[aria-label="Script"]') as HTMLTextAreaElement, '<div>ad</div>');
    buttonByText(el, 'Add to upload list').click();
    // Two files dropped on the Image/Video tab
    await openTab(el, 2);
    const zone = await waitFor(() => $(el, '[part="file-drop"] [aria-labelledby]'), 'drop zone');
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array([137, 80, 78, 71])], 'hero.png', { type: 'image/png' }));
    dt.items.add(new File([new Uint8Array([137, 80, 78, 71])], 'broken.png', { type: 'image/png' }));
    zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
    await waitFor(() => $$(el, '[part="file-preview"] img').length === 2, 'file previews');
    buttonByText(el, 'Add to upload list').click();
    await waitFor(() => $$(el, '[part="row"]').length === 3, 'three rows');
    buttonByText(el, 'Upload All Stims').click();
    await waitForText(el, 'Please fix the errors before uploading.');
    expect(text(el)).to.contain('Name is required');
    expect(text(el)).to.contain('Required');
    expect(buttonByText(el, 'Upload All Stims').disabled).to.equal(true);
    await fillRow(el, 1, 'Script ad');
    // file rows are named after their files
    for (const n of [2, 3]) {
      await choose(el, `Ad Asset Type (stim ${n})`, '1');
      await choose(el, `Ad Type Group (stim ${n})`, '11');
      await choose(el, `Ad Type (stim ${n})`, '21');
      await choose(el, `Brand (stim ${n})`, '5');
    }
    await waitFor(() => !buttonByText(el, 'Upload All Stims').disabled, 'upload enabled');
    buttonByText(el, 'Upload All Stims').click();
    await waitForText(el, 'Failed to upload file for broken');
    expect(calls(http.requests)).to.deep.equal([
      'POST /v1.0/stims/create',
      'POST /v1.0/stims/create', 'POST /v1.0/stims/create_signed_url', 'PUT http://files.test/files/c/1/uploads/hero.png', 'POST /v1.0/stims/102/edit',
      'POST /v1.0/stims/create', 'POST /v1.0/stims/create_signed_url', 'PUT http://files.test/files/c/1/uploads/broken.png',
    ]);
    const put = http.requests.find((r) => r.method === 'PUT')!;
    expect(put.headers['content-type']).to.equal('image/png');
    expect(put.headers.authorization).to.equal(undefined);
    expect(put.body).to.be.instanceOf(File);
    expect(http.requests.find((r) => r.url.endsWith('/edit'))!.body).to.deep.equal({ source: 'c/1/uploads/hero.png', file_name: 'hero.png' });
    expect(http.requests[0].url).not.to.equal('');
    // the failed row stays; nothing says all went well
    expect($$(el, '[part="row"]')).to.have.length(1);
    expect(text(el)).not.to.contain('All stims uploaded successfully!');
  });

  it('D2-177 D2-183 issue 38: Uploading... while it runs; a fully successful upload goes to /stims with its message', async () => {
    api({ slow: true });
    const el = await mount('gaze-stim-uploader');
    await openTab(el, 1);
    typeInto($(el, 'textarea[aria-label="VAST URL/XML"]') as HTMLTextAreaElement, 'https://ads.example.com/vast.xml');
    await sleep(50);
    buttonByText(el, 'Add to upload list').click();
    await waitFor(() => $$(el, '[part="row"]').length === 1, 'row');
    await fillRow(el, 1, 'Pre-roll');
    const nav: string[] = [];
    el.addEventListener('gaze-navigate', (e) => nav.push((e as CustomEvent).detail.path));
    buttonByText(el, 'Upload All Stims').click();
    await waitForText(el, 'Uploading...');
    // Issue 38: no dialog to confirm here: the user goes to /stims and the message goes with them
    // (the library shows it with its OK, stim-library.element.test.ts).
    await waitFor(() => nav.length > 0, 'navigation');
    expect(nav).to.deep.equal(['/stims']);
    expect(sessionStorage.getItem('gaze-stims-flash')).to.equal('All stims uploaded successfully!');
    expect($(el, '[role="dialog"]')).to.equal(null);
    sessionStorage.clear();
  });

  it('D2-174 D2-175 issue 38: Upload All Stims is disabled while a row is incomplete, before any click, and says why', async () => {
    api();
    const el = await mount('gaze-stim-uploader');
    typeInto($(el, 'textarea[aria-label="Script"]') as HTMLTextAreaElement, '<b>x</b>');
    buttonByText(el, 'Add to upload list').click();
    await waitFor(() => $$(el, '[part="row"]').length === 1, 'row');
    const upload = buttonByText(el, 'Upload All Stims');
    expect(upload.disabled).to.equal(true);
    const why = $(el, '[part="blocked"]')!;
    expect(why.textContent).to.equal('Please fix the errors before uploading.');
    expect(upload.getAttribute('aria-describedby')).to.equal(why.id);
    // The row says what is missing without a failed click first.
    expect(text(el)).to.contain('Name is required');
    await fillRow(el, 1, 'Tag');
    await waitFor(() => !buttonByText(el, 'Upload All Stims').disabled, 'enabled once complete');
    expect($(el, '[part="blocked"]')).to.equal(null);
    expect(buttonByText(el, 'Upload All Stims').hasAttribute('aria-describedby')).to.equal(false);
  });

  it('D2-187 D2-190 issue 38: a brand created from a row becomes that row\'s brand; the list\'s own button fills rows without one', async () => {
    localStorage.setItem('user', JSON.stringify({ first_name: 'Ada', last_name: 'L', email: 'ada@acme.example', username: 'ada', company_name: 'Acme', company_id: 1, user_type_id: 1, super_user: true }));
    localStorage.setItem('superUser', 'true');
    const http = api();
    const el = await mount('gaze-stim-uploader');
    for (const tag of ['<b>a</b>', '<b>b</b>', '<b>c</b>']) {
      typeInto($(el, 'textarea[aria-label="Script"]') as HTMLTextAreaElement, tag);
      await sleep(20);
      buttonByText(el, 'Add to upload list').click();
    }
    await waitFor(() => $$(el, '[part="row"]').length === 3, 'rows');
    await choose(el, 'Brand (stim 1)', '5');
    const createFor = (n: number) => $(el, `button[aria-label="Create Brand for stim ${n}"]`) as HTMLButtonElement;
    createFor(2).click();
    const dialog = await waitFor(() => $(el, '[part="brand-dialog"]'), 'brand dialog');
    typeInto(byLabel(el, 'Brand Name'), 'Newco');
    await choose(el, 'Brand Category', '3');
    (dialog.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    await waitFor(() => selectByLabel(el, 'Brand (stim 2)').value === '6', 'the new brand chosen in row 2');
    await waitFor(() => [...selectByLabel(el, 'Brand (stim 2)').options].some((o) => o.value === '6' && o.selected), 'listed and shown');
    expect(http.requests.find((r) => r.url.endsWith('/brands/create'))!.body).to.deep.include({ name: 'Newco', brand_category_id: 3 });
    expect(selectByLabel(el, 'Brand (stim 1)').value).to.equal('5');
    expect(selectByLabel(el, 'Brand (stim 3)').value).to.equal('');
    expect($(el, '[part="brand-dialog"]')).to.equal(null);
    await waitForText(el, 'Brand created successfully!');
  });

  it('issue 38: each row of the upload list shows its content type', async () => {
    api();
    const el = await mount('gaze-stim-uploader');
    typeInto($(el, 'textarea[aria-label="Script"]') as HTMLTextAreaElement, '<b>x</b>');
    buttonByText(el, 'Add to upload list').click();
    await openTab(el, 1);
    typeInto($(el, 'textarea[aria-label="VAST URL/XML"]') as HTMLTextAreaElement, 'https://ads.example.com/vast.xml');
    await sleep(20);
    buttonByText(el, 'Add to upload list').click();
    await openTab(el, 2);
    const zone = await waitFor(() => $(el, '[part="file-drop"] [aria-labelledby]'), 'drop zone');
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array([255, 216, 255])], 'hero.jpg', { type: 'image/jpeg' }));
    dt.items.add(new File([new Uint8Array([0, 0, 0, 24])], 'spot.mp4', { type: 'video/mp4' }));
    zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
    await waitFor(() => $$(el, '[part="file-preview"] img, [part="file-preview"] video').length === 2, 'file previews');
    // Thumbnails are fitted whole, not cropped.
    for (const m of $$(el, '[part="file-preview"] img, [part="file-preview"] video')) expect(getComputedStyle(m).objectFit).to.equal('contain');
    buttonByText(el, 'Add to upload list').click();
    await waitFor(() => $$(el, '[part="row"]').length === 4, 'four rows', 15000);
    expect($$(el, '[part="row-type"]').map((p) => p.textContent)).to.deep.equal([
      'Content type: Script (HTML/JavaScript)', 'Content type: VAST URL', 'Content type: image/jpeg · hero.jpg', 'Content type: video/mp4 · spot.mp4',
    ]);
  });

  it('D2-125 D2-161 from the board\'s New Stim: each created stim becomes a stim step of the cell; OK returns to the board', async () => {
    const http = api();
    const el = await mount('gaze-stim-uploader', { 'study-id': '7', 'cell-id': '3' });
    for (const tag of ['<script src="https://ads.example.com/a.js"></script>', '<script src="https://ads.example.com/b.js"></script>']) {
      typeInto($(el, 'textarea[aria-label="Script"]') as HTMLTextAreaElement, tag);
      await sleep(20);
      buttonByText(el, 'Add to upload list').click();
    }
    await waitFor(() => $$(el, '[part="row"]').length === 2, 'rows');
    await fillRow(el, 1, 'Tag A');
    await fillRow(el, 2, 'Tag B');
    const nav: string[] = [];
    el.addEventListener('gaze-navigate', (e) => nav.push((e as CustomEvent).detail.path));
    buttonByText(el, 'Upload All Stims').click();
    await waitForText(el, 'Stim uploaded and added successfully!', 8000);
    const links = http.requests.filter((r) => r.url.endsWith('/steps/create'));
    expect(links.map((r) => [r.url, r.body])).to.deep.equal([
      ['/v1.0/studies/7/steps/create', { cell_id: 3, step_type: 'stim', stim_id: 101 }],
      ['/v1.0/studies/7/steps/create', { cell_id: 3, step_type: 'stim', stim_id: 102 }],
    ]);
    // Each link follows its own stim's creation.
    const order = http.requests.filter((r) => /stims\/create$|steps\/create$/.test(r.url)).map((r) => r.url.replace(/.*\//, ''));
    expect(order).to.deep.equal(['create', 'create', 'create', 'create']);
    expect(http.requests.filter((r) => r.url.endsWith('/stims/create')).map((r) => (r.body as { study_id?: number }).study_id)).to.deep.equal([7, 7]);
    buttonByText(el, 'OK').click();
    await waitFor(() => nav.length > 0, 'navigation');
    expect(nav).to.deep.equal(['/my_studies/overview/7/cell_step_management']);
  });

  it('D2-125 a stim created but not linked says \'Failed to link stim to step.\', is not sent again, and the page stays', async () => {
    const http = api({ failLinkOf: 101 });
    const el = await mount('gaze-stim-uploader', { 'study-id': '7', 'cell-id': '3' });
    typeInto($(el, 'textarea[aria-label="Script"]') as HTMLTextAreaElement, '<script src="https://ads.example.com/a.js"></script>');
    await sleep(20);
    buttonByText(el, 'Add to upload list').click();
    await waitFor(() => $$(el, '[part="row"]').length === 1, 'row');
    await fillRow(el, 1, 'Tag A');
    buttonByText(el, 'Upload All Stims').click();
    await waitForText(el, 'Failed to link stim to step. (Tag A)', 8000);
    expect(text(el)).not.to.include('Stim uploaded and added successfully!');
    expect($$(el, '[part="row"]').length).to.equal(0);
    expect(http.requests.filter((r) => r.url.endsWith('/stims/create')).length).to.equal(1);
  });

  it('D2-173 the Preview/Edit dialog refuses empty content', async () => {
    api();
    const el = await mount('gaze-stim-uploader');
    typeInto($(el, 'textarea[aria-label="Script"]') as HTMLTextAreaElement, '<b>x</b>');
    buttonByText(el, 'Add to upload list').click();
    await waitFor(() => $$(el, '[part="row"]').length === 1, 'row');
    buttonByText(el, 'Preview/Edit').click();
    const area = await waitFor(() => $(el, 'textarea[aria-label="Stim content"]') as HTMLTextAreaElement | null, 'editor');
    typeInto(area, '   ');
    buttonByText(el, 'Save').click();
    await waitForText(el, 'This field cannot be empty.');
  });
});

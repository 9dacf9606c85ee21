// Stims end to end (issue 13): the bulk uploader with three kinds of stim and one refused file,
// an edit, and AOIs drawn on a demo stim with data moving that stim's feature report, all
// against the real server and compared with the API's answers.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, apiToken, deepText, freshPage, signIn, until, useBrowser, waitForText } from './helpers';

const browser = useBrowser();
const RUN = Date.now().toString(36);
const NAMES = { script: `E2E script ${RUN}`, vast: `E2E VAST ${RUN}`, image: `E2E image ${RUN}`, bad: `E2E bad ${RUN}` };
const VAST_XML = `<?xml version="1.0"?><VAST version="4.0"><Ad id="1"><InLine><AdSystem>e2e</AdSystem><AdTitle>e2e</AdTitle>
<Creatives><Creative><Linear><Duration>00:00:15</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://cdn.example.com/e2e.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>`;

/** A small real PNG (1 × 1, red), and an "image" that is really HTML, which the server refuses by its bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const FAKE_PNG = Buffer.from('<!doctype html><script>alert(document.domain)</script>');

let token = '';
before(async () => { token = await apiToken('researcher'); });

interface ListedStim { id: number; name: string; type: string; stim_type: string; width: number | null; height: number | null }
async function findStim(name: string): Promise<ListedStim | undefined> {
  const res = await api(token, '/stims', { body: { results_per_page: 25, page_num: 1, order_by: 'name_asc', filter_name: name, filter_stimtype: 'ALL', filter_media_id: 'ALL' } });
  return (res.body.data as ListedStim[]).find((s) => s.name === name);
}

/** Fills row n of the upload list: name and the first choice of every cascading select. */
async function fillRow(page: Page, n: number, name: string) {
  await page.getByLabel(`Name (stim ${n})`, { exact: true }).fill(name);
  for (const field of ['Ad Asset Type', 'Ad Type Group', 'Ad Type', 'Brand']) {
    const select = page.getByLabel(`${field} (stim ${n})`, { exact: true });
    await until(async () => (await select.isEnabled()) && (await select.locator('option').count()) > 1, `${field} options of row ${n}`);
    await select.selectOption({ index: 1 });
  }
}

describe('stims (issue 13)', () => {
  it('D2-161..D2-183 uploads a script, a VAST XML and an image; a fake image is refused by its bytes and the rest goes on', async () => {
    const { page, context, errors } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto('/stims/upload-stim');
    await waitForText(page, 'Upload Stims', 'No stims to upload.');

    await page.getByRole('textbox', { name: 'Script', exact: true }).fill('<div style="width:300px;height:250px;background:#0bd">e2e</div><script>document.title = "ran in the sandbox"</script>');
    await page.getByRole('button', { name: 'Add to upload list' }).click();
    await page.getByRole('tab', { name: 'VAST URL/XML' }).click();
    await page.getByRole('textbox', { name: 'VAST URL/XML', exact: true }).fill(VAST_XML);
    await page.getByRole('button', { name: 'Add to upload list' }).click();
    await page.getByRole('tab', { name: 'Image/Video' }).click();
    await page.locator('gaze-stim-uploader input[type="file"]').setInputFiles([
      { name: 'e2e-banner.png', mimeType: 'image/png', buffer: PNG },
      { name: 'e2e-bad.png', mimeType: 'image/png', buffer: FAKE_PNG },
    ]);
    await page.getByRole('button', { name: 'Add to upload list' }).click();
    await until(async () => (await page.locator('[part="row"]').count()) === 4, 'four rows');
    await fillRow(page, 1, NAMES.script);
    await fillRow(page, 2, NAMES.vast);
    await fillRow(page, 3, NAMES.image);
    await fillRow(page, 4, NAMES.bad);

    await page.getByRole('button', { name: 'Upload All Stims' }).click();
    await waitForText(page, `Failed to upload file for ${NAMES.bad}`);
    // Only the failed row stays, to be fixed; no success message for a partial upload.
    await until(async () => (await page.locator('[part="row"]').count()) === 1, 'only the failed row left');
    assert.ok(!(await page.locator('gaze-stim-uploader').innerText()).includes('All stims uploaded successfully!'));
    // The dashboard's own document never ran the script stim.
    assert.notEqual(await page.title(), 'ran in the sandbox');

    const script = await findStim(NAMES.script);
    const vast = await findStim(NAMES.vast);
    const image = await findStim(NAMES.image);
    assert.equal(script?.stim_type, 's');
    assert.equal(vast?.stim_type, 'vx', 'VAST XML is stored as XML');
    assert.equal(image?.stim_type, 'i');
    assert.deepEqual([image?.width, image?.height], [1, 1], 'the size is read from the file');
    // The refused file's stim has no source; the image's has one.
    const bad = await findStim(NAMES.bad);
    if (bad) assert.equal((await api(token, `/stims/${bad.id}/details`)).body.data.source ?? null, null);
    assert.ok((await api(token, `/stims/${image!.id}/details`)).body.data.source);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('D2-175 D2-183 issue 38: Upload All Stims waits for a complete row; a full upload lands on /stims with its message, confirmed with OK', async () => {
    const { page, context, errors } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto('/stims/upload-stim');
    await waitForText(page, 'Upload Stims', 'No stims to upload.');
    await page.getByRole('textbox', { name: 'Script', exact: true }).fill('<div>issue 38</div>');
    await page.getByRole('button', { name: 'Add to upload list' }).click();
    const upload = page.getByRole('button', { name: 'Upload All Stims' });
    await waitForText(page, 'Content type: Script (HTML/JavaScript)', 'Please fix the errors before uploading.');
    assert.equal(await upload.isDisabled(), true, 'disabled while the row is incomplete, before any click');
    await fillRow(page, 1, `E2E landed ${RUN}`);
    await until(() => upload.isEnabled(), 'enabled once the row is complete');
    await upload.click();
    await page.waitForURL((u) => u.pathname === '/stims');
    await waitForText(page, 'All stims uploaded successfully!');
    await page.locator('gaze-stim-library').getByRole('button', { name: 'OK', exact: true }).click();
    await until(async () => !(await deepText(page)).includes('All stims uploaded successfully!'), 'confirmed with OK');
    assert.ok(await findStim(`E2E landed ${RUN}`), 'the stim exists');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('issue 38: a vendor sees one clear state on /stims and /stims/upload-stim, with no live Delete or Upload', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'vendor');
    for (const path of ['/stims', '/stims/upload-stim']) {
      await page.goto(path);
      await waitForText(page, 'This page is for study accounts');
      const body = await deepText(page);
      assert.ok(!body.includes('Loading…'), `${path}: no endless loading row`);
      assert.ok(!body.includes('Only study users may use this'), `${path}: no refusal beside a list`);
      assert.equal(await page.getByRole('button', { name: 'Delete', exact: true }).count(), 0, `${path}: no Delete`);
      assert.equal(await page.getByRole('button', { name: 'Upload All Stims' }).count(), 0, `${path}: no upload`);
      assert.equal(await page.getByRole('tab').count(), 0, `${path}: no uploader tabs`);
    }
    await context.close();
  });

  it('D2-184..D2-196 edits a stim: the new name is saved and shown in the library', async () => {
    const stim = await findStim(NAMES.script);
    assert.ok(stim, 'the uploaded script stim');
    const { page, context, errors } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto(`/stims/edit/${stim.id}`);
    await waitForText(page, 'EDIT STIM');
    const name = page.getByLabel('Name', { exact: true });
    await until(async () => (await name.inputValue()) === NAMES.script, 'the stim loaded');
    await name.fill(`${NAMES.script} (edited)`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForText(page, 'Stimulus updated successfully!');
    assert.equal((await api(token, `/stims/${stim.id}/details`)).body.data.name, `${NAMES.script} (edited)`);
    await page.goto(`/stims`);
    await page.getByLabel('Search stims...').first().fill(`${NAMES.script} (edited)`);
    await waitForText(page, `${NAMES.script} (edited)`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('D2-220..D2-222 AOIs drawn on a demo stim with data change its feature report', async () => {
    // A completed study of the researcher with a measured image stim (respondents seed in the
    // background). "Measured" is read from the stim's numbers, not its feature list: feature_data
    // has a row per AOI tag of the stim even before any respondent was stored.
    interface Placed { cell_id: number; step_id: number; stimulus_id: number; stimulus_name: string; stimulus_type: string }
    interface StimData { base_size: number; panelist_viewed_percent: number }
    let study = 0;
    let target: Placed | undefined;
    const deadline = Date.now() + 10 * 60_000;
    while (!target && Date.now() < deadline) {
      const list = await api(token, '/studies', { body: { filter_completed: '1', results_per_page: 100 } });
      for (const s of list.body.data as { study_id: number }[]) {
        const tree = await api(token, `/studies/${s.study_id}/stims/overview`, { body: {} });
        const placed: Placed[] = tree.body.data.flatMap((c: { cell_id: number; step_list: { step_id: number; stimulus_list: Omit<Placed, 'cell_id' | 'step_id'>[] }[] }) =>
          c.step_list.flatMap((st) => st.stimulus_list.map((x) => ({ ...x, cell_id: c.cell_id, step_id: st.step_id }))));
        // The last image stim, never the stim the reports spec reads (the first image or script one).
        const reports = placed.find((x) => ['i', 's'].includes(x.stimulus_type) && !x.stimulus_name.includes('|'));
        for (const p of placed.filter((x) => x.stimulus_type === 'i' && !x.stimulus_name.includes('|') && x.stimulus_id !== reports?.stimulus_id).reverse()) {
          const fa = await api(token, `/studies/${s.study_id}/cell/${p.cell_id}/step/${p.step_id}/stimuli/${p.stimulus_id}/feature_analysis`, { body: {} });
          const measured = fa.body.stim_data as StimData | undefined;
          if (fa.status === 200 && fa.body.feature_data?.length && measured && measured.base_size > 0 && measured.panelist_viewed_percent > 0) {
            study = s.study_id;
            target = p;
            break;
          }
        }
        if (target) break;
      }
      if (!target) await new Promise((r) => setTimeout(r, 5000));
    }
    assert.ok(target, 'a completed demo study with a measured image stim');
    const faPath = `/studies/${study}/cell/${target.cell_id}/step/${target.step_id}/stimuli/${target.stimulus_id}/feature_analysis`;
    type Feature = { feature_name: string; panelist_viewed_percent: number; avg_feature_dwell_time: number | null };
    const readFeatures = async () => {
      const fa = (await api(token, faPath, { body: {} })).body;
      return { base: (fa.stim_data as StimData).base_size, features: fa.feature_data as Feature[] };
    };
    const { base: baseBefore, features: before } = await readFeatures();
    const TAG = `Whole ad ${RUN}`;
    assert.ok(before.length > 0);
    assert.ok(!before.some((f) => f.feature_name === TAG));

    const { page, context, errors } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto(`/stims/aoi/${target.stimulus_id}?type=stim`);
    await waitForText(page, 'Areas of interest');
    const svg = page.locator('gaze-aoi-editor svg[role="application"]');
    await svg.waitFor();
    await page.getByRole('button', { name: 'Rectangle', exact: true }).click();
    // Drag over the whole stim: every respondent who looked at the ad looked at this AOI.
    const box = (await svg.boundingBox())!;
    await page.mouse.move(box.x + 1, box.y + 1);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width - 1, box.y + box.height - 1, { steps: 4 });
    await page.mouse.up();
    const tag = page.getByLabel('Tag', { exact: true });
    await tag.waitFor();
    await tag.fill(TAG);
    await page.getByRole('button', { name: `${TAG} (rectangle)`, exact: true }).waitFor();
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/v1.0/analysis/stimuli/${target!.stimulus_id}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const jobId = ((await (await saved).json()) as { job_id: number | null }).job_id;
    assert.equal(typeof jobId, 'number', 'the save of a measured stim queues the recompute');
    await waitForText(page, 'AOIs saved. The feature metrics are being recomputed.');

    // The recompute runs on the job queue (every exposure of the stim, in every study): the
    // feature list names the new tag at once, its numbers are there when the job is done.
    const jobDeadline = Date.now() + 5 * 60_000;
    let job: { state: string; error?: string } = { state: 'created' };
    while (!['completed', 'failed', 'cancelled'].includes(job.state) && Date.now() < jobDeadline) {
      await new Promise((r) => setTimeout(r, 500));
      job = (await api(token, `/jobs/${jobId}`)).body.data;
    }
    assert.equal(job.state, 'completed', `the recompute job ${jobId}: ${job.error ?? job.state}`);
    const { base: baseAfter, features: after } = await readFeatures();
    const whole = after.find((f) => f.feature_name === TAG);
    assert.ok(whole, 'the recomputed feature');
    const others = after.filter((f) => f.feature_name !== TAG);
    assert.deepEqual(others.map((f) => f.feature_name).sort(), before.map((f) => f.feature_name).sort(), 'the other AOIs are kept');
    assert.ok(whole.panelist_viewed_percent > 0, 'respondents looked at the whole ad');
    assert.ok(whole.panelist_viewed_percent >= Math.max(...others.map((f) => f.panelist_viewed_percent)) - 1e-9, 'the whole ad is seen at least as often as any part of it');
    // Respondents may still be stored for this study meanwhile; with the same ones, the recompute
    // gives the other AOIs exactly the numbers they had.
    if (baseAfter === baseBefore) {
      const numbers = (list: Feature[]) => list.map(({ feature_name, panelist_viewed_percent, avg_feature_dwell_time }) => ({ feature_name, panelist_viewed_percent, avg_feature_dwell_time }))
        .sort((a, b) => a.feature_name.localeCompare(b.feature_name));
      assert.deepEqual(numbers(others), numbers(before));
    }

    // The feature report shows it.
    const key = `${target.cell_id}:${target.step_id}:${study}:${target.stimulus_id}`;
    await page.goto(`/my_studies/overview/${study}/study/feature_report?stims=${encodeURIComponent(key)}`);
    await page.locator('[part="feature-table"]').first().waitFor();
    await waitForText(page, TAG);
    const names = await page.locator('[part="feature-table"]').first().locator('tbody tr > :first-child').allInnerTexts();
    assert.deepEqual(names.map((n) => n.trim()).sort(), after.map((f) => f.feature_name).sort());
    assert.deepEqual(errors, []);
    await context.close();
  });
});

// Issue 18 as the vendor demo account: My Batches → a batch overview → the KPI report of a stim
// without feature data → the feature report of one with → AOIs link → downloads. Rows and numbers
// are compared with the API's answers for the same requests.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, apiToken, freshPage, useBrowser, signIn, until, waitForText } from './helpers';

const browser = useBrowser();

interface BatchPage { data: { batch_id: string; internal_batch_id: string; internal_vendor_id: string }[] }
interface Stims { batch_id: string; data: { name: string; internal_stim_id: number; feature_data: string[] }[] }

/** Opens the menu named `menu` inside `host` and picks `item`; answers the saved file's name and text. */
async function download(page: Page, host: string, menu: string, item: string): Promise<{ name: string; text: string }> {
  await page.locator(host).getByRole('button', { name: menu }).first().click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator(host).getByRole('menuitem', { name: item }).click()]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

describe('batches as the vendor (issue 18)', () => {
  it('D3-121..D3-155 list → overview → KPI → feature report → AOIs → downloads', async () => {
    const token = await apiToken('vendor');
    const list = await api<BatchPage>(token, '/batch/list', { body: {} });
    assert.equal(list.status, 200);
    const { context, page, errors } = await freshPage(browser());
    await signIn(page, 'vendor');
    await page.getByRole('link', { name: 'My Batches' }).first().click();
    await page.waitForURL('**/my_batches');
    // The first page shows the API's first page, in its order.
    await until(async () => (await page.locator('gaze-batch-list tbody tr').count()) === list.body.data.length, 'batch rows');
    const ids = await page.locator('gaze-batch-list tbody tr td:nth-child(2)').allTextContents();
    assert.deepEqual(ids, list.body.data.map((b) => b.batch_id));

    // Search by Id, then open the batch.
    await page.locator('gaze-batch-list').getByPlaceholder('Search by Id').fill('ADS-1009');
    await until(async () => (await page.locator('gaze-batch-list tbody tr').count()) === 1, 'one batch after the id search');
    await page.locator('gaze-batch-list').getByRole('link', { name: 'ADS-1009' }).click();
    const b = list.body.data.find((x) => x.batch_id === 'ADS-1009')!;
    await page.waitForURL(`**/my_batches/batch_overview/${b.internal_batch_id}&${b.internal_vendor_id}`);
    await waitForText(page, 'ADS-1009 Overview', 'Your stims', 'Item identifier');
    const stims = (await api<Stims>(token, '/batch/stims', { body: { internal_batch_id: b.internal_batch_id, internal_vendor_id: b.internal_vendor_id } })).body;
    assert.equal(await page.locator('gaze-batch-overview tbody tr').count(), stims.data.length);

    // Downloads of the whole batch: participant data and feature data (from the feature endpoint).
    const participant = await download(page, 'gaze-batch-overview', 'Download batch data', 'Download Participant Data');
    assert.equal(participant.name, 'batch-participant-data.csv');
    assert.match(participant.text, /^participant_reference,identifier,stim_name,/);
    assert.ok(participant.text.includes('\r\n'));
    const feature = await download(page, 'gaze-batch-overview', 'Download batch data', 'Download Feature Data');
    assert.equal(feature.name, 'batch-feature-data.csv');
    assert.match(feature.text, /^stim_id,identifier,stim_name,participant_reference,feature_name,/);

    // A stim without feature data → the KPI report.
    const plain = stims.data.find((s) => !s.feature_data.length)!;
    const rowOf = (name: string) => page.locator('gaze-batch-overview tbody tr', { hasText: name });
    await rowOf(plain.name).getByRole('button', { name: 'View Report' }).click();
    await page.waitForURL(/\/kpi\?id=.*&vendorId=.*&stimId=\d+$/);
    await waitForText(page, 'KPI Report', plain.name, 'Key Attention Metrics', 'Attention Visuals');
    const stimData = await download(page, 'gaze-batch-kpi-report', 'Download report data', 'Download Stim Data');
    assert.equal(stimData.name, 'batch-stim-data.csv');

    // A stim with feature data → the feature report.
    await page.goBack();
    await waitForText(page, 'ADS-1009 Overview');
    const featured = stims.data.find((s) => s.feature_data.length)!;
    await rowOf(featured.name).getByRole('button', { name: 'View Report' }).click();
    await page.waitForURL(/\/stim_report\?id=.*&vendorId=.*&stimId=\d+$/);
    await waitForText(page, 'Feature Report', 'Key Feature Metrics', 'Percent Viewed (%)', featured.feature_data[0]);
    // Breadcrumbs lead back to the overview.
    await waitForText(page, 'Batch overview');

    // AOIs of the stim: the batch AOI page.
    await page.goBack();
    await waitForText(page, 'ADS-1009 Overview');
    await rowOf(featured.name).getByRole('link', { name: 'Edit AOIs' }).click();
    await page.waitForURL(`**/batch_stim_list/aoi/${featured.internal_stim_id}?type=batch`);

    // All stims of the vendor.
    await page.goto('/batch_stim_list');
    await waitForText(page, 'Identifier', 'Discovered Date', 'Define areas of interest.');
    await page.locator('gaze-batch-stim-list').getByPlaceholder('Search by name').fill(featured.name);
    await until(async () => (await page.locator('gaze-batch-stim-list tbody tr').count()) === 1, 'one stim after the name search');
    await waitForText(page, featured.name);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('roles: the vendor is refused study content, the researcher batch content', async () => {
    const vendor = await apiToken('vendor');
    const researcher = await apiToken('researcher');
    assert.equal((await api(vendor, '/studies', { body: {} })).status, 403);
    assert.equal((await api(researcher, '/batch/list', { body: {} })).status, 403);
    assert.equal((await api(vendor, '/studies/overview')).status, 200);
  });
});

describe('batches on a 360 px phone (issue 18)', () => {
  it('My Batches, a batch overview and the stim list do not scroll sideways; tables scroll in their own box', async () => {
    const token = await apiToken('vendor');
    const b = (await api<BatchPage>(token, '/batch/list', { body: {} })).body.data[0];
    const { context, page, errors } = await freshPage(browser());
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, 'vendor');
    const pages: [string, string][] = [
      // A loaded row has a link (or a button): the loading row has neither.
      ['/my_batches', 'gaze-batch-list tbody tr a'],
      [`/my_batches/batch_overview/${b.internal_batch_id}&${b.internal_vendor_id}`, 'gaze-batch-overview tbody tr button'],
      ['/batch_stim_list', 'gaze-batch-stim-list tbody tr a'],
    ];
    for (const [path, rows] of pages) {
      await page.goto(path);
      await page.locator(rows).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `${path}: no sideways scroll (overflow ${overflow} px)`);
      await page.screenshot({ path: `tmp/screens/batches-360${path.replace(/[^a-z0-9]+/gi, '-')}.png`, fullPage: true });
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});

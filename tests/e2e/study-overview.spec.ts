// The study as a place to work in (issue 11), against the real server and demo data: open a study
// from the list, edit its details and see them on the overview, add / edit / delete a panel and
// see its links, subscribe, and complete a live study.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { api, apiToken, freshPage, useBrowser, signIn, until, waitForText } from './helpers';

const browser = useBrowser();

interface StudyPage { data: { study_id: number; name: string; live: boolean; paused: boolean; completed: boolean }[] }

async function studies(token: string, body: Record<string, unknown> = {}) {
  return (await api<StudyPage>(token, '/studies', { body: { results_per_page: 100, ...body } })).body.data;
}

describe('study overview', () => {
  it('D2-004 D2-017 D2-064 opens a study from the list, edits its details and sees them on the overview', async () => {
    const token = await apiToken('researcher');
    const { page, context, errors } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto('/my_studies');
    const link = page.locator('gaze-study-list tbody tr a').first();
    await link.waitFor();
    const name = (await link.getAttribute('title'))!;
    const href = (await link.getAttribute('href'))!;
    const id = Number(href.split('/').pop());
    await link.click();
    await page.waitForURL(`**/my_studies/overview/${id}`);
    await page.locator('gaze-study-overview h1').getByText(`${name} Overview`).waitFor();

    await page.locator('gaze-study-overview').getByRole('link', { name: 'Edit details' }).click();
    await page.waitForURL(`**/my_studies/overview/${id}/edit-details`);
    await page.locator('gaze-study-tabs').getByRole('link', { name: 'Edit Study Details' }).waitFor();
    const form = page.locator('gaze-study-details-form');
    const brief = `Brief edited end to end ${Date.now()}`;
    await form.getByLabel('Brief', { exact: true }).waitFor();
    await form.getByLabel('Brief', { exact: true }).fill(brief);
    await form.getByLabel('Proposed data collection start', { exact: true }).fill('2026-04-01');
    await form.getByLabel('Proposed data collection end', { exact: true }).fill('2026-04-30');
    await form.getByRole('button', { name: 'Save details' }).click();
    await form.getByText('Study details saved.').waitFor();
    const details = (await api(token, `/studies/${id}/details`, { body: {} })).body;
    assert.equal(details.brief, brief);
    await form.getByRole('link', { name: 'Back to the overview' }).click();
    await page.waitForURL(`**/my_studies/overview/${id}`);
    const overview = page.locator('gaze-study-overview');
    await overview.getByText(brief).waitFor();
    await overview.getByText('Fieldwork dates set: 01/04/2026 – 30/04/2026').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  // The overview places <gaze-panels> and <gaze-panel-links> by tag name; the dashboard route
  // loads their chunks (without that both blocks stay empty and 'Add panel' never appears).
  it('D2-042 D2-043 D2-045 D2-048 adds, edits and deletes a panel and sees its links', async () => {
    const token = await apiToken('researcher');
    const target = (await studies(token)).find((s) => !s.completed)!;
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto(`/my_studies/overview/${target.study_id}`);
    const panels = page.locator('gaze-panels');
    await panels.getByRole('button', { name: 'Add panel' }).click();
    const dialog = panels.getByRole('dialog');
    const values: [string, string][] = [['Name', 'E2E Panel'], ['Code', 'e2e'], ['Complete Redirect', 'https://e2e.example/ok'],
      ['Disqualify Redirect', 'https://e2e.example/so'], ['Overquota Redirect', 'https://e2e.example/qf'], ['Parameter', 'e2eid']];
    for (const [label, value] of values) await dialog.getByLabel(label, { exact: true }).fill(value);
    await dialog.getByRole('button', { name: 'Create panel' }).click();
    await dialog.waitFor({ state: 'detached' });
    const links = page.locator('gaze-panel-links');
    await links.getByText('E2E Panel').first().waitFor();
    await until(async () => (await links.locator('td.link').filter({ hasText: 'e2eid=' }).count()) > 0, 'the panel\u2019s links');
    await panels.getByRole('button', { name: 'Edit panel E2E Panel', exact: true }).click();
    await panels.getByRole('dialog').getByLabel('Name', { exact: true }).fill('E2E Panel renamed');
    await panels.getByRole('dialog').getByRole('button', { name: 'Save panel' }).click();
    await links.getByText('E2E Panel renamed').first().waitFor();
    await panels.getByRole('button', { name: 'Delete panel E2E Panel renamed', exact: true }).click();
    await panels.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await until(async () => (await links.getByText('E2E Panel renamed').count()) === 0, 'links without the panel');
    const audience = (await api(token, `/studies/${target.study_id}/audience/overview`, { body: {} })).body;
    assert.ok(!audience.panels.some((p: { name: string }) => p.name.startsWith('E2E Panel')));
    await context.close();
  });

  it('D2-030 D2-033 subscribes to a live study and completes it', async () => {
    const token = await apiToken('researcher');
    const live = (await studies(token, { filter_live: '1' })).find((s) => s.live && !s.completed && !s.paused)!;
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto(`/my_studies/overview/${live.study_id}`);
    const overview = page.locator('gaze-study-overview');
    await overview.getByText('LIVE STUDY').waitFor();
    const subscribe = overview.locator('[part="subscribe"]');
    if (await subscribe.count()) {
      await subscribe.click();
      await overview.getByRole('dialog').getByText(/will be sent to \S+@\S+/).waitFor();
      await overview.getByRole('dialog').getByRole('button', { name: 'Subscribe' }).click();
    }
    await overview.getByText('Subscribed to updates').waitFor();
    await overview.getByRole('button', { name: 'Complete study' }).click();
    await overview.getByRole('alertdialog').getByRole('button', { name: 'Complete study' }).click();
    await overview.locator('[part="completed-tick"]').waitFor();
    await waitForText(page, 'Study completed');
    const after = (await api(token, `/studies/${live.study_id}/overview`, { body: {} })).body;
    assert.equal(after.phase_id, 5);
    assert.equal(after.live, false);
    assert.equal(after.completed, true);
    assert.equal((await api(token, `/studies/${live.study_id}/complete`, { body: {} })).status, 409);
    await context.close();
  });
});

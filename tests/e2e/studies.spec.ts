// Home and the study list, every visible number and row compared with the API's own answer for
// the same request. Also the super user's company switch.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, apiToken, freshPage, useBrowser, signIn, until, waitForText, type DemoUser } from './helpers';

const browser = useBrowser();

interface Overview {
  total_live: number;
  total_completed: number;
  company: string;
  first_name: string;
}
interface StudyPage {
  data: { study_id: number; name: string }[];
  total_page_num: number;
  total_count: number;
}

async function overviewOf(user: DemoUser): Promise<Overview> {
  const res = await api<Overview>(await apiToken(user), '/studies/overview');
  assert.equal(res.status, 200);
  return res.body;
}

async function studiesOf(user: DemoUser, body: Record<string, unknown>, companyId?: number | string): Promise<string[]> {
  const res = await api<StudyPage>(await apiToken(user), '/studies', { body, companyId });
  assert.equal(res.status, 200);
  return res.body.data.map((s) => s.name);
}

/** Full study names of the rendered rows (the name link's title; the text may be cut at 40). */
const rowNames = (page: Page) => page.locator('gaze-study-list tbody tr a').evaluateAll((as) => as.map((a) => a.getAttribute('title') ?? ''));

/**
 * Does `action`, then waits until the rendered rows equal the API's answer to the same request.
 * Other spec files run alongside and add studies to the same company, so the screen may have asked
 * just before or just after one landed: the API is asked before the action and again while
 * waiting, and the rows must equal one of those answers.
 */
async function expectRows(page: Page, what: string, query: () => Promise<string[]>, action?: () => Promise<unknown>) {
  const before = await query();
  assert.ok(before.length > 0, `${what}: the API answered rows to compare with`);
  await action?.();
  const same = (a: string[], b: string[]) => JSON.stringify(a) === JSON.stringify(b);
  let seen: string[] = [];
  let latest = before;
  try {
    await until(async () => {
      seen = await rowNames(page);
      if (same(seen, before)) return true;
      latest = await query();
      return same(seen, latest);
    }, what);
  } catch {
    assert.deepEqual(seen, latest, what);
  }
}

/** The researcher's /my_studies in a fresh page, once it shows the API's default first page. */
async function openStudyList() {
  const opened = await freshPage(browser());
  await signIn(opened.page, 'researcher');
  await expectRows(opened.page, 'default page', () => studiesOf('researcher', {}), () => opened.page.goto('/my_studies'));
  return opened;
}

describe('home', () => {
  for (const user of ['researcher', 'vendor'] as const) {
    it(`D1-079 D1-080 D1-081 D1-082 greets ${user} by first name with the company and the API's counts`, async () => {
      const o = await overviewOf(user);
      const { page, context } = await freshPage(browser());
      await signIn(page, user);
      const text = await waitForText(page, `Hello, ${o.first_name}`, o.company);
      const counts = await page.locator('gaze-home [data-count] strong').allInnerTexts();
      assert.deepEqual(counts.map(Number), [o.total_live, o.total_completed], text.slice(0, 300));
      // Create Study is for study users only.
      assert.equal(await page.locator('gaze-home').getByText('Create Study').count(), user === 'researcher' ? 1 : 0);
      await context.close();
    });
  }
});

describe('study list', () => {
  it('D1-089 D1-090 D1-101 D1-103 the first page is the API default (25 rows, name_asc); sorting by name and media re-asks the server', async () => {
    const { page, context } = await openStudyList();
    assert.equal((await rowNames(page)).length, 25);

    const th = (name: string) => page.locator('gaze-study-list thead th').filter({ hasText: name }).getByRole('button');
    await expectRows(page, 'name_desc', () => studiesOf('researcher', { order_by: 'name_desc' }), () => th('Study name').click());
    await expectRows(page, 'media_asc', () => studiesOf('researcher', { order_by: 'media_asc' }), () => th('Media').click());
    await expectRows(page, 'media_desc', () => studiesOf('researcher', { order_by: 'media_desc' }), () => th('Media').click());
    await context.close();
  });

  it('D1-083 D1-084 D1-103 searching (debounced) filters by name, matching the API', async () => {
    const { page, context } = await openStudyList();
    const query = () => studiesOf('researcher', { filter_name: 'green leaf' });
    await expectRows(page, 'search "green leaf"', query, () => page.getByPlaceholder('Search my studies...').fill('green leaf'));
    assert.ok((await query()).every((n) => n.toLowerCase().includes('green leaf')));
    await context.close();
  });

  it('D1-088 D1-089 D1-102 page size and pagination (above and below the table) page through the API answers', async () => {
    const { page, context } = await openStudyList();
    await expectRows(page, 'page size 10', () => studiesOf('researcher', { results_per_page: 10 }), () => page.locator('gaze-study-list [data-where="top"] select').selectOption('10'));
    await expectRows(page, 'page 2', () => studiesOf('researcher', { results_per_page: 10, page_num: 2 }), () => page.locator('gaze-study-list [data-where="top"]').getByRole('button', { name: 'Next page' }).click());
    await expectRows(page, 'page 3 from the bottom pager', () => studiesOf('researcher', { results_per_page: 10, page_num: 3 }), () => page.locator('gaze-study-list [data-where="bottom"]').getByRole('button', { name: '3', exact: true }).click());
    // A new page size starts again at page 1 (D1 §4).
    await expectRows(page, 'page size 50', () => studiesOf('researcher', { results_per_page: 50, page_num: 1 }), () => page.locator('gaze-study-list [data-where="bottom"] select').selectOption('50'));
    await context.close();
  });

  it('D1-085 D1-087 D1-107 the Live and Completed filters and the Media filter match the API', async () => {
    const { page, context } = await openStudyList();
    await page.locator('gaze-study-list').getByRole('button', { name: /^Filters/ }).click();
    await expectRows(page, 'live only', () => studiesOf('researcher', { filter_live: '1' }), () => page.locator('gaze-study-list').getByLabel('Live').check());
    await page.locator('gaze-study-list').getByLabel('Live').uncheck();
    await expectRows(page, 'completed only', () => studiesOf('researcher', { filter_completed: '1' }), () => page.locator('gaze-study-list').getByLabel('Completed').check());
    await page.locator('gaze-study-list').getByLabel('Completed').uncheck();

    const media = page.locator('gaze-study-list').getByLabel('Media');
    const option = media.locator('option', { hasText: 'Video' });
    const id = Number(await option.getAttribute('value'));
    await expectRows(page, 'media Video', () => studiesOf('researcher', { filter_media_id: id }), () => media.selectOption(String(id)));
    await context.close();
  });

  it("D1-075 the super user's company switch changes the study list to that company's studies", async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'admin');
    await page.goto('/my_studies');
    // A plain request gets the lookup list as a bare array (the legacy client's form).
    const companies = (await api<{ id: number; name: string }[]>(await apiToken('admin'), '/dashboard/data/companies_list')).body;
    const acme = companies.find((c) => c.name === 'Acme Research')!;
    const northwind = companies.find((c) => c.name === 'Northwind Media')!;
    const select = page.locator('select[aria-label="Company"]');
    await until(async () => (await select.locator('option').count()) > 1, 'the company list');

    const acmeRows = () => studiesOf('admin', {}, acme.id);
    const northwindRows = () => studiesOf('admin', {}, northwind.id);
    await expectRows(page, 'Acme Research studies', acmeRows, () => select.selectOption(String(acme.id)));
    assert.notDeepEqual(await northwindRows(), await acmeRows());
    await expectRows(page, 'Northwind Media studies', northwindRows, () => select.selectOption(String(northwind.id)));
    await context.close();
  });

  it('D1-092 a study name links to its overview; the demographics sub-page places <gaze-demographics> titled with the study name', async () => {
    const token = await apiToken('researcher');
    const first = (await api<StudyPage>(token, '/studies', { body: {} })).body.data[0];
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto('/my_studies');
    const link = page.locator('gaze-study-list tbody tr a').first();
    await until(async () => (await link.getAttribute('title')) === first.name, 'the first row');
    assert.equal(await link.getAttribute('href'), `/my_studies/overview/${first.study_id}`);
    await page.goto(`/my_studies/overview/${first.study_id}/demographics`);
    await page.locator('gaze-demographics').getByText(first.name, { exact: true }).first().waitFor();
    await context.close();
  });
});

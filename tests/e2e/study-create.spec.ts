// Study creation (issue 16), against the real server and demo data: for every kind of part 1
// (YouTube video, generic, web page study, rich media, VAST ad test) choose it on the chooser,
// fill its wizard through the real UI, create, and check where it lands (the order confirmation
// for types 4, 5, 7, 8, 10, the board otherwise), the overview's name and what the board shows.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { freshPage, useBrowser, signIn, until, waitForText, type DemoUser } from './helpers';

const browser = useBrowser();

/** Digits unique per run: a server reused through E2E_BASE_URL keeps earlier runs' studies. */
const runId = () => String(Date.now() % 100000).padStart(5, '0');

/** Signs in, picks the chooser entry and waits for its wizard route (resolution 24). */
async function openWizard(page: Page, user: DemoUser, entry: RegExp, route: string): Promise<Locator> {
  await signIn(page, user);
  await page.goto('/create-study');
  await page.locator('gaze-study-chooser').getByRole('link', { name: entry }).click();
  await page.waitForURL(`**/create-study/${route}`);
  return page.locator('gaze-study-wizard');
}

async function next(wizard: Locator, heading: string, button = 'Next') {
  await wizard.getByRole('button', { name: button, exact: true }).click();
  await wizard.getByRole('heading', { name: heading }).waitFor();
}

/** Review, then Create; answers the new study's id once the page moved to `where`. */
async function reviewAndCreate(page: Page, wizard: Locator, where: 'thank_you' | 'cell_step_management'): Promise<number> {
  await wizard.getByRole('button', { name: 'Review', exact: true }).click();
  await wizard.getByText('Your project is ready for review').waitFor();
  await wizard.getByRole('button', { name: 'Create', exact: true }).click();
  await page.waitForURL(`**/my_studies/overview/*/${where}`);
  const id = Number(new URL(page.url()).pathname.split('/')[3]);
  assert.ok(Number.isInteger(id) && id > 0, `a study id in ${page.url()}`);
  return id;
}

/** The order confirmation of a new study: its words and the test link without '&participant='. */
async function checkThankYou(page: Page, id: number, ...more: string[]): Promise<string> {
  const text = await waitForText(page, 'Thank you for your order.', `Your project is ready number ${id}.`, 'Take a test study', ...more);
  const testHref = await page.locator('gaze-order-confirmation').getByRole('link', { name: 'Take a test study' }).getAttribute('href');
  assert.match(testHref!, new RegExp(`/take/${id}\\?.*test=1`));
  assert.doesNotMatch(testHref!, /participant=/);
  return text;
}

async function checkOverview(page: Page, id: number, name: string) {
  await page.goto(`/my_studies/overview/${id}`);
  await page.locator('gaze-study-overview h1').getByText(`${name} Overview`).waitFor();
}

/** The board's cells (names) and, per cell, its steps as 'label: full name'. */
async function boardOf(page: Page): Promise<{ cell: string; steps: string[] }[]> {
  const board = page.locator('gaze-step-board');
  await board.locator('[part="cell"]').first().waitFor();
  const cells = board.locator('[part="cell"]');
  const out: { cell: string; steps: string[] }[] = [];
  for (let i = 0; i < (await cells.count()); i++) {
    const cell = cells.nth(i);
    const steps: string[] = [];
    const items = cell.locator('[part="step"]');
    for (let j = 0; j < (await items.count()); j++) {
      const s = items.nth(j);
      const name = s.locator('[part="step-name"]');
      const full = (await name.getAttribute('title')) ?? (await name.textContent()) ?? '';
      steps.push(`${await s.locator('[part="step-label"]').textContent()}: ${full}`);
    }
    out.push({ cell: ((await cell.getAttribute('aria-label')) ?? '').replace(/^Cell /, ''), steps });
  }
  return out;
}

/** The study's own stims as the Study Specific Stims page lists them. */
async function checkStudyStims(page: Page, id: number, ...names: string[]) {
  await page.goto(`/my_studies/overview/${id}/study-specific-stims`);
  await waitForText(page, ...names);
}

describe('study creation', () => {
  it('D3-004 D3-024 D3-110 D3-115 creates a YouTube study and opens its thank-you page, overview and board', async () => {
    const { page, context, errors } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto('/create-study');
    await page.locator('gaze-study-chooser').getByRole('link', { name: /YouTube/ }).click();
    await page.waitForURL('**/create-study/YouTube-study');
    const wizard = page.locator('gaze-study-wizard');
    const name = `E2E video ${Date.now()}`;
    await wizard.getByLabel('Study name').fill(name);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('heading', { name: 'Question Details' }).waitFor();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('heading', { name: 'Panel Details' }).waitFor();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('heading', { name: 'Video Setup' }).waitFor();
    await wizard.getByRole('button', { name: 'Review' }).click();
    await wizard.getByText('Required').first().waitFor();
    await wizard.getByLabel('Video ad URL').fill('https://cdn.example.com/spot.mp4');
    await wizard.getByLabel('Brand').fill('E2E Brand');
    await wizard.getByRole('button', { name: 'Review' }).click();
    await wizard.getByText('Your project is ready for review').waitFor();
    await wizard.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL('**/my_studies/overview/*/thank_you');
    const id = Number(new URL(page.url()).pathname.split('/')[3]);
    const text = await waitForText(page, 'Thank you for your order.', `Your project is ready number ${id}.`);
    assert.match(text, /Take a test study/);
    const testHref = await page.locator('gaze-order-confirmation').getByRole('link', { name: 'Take a test study' }).getAttribute('href');
    assert.match(testHref!, new RegExp(`/take/${id}\\?.*test=1`));
    assert.doesNotMatch(testHref!, /participant=/);
    await page.locator('gaze-order-confirmation').getByRole('link', { name: 'Continue to study details' }).click();
    await page.locator('gaze-study-overview h1').getByText(`${name} Overview`).waitFor();
    await page.goto(`/my_studies/overview/${id}/cell_step_management`);
    await waitForText(page, 'Cell 1', 'spot.mp4');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('D3-001 D3-025 D3-038 D3-042 creates a custom (generic) study with two cells and a post-exposure survey and lands on its board', async () => {
    const { page, context, errors } = await freshPage(browser());
    try {
      const wizard = await openWizard(page, 'researcher', /^Create custom study$/, 'custom-study');
      await wizard.getByRole('heading', { name: 'Create custom study' }).waitFor();
      const name = `E2E custom ${runId()}`;
      await wizard.getByLabel('Study name').fill(name);
      await wizard.locator('[part="cells"]').fill('2');
      await wizard.getByText('Number of cells: 2').waitFor();
      await next(wizard, 'Question Details');
      const survey = 'https://survey.example.com/post';
      await wizard.getByRole('radiogroup', { name: 'Post-exposure survey' }).getByLabel('Own survey').check();
      await wizard.getByLabel('Survey URL').fill(survey);
      await wizard.getByLabel('Insert parameter').fill('rid');
      await next(wizard, 'Panel Details');
      // Study type code 0 is not one of the confirmation types: Create goes to the board (§4).
      const id = await reviewAndCreate(page, wizard, 'cell_step_management');
      await page.locator('gaze-step-board [part="title"]').getByText(name).waitFor();
      await until(async () => (await boardOf(page)).length === 2, 'two cells on the board');
      assert.deepEqual(await boardOf(page), [
        { cell: 'Cell 1', steps: ['External Step: Post-exposure survey'] },
        { cell: 'Cell 2', steps: ['External Step: Post-exposure survey'] },
      ]);
      await checkOverview(page, id, name);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('D3-003 D3-024 D3-034 D3-058 D3-059 D3-110 D3-115 D3-119 D3-120 creates a web page study: thank-you page, overview, board with its cache page (pending or failed offline) and its stim', async (t) => {
    const { page, context, errors } = await freshPage(browser());
    try {
      const wizard = await openWizard(page, 'researcher', /Digital Ad Test/, 'digital-ad-test');
      const run = runId();
      const name = `E2E web ${run}`;
      const pageName = `e2e-page-${run}`;
      const pageUrl = `https://news.example.com/${pageName}`;
      const stimName = `banner-${run}.png`;
      await wizard.getByLabel('Study name').fill(name);
      await next(wizard, 'Question Details');
      await next(wizard, 'Panel Details');
      await next(wizard, 'Web Page Setup');
      // Touching the last row appends a blank page and a blank stim row (§2.3); the blank rows
      // at the end are not validated.
      const first = wizard.locator('[part="page"]').first();
      await first.getByLabel('Web page 1 URL').fill(pageUrl);
      await until(async () => (await wizard.locator('[part="page"]').count()) === 2, 'a blank page appended');
      const stim = first.locator('[part="stim-row"]').first();
      await stim.getByLabel('Stim 1 URL').fill(`https://cdn.example.com/${stimName}`);
      await stim.getByLabel('Brand').fill(`E2E Brand ${run}`);
      const format = stim.getByLabel('Ad format');
      await until(async () => (await format.locator('option').count()) > 1, 'ad formats loaded');
      const formatName = (await format.locator('option').nth(1).textContent())!.trim();
      await format.selectOption({ label: formatName });
      const id = await reviewAndCreate(page, wizard, 'thank_you');
      await checkThankYou(page, id, 'Page Previews', 'View Page 1', 'This will be the first test page your respondents will see');
      const previewRow = page.locator('gaze-order-confirmation').getByRole('row', { name: /View Page 1/ });
      assert.equal(await previewRow.getByRole('link', { name: 'View page' }).getAttribute('href'), pageUrl);

      await checkOverview(page, id, name);

      await page.goto(`/my_studies/overview/${id}/cell_step_management`);
      assert.deepEqual(await boardOf(page), [{ cell: 'Cell 1', steps: [`Cache Page Step: ${pageName}`] }]);
      // The cache page was ordered; this machine has no internet, so the job cannot fetch it: the
      // board's cache-page list shows it pending or failed with the reason (ready only online).
      const cell = page.locator('gaze-step-board [part="cell"]').first();
      await cell.getByRole('button', { name: /^Add step to/ }).click();
      const dialog = page.locator('[part="new-step-dialog"]');
      await dialog.getByLabel('Cache Page', { exact: true }).check();
      const panel = dialog.locator('[part="options-panel"]');
      await panel.getByPlaceholder('Search').fill(pageName);
      const row = panel.locator('[part="options-table"] tbody tr', { hasText: pageName });
      await until(async () => (await panel.locator('[part="options-table"] tbody tr').count()) === 1 && (await row.count()) === 1, 'the study page alone in the list');
      const state = (await row.locator('td').nth(3).textContent())!.trim();
      assert.match(state, /^(Being cached\.\.\.|Failed: .+|View snapshot)$/, `the page's state: ${state}`);
      t.diagnostic(`cache page ${pageUrl}: ${state}`);
      if (state !== 'View snapshot') assert.equal(await row.getByRole('button', { name: `Add ${pageName}` }).isDisabled(), true, 'a page not cached cannot be added');
      await until(async () => { await page.keyboard.press('Escape'); return (await dialog.count()) === 0; }, 'dialog closed');

      // The stim made from the stim URL belongs to the study, with the brand typed in (created).
      await checkStudyStims(page, id, stimName, `E2E Brand ${run}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('D3-006 D3-024 D3-035 D3-065 D3-066 D3-110 D3-115 D3-119 creates a rich media study (super user): thank-you page, overview, board with the test page step and the distraction page', async () => {
    const { page, context, errors } = await freshPage(browser());
    try {
      const wizard = await openWizard(page, 'admin', /Digital Rich Media/, 'digital-rich-study');
      const run = runId();
      const name = `E2E rich ${run}`;
      const testPage = `https://publisher.example.com/test-${run}`;
      const distraction = `https://other.example.com/distract-${run}`;
      await wizard.getByLabel('Study name').fill(name);
      await next(wizard, 'Question Details');
      await next(wizard, 'Panel Details');
      await next(wizard, 'Web Page Setup');
      await wizard.getByLabel('Test page URL').fill(testPage);
      await wizard.getByLabel('Distraction page URL').fill(distraction);
      await wizard.getByLabel('Ad script').fill('<script src="https://ads.example.com/rich.js"></script>');
      await wizard.getByLabel('Brand').fill(`E2E Brand ${run}`);
      const id = await reviewAndCreate(page, wizard, 'thank_you');
      await checkThankYou(page, id, 'Page Previews', 'View Page 1', 'View Page 2', 'This will be the second test page your respondents will see');
      const previews = page.locator('gaze-order-confirmation').getByRole('link', { name: 'View page' });
      assert.deepEqual(await Promise.all([0, 1].map((i) => previews.nth(i).getAttribute('href'))), [testPage, distraction]);

      await checkOverview(page, id, name);

      await page.goto(`/my_studies/overview/${id}/cell_step_management`);
      assert.deepEqual(await boardOf(page), [
        { cell: 'Cell 1', steps: [`External Step: ${name} - ${testPage}`, `Cache Page Step: distract-${run}`] },
      ]);
      await checkStudyStims(page, id, `${name} - ad script`, `E2E Brand ${run}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('D3-005 D3-024 D3-037 D3-110 D3-113 D3-115 D3-116 creates a VAST ad test: thank-you page, overview, board with the VAST stim step', async () => {
    const { page, context, errors } = await freshPage(browser());
    try {
      const wizard = await openWizard(page, 'researcher', /Vast Ad Test/, 'vast-ad-test');
      const run = runId();
      const name = `E2E vast ${run}`;
      await wizard.getByLabel('Study name').fill(name);
      await next(wizard, 'Question Details');
      await next(wizard, 'Panel Details');
      await next(wizard, 'Video Setup');
      assert.equal(await wizard.getByLabel('In-context site').inputValue(), 'YouTube');
      await wizard.getByLabel('VAST tag URL').fill(`https://ads.example.com/vast-${run}.xml`);
      await wizard.getByLabel('Brand').fill(`E2E Brand ${run}`);
      const id = await reviewAndCreate(page, wizard, 'thank_you');
      await checkThankYou(page, id);
      await page.locator('gaze-order-confirmation').getByRole('link', { name: 'Continue to study details' }).click();
      await page.locator('gaze-study-overview h1').getByText(`${name} Overview`).waitFor();

      await page.goto(`/my_studies/overview/${id}/cell_step_management`);
      assert.deepEqual(await boardOf(page), [{ cell: 'Cell 1', steps: [`Stim Step: ${name} - VAST ad`] }]);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

// Study creation, part 2 (issue 17 items 2 and 3), against the real server and demo data: a super
// user creates a quick study ('Focus Project Setup', /create-study/Lumen-panel-setup) and a
// researcher an embedded/redirect study (/create-study/embedded-study) through the wizard in the
// built dashboard; both land on their order confirmation with their page previews, and the board
// shows the steps the wizard described. Screens of each new step at 1440 and 360 px go to
// tmp/screens/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { freshPage, useBrowser, signIn, waitForText } from './helpers';

const browser = useBrowser();
const runId = () => String(Date.now() % 100000).padStart(5, '0');
mkdirSync('tmp/screens', { recursive: true });

async function next(wizard: Locator, heading: string, button = 'Next') {
  await wizard.getByRole('button', { name: button, exact: true }).click();
  await wizard.getByRole('heading', { name: heading }).waitFor();
}

/** The page at 1440 and at 360 px wide, back to the test's own size after. */
async function screens(page: Page, name: string) {
  const size = page.viewportSize();
  for (const width of [1440, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `tmp/screens/study-create-more-${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

async function reviewAndCreate(page: Page, wizard: Locator, shot: string): Promise<number> {
  await wizard.getByRole('button', { name: 'Review', exact: true }).click();
  await wizard.getByText('Your project is ready for review').waitFor();
  await screens(page, shot);
  await wizard.getByRole('button', { name: 'Create', exact: true }).click();
  await page.waitForURL('**/my_studies/overview/*/thank_you');
  const id = Number(new URL(page.url()).pathname.split('/')[3]);
  assert.ok(Number.isInteger(id) && id > 0, `a study id in ${page.url()}`);
  return id;
}

/** The board's steps per cell as 'label: full name'. */
async function boardOf(page: Page): Promise<string[][]> {
  const board = page.locator('gaze-step-board');
  await board.locator('[part="cell"]').first().waitFor();
  const cells = board.locator('[part="cell"]');
  const out: string[][] = [];
  for (let i = 0; i < (await cells.count()); i++) {
    const items = cells.nth(i).locator('[part="step"]');
    const steps: string[] = [];
    for (let j = 0; j < (await items.count()); j++) {
      const s = items.nth(j);
      const name = s.locator('[part="step-name"]');
      steps.push(`${await s.locator('[part="step-label"]').textContent()}: ${(await name.getAttribute('title')) ?? (await name.textContent())}`);
    }
    out.push(steps);
  }
  return out;
}

describe('study creation part 2: quick and embedded studies', () => {
  it('D3-007 D3-039 D3-103 D3-104 D3-105 D3-024 D3-110 D3-119 a super user creates a quick study: External Pages, Lumen Panel Data, thank-you page, board', async () => {
    const { page, context, errors } = await freshPage(browser());
    try {
      await signIn(page, 'admin');
      await page.goto('/create-study');
      await page.locator('gaze-study-chooser').getByRole('link', { name: /Focus Project Setup/ }).click();
      await page.waitForURL('**/create-study/Lumen-panel-setup');
      const wizard = page.locator('gaze-study-wizard');
      const run = runId();
      const name = `E2E quick ${run}`;
      const one = `https://pages.example.com/one-${run}`;
      const two = `https://pages.example.com/two-${run}`;
      await wizard.getByLabel('Study name').fill(name);
      assert.equal(await wizard.locator('#gaze-cells').count(), 0, 'no cells on the quick study');
      await next(wizard, 'External Pages');
      await wizard.getByLabel('Page 1 URL').fill(one);
      await wizard.getByRole('button', { name: 'Add page' }).click();
      await wizard.getByLabel('Page 2 URL').fill(two);
      await wizard.getByLabel('Insert parameter').nth(1).fill('pid');
      await screens(page, 'external-pages');
      await next(wizard, 'Lumen Panel Data');
      assert.equal(await wizard.getByLabel('Reward').inputValue(), '100');
      await wizard.getByLabel('Panelist role').locator('option', { hasText: 'Desktop panelist' }).waitFor({ state: 'attached' });
      assert.equal(await wizard.getByLabel('Panelist role').inputValue(), '1');
      assert.equal(await wizard.getByLabel('Panel', { exact: true }).inputValue(), '1');
      await wizard.getByRole('button', { name: 'Review', exact: true }).click();
      await wizard.getByText('Required').first().waitFor();
      await wizard.getByLabel('Short description').fill('Look at two pages as you would at home');
      await wizard.getByLabel('Start date').fill('2026-12-01T09:00');
      await screens(page, 'lumen-panel-data');
      const id = await reviewAndCreate(page, wizard, 'quick-review');

      await waitForText(page, 'Thank you for your order.', `Your project is ready number ${id}.`, 'Take a test study', 'View Page 1', 'View Page 2');
      const previews = page.locator('gaze-order-confirmation').getByRole('link', { name: 'View page' });
      assert.deepEqual(await Promise.all([0, 1].map((i) => previews.nth(i).getAttribute('href'))), [one, two]);
      await screens(page, 'quick-thank-you');

      await page.goto(`/my_studies/overview/${id}/cell_step_management`);
      assert.deepEqual(await boardOf(page), [[`External Step: ${name} - ${one}`, `External Step: ${name} - ${two}`]]);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('§6 a researcher (not a super user) has no Focus Project Setup card and its wizard refuses', async () => {
    const { page, context } = await freshPage(browser());
    try {
      await signIn(page, 'researcher');
      await page.goto('/create-study');
      await page.locator('gaze-study-chooser').getByRole('link', { name: /Vast Ad Test/ }).waitFor();
      assert.equal(await page.locator('gaze-study-chooser').getByRole('link', { name: /Focus Project Setup/ }).count(), 0);
      await page.goto('/create-study/Lumen-panel-setup');
      await page.locator('gaze-study-wizard').getByText('Only super users can create this study.').waitFor();
      assert.equal(await page.locator('gaze-study-wizard form').count(), 0);
    } finally {
      await context.close();
    }
  });

  it('D3-040 D3-108 D3-109 D3-024 D3-110 a researcher creates an embedded/redirect study: one URL per cell, thank-you page, board', async () => {
    const { page, context, errors } = await freshPage(browser());
    try {
      await signIn(page, 'researcher');
      await page.goto('/create-study/embedded-study');
      const wizard = page.locator('gaze-study-wizard');
      const run = runId();
      const name = `E2E embedded ${run}`;
      const a = `https://site.example.com/a-${run}`;
      const b = `https://site.example.com/b-${run}`;
      await wizard.getByLabel('Study name').fill(name);
      // Three cells with the keyboard, as a user would move the slider.
      await wizard.locator('#gaze-cells').focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await next(wizard, 'Redirect Details');
      await wizard.getByLabel('Basic redirect').check();
      await wizard.getByLabel('Success URL').fill('https://panel.example.com/done');
      await next(wizard, 'Context Details');
      assert.equal(await wizard.locator('[part="context-row"]').count(), 3);
      await wizard.getByLabel('Cell 1 URL').fill(a);
      await wizard.getByLabel('Cell 2 URL').fill('not a page');
      await wizard.getByRole('button', { name: 'Review', exact: true }).click();
      await wizard.getByText('Must be a valid URL').waitFor();
      await screens(page, 'context-details');
      // Back to two cells: the third row goes, the first two keep their URLs.
      await wizard.getByRole('button', { name: 'Back' }).click();
      await wizard.getByRole('button', { name: 'Back' }).click();
      await wizard.locator('#gaze-cells').focus();
      await page.keyboard.press('ArrowLeft');
      await next(wizard, 'Redirect Details');
      await next(wizard, 'Context Details');
      assert.equal(await wizard.locator('[part="context-row"]').count(), 2);
      assert.equal(await wizard.getByLabel('Cell 1 URL').inputValue(), a);
      await wizard.getByLabel('Cell 2 URL').fill(b);
      const id = await reviewAndCreate(page, wizard, 'embedded-review');

      await waitForText(page, 'Thank you for your order.', `Your project is ready number ${id}.`, 'Take a test study', 'View Page 1');
      await page.goto(`/my_studies/overview/${id}/cell_step_management`);
      assert.deepEqual(await boardOf(page), [[`Embedded Step: ${name} - ${a}`], [`Embedded Step: ${name} - ${b}`]]);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

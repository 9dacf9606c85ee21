// The signed-in frame: side navigation by user type, sidebar behaviour, account menu, company
// selector (super users), breadcrumbs, feedback widget on every page, primary colour.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { freshPage, useBrowser, signIn, until } from './helpers';

const browser = useBrowser();

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
// The entries appear once the signed-in user is known: wait for them, then read them all.
const navLabels = async (page: Page) => {
  await nav(page).getByRole('link', { name: 'My Stimuli' }).waitFor();
  return nav(page).getByRole('link').allInnerTexts();
};

describe('side navigation', () => {
  it('D1-062 D1-063 D1-065 D1-067 D1-068 D1-069 a study user (type 1) sees My Studies and My Stimuli → /stims', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    assert.deepEqual(await navLabels(page), ['Home', 'My Studies', 'My Stimuli', 'My Downloads', 'My Validations', 'My Reports']);
    const hrefs = await nav(page).getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.deepEqual(hrefs, ['/', '/my_studies', '/stims', '/my_downloads', '/my_validations', '/my_reports']);
    await context.close();
  });

  it('D1-064 D1-066 the batch user (vendor) sees My Batches and not My Studies; My Stimuli → /batch_stim_list', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'vendor');
    const labels = await navLabels(page);
    assert.ok(labels.includes('My Batches'));
    assert.ok(!labels.includes('My Studies'));
    assert.equal(await nav(page).getByRole('link', { name: 'My Batches' }).getAttribute('href'), '/my_batches');
    assert.equal(await nav(page).getByRole('link', { name: 'My Stimuli' }).getAttribute('href'), '/batch_stim_list');
    await context.close();
  });

  it('D1-070 D1-071 the sidebar is open on home, closes on navigating elsewhere, and can be opened and closed', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    await nav(page).waitFor({ state: 'visible' }); // open on the home page
    await nav(page).getByRole('link', { name: 'My Studies' }).click();
    await page.waitForURL('**/my_studies');
    await nav(page).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await nav(page).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Close navigation' }).click();
    await nav(page).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await nav(page).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await nav(page).waitFor({ state: 'visible' });
    await context.close();
  });
});

describe('header', () => {
  it('D1-072 the account menu has My account, Contact us and Signout, which route to their pages', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.getByRole('button', { name: /▾/ }).click();
    const items = await page.getByRole('menuitem').allInnerTexts();
    assert.deepEqual(items, ['My account', 'Contact us', 'Signout']);
    await page.getByRole('menuitem', { name: 'Contact us' }).click();
    await page.waitForURL('**/contact_us');
    await page.getByRole('button', { name: /send/i }).waitFor();
    await page.getByRole('button', { name: /▾/ }).click();
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await page.waitForURL('**/my_account');
    await context.close();
  });

  it('issue 38: the account menu is a menu button: ArrowDown enters the items, arrows move and wrap, Escape closes and returns focus', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    const button = page.getByRole('button', { name: /▾/ });
    await button.focus();
    await page.keyboard.press('ArrowDown');
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await until(async () => (await focusedText()) === 'My account', 'focus on the first item');
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('ArrowDown');
    assert.equal(await focusedText(), 'Contact us');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    assert.equal(await focusedText(), 'My account', 'ArrowDown wraps from the last item');
    await page.keyboard.press('ArrowUp');
    assert.equal(await focusedText(), 'Signout', 'ArrowUp wraps from the first item');
    await page.keyboard.press('Escape');
    await page.getByRole('menu', { name: 'Account' }).waitFor({ state: 'detached' });
    assert.equal(await button.evaluate((b) => b === document.activeElement), true, 'focus back on the menu button');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    // Enter on an item follows it.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/contact_us');
    await context.close();
  });

  it('issue 38: the Ideas form button is docked in the header (covers no page content); its panel takes focus and Escape returns it', async () => {
    const { page, context } = await freshPage(browser());
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'researcher');
    const trigger = page.getByRole('button', { name: 'Ideas form' });
    await trigger.waitFor();
    const header = await page.locator('header.gz-header').boundingBox();
    const box = await trigger.boundingBox();
    assert.ok(header && box, 'header and button are laid out');
    assert.ok(box.y >= header.y && box.y + box.height <= header.y + header.height, `the button lies inside the header (${JSON.stringify({ box, header })})`);
    assert.notEqual(await trigger.evaluate((b) => getComputedStyle(b).position), 'fixed');
    await trigger.click();
    const field = page.getByLabel('I think the dashboard could be improved by...');
    await until(async () => field.evaluate((f) => f.getRootNode() instanceof ShadowRoot && (f.getRootNode() as ShadowRoot).activeElement === f), 'focus in the panel');
    await page.keyboard.press('Escape');
    await page.getByText('Give us ideas for new features!').waitFor({ state: 'detached' });
    assert.equal(await trigger.evaluate((b) => (b.getRootNode() as ShadowRoot).activeElement === b), true, 'focus back on the Ideas form button');
    await context.close();
  });

  it('D1-073 D1-076 only super users see the company selector, and the flag is read from localStorage', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    assert.equal(await page.getByLabel('Company', { exact: true }).count(), 0);
    // The UI trusts the stored flag: it asks for the company list, which the server refuses.
    await page.evaluate(() => localStorage.setItem('superUser', 'true'));
    const list = page.waitForResponse((r) => r.url().includes('/dashboard/data/companies_list'));
    await page.reload();
    assert.equal((await list).status(), 403);
    await context.close();

    const admin = await freshPage(browser());
    await signIn(admin.page, 'admin');
    await admin.page.locator('select[aria-label="Company"]').waitFor();
    await admin.context.close();
  });

  it('D1-074 D1-075 picking a company sends X-Company-Id on later calls; the selector is disabled deeper than 2 segments', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'admin');
    const select = page.locator('select[aria-label="Company"]');
    await page.waitForFunction(() => {
      const s = document.querySelector<HTMLSelectElement>('select[aria-label="Company"]');
      return s !== null && !s.disabled && s.options.length > 1;
    });
    const acme = await select.locator('option', { hasText: 'Acme Research' }).getAttribute('value');
    assert.ok(acme);
    await select.selectOption(acme);

    const call = page.waitForRequest((r) => r.url().includes('/v1.0/user/get-details'));
    await page.goto('/my_account');
    assert.equal((await call).headers()['x-company-id'], acme);
    assert.equal(await page.evaluate(() => localStorage.getItem('companyId')), acme);
    assert.equal(await select.inputValue(), acme, 'the choice survives a reload');
    // After the reload the list loads again (disabled meanwhile); at this depth it then stays enabled.
    await until(async () => !(await select.isDisabled()), 'the selector enabled at /my_account');
    assert.equal(await select.isDisabled(), false);

    await page.goto('/my_studies/overview/1/demographics');
    await page.waitForFunction(() => document.querySelector<HTMLSelectElement>('select[aria-label="Company"]')?.disabled === true);
    await context.close();
  });

  it('D1-077 study sub-pages show breadcrumbs (My Studies › Overview › Demographics)', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto('/my_studies/overview/5/demographics');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.waitFor();
    assert.equal((await crumbs.innerText()).replace(/\s+/g, ' ').trim(), 'My Studies › Overview › Demographics');
    assert.equal(await crumbs.getByRole('link', { name: 'Overview' }).getAttribute('href'), '/my_studies/overview/5');
    await crumbs.getByRole('link', { name: 'My Studies' }).click();
    await page.waitForURL('**/my_studies');
    // The trail goes once the list page has rendered (waitForURL can return a frame earlier).
    await crumbs.waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('navigation', { name: 'Breadcrumb' }).count(), 0);
    await context.close();
  });
});

describe('every page', () => {
  it('D1-003 D1-004 English, primary colour #00badb, and the feedback button on every signed-in page', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--gaze-primary').trim());
    assert.equal(primary, '#00badb');
    for (const path of ['/', '/my_account', '/contact_us', '/my_studies', '/nowhere']) {
      await page.goto(path);
      await page.getByRole('button', { name: 'Ideas form' }).waitFor();
    }
    await context.close();
  });
});

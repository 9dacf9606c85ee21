// Social ad test creation (issue 17 item 1), against the real server and demo data: choose Social
// Media on the chooser, fill Basic Details, walk to 'Social Page Setup', see the live preview
// follow the typed fields, create, and open the thank-you page and the study's board.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { freshPage, useBrowser, signIn, waitForText } from './helpers';

const browser = useBrowser();
const runId = () => String(Date.now() % 100000).padStart(5, '0');

async function openSetup(page: Page, name: string): Promise<Locator> {
  await signIn(page, 'researcher');
  await page.goto('/create-study');
  await page.locator('gaze-study-chooser').getByRole('link', { name: /Social Media/ }).click();
  await page.waitForURL('**/create-study/social-media-study');
  const wizard = page.locator('gaze-study-wizard');
  await wizard.getByLabel('Study name').fill(name);
  for (const h of ['Question Details', 'Panel Details', 'Social Page Setup']) {
    await wizard.getByRole('button', { name: /^(Next|Review)$/ }).click();
    await wizard.getByRole('heading', { name: h, exact: true }).waitFor();
  }
  return wizard;
}

async function createAndThank(page: Page, wizard: Locator): Promise<number> {
  await wizard.getByRole('button', { name: 'Review', exact: true }).click();
  await wizard.getByText('Your project is ready for review').waitFor();
  await wizard.getByRole('button', { name: 'Create', exact: true }).click();
  // Social ad tests are type 5: Create lands on the order confirmation (§4).
  await page.waitForURL('**/my_studies/overview/*/thank_you');
  const id = Number(new URL(page.url()).pathname.split('/')[3]);
  assert.ok(Number.isInteger(id) && id > 0, `a study id in ${page.url()}`);
  await waitForText(page, 'Thank you for your order.', `Your project is ready number ${id}.`, 'Take a test study');
  const testHref = await page.locator('gaze-order-confirmation').getByRole('link', { name: 'Take a test study' }).getAttribute('href');
  assert.match(testHref!, new RegExp(`/take/${id}\\?.*test=1`));
  assert.doesNotMatch(testHref!, /participant=/);
  return id;
}

describe('social study creation', () => {
  it('D3-002 D3-024 D3-036 D3-072 D3-073 D3-079 D3-095 D3-096 creates a Facebook feed study through the wizard, with its live preview, and opens its thank-you page and overview', async () => {
    const { page, context, errors } = await freshPage(browser());
    try {
      // This machine is offline: the ad's CDN answers a small image, so the preview shows it.
      await page.route(/^https:\/\/cdn\.example\.com\//, (route) => route.fulfill({
        status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="160"><rect width="90" height="160" fill="#fc0"/></svg>',
      }));
      const run = runId();
      const name = `E2E social ${run}`;
      const wizard = await openSetup(page, name);
      const preview = wizard.locator('[part~="social-preview"]');
      assert.equal(await preview.getAttribute('data-platform'), 'fb');
      assert.equal(await preview.getAttribute('data-ad-type'), 'standard');
      // Next with the blank form: the §5 messages, and the step stays.
      await wizard.getByRole('button', { name: 'Review', exact: true }).click();
      await wizard.getByText('Required').first().waitFor();
      await wizard.getByLabel('Ad URL (image or video)').fill(`https://cdn.example.com/social-${run}.png`);
      await wizard.getByLabel('Profile picture URL').fill('https://cdn.example.com/fizzwell.png');
      await wizard.getByLabel('Channel name', { exact: true }).fill(`Fizzwell ${run}`);
      await wizard.getByLabel('Description', { exact: true }).fill('Sparkling lemon, now in stores');
      await wizard.getByLabel('Headline').fill('x'.repeat(27));
      await wizard.getByLabel('Subheading').fill('New flavour');
      await wizard.getByLabel('Domain URL').fill('https://fizzwell.example.com');
      await wizard.getByLabel('Button text').selectOption('Shop now');
      await wizard.getByRole('button', { name: 'Review', exact: true }).click();
      await wizard.getByText('Too long').waitFor();
      await wizard.getByLabel('Headline').fill('Taste the fizz');
      for (const s of [`Fizzwell ${run}`, 'Sparkling lemon, now in stores', 'Taste the fizz', 'New flavour', 'fizzwell.example.com', 'Shop now']) {
        await preview.getByText(s, { exact: true }).first().waitFor();
      }
      assert.equal(await preview.locator('img[part~="media"]').getAttribute('src'), `https://cdn.example.com/social-${run}.png`);
      const id = await createAndThank(page, wizard);
      await page.locator('gaze-order-confirmation').getByRole('link', { name: 'Continue to study details' }).click();
      await page.locator('gaze-study-overview h1').getByText(`${name} Overview`).waitFor();
      // The ad is the study's stim, shown in a stim step of its cell.
      await page.goto(`/my_studies/overview/${id}/cell_step_management`);
      const stepName = page.locator('gaze-step-board [part="cell"] [part="step"] [part="step-name"]').first();
      await stepName.waitFor();
      assert.equal(await stepName.getAttribute('title'), `Facebook feed - social-${run}.png`);
      assert.equal(await page.locator('gaze-step-board [part="cell"] [part="step-label"]').first().textContent(), 'Stim Step');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('D3-074 D3-078 D3-083 D3-088 creates a Snapchat study (new social system kept across the platform change) and opens its thank-you page', async () => {
    const { page, context, errors } = await freshPage(browser());
    try {
      const run = runId();
      const wizard = await openSetup(page, `E2E snap ${run}`);
      await wizard.getByRole('switch', { name: 'New social system' }).click();
      await wizard.getByRole('radiogroup', { name: 'Platform' }).getByLabel('Snapchat').check();
      const preview = wizard.locator('[part~="social-preview"]');
      await wizard.getByText('Snapchat is mobile only.').waitFor();
      assert.equal(await wizard.getByRole('switch', { name: 'New social system' }).getAttribute('aria-checked'), 'true');
      await wizard.getByLabel('Ad URL (image or video)').fill(`https://cdn.example.com/snap-${run}.png`);
      await wizard.getByLabel('Channel name', { exact: true }).fill('SnapFizz');
      await wizard.getByLabel('Description', { exact: true }).fill('Snap words');
      await wizard.getByLabel('Promo text').fill('Lemon Pop');
      await wizard.getByLabel('Promo description').fill('In stores now');
      await wizard.getByLabel('Rating (0 to 5 stars)').fill('4');
      await preview.getByText('42K Ratings').waitFor();
      assert.equal(await preview.locator('[part~="stars"]').textContent(), '★★★★☆');
      const box = await preview.locator('[part~="preview-frame"]').evaluate((f) => [getComputedStyle(f).width, getComputedStyle(f).height]);
      assert.deepEqual(box, ['375px', '667px']);
      await createAndThank(page, wizard);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

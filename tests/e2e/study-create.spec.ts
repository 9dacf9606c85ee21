// Study creation (issue 16), against the real server and demo data: choose YouTube, fill the video
// wizard, create, read the order confirmation with its links, then open the overview and the board
// of the new study.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { freshPage, useBrowser, signIn, waitForText } from './helpers';

const browser = useBrowser();

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
});

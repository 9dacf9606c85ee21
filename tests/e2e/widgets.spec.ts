// The feedback widget and the account form, against the real server.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { api, apiToken, freshPage, useBrowser, signIn, until } from './helpers';

const browser = useBrowser();

describe('feedback widget', () => {
  it('D1-050 D1-051 D1-052 D1-053 D1-055 D1-056 D1-057 D1-058 512 characters at most ("Too Long!"), then "Thank you for your feedback" and the panel closes', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.getByRole('button', { name: 'Ideas form' }).click();
    const field = page.getByLabel('I think the dashboard could be improved by...');
    await page.getByText('Give us ideas for new features!').waitFor();

    await field.fill('x'.repeat(513));
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.getByText('Too Long!').waitFor();

    const message = `${'A clearer heatmap legend. '.repeat(19)}`.padEnd(512, '!');
    assert.equal(message.length, 512);
    await field.fill(message);
    const sent = page.waitForRequest((r) => r.url().includes('/v1.0/dashboard-feedback') && r.method() === 'POST');
    const answered = page.waitForResponse((r) => r.url().includes('/v1.0/dashboard-feedback'));
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    assert.equal((JSON.parse((await sent).postData() ?? '{}') as { message: string }).message, message);
    assert.equal((await answered).status(), 200);
    await page.getByText('Thank you for your feedback').waitFor();
    assert.equal(await page.getByText('Give us ideas for new features!').count(), 0, 'the panel closed');
    await context.close();
  });
});

describe('my account', () => {
  it('D1-037 D1-038 D1-040 saving the profile persists: a reload and the API show the new value; company name is read-only', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto('/my_account');
    const job = page.getByLabel('Job title');
    const token = await apiToken('researcher');
    const before = (await api(token, '/user/get-details')).body as { job_title: string | null; company_name: string };
    // Wait for the loaded profile before editing, or the reinitialising form would overwrite us.
    await until(async () => (await page.getByLabel('Company name').inputValue()) === before.company_name);
    assert.equal(await page.getByLabel('Company name').getAttribute('readonly'), '');

    const value = `Head of Attention ${Date.now().toString(36)}`;
    await job.fill(value);
    const saved = page.waitForResponse((r) => r.url().includes('/v1.0/user/update-details'));
    await page.locator('gaze-account').getByRole('button', { name: 'Save' }).click();
    assert.equal((await saved).status(), 200);
    // Issue 38: the page says the save worked.
    await page.locator('gaze-account').getByRole('status').filter({ hasText: 'Your details have been saved.' }).waitFor();

    await page.reload();
    await until(async () => (await page.getByLabel('Job title').inputValue()) === value);
    assert.equal(((await api(token, '/user/get-details')).body as { job_title: string }).job_title, value);
    await context.close();
  });
});

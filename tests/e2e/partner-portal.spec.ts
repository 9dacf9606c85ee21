// Issue 17 item 4: examples/partner-portal/index.html served from ANOTHER origin, the SDK from the
// real server with one script tag; the portal's own theme on <gaze-study-wizard
// kind="digital-ad-test">; the portal handles gaze-study-created itself (preventDefault), so the
// wizard stays on the portal's page and the portal shows its own confirmation.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { api, apiToken, BASE, launchBrowser, until } from './helpers';
import { allowOrigin, serveExample, type ExampleServer } from './examples';

const EXAMPLE = 'examples/partner-portal/index.html';
let browser: Browser;
let portal: ExampleServer;
let token = '';

before(async () => {
  token = await apiToken('researcher');
  const html = readFileSync(EXAMPLE, 'utf8').replaceAll('http://127.0.0.1:8080', BASE).replace('PASTE-A-TOKEN-FROM-YOUR-SERVER', token);
  portal = await serveExample('examples/partner-portal', () => html);
  await allowOrigin(token, portal.origin);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await portal?.close();
});

describe('partner portal example (issue 17 item 4)', () => {
  it('loads the SDK with one script tag and places the digital-ad-test wizard in its own layout', () => {
    const html = readFileSync(EXAMPLE, 'utf8');
    const sdk = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(sdk, ['http://127.0.0.1:8080/sdk/gazeboard.js']);
    assert.match(html, /<gaze-study-wizard kind="digital-ad-test" api-base="[^"]+\/v1\.0" token="[^"]+">/);
  });

  it('creates a web page study from another origin; the portal cancels the navigation and shows its own confirmation', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    // What the portal hears, recorded before its own handler runs (capture phase on window).
    await page.addInitScript(() => {
      const w = window as unknown as { heard: { type: string; detail: unknown; composed: boolean; cancelable: boolean }[] };
      w.heard = [];
      for (const type of ['gaze-study-created', 'gaze-navigate']) {
        window.addEventListener(type, (e) => w.heard.push({ type, detail: (e as CustomEvent).detail, composed: e.composed, cancelable: e.cancelable }), true);
      }
    });
    await page.goto(`${portal.origin}/`);
    assert.notEqual(new URL(page.url()).origin, new URL(BASE).origin);
    const wizard = page.locator('gaze-study-wizard');
    await wizard.getByRole('heading', { name: 'Basic Details' }).waitFor();

    // The portal's theme reached the wizard's controls inside its shadow root.
    const next = wizard.getByRole('button', { name: 'Next', exact: true });
    const look = await next.evaluate((el) => ({ bg: getComputedStyle(el).backgroundColor, font: getComputedStyle(el).fontFamily, weight: getComputedStyle(el).fontWeight }));
    assert.equal(look.bg, 'rgb(255, 140, 26)');
    assert.match(look.font, /Trebuchet/);
    assert.equal(look.weight, '700', '::part(next) from the portal applies');
    await page.screenshot({ path: 'tmp/screens/example-partner-portal-1440.png', fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: 'tmp/screens/example-partner-portal-360.png', fullPage: true });
    await page.setViewportSize({ width: 1440, height: 1000 });

    const run = String(Date.now() % 100000);
    const name = `Portal test ${run}`;
    await wizard.getByLabel('Study name').fill(name);
    for (const heading of ['Question Details', 'Panel Details', 'Web Page Setup']) {
      await next.click();
      await wizard.getByRole('heading', { name: heading }).waitFor();
    }
    const first = wizard.locator('[part="page"]').first();
    await first.getByLabel('Web page 1 URL').fill(`https://news.example.com/portal-${run}`);
    const stim = first.locator('[part="stim-row"]').first();
    await stim.getByLabel('Stim 1 URL').fill(`https://cdn.example.com/portal-${run}.png`);
    await stim.getByLabel('Brand').fill(`Northstar ${run}`);
    const format = stim.getByLabel('Ad format');
    await until(async () => (await format.locator('option').count()) > 1, 'ad formats loaded');
    await format.selectOption({ index: 1 });
    await wizard.getByRole('button', { name: 'Review', exact: true }).click();
    await wizard.getByText('Your project is ready for review').waitFor();
    await wizard.getByRole('button', { name: 'Create', exact: true }).click();

    await page.getByRole('heading', { name: 'Thank you — your test is ordered' }).waitFor();
    const shownId = Number(await page.locator('#study-id').textContent());
    const heard = await page.evaluate(() => (window as unknown as { heard: { type: string; detail: { study_id: number; path: string; start_url_test: string }; composed: boolean; cancelable: boolean }[] }).heard);
    const created = heard.filter((h) => h.type === 'gaze-study-created');
    assert.equal(created.length, 1);
    assert.equal(created[0].composed, true);
    assert.equal(created[0].cancelable, true);
    assert.equal(created[0].detail.study_id, shownId);
    assert.match(created[0].detail.path, new RegExp(`/my_studies/overview/${shownId}/thank_you$`));
    assert.deepEqual(heard.filter((h) => h.type === 'gaze-navigate'), [], 'cancelled: the wizard asked for no navigation');
    assert.equal(page.url(), `${portal.origin}/`, 'the portal page stayed where it was');
    assert.equal(await wizard.isHidden(), true);
    assert.equal(await page.locator('#test-link').getAttribute('href'), created[0].detail.start_url_test);

    // The study is real, in the token owner's account.
    const list = (await api<{ data: { study_id: number; name: string }[] }>(token, '/studies', { body: { results_per_page: 100, filter_name: name } })).body.data;
    assert.ok(list.some((s) => s.study_id === shownId && s.name === name), `study ${shownId} listed`);
    await page.screenshot({ path: 'tmp/screens/example-partner-portal-created.png', fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });
});

// examples/intranet-widget/index.html, served from ANOTHER origin (as an intranet would), loading
// gazeboard.js and calling the API cross-origin with an EMBED token from the Share / Embed
// mechanism (issue 20 items 1, 2 and 6): the token's study reads pass, everything else is refused
// from that page, and a revoked token stops the widget. The page is the example file itself; only
// its server address, study id and token placeholders are filled in.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { api, apiToken, BASE, launchBrowser, until } from './helpers';
import { allowOrigin, embedToken, serveExample, type ExampleServer } from './examples';

const EXAMPLE = 'examples/intranet-widget/index.html';
let browser: Browser;
let intranet: ExampleServer;
let researcher = '';
let study = 0;
let other = 0;
let embed = { id: 0, token: '' };
let studyName = '';

interface StudyPage { data: { study_id: number; completed: boolean; participants_returned: number }[] }

before(async () => {
  researcher = await apiToken('researcher');
  const list = (await api<StudyPage>(researcher, '/studies', { body: { results_per_page: 100 } })).body.data;
  const withRespondents = list.filter((s) => s.participants_returned > 0);
  study = (withRespondents[0] ?? list[0]).study_id;
  other = list.find((s) => s.study_id !== study)!.study_id;
  let html = '';
  // The page's origin must be known before the token is made for it: serve, then fill in lazily.
  intranet = await serveExample('examples/intranet-widget', () => html, Number(process.env.E2E_INTRANET_PORT ?? 0));
  await allowOrigin(researcher, intranet.origin);
  embed = await embedToken(researcher, study, { report_types: ['demographics'], origins: [intranet.origin] });
  html = readFileSync(EXAMPLE, 'utf8').replaceAll('http://127.0.0.1:8080', BASE)
    .replace('PASTE-STUDY-ID', String(study)).replace('PASTE-YOUR-EMBED-TOKEN-HERE', embed.token);
  studyName = (await api<{ study_name: string }>(researcher, `/studies/${study}/participant_demographic_summary`, { body: {} })).body.study_name;
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await intranet?.close();
});

const summaryUrl = (id: number) => `${BASE}/v1.0/studies/${id}/participant_demographic_summary`;

describe('embedding example: intranet widget with an embed token', () => {
  it('has exactly one script tag, loading gazeboard.js, and one <gaze-demographics> carrying an embed token placeholder', () => {
    const html = readFileSync(EXAMPLE, 'utf8');
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    assert.equal(scripts.length, 1);
    assert.match(scripts[0], /src="http:\/\/127\.0\.0\.1:8080\/sdk\/gazeboard\.js"/);
    assert.match(html, /<gaze-demographics api-base="[^"]+\/v1\.0" study-id="PASTE-STUDY-ID" token="PASTE-YOUR-EMBED-TOKEN-HERE">/);
    assert.doesNotMatch(html, /auth-token/, 'the example never tells anyone to paste a sign-in token');
  });

  it("renders the study's real demographics cross-origin with the embed token, themed by the intranet", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const call = page.waitForResponse((r) => r.url() === summaryUrl(study) && r.request().method() === 'POST');
    await page.goto(`${intranet.origin}/`);
    assert.notEqual(new URL(page.url()).origin, new URL(BASE).origin);
    const response = await call;
    assert.equal(response.request().headers().authorization, `Token ${embed.token}`);
    assert.equal(response.status(), 200);
    assert.equal(response.headers()['access-control-allow-origin'], intranet.origin);

    const widget = page.locator('gaze-demographics');
    await widget.getByRole('heading', { name: studyName }).waitFor();
    await until(async () => (await widget.locator('[part~="pie"]').count()) === 6, 'six pies');
    // The intranet's theme reached the element through custom properties, inside its shadow root.
    const font = await widget.locator('[part="title"]').evaluate((el) => getComputedStyle(el).fontFamily);
    assert.match(font, /Georgia/);
    await page.screenshot({ path: 'tmp/screens/example-intranet-widget-1440.png', fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: 'tmp/screens/example-intranet-widget-360.png', fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('from the intranet page the token reads nothing else: another study and every write answer 403', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${intranet.origin}/`);
    // One fetch per evaluate: tsx names inner functions with __name(), which the page lacks.
    const call = (path: string, body: unknown) => page.evaluate(({ url, token, body }) => fetch(url, {
      method: 'POST', headers: { authorization: `Token ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
    }).then((r) => r.status), { url: `${BASE}/v1.0${path}`, token: embed.token, body });
    const statuses = {
      own: await call(`/studies/${study}/participant_demographic_summary`, {}),
      other: await call(`/studies/${other}/participant_demographic_summary`, {}),
      list: await call('/studies', {}),
      write: await call(`/studies/${study}/edit`, { brief: 'x' }),
      mint: await call(`/studies/${study}/embed-tokens`, { name: 'x', origins: [] }),
    };
    assert.deepEqual(statuses, { own: 200, other: 403, list: 403, write: 403, mint: 403 });
    await context.close();
  });

  it('a token made for other origins is refused on this page (403), and a revoked token stops the widget (401)', async () => {
    const elsewhere = await embedToken(researcher, study, { report_types: ['demographics'], origins: [] });
    const context = await browser.newContext();
    const page = await context.newPage();
    // The widget's own first call (with the live token) must land before the revoke, or its 200
    // could be taken for the answer after the reload.
    const first = page.waitForResponse((r) => r.url() === summaryUrl(study) && r.request().method() === 'POST');
    await page.goto(`${intranet.origin}/`);
    assert.equal((await first).status(), 200);
    const status = await page.evaluate(async ({ url, token }) => (await fetch(url, {
      method: 'POST', headers: { authorization: `Token ${token}`, 'content-type': 'application/json' }, body: '{}',
    })).status, { url: summaryUrl(study), token: elsewhere.token });
    assert.equal(status, 403);

    assert.equal((await api(researcher, `/embed-tokens/${embed.id}/revoke`, { body: {} })).status, 200);
    const call = page.waitForResponse((r) => r.url() === summaryUrl(study) && r.request().method() === 'POST');
    await page.reload();
    assert.equal((await call).status(), 401);
    await page.locator('gaze-demographics').getByRole('alert').first().waitFor();
    assert.equal(await page.locator('gaze-demographics').locator('[part~="pie"] svg').count(), 0, 'no figures without a live token');
    await context.close();
  });
});

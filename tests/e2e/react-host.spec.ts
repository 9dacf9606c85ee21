// examples/react-host: a React 19 app (built here by Vite from the repository's node_modules)
// served from ANOTHER origin, placing <gaze-provider> and <gaze-demographics> with typed props
// and `ongaze-*` event props, against the real server with an embed token. Its theme button
// switches the provider between the light and dark palettes, charts included; the element's
// failures reach React as gaze-error events.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { api, apiToken, BASE, launchBrowser, until } from './helpers';
import { allowOrigin, embedToken, serveExample, type ExampleServer } from './examples';

let browser: Browser;
let host: ExampleServer;
let embed = '';
let study = 0;
let other = 0;
let studyName = '';

before(async () => {
  const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'examples/react-host/vite.config.ts'], { encoding: 'utf8' });
  assert.equal(built.status, 0, `vite build of the React host: ${built.stderr}`);
  const researcher = await apiToken('researcher');
  const list = (await api<{ data: { study_id: number; participants_returned: number }[] }>(researcher, '/studies', { body: { results_per_page: 100 } })).body.data;
  study = (list.find((s) => s.participants_returned > 0) ?? list[0]).study_id;
  other = list.find((s) => s.study_id !== study)!.study_id;
  studyName = (await api<{ study_name: string }>(researcher, `/studies/${study}/participant_demographic_summary`, { body: {} })).body.study_name;
  host = await serveExample('tmp/react-host', (html) => html);
  await allowOrigin(researcher, host.origin);
  embed = (await embedToken(researcher, study, { report_types: ['demographics'], origins: [host.origin] })).token;
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await host?.close();
});

const open = async (page: Page, studyId: number) => {
  const q = new URLSearchParams({ api: `${BASE}/v1.0`, token: embed, study: String(studyId) });
  await page.goto(`${host.origin}/?${q}`);
};

/** The element's background, its title's colour and the first chart's background fill. */
const colours = (page: Page) => page.locator('gaze-demographics').evaluate((el) => {
  const root = el.shadowRoot!;
  const chartBg = root.querySelector('.highcharts-background');
  return {
    element: getComputedStyle(el).backgroundColor,
    title: getComputedStyle(root.querySelector('[part="title"]')!).color,
    chart: chartBg ? getComputedStyle(chartBg).fill : null,
    label: (() => { const t = root.querySelector('.highcharts-legend-item text'); return t ? getComputedStyle(t).fill : null; })(),
  };
});

describe('React host example (issue 20 item 6)', () => {
  it('renders the elements with typed props from another origin, and its theme button switches the whole palette, charts included', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1100 }, colorScheme: 'dark' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await open(page, study);
    const widget = page.locator('gaze-demographics');
    await widget.getByRole('heading', { name: studyName }).waitFor();
    await until(async () => (await colours(page)).chart !== null, 'a chart drawn');
    // Light, even though the visitor's OS asks for dark: the element's theme decides, not the OS.
    const light = await colours(page);
    assert.deepEqual(light, { element: 'rgb(255, 255, 255)', title: 'rgb(31, 41, 51)', chart: 'rgb(255, 255, 255)', label: 'rgb(31, 41, 51)' });
    await page.screenshot({ path: 'tmp/screens/example-react-host-light.png', fullPage: true });

    await page.getByRole('button', { name: 'Dark theme' }).click();
    await until(async () => (await colours(page)).element === 'rgb(22, 27, 34)', 'the dark palette');
    assert.deepEqual(await colours(page), { element: 'rgb(22, 27, 34)', title: 'rgb(232, 236, 240)', chart: 'rgb(22, 27, 34)', label: 'rgb(232, 236, 240)' });
    // Dialogs inherit it inside the shadow root: the filter dialog is dark too.
    await widget.locator('[part~="filter-toggle"]').click();
    const dialog = widget.getByRole('dialog');
    await dialog.waitFor();
    assert.equal(await dialog.evaluate((d) => getComputedStyle(d).backgroundColor), 'rgb(22, 27, 34)');
    await page.screenshot({ path: 'tmp/screens/example-react-host-dark-dialog.png', fullPage: true });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: 'tmp/screens/example-react-host-dark.png', fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: 'tmp/screens/example-react-host-dark-360.png', fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("an element's failure reaches React through the typed ongaze-error prop", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await open(page, other); // the token's scope is another study: 403
    const heard = page.getByRole('region', { name: 'Events heard' }).getByRole('listitem').first();
    await heard.waitFor();
    assert.match((await heard.textContent())!, /^gaze-error read 403: /);
    await context.close();
  });
});

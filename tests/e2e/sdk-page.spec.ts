// The SDK as a guest on someone else's page (issue 20 items 3 and 5), from ANOTHER origin with
// the built files: mounting every element (light and dark) changes nothing of the host page's own
// styles, fonts, stylesheets or attributes; the classic-script build registers every tag; two SDK
// versions on one page keep the first one's elements and warn once; the same version twice is silent.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { api, apiToken, BASE, launchBrowser } from './helpers';
import { allowOrigin, serveExample, type ExampleServer } from './examples';

const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
const TAGS: string[] = (JSON.parse(readFileSync('dist/sdk/custom-elements.json', 'utf8')) as { modules: { declarations: { tagName?: string }[] }[] })
  .modules.flatMap((m) => m.declarations.map((d) => d.tagName)).filter((t): t is string => Boolean(t?.startsWith('gaze-')));

// A host page with its own look: what must stay exactly as it is.
const HOST = `<!doctype html><html lang="en" class="host"><head><meta charset="utf-8"><title>Host</title>
<style>body { font: 15px/1.5 Georgia, serif; color: #222; background: #fdfaf4; margin: 12px; }
h1 { font-size: 28px; } a { color: #0645ad; } button, input, select { font: inherit; }
table { border-collapse: collapse; } td { border: 1px solid #999; padding: 3px; }</style></head>
<body><h1 id="h">Host heading</h1><p id="p">Host text with <a id="a" href="#x">a link</a>.</p>
<button id="b">Host button</button> <input id="i" value="host"> <select id="s"><option>one</option></select>
<ul id="l"><li>item</li></ul><table id="t"><tr><td>cell</td></tr></table><div id="mount"></div></body></html>`;

const PROBES = ['html', 'body', '#h', '#p', '#a', '#b', '#i', '#s', '#l', '#t', 'td', '#mount'];

// Plain source text: tsx names inner functions with __name(), which the page lacks.
const SNAPSHOT = `((probes) => {
  const styles = {};
  for (const sel of probes) {
    const cs = getComputedStyle(document.querySelector(sel));
    const all = {};
    for (let i = 0; i < cs.length; i++) all[cs[i]] = cs.getPropertyValue(cs[i]);
    // The page grows with the elements it holds: geometry, not styling (html, body, the mount).
    for (const k of ['height', 'block-size', 'perspective-origin', 'transform-origin']) delete all[k];
    styles[sel] = all;
  }
  const attrs = (el) => Array.from(el.attributes).map((a) => a.name + '=' + a.value).sort();
  return {
    styles,
    htmlAttributes: attrs(document.documentElement),
    bodyAttributes: attrs(document.body),
    headChildren: Array.from(document.head.children).map((c) => c.outerHTML.slice(0, 120)),
    styleSheets: document.styleSheets.length,
    adopted: document.adoptedStyleSheets.length,
    fonts: document.fonts.size,
    bodyChildren: Array.from(document.body.children).map((c) => c.id || c.tagName),
  };
})`;

interface Snapshot {
  styles: Record<string, Record<string, string>>;
  htmlAttributes: string[];
  bodyAttributes: string[];
  headChildren: string[];
  styleSheets: number;
  adopted: number;
  fonts: number;
  bodyChildren: string[];
}

/** Every computed property of the host's own elements, plus what could be written outside a shadow root. */
const snapshot = (page: Page) => page.evaluate(`${SNAPSHOT}(${JSON.stringify(PROBES)})`) as Promise<Snapshot>;

let browser: Browser;
let host: ExampleServer;
let token = '';
let study = 0;

before(async () => {
  token = await apiToken('researcher');
  const list = (await api<{ data: { study_id: number; participants_returned: number }[] }>(token, '/studies', { body: { results_per_page: 100 } })).body.data;
  study = (list.find((s) => s.participants_returned > 0) ?? list[0]).study_id;
  host = await serveExample('examples/intranet-widget', () => HOST);
  await allowOrigin(token, host.origin);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await host?.close();
});

describe('the SDK on a host page', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`mounting every element (${TAGS.length}, theme ${theme}) leaves the host page's computed styles, fonts, sheets and attributes untouched`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${host.origin}/index.html`);
      const before = await snapshot(page);
      await page.addScriptTag({ url: `${BASE}/sdk/gazeboard.js`, type: 'module' });
      await page.waitForFunction((tags) => tags.every((t) => customElements.get(t)), TAGS);
      await page.evaluate(({ tags, base, token, study, theme }) => {
        const mount = document.getElementById('mount')!;
        for (const tag of tags) {
          const el = document.createElement(tag);
          el.setAttribute('api-base', `${base}/v1.0`);
          el.setAttribute('token', token);
          el.setAttribute('study-id', String(study));
          el.setAttribute('theme', theme);
          mount.appendChild(el);
        }
      }, { tags: TAGS, base: BASE, token, study, theme });
      // Every element rendered into its own shadow root, charts drawn (the heaviest writers).
      await page.waitForFunction((tags) => tags.every((t) => document.querySelector(t)?.shadowRoot?.childElementCount), TAGS.filter((t) => t !== 'gaze-provider'));
      await page.locator('gaze-demographics .highcharts-root').first().waitFor();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `tmp/screens/sdk-every-element-${theme}.png`, fullPage: false });
      const afterMount = await snapshot(page);
      assert.deepEqual(afterMount.htmlAttributes, before.htmlAttributes);
      assert.deepEqual(afterMount.bodyAttributes, before.bodyAttributes);
      assert.deepEqual(afterMount.headChildren, before.headChildren.concat(afterMount.headChildren.slice(before.headChildren.length).filter((h) => h.startsWith('<script'))), 'only our script tag was added to <head>');
      assert.equal(afterMount.styleSheets, before.styleSheets, 'no stylesheet in the document');
      assert.equal(afterMount.adopted, before.adopted);
      assert.equal(afterMount.fonts, before.fonts, 'no font faces added to the document');
      assert.deepEqual(afterMount.bodyChildren, before.bodyChildren, 'nothing appended to <body> (overlays stay in shadow roots)');
      const changed = PROBES.flatMap((sel) => Object.keys({ ...before.styles[sel], ...afterMount.styles[sel] })
        .filter((k) => before.styles[sel][k] !== afterMount.styles[sel][k])
        .map((k) => `${sel} ${k}: ${before.styles[sel][k]} → ${afterMount.styles[sel][k]}`));
      assert.deepEqual(changed, [], 'no computed style of the host page changed');
      assert.ok(Object.keys(before.styles.body).length > 300, 'every computed property was compared');
      await context.close();
    });
  }

  it('the IIFE build registers every tag from a classic script; a second SDK version warns once and defines nothing; the same version twice is silent', async () => {
    const iife = (await (await fetch(`${BASE}/sdk/gazeboard.iife.js`)).text());
    // The minifier writes the stamp as a template literal.
    const stamp = [JSON.stringify(VERSION), `\`${VERSION}\``].find((s) => iife.includes(s));
    assert.ok(stamp, 'the build is stamped with the package version');
    const other = iife.replaceAll(stamp, '"99.0.0"');
    const page2 = await serveExample('examples/intranet-widget', () => HOST);
    const context = await browser.newContext();
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.route('**/other/gazeboard.iife.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: other }));
    await page.goto(`${page2.origin}/index.html`);
    await page.addScriptTag({ url: `${BASE}/sdk/gazeboard.iife.js` });
    assert.equal(await page.evaluate((tags) => tags.every((t) => customElements.get(t)), TAGS), true, 'every tag defined by the classic script');
    await page.addScriptTag({ url: `${page2.origin}/other/gazeboard.iife.js` });
    await page.addScriptTag({ url: `${BASE}/sdk/${VERSION}/gazeboard.js`, type: 'module' });
    await page.waitForFunction(() => (window as unknown as { __gazeboard?: { versions: string[] } }).__gazeboard?.versions.length === 2);
    const state = await page.evaluate(() => {
      const w = window as unknown as { Gazeboard: unknown; GazeboardVersions: Record<string, unknown>; __gazeboard: { versions: string[]; owners: Record<string, string> } };
      return {
        sameApi: w.Gazeboard === w.GazeboardVersions[Object.keys(w.GazeboardVersions)[0]],
        versions: Object.keys(w.GazeboardVersions).sort(),
        owners: [...new Set(Object.values(w.__gazeboard.owners))],
      };
    });
    assert.deepEqual(state, { sameApi: true, versions: ['99.0.0', VERSION].sort(), owners: [VERSION] });
    const ours = warnings.filter((w) => w.startsWith('Gazeboard SDK'));
    assert.equal(ours.length, 1, `one warning: ${JSON.stringify(ours)}`);
    assert.match(ours[0], new RegExp(`^Gazeboard SDK 99\\.0\\.0: <gaze-[a-z-]+> and the other elements are already defined by Gazeboard SDK ${VERSION.replaceAll('.', '\\.')}`));
    // The first version's elements still work.
    await page.evaluate(() => document.getElementById('mount')!.appendChild(document.createElement('gaze-login')));
    await page.locator('gaze-login').getByLabel('Username').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
    await page2.close();
  });
});

describe('per-element ES modules (code-split build)', () => {
  it('a page importing two element modules loads the runtime once, charts only for the chart element, and never the drag-and-drop chunk', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const loaded: string[] = [];
    page.on('request', (r) => { if (r.url().startsWith(`${BASE}/sdk/`)) loaded.push(new URL(r.url()).pathname); });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${host.origin}/index.html`);
    await page.addScriptTag({ url: `${BASE}/sdk/elements/home.js`, type: 'module' });
    await page.addScriptTag({ url: `${BASE}/sdk/elements/demographics.js`, type: 'module' });
    await page.evaluate(({ base, token, study }) => {
      const mount = document.getElementById('mount')!;
      for (const tag of ['gaze-home', 'gaze-demographics']) {
        const el = document.createElement(tag);
        el.setAttribute('api-base', `${base}/v1.0`);
        el.setAttribute('token', token);
        el.setAttribute('study-id', String(study));
        mount.appendChild(el);
      }
    }, { base: BASE, token, study });
    await page.locator('gaze-home [part="greeting"]').waitFor();
    await page.locator('gaze-demographics .highcharts-root').first().waitFor();
    const chunks = loaded.filter((p) => p.includes('/chunks/')).map((p) => p.split('/').pop()!.replace(/-[\w-]+\.js$/, ''));
    assert.equal(chunks.filter((c) => c === 'runtime').length, 1, `runtime once: ${chunks.join(' ')}`);
    assert.equal(chunks.filter((c) => c === 'charts').length, 1);
    assert.equal(chunks.includes('dnd'), false, `no drag and drop: ${chunks.join(' ')}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

// Issue 40 item 3: every per-element build works ALONE. A host page on another origin loads only
// one composite element's module (/sdk/elements/<name>.js, the built output) and nothing else;
// the elements it places inside itself must be defined and rendered, not empty blocks, because
// the element loads its own `dependencies` (sdk/elements/define.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { api, apiToken, BASE, launchBrowser } from './helpers';
import { allowOrigin, serveExample, type ExampleServer } from './examples';

const BARE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bare</title></head><body><div id="mount"></div></body></html>';

let browser: Browser;
let host: ExampleServer;
let token = '';
let study = 0;

before(async () => {
  token = await apiToken('researcher');
  const list = (await api<{ data: { study_id: number; participants_returned: number }[] }>(token, '/studies', { body: { results_per_page: 100 } })).body.data;
  study = (list.find((s) => s.participants_returned > 0) ?? list[0]).study_id;
  host = await serveExample('examples/intranet-widget', () => BARE);
  await allowOrigin(token, host.origin);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await host?.close();
});

/** A bare page holding one element from its own module only; the tags the page fetched modules for. */
async function placeAlone(name: string, attrs: Record<string, string>): Promise<{ page: Page; modules: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const modules: string[] = [];
  page.on('request', (r) => {
    const m = /\/sdk\/elements\/([a-z-]+)\.js$/.exec(r.url());
    if (m) modules.push(m[1]);
  });
  await page.goto(`${host.origin}/index.html`);
  await page.addScriptTag({ url: `${BASE}/sdk/elements/${name}.js`, type: 'module' });
  await page.evaluate(({ tag, attrs }) => {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    document.getElementById('mount')!.appendChild(el);
  }, { tag: `gaze-${name}`, attrs: { 'api-base': `${BASE}/v1.0`, token, ...attrs } });
  return { page, modules, close: () => context.close() };
}

/** Waits until `inner` (inside the outer element's shadow root) is defined and shows text of its own. */
async function renders(page: Page, outer: string, inner: string): Promise<void> {
  await page.waitForFunction(({ outer, inner }) => {
    const el = document.querySelector(outer)?.shadowRoot?.querySelector(inner);
    if (!el || !customElements.get(inner) || !el.shadowRoot) return false;
    // Its own visible text (styled-components' <style> tags do not count).
    return Array.from(el.shadowRoot.children).some((c) => c.tagName !== 'STYLE' && ((c as HTMLElement).innerText ?? '').trim().length > 0);
  }, { outer, inner }, { timeout: 30_000 });
}

describe('per-element builds alone on a bare page', () => {
  it('gaze-study-overview alone shows its panels, panel links and share blocks (it loads them itself)', async () => {
    const { page, modules, close } = await placeAlone('study-overview', { 'study-id': String(study) });
    for (const inner of ['gaze-panels', 'gaze-panel-links', 'gaze-share-embed']) await renders(page, 'gaze-study-overview', inner);
    assert.deepEqual([...new Set(modules)].sort(), ['panel-links', 'panels', 'share-embed', 'study-overview'], 'the outer module and its dependencies, nothing else');
    await close();
  });

  it('gaze-report-builder alone generates the demographics report, another element it loads itself', async () => {
    const { page, close } = await placeAlone('report-builder', { 'study-id': String(study), 'report-type': 'demographics' });
    await renders(page, 'gaze-report-builder', 'gaze-demographic-report');
    await renders(page, 'gaze-report-builder', 'gaze-share-embed');
    assert.equal(await page.evaluate(() => customElements.get('gaze-question-report') !== undefined), true, 'the question report is defined too');
    await close();
  });
});

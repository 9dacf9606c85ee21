// examples/intranet-widget/index.html, served from ANOTHER origin (as an intranet would), loading
// gazeboard.js and talking to the API cross-origin with a token attribute. The page is the example
// file itself; only its server address and token placeholder are filled in.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { api, apiToken, BASE, launchBrowser, until } from './helpers';

const EXAMPLE = 'examples/intranet-widget/index.html';
let browser: Browser;
let intranet: http.Server;
let intranetUrl = '';
let token = '';

before(async () => {
  token = await apiToken('researcher');
  const html = readFileSync(EXAMPLE, 'utf8').replaceAll('http://127.0.0.1:8080', BASE).replace('PASTE-YOUR-TOKEN-HERE', token);
  intranet = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  // The port the server's ALLOWED_ORIGINS names (scripts/test-e2e.mjs); any port against a server
  // you run yourself (then allow http://localhost:<port> there).
  await new Promise<void>((resolve) => intranet.listen(Number(process.env.E2E_INTRANET_PORT ?? 0), '127.0.0.1', resolve));
  // localhost vs 127.0.0.1: a different origin from the Gazeboard server, like a real intranet.
  intranetUrl = `http://localhost:${(intranet.address() as AddressInfo).port}/`;
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await new Promise((r) => intranet?.close(r));
});

describe('embedding example: intranet widget', () => {
  it('has exactly one script tag, loading gazeboard.js, and one configured <gaze-…> element', () => {
    const html = readFileSync(EXAMPLE, 'utf8');
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    assert.equal(scripts.length, 1);
    assert.match(scripts[0], /src="http:\/\/127\.0\.0\.1:8080\/sdk\/gazeboard\.js"/);
    assert.match(html, /<gaze-study-list api-base="[^"]+\/v1\.0" token="PASTE-YOUR-TOKEN-HERE">/);
  });

  it("renders the token owner's real studies from the server, cross-origin, with the token attribute", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const call = page.waitForRequest((r) => r.url() === `${BASE}/v1.0/studies` && r.method() === 'POST');
    await page.goto(intranetUrl);
    assert.notEqual(new URL(page.url()).origin, new URL(BASE).origin);
    assert.equal((await call).headers().authorization, `Token ${token}`);

    const expected = (await api<{ data: { name: string }[] }>(token, '/studies', { body: {} })).body.data.map((s) => s.name);
    assert.ok(expected.length > 0);
    let seen: string[] = [];
    await until(async () => {
      seen = await page.locator('gaze-study-list tbody tr a').evaluateAll((as) => as.map((a) => a.getAttribute('title') ?? ''));
      return JSON.stringify(seen) === JSON.stringify(expected);
    }, `rows ${JSON.stringify(seen.slice(0, 3))}… to equal the API's`);
    // The host page's theme reached the element through its custom property.
    const primary = await page.locator('gaze-study-list').evaluate((el) => getComputedStyle(el).getPropertyValue('--gaze-primary').trim());
    assert.equal(primary, '#3b2f63');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

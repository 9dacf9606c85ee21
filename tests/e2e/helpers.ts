// Shared by the end-to-end specs: the real server's address (scripts/test-e2e.mjs starts it), a
// real Chromium through playwright-core, and direct API calls to compare the UI with.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { watchContext } from './artefacts.js';

export const BASE = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
export const PASSWORD = 'gazeboard';
export type DemoUser = 'researcher' | 'vendor' | 'admin' | 'northwind';

/**
 * Debian's Chromium (CHROME_PATH overrides); Playwright gives every launch a fresh temp profile.
 * Every context it opens (newContext, newPage) is recorded for a failing test's artefacts
 * (./artefacts.ts: screenshot, trace, console and network errors).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  // Patched on the instance so specs that call browser.newContext() themselves are covered too
  // (Browser.newPage opens its context through this method as well).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchContext(context);
    return context;
  };
  return browser;
}

/**
 * One Chromium per spec file, launched before its first test and closed after its last. Call at
 * the top level of a spec; the returned function gives the running browser.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched in before(): use it inside a test');
    return browser;
  };
}

/** A fresh context (empty storage) with a page that fails loudly on uncaught page errors. */
export async function freshPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  return { context, page, errors };
}

/** Signs in through the real login form and waits for the landing page. */
export async function signIn(page: Page, user: DemoUser, password = PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

export async function apiToken(user: DemoUser): Promise<string> {
  const res = await fetch(`${BASE}/v1.0/auth-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${user} failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  companyId?: string | number;
}

/** One call of the /v1.0 API with a token; answers status and parsed body. */
export async function api<T = any>(token: string, path: string, opts: ApiOptions = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { authorization: `Token ${token}` };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.companyId !== undefined) headers['x-company-id'] = String(opts.companyId);
  const res = await fetch(`${BASE}/v1.0${path}`, {
    method: opts.method ?? (opts.body !== undefined ? 'POST' : 'GET'),
    headers,
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

// Plain source text on purpose: tsx (esbuild keepNames) wraps named functions in __name(), which
// does not exist inside the page.
const DEEP_TEXT = `(() => {
  const parts = [];
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent || '');
    if (node.shadowRoot) walk(node.shadowRoot);
    if (node.tagName === 'STYLE' || node.tagName === 'SCRIPT') return;
    node.childNodes.forEach(walk);
  };
  walk(document.body);
  return parts.join(' ').replace(/\\s+/g, ' ');
})()`;

/**
 * Adds a panel to a study (redirects to https://panel.example/complete | screenout | full, its
 * participant parameter `param`) and answers the panel's testing link of one cell.
 */
export async function panelTestLink(token: string, studyId: number, cellId: number, name: string, code: string, param: string): Promise<string> {
  const panel = await api(token, `/studies/${studyId}/audience/create`, {
    body: {
      name, code, success_redirect_url: 'https://panel.example/complete', screenout_redirect_url: 'https://panel.example/screenout',
      quota_full_redirect_url: 'https://panel.example/full', participant_insert_parameter: param,
    },
  });
  assert.equal(panel.status, 200, JSON.stringify(panel.body));
  const links = (await api<{ testing_links: { panel_links: { panel_name: string; cell_links: { cell_id: number; standard: string }[] }[] } }>(token, `/studies/${studyId}/links`, { body: {} })).body;
  return links.testing_links.panel_links.find((p) => p.panel_name === name)!.cell_links.find((c) => c.cell_id === cellId)!.standard;
}

/** The text of the whole page including open shadow roots (innerText stops at shadow hosts). */
export function deepText(page: Page): Promise<string> {
  return page.evaluate(DEEP_TEXT) as Promise<string>;
}

/** Polls deepText until it contains every string (Playwright's locators cover most other cases). */
export async function waitForText(page: Page, ...needles: string[]): Promise<string> {
  const deadline = Date.now() + 15_000;
  let text = '';
  while (Date.now() < deadline) {
    text = await deepText(page);
    if (needles.every((n) => text.includes(n))) return text;
    await page.waitForTimeout(150);
  }
  throw new Error(`page text never contained ${needles.map((n) => JSON.stringify(n)).join(', ')}; it was: ${text.slice(0, 800)}`);
}

/** Polls an async condition (15 s at most); for values Playwright locators cannot wait on. */
export async function until(condition: () => Promise<boolean>, what = 'condition'): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The consent screen every take link shows first (issue 41): waits for it and agrees. */
export async function agreeToConsent(page: Page): Promise<void> {
  await page.locator('.gb-consent .gb-agree').click();
}

// What a failed end-to-end test leaves behind (issue 40 item 9): for every browser context the
// test opened and had not closed, a screenshot of each page and a Playwright trace (actions, network and
// console; DOM snapshots with E2E_TRACE=snapshots; `npx playwright-core show-trace <zip>`), plus the console
// errors and warnings, uncaught page errors, failed requests and 4xx/5xx responses of every
// context it opened. Written to test-results/e2e/<spec>/<test>/ (E2E_ARTEFACTS overrides the
// root); scripts/test-e2e.mjs lists them at the end of a failed run.
//
// Tracing starts with each context (launchBrowser's contexts all come through watchContext) and
// is discarded without writing anything when the test passes. Recording still costs CPU while a
// test runs, in every passing test: measured on a click-heavy page (6 tests, 240 clicks) 13 CPU-s
// untraced, 16 with DOM snapshots, 18–20 with the screencast as well; on the reports and stims
// specs (2026-11-28, two runs each) 38–40 CPU-s with actions only, 36–40 untraced, 42–45 with DOM
// snapshots. So by default the trace holds the actions (with their selectors, timing and errors),
// the network and the console, beside the failure's own screenshot; E2E_TRACE=snapshots adds a DOM
// snapshot at every action (the viewer then renders the page at each), E2E_TRACE=full the
// screencast as well, E2E_TRACE=0 records nothing (the screenshot and the error log are still kept).
import { afterEach } from 'node:test';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

export const ARTEFACT_ROOT = path.resolve(process.env.E2E_ARTEFACTS || path.join('test-results', 'e2e'));
const TRACE = process.env.E2E_TRACE ?? 'actions';
const TRACING = TRACE !== '0';

interface Watched {
  context: BrowserContext;
  /** One line per console error/warning, page error, failed request or 4xx/5xx response. */
  log: string[];
  closed: boolean;
  tracing: boolean;
}

/** The contexts opened since the previous test ended (node:test runs one test of a file at a time). */
let opened: Watched[] = [];

/** A file or folder name from a test or spec name: readable, no separators, bounded. */
export function slug(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 120) || 'unnamed';
}

/** The running spec file (node --test runs each file in its own process) without `.spec.ts`. */
function specName(): string {
  const file = process.argv.find((a) => /\.spec\.[cm]?[jt]s$/.test(a)) ?? process.argv[1] ?? 'spec';
  return slug(path.basename(file).replace(/\.spec\.[cm]?[jt]s$/, ''));
}

/** Starts recording a new context: its trace, and the errors of its pages. */
export async function watchContext(context: BrowserContext): Promise<void> {
  const watched: Watched = { context, log: [], closed: false, tracing: false };
  opened.push(watched);
  context.on('close', () => {
    watched.closed = true;
  });
  const note = (line: string) => watched.log.push(`${new Date().toISOString()} ${line}`);
  const watchPage = (page: Page) => {
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') note(`console.${m.type()} (${page.url()}): ${m.text()}`);
    });
    page.on('pageerror', (e) => note(`page error (${page.url()}): ${e.stack ?? e.message}`));
    page.on('requestfailed', (r) => note(`request failed: ${r.method()} ${r.url()}: ${r.failure()?.errorText ?? 'unknown'}`));
    page.on('response', (r) => {
      if (r.status() >= 400) note(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`);
    });
  };
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
  if (TRACING) {
    await context.tracing.start({ screenshots: TRACE === 'full', snapshots: TRACE === 'snapshots' || TRACE === 'full' });
    watched.tracing = true;
  }
}

/** Saves what the failed test's contexts show; answers the files written. */
async function keep(testName: string, contexts: Watched[]): Promise<string[]> {
  const dir = path.join(ARTEFACT_ROOT, specName(), slug(testName));
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  const lines: string[] = [`test: ${testName}`, ''];
  for (const [i, w] of contexts.entries()) {
    // One context (the usual case) keeps plain names; more get their number.
    const suffix = contexts.length > 1 ? `-${i + 1}` : '';
    lines.push(`context ${i + 1}${w.closed ? ' (closed by the test before it failed: no screenshot or trace)' : ''}:`);
    lines.push(...(w.log.length ? w.log.map((l) => `  ${l}`) : ['  no console errors, page errors or failed requests']), '');
    if (w.closed) continue;
    for (const [j, page] of w.context.pages().entries()) {
      const file = path.join(dir, `screenshot${suffix}${w.context.pages().length > 1 ? `-page${j + 1}` : ''}.png`);
      try {
        await page.screenshot({ path: file, timeout: 10_000 });
        files.push(file);
      } catch (err) {
        lines.push(`  screenshot of ${page.url()} failed: ${(err as Error).message}`);
      }
    }
    if (w.tracing) {
      const file = path.join(dir, `trace${suffix}.zip`);
      try {
        await w.context.tracing.stop({ path: file });
        files.push(file);
      } catch (err) {
        lines.push(`  trace failed: ${(err as Error).message}`);
      }
    }
  }
  const errors = path.join(dir, 'errors.txt');
  writeFileSync(errors, `${lines.join('\n')}\n`);
  return [errors, ...files];
}

// Registered when helpers.ts is imported: at the top of the spec file, so it applies to every test.
afterEach(async (context) => {
  // Node 20.12+ has both (the runner's Node 20.20 and later); the installed @types/node predates them.
  const t = context as unknown as { name: string; passed: boolean; fullName?: string };
  const name = t.fullName ?? t.name;
  const contexts = opened;
  opened = [];
  if (t.passed) {
    // Stopping without a path writes nothing: a passing test costs only the recording.
    await Promise.all(contexts.filter((w) => w.tracing && !w.closed).map((w) => w.context.tracing.stop().catch(() => undefined)));
    return;
  }
  if (!contexts.length) return;
  const files = await keep(name, contexts);
  console.log(`[e2e] artefacts of the failed test "${name}":\n${files.map((f) => `  ${path.relative(process.cwd(), f)}`).join('\n')}`);
});

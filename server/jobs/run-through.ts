// The automated run-through (issue 22 item 7): every cell's test link played in headless Chromium
// with the simulated gaze source (it clicks the calibration dots itself), Next clicked where a step
// needs it; per cell and per step passed or failed with the reason (domain/run-through.ts), then
// the run's status and results stored. Without a Chromium executable the run fails with that
// reason: never a made-up pass.
// The study's content is third-party code running on this server's machine (issue 36): Chromium
// runs sandboxed (browser.ts), and every request of every page, frame and worker goes through the
// egress proxy (services/egress-proxy.ts), which reaches public addresses and this server's own
// origins only; what it refuses is recorded in the cell's results.
import type { Browser, Page, Route } from 'playwright-core';
import { defineJob } from './define.js';
import { cellsOf, markRunThroughSession, panelsOf, runThroughForJob, setRunThroughStatus, storedSession } from '../repositories/study-management.js';
import { takeLinkSecret } from '../services/study-links.js';
import { takeLinkPath } from '../domain/take-link.js';
import { CellRecorder, runOutcome, type CellCheck } from '../domain/run-through.js';
import { fetchPublicPage } from '../services/board-fetch.js';
import { EgressProxy } from '../services/egress-proxy.js';
import { browserSetup, chromiumMissing, launchRunThroughBrowser } from './browser.js';
import type { DeliverResponse, StartResponse, TakeStep } from '../../contract/take.js';

export { chromiumMissing, chromiumPath } from './browser.js';

export interface RunThroughJobData {
  runThroughId: number;
  /** This server's own origin (config.ownOrigin): the test links are opened there. */
  origin: string;
  /** The files origin (FILES_ORIGIN): the runner frames script and VAST stims and cached pages from it. */
  filesOrigin?: string | null;
}

/** How long one step may take to appear (after the previous one ended, timings included). */
const STEP_MS = 20_000;

const label = (s: TakeStep) => ({ step_id: s.step_id, type: s.type, name: s.name });

/** What must be on screen for a step to count as rendered ('' when the step frame is enough). */
function renderedCheck(step: TakeStep): { selector: string; reason: string } | null {
  if (step.type === 'stim') return { selector: '.gb-step .gb-stim', reason: 'the stim did not render' };
  if (step.type === 'cache') return { selector: '.gb-step .gb-page iframe', reason: 'the cached page is not available' };
  if (step.type === 'question') return { selector: '.gb-step .gb-questions', reason: 'the questions did not render' };
  if (step.type === 'embedded') return { selector: '.gb-step .gb-embedded iframe', reason: 'the embedded page is not available' };
  return null;
}

/** Answers the page at url under the fetch rules (ALLOW_PRIVATE_URLS for pages on this machine), or why it does not. */
async function answers(url: string, signal: AbortSignal): Promise<string | null> {
  try {
    await fetchPublicPage(url, { signal, timeoutMs: 15_000 });
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : 'it did not answer';
  }
}

async function runCell(browser: Browser, proxy: EgressProxy, link: string, cell: { id: number; name: string }, signal: AbortSignal, db: Parameters<typeof storedSession>[0], studyId: number, runThroughId: number): Promise<CellCheck> {
  const rec = new CellRecorder(cell.id, cell.name);
  proxy.onRefused = (r) => rec.refused(r);
  const origin = new URL(link).origin;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page: Page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Leaving the runner: an external step's page and the panel's redirect are checked with the
    // fetch rules, not shown; an external step is sent straight back (gb_return).
    let redirect: { url: string; problem: string | null } | null = null;
    // (A panel may send respondents back to this server, so anything but /take/ leaves the runner.)
    const leaves = (u: URL) => u.origin !== origin || !u.pathname.startsWith('/take/');
    await context.route(leaves, async (route: Route) => {
      const req = route.request();
      if (!req.isNavigationRequest() || req.frame() !== page.mainFrame()) return route.continue();
      const url = req.url();
      const back = new URL(url).searchParams.get('gb_return');
      const problem = await answers(url, signal);
      if (back) {
        if (problem) rec.fail(`the external page ${url.slice(0, 200)} does not answer: ${problem}`);
        return route.fulfill({ status: 302, headers: { location: back } });
      }
      redirect = { url, problem };
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Run-through: redirect checked</p>' });
    });
    const started = page.waitForResponse((r) => r.url().endsWith('/start') && r.request().method() === 'POST', { timeout: STEP_MS });
    const delivered = page.waitForResponse((r) => /\/v1\.0\/take\/\d+\/session$/.test(r.url()) && r.request().method() === 'POST', { timeout: 10 * 60_000 });
    delivered.catch(() => undefined);
    const sep = link.includes('?') ? '&' : '?';
    await page.goto(`${link}${link.endsWith('=') ? `run-through-${cell.id}` : ''}${sep}source=simulated`);
    const startRes = await started.catch(() => null);
    if (!startRes || !startRes.ok()) {
      rec.fail(`the test link did not start${startRes ? ` (HTTP ${startRes.status()})` : ''}`);
      return rec.done();
    }
    const start = (await startRes.json()) as StartResponse;
    if (start.state !== 'run') { rec.fail(`the test link answered ${start.state}`); return rec.done(); }
    // The consent screen comes first (issue 41): it must show, and the automated respondent agrees.
    if (start.consent) {
      try {
        await page.locator('.gb-consent .gb-agree').click({ timeout: STEP_MS });
      } catch {
        rec.fail('the consent screen did not show');
        return rec.done();
      }
    }
    let position = 0;
    for (const step of start.steps) {
      position++;
      if (signal.aborted) throw new Error('stopped');
      const frame = page.locator(`.gb-step[data-step-type="${step.type}"]:not([data-gb-checked])`);
      try {
        await frame.first().waitFor({ state: 'attached', timeout: STEP_MS + (step.seconds_before_show_next + step.seconds_before_move_next) * 1000 });
      } catch {
        rec.failStep({ position, ...label(step) }, errors.length ? `did not render (${errors[0].slice(0, 200)})` : 'did not render');
        return rec.done();
      }
      await frame.first().evaluate((e) => e.setAttribute('data-gb-checked', ''));
      const check = renderedCheck(step);
      if (check && !(await page.locator(check.selector).count())) rec.failStep({ position, ...label(step) }, check.reason);
      else rec.pass({ position, ...label(step) });
      // Calibration dots are clicked by the simulated source; buttonless steps move on by themselves.
      if (step.type === 'calibration' || step.type === 'validation') continue;
      // A Calibrate / Recalibrate command is a calibration too (runner/src/commands.ts).
      if (step.type === 'command' && /^\s*(re)?calibrate\s*$/i.test(step.command?.name ?? '')) continue;
      if (step.next_button === 'none' && step.seconds_before_move_next > 0) continue;
      const next = page.locator('.gb-next-row .gb-next, .gb-next.gb-floating').first();
      try {
        await next.waitFor({ state: 'visible', timeout: STEP_MS + step.seconds_before_show_next * 1000 });
        await next.click({ timeout: 5000 });
      } catch {
        rec.fail(`step ${position} (${step.name || step.type}): its Next button never appeared`);
        return rec.done();
      }
    }
    const res = await delivered.catch(() => null);
    if (!res || !res.ok()) { rec.fail(`the session was not stored${res ? ` (HTTP ${res.status()})` : ''}`); return rec.done(); }
    const body = (await res.json()) as DeliverResponse;
    const stored = body.participant_id === null ? null : await storedSession(db, body.participant_id);
    if (!stored || stored.studyId !== studyId || !stored.isTest) rec.fail('the session was not stored as a test session');
    else {
      // The session is part of this run: one run is one row of My Validations, with the run's result.
      await markRunThroughSession(db, body.participant_id!, runThroughId);
      if (body.status !== 'complete') rec.fail(`the session was stored as ${body.status}: ${body.failures.map((f) => f.message).join('; ')}`);
    }
    if (body.redirect_url) {
      // The runner follows it after a short pause.
      for (let i = 0; i < 100 && !redirect; i++) await page.waitForTimeout(100);
      const r = redirect as { url: string; problem: string | null } | null;
      if (!r) rec.fail(`the redirect to ${body.redirect_url.slice(0, 200)} was not followed`);
      else if (r.problem) rec.fail(`the redirect to ${r.url.slice(0, 200)} does not answer: ${r.problem}`);
    }
    return rec.done();
  } finally {
    await context.close().catch(() => undefined);
    proxy.onRefused = () => {};
  }
}

export const runThroughJob = defineJob<RunThroughJobData>('run-through', async (ctx) => {
  const run = await runThroughForJob(ctx.db, ctx.data.runThroughId);
  if (!run || run.companyId !== ctx.companyId) return { status: 'gone' };
  if (run.status === 'passed' || run.status === 'failed') return { status: run.status };
  await setRunThroughStatus(ctx.db, run.id, { status: 'running', result: null });
  const finish = async (outcome: ReturnType<typeof runOutcome>) => {
    await setRunThroughStatus(ctx.db, run.id, { status: outcome.status, result: outcome.result, results: outcome.cells });
    await ctx.setProgress({ done: 1, total: 1, message: outcome.result ?? 'Passed' });
    return { status: outcome.status, result: outcome.result };
  };
  const missing = chromiumMissing();
  if (missing) return finish(runOutcome([], missing));
  const [cells, panels, secret] = await Promise.all([cellsOf(ctx.db, run.studyId), panelsOf(ctx.db, run.studyId), takeLinkSecret(ctx.db, ctx.urlSecret)]);
  if (!cells.length) return finish(runOutcome([]));
  // The first panel's links, so its redirect is checked too; our own panel without one.
  const panel = panels[0] ?? null;
  // The runner and its framed previews live on this server: its own origins are the one exemption.
  const proxy = await EgressProxy.start({ ownOrigins: [ctx.data.origin, ...(ctx.data.filesOrigin ? [ctx.data.filesOrigin] : [])] });
  const setup = browserSetup();
  let browser: Browser;
  try {
    browser = await launchRunThroughBrowser(proxy.url, setup);
  } catch (err) {
    await proxy.close();
    return finish(runOutcome([], (err as Error).message));
  }
  ctx.log(`Chromium ${setup.sandbox ? 'sandboxed' : 'WITHOUT its sandbox (CHROMIUM_SANDBOX=0)'}${setup.user ? `, as ${setup.user}` : ''}, every request through the egress proxy`);
  try {
    const checks: CellCheck[] = [];
    for (const [i, c] of cells.entries()) {
      await ctx.setProgress({ done: i, total: cells.length, message: `Cell ${c.name}` });
      const link = ctx.data.origin + takeLinkPath(secret, { studyId: run.studyId, cellId: c.id, panelId: panel?.id ?? null, test: true }, panel?.participantInsertParameter);
      checks.push(await runCell(browser, proxy, link, c, ctx.signal, ctx.db, run.studyId, run.id).catch((err: Error) => {
        const rec = new CellRecorder(c.id, c.name);
        rec.fail(`the run stopped: ${err.message.split('\n')[0].slice(0, 300)}`);
        return rec.done();
      }));
    }
    return await finish(runOutcome(checks));
  } catch (err) {
    // Not retried (a half-run study would be played twice): the run says why it ended.
    return finish(runOutcome([], `The run stopped: ${(err as Error).message.split('\n')[0].slice(0, 300)}`));
  } finally {
    await browser.close().catch(() => undefined);
    await proxy.close();
  }
}, { retryLimit: 0, expireInSeconds: 30 * 60 });

// Issue 22 item 8: a live-link respondent's session appears in the reports, a test-link one does
// not. This takes a demo study in fieldwork (a study launched in the product is lifecycle.spec.ts): a cell with a stim whose steps the runner can play here, its LIVE cell link, with the
// mouse source through every step (dots clicked, questions answered, the cursor over the ad), then
// reads the study's participant report through the API: the live respondent is in it (one more
// respondent, not a test), and a respondent of the same cell's TEST link is not.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { api, apiToken, BASE, freshPage, useBrowser } from './helpers';

const browser = useBrowser();

interface Links { cell_links: { cell_id: number; standard: string }[] }
interface BoardCell { cell_id: number; step_data: { step_kind: string }[] }
const PLAYABLE = new Set(['instruction', 'calibration', 'validation', 'stim', 'question', 'command', 'cache']);

/** The outside world: an External step's page sends the respondent straight back; any panel page says thanks. */
async function outside(context: BrowserContext): Promise<void> {
  const local = new URL(BASE).host;
  await context.route((u) => u.host !== local && /^https?:$/.test(u.protocol), (route) => {
    const back = new URL(route.request().url()).searchParams.get('gb_return');
    if (back) return route.fulfill({ status: 302, headers: { location: back } });
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Outside page</h1>' });
  });
}

/** Plays whatever the runner shows until the session is saved (or the page leaves); answers the start's reference. */
async function takeLink(page: Page, link: URL): Promise<{ reference: string; state: string; status: string | null }> {
  let reference = '';
  let state = '';
  let status: string | null = null;
  page.on('response', async (res) => {
    if (res.request().method() !== 'POST') return;
    if (res.url().endsWith('/start')) { const b = await res.json().catch(() => null); reference = b?.reference ?? ''; state = b?.state ?? ''; }
    if (res.url().endsWith('/session')) status = (await res.json().catch(() => null))?.status ?? null;
  });
  await page.goto(`${link.pathname}${link.search}`);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (new URL(page.url()).host !== new URL(BASE).host) break;
    if (status || state === 'quota_full') break;
    // The consent screen comes first (issue 41): the respondent agrees.
    const agree = page.locator('.gb-consent .gb-agree');
    if (await agree.isVisible().catch(() => false)) {
      await agree.click().catch(() => {});
      await page.waitForTimeout(300);
      continue;
    }
    const dot = page.locator('.gb-dot:not([disabled])');
    if (await dot.isVisible().catch(() => false)) {
      await dot.click().catch(() => {});
      await page.waitForTimeout(650);
      continue;
    }
    for (const fs of await page.locator('.gb-questions fieldset').all()) {
      const choice = fs.locator('input[type="radio"], input[type="checkbox"]').first();
      if (await choice.count()) { if (!(await choice.isChecked())) await choice.check().catch(() => {}); } else await fs.locator('textarea').fill('An ad').catch(() => {});
    }
    const ad = page.locator('.gb-stim').first();
    if (await ad.isVisible().catch(() => false)) {
      const box = await ad.boundingBox();
      if (box) await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 100), { steps: 8 });
    }
    const next = page.locator('.gb-next:visible').first();
    if (await next.count()) await next.click().catch(() => {});
    await page.waitForTimeout(400);
  }
  await page.waitForTimeout(500);
  return { reference, state, status };
}

async function respondents(token: string, id: number): Promise<{ ref: string; eyetracked: boolean }[]> {
  const res = await api<{ data: { participant_reference: string; has_eyetracking: boolean }[] }>(token, `/studies/${id}/participant_report`, { body: {} });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const seen = new Map<string, boolean>();
  for (const r of res.body.data) seen.set(r.participant_reference, r.has_eyetracking);
  return [...seen].map(([ref, eyetracked]) => ({ ref, eyetracked }));
}

describe('respondent runner: live links', () => {
  it("issue 22 item 8: a live-link respondent's session appears in the study's report; a test-link respondent's does not", async () => {
    const token = await apiToken('researcher');
    const list = (await api<{ data: { study_id: number; live: boolean; paused?: boolean; completed: boolean }[] }>(token, '/studies', { body: { results_per_page: 100, filter_live: '1' } })).body.data;
    let chosen: { id: number; cellId: number; live: URL; test: URL } | null = null;
    // A paused study (the demo has one) sends live respondents away: take one that is collecting.
    for (const s of list.filter((x) => x.live && !x.completed && !x.paused)) {
      const board = (await api<{ data: BoardCell[] }>(token, `/studies/${s.study_id}/steps/overview`, { body: {} })).body.data ?? [];
      const cell = board.find((c) => c.step_data.some((st) => st.step_kind === 'stim') && c.step_data.every((st) => PLAYABLE.has(st.step_kind)));
      if (!cell) continue;
      const links = (await api<{ testing_links: Links; live_links: Links }>(token, `/studies/${s.study_id}/links`, { body: {} })).body;
      const live = links.live_links.cell_links.find((c) => c.cell_id === cell.cell_id)?.standard;
      const test = links.testing_links.cell_links.find((c) => c.cell_id === cell.cell_id)?.standard;
      if (live && test) { chosen = { id: s.study_id, cellId: cell.cell_id, live: new URL(live), test: new URL(test) }; break; }
    }
    assert.ok(chosen, 'a demo study in fieldwork has a cell with a stim the runner plays here');
    assert.doesNotMatch(chosen.live.search, /test=1/);
    const before = await respondents(token, chosen.id);

    const { page, context, errors } = await freshPage(browser());
    await outside(context);
    const live = await takeLink(page, chosen.live);
    assert.notEqual(live.state, 'quota_full', `study ${chosen.id} cell ${chosen.cellId} is full: no live respondent can be counted`);
    assert.equal(live.status, 'complete', `the live session was stored as ${live.status}`);
    assert.deepEqual(errors.map((e) => e.message), []);
    await context.close();

    // One more respondent: this one (the demo's background seeding may still add its own while the
    // specs run, so the others new since are not ours to count).
    const after = await respondents(token, chosen.id);
    assert.ok(!before.some((r) => r.ref === live.reference));
    assert.deepEqual(after.filter((r) => r.ref === live.reference), [{ ref: live.reference, eyetracked: true }]);
    assert.ok(after.length >= before.length + 1, 'one more respondent in the report');

    // The same cell's test link: stored as a test session, never in the report.
    const t = await freshPage(browser());
    await outside(t.context);
    const test = await takeLink(t.page, chosen.test);
    assert.equal(test.status, 'complete');
    await t.context.close();
    const finally_ = await respondents(token, chosen.id);
    assert.ok(test.reference && !finally_.some((r) => r.ref === test.reference), 'a test session is in no report');
    assert.ok(finally_.some((r) => r.ref === live.reference));
  });
});

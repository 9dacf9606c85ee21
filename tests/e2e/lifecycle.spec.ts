// Issue 35, "done when": a study's whole life on a server with NO demo data, as a new customer
// meets it. The admin of the empty installation creates a study through the wizard, uploads a
// JPEG creative, places it on the board after a Calibration step, adds a panel, takes a test
// session, launches the study, two live respondents complete it (a desktop mouse and a
// touch-emulated phone), both are in the compare report, the study is completed, and then a
// session started before completion is refused at delivery and the fieldwork dates are set.
// Issue 41: every respondent meets the consent screen first; one declines and is only counted;
// one more completes and is then exported and erased by reference, the report back as before.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { until, useBrowser, waitForText } from './helpers';
import { useEmptyServer } from './empty-server';

const browser = useBrowser();
const server = useEmptyServer();

const PANEL = { name: 'Launch panel', code: 'lp', complete: 'https://panel.example/done', screen: 'https://panel.example/out', quota: 'https://panel.example/full', param: 'pid' };

async function newPage(b: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
  const context = await b.newContext({ baseURL: server().base, viewport: { width: 1280, height: 900 }, ...options });
  context.setDefaultTimeout(20_000);
  // The panel's pages are outside this machine: any of them says thanks.
  const local = new URL(server().base).host;
  await context.route((u) => u.host !== local && /^https?:$/.test(u.protocol), (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Panel page</h1>' }));
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  return { context, page, errors };
}

async function signInAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(server().adminPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

let token = '';
async function api<T = any>(path: string, body: unknown = {}): Promise<{ status: number; body: T }> {
  if (!token) {
    const res = await fetch(`${server().base}/v1.0/auth-token`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: server().adminPassword }),
    });
    token = ((await res.json()) as { token: string }).token;
  }
  const res = await fetch(`${server().base}/v1.0${path}`, {
    method: 'POST', headers: { authorization: `Token ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) as T };
}

/** A real JPEG creative, 300 × 250, drawn with sharp (not a PNG renamed). */
async function jpegCreative(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="250"><rect width="300" height="250" fill="#1e6fd9"/>
    <rect x="20" y="170" width="120" height="50" fill="#ffb000"/><circle cx="230" cy="80" r="50" fill="#ffffff"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Plays a take link in the runner: calibration dots clicked (or tapped), the ad looked at (the
 * cursor over it, or a finger on it), Next pressed, until the session is delivered or the page
 * leaves for the panel. Answers the start's reference and state and the delivery's status.
 */
async function take(page: Page, link: string, touch: boolean): Promise<{ reference: string; state: string; status: string | null; left: string; consented: boolean }> {
  let reference = '';
  let state = '';
  let status: string | null = null;
  let refused = false;
  let consented = false;
  page.on('response', async (res) => {
    if (res.request().method() !== 'POST') return;
    if (res.url().endsWith('/start')) {
      refused = !res.ok();
      const b = await res.json().catch(() => null);
      reference = b?.reference ?? '';
      state = b?.state ?? '';
    }
    if (res.url().endsWith('/session')) status = (await res.json().catch(() => null))?.status ?? null;
    // Agreed, whichever button press got there (the agree button is also the screen's Next).
    if (res.url().endsWith('/consent') && res.ok() && res.request().postDataJSON()?.agree === true) consented = true;
  });
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  const local = new URL(server().base).host;
  let waitedAfterRefusal = 0;
  for (let i = 0; i < 400; i++) {
    if (new URL(page.url()).host !== local) break;
    if (status || state === 'quota_full') break;
    // A refused start: the runner sends the respondent to the panel, or has said why it cannot.
    if (refused && ++waitedAfterRefusal > 15) break;
    // The consent screen comes first (issue 41): this respondent agrees.
    const agree = page.locator('.gb-consent .gb-agree');
    if (await agree.isVisible().catch(() => false)) {
      if (touch) await agree.tap().catch(() => {});
      else await agree.click().catch(() => {});
      await page.waitForTimeout(300);
      continue;
    }
    const dot = page.locator('.gb-dot:not([disabled])');
    if (await dot.isVisible().catch(() => false)) {
      if (touch) await dot.tap().catch(() => {});
      else await dot.click().catch(() => {});
      await page.waitForTimeout(650);
      continue;
    }
    const ad = page.locator('.gb-stim').first();
    if (await ad.isVisible().catch(() => false)) {
      const box = await ad.boundingBox();
      if (box) {
        const x = box.x + box.width / 2;
        const y = box.y + Math.min(box.height / 2, 100);
        if (touch) await page.touchscreen.tap(x, y);
        else await page.mouse.move(x, y, { steps: 8 });
        // Long enough on the ad to be viewable and viewed.
        await page.waitForTimeout(1500);
      }
    }
    const next = page.locator('.gb-next:visible').first();
    if (await next.count()) {
      if (touch) await next.tap().catch(() => {});
      else await next.click().catch(() => {});
    }
    await page.waitForTimeout(400);
  }
  await page.waitForTimeout(500);
  return { reference, state, status, left: page.url(), consented };
}

interface LinkSet { panel_links: { panel_name: string; cell_links: { cell_id: number; standard: string }[] }[] }
interface Links { testing_links: LinkSet; live_links: LinkSet }
/** The panel's link of a cell; it ends with the panel's participant parameter, for the respondent's id. */
const panelLink = (set: LinkSet, cellId: number) => set.panel_links.find((p) => p.panel_name === PANEL.name)!.cell_links.find((c) => c.cell_id === cellId)!.standard;

describe('a study created in the product runs its whole life (issue 35)', () => {
  it('create → JPEG stim → board → panel → test session → launch → desktop and phone respondents → compare report → complete → late delivery refused, dates set', async () => {
    const b = browser();
    const { page, context, errors } = await newPage(b);
    await signInAdmin(page);

    // 1. The study, through the custom study wizard (one cell, no survey).
    const name = `Launch study ${Date.now() % 100000}`;
    await page.goto('/create-study');
    await page.locator('gaze-study-chooser').getByRole('link', { name: /^Create custom study$/ }).click();
    await page.waitForURL('**/create-study/custom-study');
    const wizard = page.locator('gaze-study-wizard');
    await wizard.getByLabel('Study name').fill(name);
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByRole('heading', { name: 'Question Details' }).waitFor();
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByRole('heading', { name: 'Panel Details' }).waitFor();
    await wizard.getByRole('button', { name: 'Review', exact: true }).click();
    await wizard.getByText('Your project is ready for review').waitFor();
    await wizard.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL('**/my_studies/overview/*/cell_step_management');
    const studyId = Number(new URL(page.url()).pathname.split('/')[3]);
    assert.ok(studyId > 0);

    // 2. A JPEG creative through the stim uploader.
    const stimName = `Launch MPU ${studyId}`;
    await page.goto('/stims/upload-stim');
    await waitForText(page, 'Upload Stims');
    await page.getByRole('tab', { name: 'Image/Video' }).click();
    await page.locator('gaze-stim-uploader input[type="file"]').setInputFiles([{ name: 'launch-mpu.jpg', mimeType: 'image/jpeg', buffer: await jpegCreative() }]);
    await page.getByRole('button', { name: 'Add to upload list' }).click();
    await until(async () => (await page.locator('[part="row"]').count()) === 1, 'one upload row');
    await page.getByLabel('Name (stim 1)', { exact: true }).fill(stimName);
    for (const field of ['Ad Asset Type', 'Ad Type Group', 'Ad Type', 'Brand']) {
      const select = page.getByLabel(`${field} (stim 1)`, { exact: true });
      await until(async () => (await select.isEnabled()) && (await select.locator('option').count()) > 1, `${field} options`);
      await select.selectOption({ index: 1 });
    }
    await page.getByRole('button', { name: /^Upload All Stims/ }).click();
    await until(async () => {
      const listed = await api<{ data: { id: number; name: string; type: string; width: number | null }[] }>('/stims', { filter_name: stimName });
      return listed.body.data.some((s) => s.name === stimName && s.width === 300);
    }, 'the JPEG stim in the library, 300 px wide');

    // 3. The board: a Calibration step, then the stim.
    await page.goto(`/my_studies/overview/${studyId}/cell_step_management`);
    const cell = page.locator('gaze-step-board [part="cell"]').first();
    await cell.waitFor();
    const addStep = async (choice: string, pick: (dialog: Locator) => Promise<void>) => {
      const before = await cell.locator('[part="step-label"]').count();
      await cell.getByRole('button', { name: /^Add step to/ }).click();
      const dialog = page.locator('[part="new-step-dialog"]');
      await dialog.getByLabel(choice, { exact: true }).check();
      await pick(dialog);
      await until(async () => (await cell.locator('[part="step-label"]').count()) > before, `${choice} step added`);
      await until(async () => { await page.keyboard.press('Escape'); return (await dialog.count()) === 0; }, 'dialog closed');
    };
    await addStep('Calibration', (d) => d.getByRole('button', { name: 'Add Calibration step' }).click());
    await addStep('Stim', async (d) => {
      const row = d.locator('[part="options-table"] tbody tr', { hasText: stimName });
      await row.locator('td:last-child button:not([disabled])').click();
    });
    const board = await api<{ data: { cell_id: number; step_data: { step_kind: string }[] }[] }>(`/studies/${studyId}/steps/overview`);
    const cellId = board.body.data[0].cell_id;
    assert.deepEqual(board.body.data[0].step_data.map((s) => s.step_kind).filter((t) => t !== 'question'), ['calibration', 'stim']);

    // 4. Not launchable yet: the overview names what is missing.
    await page.goto(`/my_studies/overview/${studyId}`);
    const overview = page.locator('gaze-study-overview');
    await overview.locator('[part="launch-checks"]').waitFor();
    assert.match(await overview.locator('[part="launch-checks"]').innerText(), /panel/i);

    // 5. A panel, through the overview's panel dialog.
    const panels = page.locator('gaze-panels');
    await panels.getByRole('button', { name: 'Add panel' }).click();
    const dialog = panels.getByRole('dialog');
    const values: [string, string][] = [['Name', PANEL.name], ['Code', PANEL.code], ['Complete Redirect', PANEL.complete],
      ['Disqualify Redirect', PANEL.screen], ['Overquota Redirect', PANEL.quota], ['Parameter', PANEL.param]];
    for (const [label, value] of values) await dialog.getByLabel(label, { exact: true }).fill(value);
    await dialog.getByRole('button', { name: 'Create panel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // 6. A live link before launch sends the respondent back to the panel, and counts nothing.
    const links = (await api<Links>(`/studies/${studyId}/links`)).body;
    const liveLink = panelLink(links.live_links, cellId);
    const testLink = panelLink(links.testing_links, cellId);
    assert.ok(liveLink.endsWith(`${PANEL.param}=`), liveLink);
    {
      const early = await newPage(b);
      const r = await take(early.page, `${liveLink}early-1`, false);
      assert.notEqual(r.status, 'complete', 'no session is counted before launch');
      assert.match(r.left, /^https:\/\/panel\.example\//, `sent back to the panel (${r.left})`);
      assert.match(r.left, /pid=early-1/);
      await early.context.close();
    }

    // 7. A test session: the last launch check.
    {
      const test = await newPage(b);
      const r = await take(test.page, `${testLink}tester-1`, false);
      assert.equal(r.status, 'complete', 'the test session is stored');
      await test.context.close();
    }

    // 8. Launch from the overview.
    await page.reload();
    await overview.locator('[part="launch"]').waitFor();
    await until(async () => (await overview.locator('[part="launch-checks"]').count()) === 0, 'every launch check met');
    await overview.locator('[part="launch"]').click();
    await overview.getByRole('alertdialog').getByRole('button', { name: 'Launch' }).click();
    await overview.getByText('LIVE STUDY').waitFor();
    const launched = (await api<{ live: boolean; phase_id: number }>(`/studies/${studyId}/overview`)).body;
    assert.equal(launched.live, true);
    assert.equal(launched.phase_id, 3);

    // 9. Two live respondents: a desktop with a mouse, and a phone with touch.
    const desktop = await newPage(b);
    const d = await take(desktop.page, `${liveLink}desk-1`, false);
    assert.equal(d.status, 'complete', `desktop session stored as ${d.status}`);
    assert.deepEqual(desktop.errors.map((e) => e.message), []);
    await desktop.context.close();
    const phone = await newPage(b, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const p = await take(phone.page, `${liveLink}phone-1`, true);
    assert.equal(p.status, 'complete', `phone session stored as ${p.status}`);
    await phone.context.close();
    assert.ok(d.consented && p.consented, 'both agreed on the consent screen first');

    // 9b. A respondent who declines the consent text (issue 41): sent to the panel's screen-out
    // redirect with their id, counted as a refusal, nothing else stored (the report base stays 2).
    {
      const declines = await newPage(b);
      await declines.page.goto(`${new URL(liveLink).pathname}${new URL(liveLink).search}decline-1`);
      const consent = declines.page.locator('.gb-consent');
      await consent.waitFor();
      assert.match(await consent.innerText(), /the video never leaves your device/);
      await consent.locator('.gb-decline').click();
      await declines.page.waitForURL((u) => u.hostname === 'panel.example');
      const out = new URL(declines.page.url());
      assert.equal(`${out.origin}${out.pathname}`, PANEL.screen);
      assert.equal(out.searchParams.get(PANEL.param), 'decline-1');
      await declines.context.close();
      const o = (await api<{ audience_overview: { participants_returned: number; consent_refusals: number } }>(`/studies/${studyId}/overview`)).body;
      assert.deepEqual([o.audience_overview.participants_returned, o.audience_overview.consent_refusals], [2, 1]);
    }

    // 10. Both in the compare report, on the page and in the API.
    const stims = (await api<{ data: { cell_id: number; step_list: { step_id: number; stimulus_list: { stimulus_id: number; stimulus_name: string }[] }[] }[] }>(`/studies/${studyId}/stims/overview`)).body.data;
    const step = stims[0].step_list.find((s) => s.stimulus_list.some((x) => x.stimulus_name === stimName))!;
    const ref = { cell_id: stims[0].cell_id, step_id: step.step_id, stim_id: step.stimulus_list[0].stimulus_id };
    let compare: any;
    await until(async () => {
      compare = (await api(`/studies/${studyId}/compare_report/overall_attention`, { data: [ref] })).body;
      return compare?.data?.[0]?.stim_data?.base_size === 2;
    }, 'two respondents in the compare report');
    await page.goto(`/my_studies/overview/${studyId}/reports?stims=${encodeURIComponent(stimName.replace(/ /g, '.'))}&report_type=compare`);
    await page.locator('[part="kpi-table"] table').waitFor();
    const viewable = (await page.locator('[part="kpi-table"] tr[data-metric="panelist_viewable_percent"] td').first().innerText()).split('\n')[0].trim();
    assert.match(viewable, /%$/);
    assert.ok(compare.data[0].stim_data.panelist_viewable_percent > 0, 'the respondents saw the ad');

    // 10b. Issue 41, "done when": a third respondent consents and completes, and is then found by
    // their panel reference in the overview's respondent-data section, exported as JSON and erased;
    // the compare report is then what it showed before them.
    {
      const third = await newPage(b);
      const t = await take(third.page, `${liveLink}erase-1`, false);
      assert.equal(t.status, 'complete', `third session stored as ${t.status}`);
      assert.ok(t.consented);
      await third.context.close();
      await until(async () => (await api(`/studies/${studyId}/compare_report/overall_attention`, { data: [ref] })).body?.data?.[0]?.stim_data?.base_size === 3,
        'three respondents in the compare report');
      await page.goto(`/my_studies/overview/${studyId}`);
      const request = page.locator('gaze-respondent-data');
      await request.getByLabel('Panel reference').fill('erase-1');
      await request.getByRole('button', { name: 'Find' }).click();
      await request.locator('[part="matches"] tbody tr').first().waitFor();
      assert.equal(await request.locator('[part="matches"] tbody tr').count(), 1);
      const [download] = await Promise.all([page.waitForEvent('download'), request.locator('[part="export"]').click()]);
      const exported = JSON.parse(await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8'));
      assert.equal(exported.reference, 'erase-1');
      assert.equal(exported.sessions.length, 1);
      assert.equal(exported.sessions[0].consent?.version, 1, 'the consent record is exported with the data');
      assert.ok(exported.sessions[0].exposures.some((e: { gaze_samples: unknown[] | null }) => (e.gaze_samples?.length ?? 0) > 0), 'the gaze is exported');
      await request.locator('[part="erase"]').click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByLabel('Type ERASE to confirm').fill('ERASE');
      // Erasing rebuilds the study's aggregates in its transaction: allow it the time of a loaded machine.
      const [erased] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/respondents/erase'), { timeout: 90_000 }),
        confirm.getByRole('button', { name: 'Erase', exact: true }).click(),
      ]);
      assert.equal(erased.status(), 200, await erased.text());
      await request.getByText('Erased 1 session in 1 study').waitFor();
      const back = (await api(`/studies/${studyId}/compare_report/overall_attention`, { data: [ref] })).body;
      assert.deepEqual(back.data[0].stim_data, compare.data[0].stim_data, 'the compare report is back to what it showed before them');
      const again = await api<{ data?: unknown[] }>(`/studies/${studyId}/respondents/find`, { reference: 'erase-1' });
      assert.equal(again.status, 404, 'nothing of them is left to find');
    }

    // 11. A session started before completion, delivered after it.
    const late = await newPage(b);
    const started = await late.page.request.post(`${server().base}/v1.0/take/${studyId}/start`, {
      data: { query: `${new URL(liveLink).search.slice(1)}late-1` },
    });
    assert.equal(started.status(), 200, await started.text());
    const session = await started.json();
    // The respondent agrees to the consent text (issue 41), as the runner's first screen asks.
    const agreed = await late.page.request.post(`${server().base}/v1.0/take/${studyId}/consent`, {
      data: { token: session.token, agree: true, version: session.consent.version },
    });
    assert.equal(agreed.status(), 200, await agreed.text());
    session.token = (await agreed.json()).token;
    await late.context.close();

    // 12. Complete the study from the overview.
    await page.goto(`/my_studies/overview/${studyId}`);
    await overview.getByRole('button', { name: 'Complete study' }).click();
    await overview.getByRole('alertdialog').getByRole('button', { name: 'Complete study' }).click();
    await overview.getByText('Study completed').waitFor();

    // 13. The late delivery is refused, with the panel's redirect; nothing is counted.
    const delivered = await fetch(`${server().base}/v1.0/take/${studyId}/session`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: session.token, status: 'complete', gaze_source: 'mouse', steps: [] }),
    });
    const answer = await delivered.json();
    assert.equal(answer.status, 'closed', `a late delivery is refused: ${JSON.stringify(answer)}`);
    assert.equal(answer.redirect_url, `${PANEL.quota}?${PANEL.param}=late-1`, 'and sent back to the panel with its id');
    const after = (await api(`/studies/${studyId}/compare_report/overall_attention`, { data: [ref] })).body;
    assert.equal(after.data[0].stim_data.base_size, 2, 'still two respondents');

    // 14. Fieldwork dates: actual start and end set, the same in the overview and the list.
    const o = (await api<{ data_collection_start: string | null; data_collection_end: string | null; completed: boolean }>(`/studies/${studyId}/overview`)).body;
    assert.equal(o.completed, true);
    assert.ok(o.data_collection_start && o.data_collection_end, `fieldwork dates set: ${o.data_collection_start} – ${o.data_collection_end}`);
    const listed = (await api<{ data: { study_id: number; data_collection_start: string | null; data_collection_end: string | null }[] }>('/studies', { filter_completed: '1' })).body.data
      .find((s) => s.study_id === studyId)!;
    assert.equal(listed.data_collection_start, o.data_collection_start);
    assert.equal(listed.data_collection_end, o.data_collection_end);
    assert.doesNotMatch(await overview.locator('[part="date-range"]').innerText(), /pending/);
    assert.deepEqual(errors.map((e) => e.message), []);
    await context.close();
  });
});

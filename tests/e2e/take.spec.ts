// The respondent runner (issue 22), against the real server and demo data: a researcher builds a
// cell (instruction, calibration, image stim, cache page when one is cached, question, external
// page) and a panel through the API; a respondent opens the cell's signed TEST link with the
// panel's participant parameter, moves the mouse over the ad, goes through every step (out to the
// external page and back), and is redirected to the panel's complete URL with the parameter; the
// session is then in the study's data as a test session. A bad signature gets the refusal page.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, apiToken, BASE, freshPage, panelTestLink, useBrowser, agreeToConsent } from './helpers';

const browser = useBrowser();
const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
};

interface Option { id: number; name: string; step_id?: number; type?: string | null; status?: string }

async function editableStudy(token: string): Promise<number> {
  const list = (await api<{ data: { study_id: number }[] }>(token, '/studies', { body: { results_per_page: 100 } })).body.data;
  // From the end of the list: the board spec locks and unlocks the first study while it runs.
  for (const s of [...list].reverse()) {
    const board = await api<{ allow_step_editing: boolean }>(token, `/studies/${s.study_id}/steps/overview`, { body: {} });
    if (board.body.allow_step_editing) return s.study_id;
  }
  throw new Error('no demo study allows step editing');
}

async function options(token: string, id: number, type: string): Promise<Option[]> {
  return (await api<{ data: Option[] }>(token, `/studies/${id}/steps/step-detail`, { body: { step_type: type } })).body.data;
}

async function addStep(token: string, id: number, body: Record<string, unknown>): Promise<number> {
  const res = await api<{ step_order_id: number; message?: string }>(token, `/studies/${id}/steps/create`, { body });
  assert.equal(res.status, 200, `${JSON.stringify(body)}: ${res.body.message}`);
  return res.body.step_order_id;
}

describe('respondent runner', () => {
  it('issue 22: a respondent takes a test link with the mouse through every step, is redirected with the participant parameter, and the session is a test session', async () => {
    const token = await apiToken('researcher');
    const id = await editableStudy(token);
    const stamp = Date.now().toString(36);
    const cell = await api<{ cell_id: number }>(token, `/studies/${id}/cells/create`, { body: { cell_name: `Runner ${stamp}`, short_name: `R${stamp}`.slice(0, 20) } });
    assert.equal(cell.status, 200);
    const cellId = cell.body.cell_id;

    const instruction = (await options(token, id, 'instruction'))[0];
    const image = (await options(token, id, 'stim')).find((o) => /image/i.test(o.type ?? ''));
    const cached = (await options(token, id, 'cache')).find((o) => o.status === 'ready');
    const group = (await options(token, id, 'question'))[0];
    assert.ok(instruction && image && group, 'the demo offers an instruction, an image stim and a question group');
    const first = await addStep(token, id, { cell_id: cellId, step_type: 'instruction', step_id: instruction.step_id ?? instruction.id });
    await addStep(token, id, { cell_id: cellId, step_type: 'calibration' });
    const stimStep = await addStep(token, id, { cell_id: cellId, step_type: 'stim', stim_id: image.id });
    if (cached) await addStep(token, id, { cell_id: cellId, step_type: 'cache', cache_page_id: cached.id });
    await addStep(token, id, { cell_id: cellId, step_type: 'question', question_group_id: group.id });
    await addStep(token, id, { cell_id: cellId, step_type: 'external', external_url: 'https://survey.example/s', member_insert: 'member', name: 'Survey' });
    // The instruction's Next shows after a second; the ad has the floating button.
    assert.equal((await api(token, `/studies/${id}/steps/edit`, { body: { step_order_id: first, seconds_before_show_next: 1, next_type_id: 1 } })).status, 200);
    assert.equal((await api(token, `/studies/${id}/steps/edit`, { body: { step_order_id: stimStep, next_type_id: 2 } })).status, 200);

    const testLink = await panelTestLink(token, id, cellId, `Runner panel ${stamp}`, 'rp', 'rid');
    assert.match(testLink, /test=1.*&rid=$/);
    const reference = `E2E-${stamp}`;
    const url = new URL(testLink);

    const { page, context, errors } = await freshPage(browser());
    // The outside world: the survey sends the respondent straight back; the panel says thanks.
    const surveyHits: string[] = [];
    await context.route('https://survey.example/**', (route) => {
      surveyHits.push(route.request().url());
      const back = new URL(route.request().url()).searchParams.get('gb_return')!;
      return route.fulfill({ status: 302, headers: { location: back } });
    });
    await context.route('https://panel.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Panel: thank you</h1>' }));

    // What the runner delivers, to check the measurements themselves.
    const delivered: { gaze_source: string; calibration?: { area: { width: number }; targets: { samples: number[][] }[] }; steps: { step_id: number; page_dwell_ms: number; gaze?: number[][]; answers?: unknown[];
      stims: { stim_id: number; x: number; y: number; width: number; height: number; viewability: { start_ms: number; end_ms: number; fraction: number }[] }[] }[] }[] = [];
    page.on('request', (r) => { if (r.method() === 'POST' && r.url().endsWith(`/v1.0/take/${id}/session`)) delivered.push(r.postDataJSON()); });

    await page.goto(`${url.pathname}${url.search}${reference}`);
    // The consent screen first (issue 41): the study's text and the respondent's reference.
    await page.locator('.gb-consent').getByText(`Your reference: ${reference}`).waitFor();
    await agreeToConsent(page);
    await page.getByText('Test session: what you do here is stored as a test and never counted in the reports.').waitFor();
    await page.getByText('Gaze: Mouse cursor as gaze').waitFor();
    await shot(page, 'take-instruction-1280');
    const next = page.getByRole('button', { name: 'Next' });
    await next.waitFor({ state: 'visible' });
    await next.click();

    // Calibration: nine dots, each looked at and clicked.
    for (let i = 1; i <= 9; i++) {
      const dot = page.getByRole('button', { name: `Calibration point ${i} of 9` });
      await dot.waitFor();
      if (i === 1) await shot(page, 'take-calibration-1280');
      const box = (await dot.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2 + 2, box.y + box.height / 2 - 1, { steps: 3 });
      await dot.click();
    }

    // The ad: the cursor moves over it for a while, then the floating Next.
    const ad = page.locator(`.gb-stim[data-stim-id="${image.id}"]`);
    await ad.waitFor();
    const adBox = (await ad.boundingBox())!;
    for (let k = 0; k < 12; k++) {
      await page.mouse.move(adBox.x + adBox.width * (0.2 + 0.05 * k), adBox.y + adBox.height * 0.5, { steps: 2 });
      await page.waitForTimeout(60);
    }
    await shot(page, 'take-stim-1280');
    await page.locator('.gb-next.gb-floating').click();

    if (cached) {
      await page.locator('.gb-page iframe').waitFor();
      await page.waitForTimeout(1000);
      await page.mouse.wheel(0, 400);
      await shot(page, 'take-cache-1280');
      await next.click();
    }

    await page.locator('.gb-questions').waitFor();
    const firstChoice = page.locator('.gb-questions input').first();
    if ((await firstChoice.getAttribute('type')) === 'radio' || (await firstChoice.getAttribute('type')) === 'checkbox') await firstChoice.check();
    else await firstChoice.fill('An ad for shoes');
    await shot(page, 'take-question-1280');
    await next.click();

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((u) => u.hostname === 'panel.example', { timeout: 30_000 });
    const landed = new URL(page.url());
    assert.equal(landed.pathname, '/complete');
    assert.equal(landed.searchParams.get('rid'), reference);
    // Out to the survey with the member parameter and the way back, then back to finish.
    assert.equal(surveyHits.length, 1);
    const survey = new URL(surveyHits[0]);
    assert.equal(survey.searchParams.get('member'), reference);
    assert.match(survey.searchParams.get('gb_return') ?? '', new RegExp(`/take/${id}\\?`));
    assert.deepEqual(errors.map((e) => e.message), []);

    // The measurements: the cursor's samples fell on the ad, which was fully in view on the step's clock.
    assert.equal(delivered.length, 1);
    const body = delivered[0];
    assert.equal(body.gaze_source, 'mouse');
    // The raw calibration (the server measures it): nine dots, each with the cursor's timed points.
    assert.equal(body.calibration?.targets.length, 9);
    assert.ok(body.calibration!.targets.every((t) => t.samples.length >= 2), 'points at every dot');
    const adStep = body.steps.find((st) => st.step_id === stimStep)!;
    const [seen] = adStep.stims;
    assert.equal(seen.stim_id, image.id);
    const onAd = (adStep.gaze ?? []).filter(([, x, y]) => x >= seen.x && x <= seen.x + seen.width && y >= seen.y && y <= seen.y + seen.height);
    assert.ok(onAd.length >= 5, `gaze samples on the ad: ${onAd.length} of ${adStep.gaze?.length}`);
    assert.ok(seen.viewability.some((v) => v.fraction === 1 && v.end_ms - v.start_ms > 300), JSON.stringify(seen.viewability));
    for (const v of seen.viewability) assert.ok(v.end_ms <= adStep.page_dwell_ms);
    assert.equal(body.steps.find((st) => st.answers)?.answers?.length, 1);

    // The study's data: a passed test session of this respondent.
    const found = await api<{ data: { kind: string; study_id: number; executed_by: string; status: string; is_test: boolean }[] }>(token, `/validations?search=${encodeURIComponent(reference)}`);
    assert.equal(found.status, 200);
    assert.deepEqual(found.body.data.map((v) => ({ kind: v.kind, study_id: v.study_id, executed_by: v.executed_by, status: v.status, is_test: v.is_test })),
      [{ kind: 'test_session', study_id: id, executed_by: `Test link: ${reference}`, status: 'passed', is_test: true }]);
    await context.close();
  });

  it('issue 22 item 6: the network cut while the session is delivered: retried with the same session, stored once, then redirected', async () => {
    const token = await apiToken('researcher');
    const id = await editableStudy(token);
    const stamp = `n${Date.now().toString(36)}`;
    const cellId = (await api<{ cell_id: number }>(token, `/studies/${id}/cells/create`, { body: { cell_name: `Offline ${stamp}`, short_name: stamp.slice(0, 20) } })).body.cell_id;
    const image = (await options(token, id, 'stim')).find((o) => /image/i.test(o.type ?? ''))!;
    await addStep(token, id, { cell_id: cellId, step_type: 'stim', stim_id: image.id });
    assert.equal((await api(token, `/studies/${id}/audience/create`, {
      body: {
        name: `Offline panel ${stamp}`, code: 'op', success_redirect_url: 'https://panel.example/complete', screenout_redirect_url: 'https://panel.example/screenout',
        quota_full_redirect_url: 'https://panel.example/full', participant_insert_parameter: 'pid',
      },
    })).status, 200);
    const links = (await api<{ testing_links: { panel_links: { panel_name: string; cell_links: { cell_id: number; standard: string }[] }[] } }>(token, `/studies/${id}/links`, { body: {} })).body;
    const testLink = new URL(links.testing_links.panel_links.find((p) => p.panel_name === `Offline panel ${stamp}`)!.cell_links.find((c) => c.cell_id === cellId)!.standard);
    const reference = `E2E-${stamp}`;

    const { page, context, errors } = await freshPage(browser());
    await context.route('https://panel.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Panel: thank you</h1>' }));
    await page.goto(`${testLink.pathname}${testLink.search}${reference}`);
    await agreeToConsent(page);
    const ad = page.locator(`.gb-stim[data-stim-id="${image.id}"]`);
    await ad.waitFor();
    const box = (await ad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 20, { steps: 5 });
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(/no connection, trying again/).waitFor({ timeout: 20_000 });
    await shot(page, 'take-offline-1280');
    await context.setOffline(false);
    await page.waitForURL((u) => u.hostname === 'panel.example', { timeout: 40_000 });
    assert.equal(new URL(page.url()).searchParams.get('pid'), reference);
    const found = await api<{ data: { executed_by: string; status: string }[] }>(token, `/validations?search=${encodeURIComponent(reference)}`);
    assert.deepEqual(found.body.data.map((v) => [v.executed_by, v.status]), [[`Test link: ${reference}`, 'passed']]);
    assert.deepEqual(errors.map((e) => e.message), []);
    await context.close();
  });

  it('issue 22: a link with a bad signature is refused with a page saying so (403)', async () => {
    const { page, context } = await freshPage(browser());
    const res = await page.goto(`${BASE}/take/1?test=1&sig=AAAAAAAAAAAAAAAAAAAAAA`);
    assert.equal(res?.status(), 403);
    await page.getByRole('heading', { name: 'This study link is not valid' }).waitFor();
    await shot(page, 'take-refused-1280');
    await context.close();
  });
});

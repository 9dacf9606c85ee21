// Gaze replay end to end (issue 23 items 2 and 4): a demo stim's replay opened from its KPI report,
// scrubbed to a fixation the API answers, and that fixation shown where the API puts it. The
// keyboard moves the clock. REPLAY_SCREENSHOTS=<dir> saves the page at 1440 and 360 px.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { api, apiToken, freshPage, signIn, useBrowser, until } from './helpers';

const browser = useBrowser();

interface Stim { cell_id: number; step_id: number; stimulus_id: number; stimulus_name: string; stimulus_type: string }
interface Fixation { start_ms: number; duration_ms: number; x: number; y: number }
let token = '';
let studyId = 0;
let stim: Stim;

/** A completed study of the researcher with an image stim whose respondents have fixations (respondents are seeded in the background). */
async function findStudy(): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    const list = await api(token, '/studies', { body: { filter_completed: '1', results_per_page: 100 } });
    for (const s of list.body.data as { study_id: number }[]) {
      const tree = await api(token, `/studies/${s.study_id}/stims/overview`, { body: {} });
      const stims: Stim[] = tree.body.data.flatMap((c: { cell_id: number; step_list: { step_id: number; stimulus_list: Omit<Stim, 'cell_id' | 'step_id'>[] }[] }) =>
        c.step_list.flatMap((st) => st.stimulus_list.map((x) => ({ ...x, cell_id: c.cell_id, step_id: st.step_id }))));
      for (const candidate of stims.filter((x) => x.stimulus_type === 'i')) {
        const who = await api(token, `/studies/${s.study_id}/cell/${candidate.cell_id}/step/${candidate.step_id}/stimuli/${candidate.stimulus_id}/replay`, { body: {} });
        if (who.status === 200 && who.body.data.some((r: { fixation_count: number }) => r.fixation_count >= 2)) {
          studyId = s.study_id;
          stim = candidate;
          return;
        }
      }
    }
    await new Promise((r) => setTimeout(r, 5000));
  }
  throw new Error('no completed demo study with replayable respondents');
}

before(async () => {
  token = await apiToken('researcher');
  await findStudy();
}, { timeout: 11 * 60_000 });

describe('gaze replay (issue 23)', () => {
  it('opens from the KPI report and, scrubbed to a stored fixation, shows that fixation', async () => {
    const { page, context, errors } = await freshPage(browser());
    await signIn(page, 'researcher');
    const key = `${stim.cell_id}:${stim.step_id}:${studyId}:${stim.stimulus_id}`;
    await page.goto(`/my_studies/overview/${studyId}/study/kpi_report?stims=${key}`);
    await page.locator('gaze-kpi-report [part="replay-link"]').first().click();
    await page.waitForURL((u) => u.pathname === `/my_studies/overview/${studyId}/replay` && u.searchParams.get('stim') === key);

    const replay = page.locator('gaze-replay');
    await replay.locator('[part="player"]').waitFor();
    // The element replays the first listed respondent with fixations: ask the API for the same one.
    const place = `/studies/${studyId}/cell/${stim.cell_id}/step/${stim.step_id}/stimuli/${stim.stimulus_id}/replay`;
    const list = await api(token, place, { body: {} });
    const first = list.body.data.find((r: { fixation_count: number }) => r.fixation_count > 0);
    const label = await replay.getByLabel('Respondent', { exact: true }).locator('option:checked').innerText();
    assert.ok(label.startsWith(first.reference), `the picker shows ${first.reference} (${label})`);
    const data = (await api(token, `${place}/${first.participant_id}`)).body.data;
    // Stored fixations cover the whole page: take one on the stim (the list counts those).
    const { width, height } = list.body.stim;
    const k = (data.fixations as Fixation[]).findIndex((x) => x.x >= 0 && x.y >= 0 && x.x <= width && x.y <= height && x.duration_ms >= 20);
    assert.ok(k >= 0, 'the respondent has a stored fixation on the stim');
    const f: Fixation = data.fixations[k];
    const at = Math.round(f.start_ms + f.duration_ms / 2);
    // The scrubber moves in 10 ms steps: a time inside the fixation on that grid.
    const target = Math.min(Math.round(data.duration_ms), Math.max(Math.ceil(f.start_ms / 10) * 10, Math.round(at / 10) * 10));
    await replay.getByLabel('Replay time').fill(String(target));
    const current = replay.locator('[part="current-fixation"]');
    await current.waitFor();
    assert.equal(await current.getAttribute('data-index'), String(k));
    assert.equal(Number(await current.getAttribute('data-x')), f.x);
    assert.equal(Number(await current.getAttribute('data-y')), f.y);
    assert.equal(await current.getAttribute('data-outside'), null);
    assert.equal(Number(await current.locator('circle').getAttribute('cx')), f.x);
    const readout = await replay.locator('[part="fixation-readout"]').innerText();
    assert.ok(readout.includes(`Fixation ${k + 1} of ${data.fixations.length}: ${Math.round(f.x)}, ${Math.round(f.y)} px, ${Math.round(f.duration_ms)} ms from ${(f.start_ms / 1000).toFixed(1)} s on the stim`), readout);
    // Every AOI of the stim is outlined.
    assert.equal(await replay.locator('[part="aoi"]').count(), list.body.stim.aois.length);

    // Keyboard: the player takes the arrows (0.1 s) and Space.
    const player = replay.locator('[part="player"]');
    await player.focus();
    const before = Number(await player.getAttribute('data-time'));
    await page.keyboard.press('ArrowRight');
    await until(async () => Number(await player.getAttribute('data-time')) === Math.min(before + 100, Math.round(data.duration_ms)), 'clock moved by the arrow');
    assert.equal(Number(await player.getAttribute('data-time')), Math.min(before + 100, Math.round(data.duration_ms)));
    await page.keyboard.press('Space');
    await until(async () => (await player.getAttribute('data-playing')) === 'true' || Number(await player.getAttribute('data-time')) >= data.duration_ms, 'playing');
    await page.keyboard.press('Space');

    const dir = process.env.REPLAY_SCREENSHOTS;
    if (dir) {
      mkdirSync(dir, { recursive: true });
      await replay.getByLabel('Replay time').fill(String(target));
      await current.waitFor();
      await page.setViewportSize({ width: 1440, height: 1000 });
      await page.screenshot({ path: path.join(dir, 'replay-1440.png'), fullPage: true });
      await page.setViewportSize({ width: 360, height: 800 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(dir, 'replay-360.png'), fullPage: true });
    }
    assert.deepEqual(errors.map((e) => e.message), []);
    await context.close();
  });

  it("another company's user gets the not-found state, and the API answers 404", async () => {
    const other = await apiToken('northwind');
    const place = `/studies/${studyId}/cell/${stim.cell_id}/step/${stim.step_id}/stimuli/${stim.stimulus_id}/replay`;
    assert.equal((await api(other, place, { body: {} })).status, 404);
    const { page, context } = await freshPage(browser());
    await signIn(page, 'northwind');
    await page.goto(`/my_studies/overview/${studyId}/replay?stim=${stim.cell_id}:${stim.step_id}:${studyId}:${stim.stimulus_id}`);
    await page.locator('gaze-replay [part="not-found"]').waitFor();
    await context.close();
  });
});

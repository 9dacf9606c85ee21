// Edit Study Details end to end (issue 35 item 5): every field of the form — selects, dates, texts,
// the screening group, the survey URL and every quality threshold typed as a number — is changed,
// saved with one click, re-read from the server and shown again after a reload; a threshold out of
// range is stopped with its range and nothing is sent. The study is put back as it was.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { api, apiToken, freshPage, signIn, useBrowser } from './helpers';

const browser = useBrowser();

interface Item { id: number; name: string; code: string }
const list = async (token: string, name: string) => (await api<Item[]>(token, `/dashboard/data/${name}`)).body;

const NUMBERS: [string, string, number][] = [
  ['min_connection_speed', 'Minimum connection speed (kbps)', 768.5],
  ['min_calibration_frame_rate', 'Minimum calibration frame rate (fps)', 24],
  ['max_accuracy', 'Maximum accuracy (pixels)', 55],
  ['max_precision', 'Maximum precision (pixels)', 42.5],
  ['max_gaze_duration', 'Maximum gaze duration', 1500],
  ['max_dwell_ms', 'Maximum dwell (ms)', 30000],
  ['min_dwell_ms', 'Minimum dwell (ms)', 250],
];
const TEXTS: [string, string][] = [
  ['methodology', 'Methodology'], ['study_duration', 'Study duration'], ['incentive', 'Incentive'], ['objective', 'Objective'],
  ['decision_to_inform', 'Decision to inform'], ['notes', 'Notes'], ['brief', 'Brief'],
];
const DATES: [string, string, string][] = [
  ['proposal_signoff_date', 'Proposal sign-off date', '2026-05-02'],
  ['proposed_data_collection_start', 'Proposed data collection start', '2026-05-11'],
  ['proposed_data_collection_end', 'Proposed data collection end', '2026-06-19'],
  ['debrief_date', 'Debrief date', '2026-07-03'],
];
const EDITABLE = [
  'name', 'project_location', 'language', 'pre_assign_question_group', 'demographic_survey_url', 'demographic_survey_insert_parameter',
  ...TEXTS.map(([f]) => f), ...DATES.map(([f]) => f), ...NUMBERS.map(([f]) => f),
];

describe('study details form (issue 35)', () => {
  it('saves every field, quality thresholds typed as numbers included, and the server gives them back', async () => {
    const token = await apiToken('researcher');
    // A study in set-up, from the end of the list: other specs edit the first ones' details.
    const all = (await api<{ data: { study_id: number; live: boolean; completed: boolean }[] }>(token, '/studies', { body: { results_per_page: 100 } })).body.data;
    const studyId = all.filter((s) => !s.live && !s.completed).at(-1)!.study_id;
    const before = (await api(token, `/studies/${studyId}/details`, { body: {} })).body;
    const [languages, locations, groups] = await Promise.all([
      list(token, 'studylanguages_list'), list(token, 'projectlocations_list'), list(token, 'prestudyquestiongroups_list'),
    ]);
    const language = languages.find((l) => l.name !== before.language)!;
    const location = locations.find((l) => l.code !== before.project_location)!;
    const group = groups.find((g) => g.id !== before.pre_assign_question_group.id) ?? null;
    const run = String(Date.now() % 100000);
    const want: Record<string, unknown> = {
      name: `Details ${run}`, language: language.name, project_location: location.code,
      pre_assign_question_group: group ? { id: group.id, group_name: group.name } : before.pre_assign_question_group,
      demographic_survey_url: `https://survey.example.com/demo/${run}`, demographic_survey_insert_parameter: 'rid',
      ...Object.fromEntries(TEXTS.map(([f]) => [f, `${f} ${run}`.slice(0, 40)])),
      ...Object.fromEntries(DATES.map(([f, , v]) => [f, v])),
      ...Object.fromEntries(NUMBERS.map(([f, , v]) => [f, v])),
    };

    const { page, context, errors } = await freshPage(browser());
    try {
      await page.setViewportSize({ width: 1280, height: 1800 });
      await signIn(page, 'researcher');
      await page.goto(`/my_studies/overview/${studyId}/edit-details`);
      const form = page.locator('gaze-study-details-form');
      const field = (label: string) => form.getByLabel(label, { exact: true });
      await field('Name').waitFor();
      await form.locator(`select[name="language"] option[value="${language.name}"]`).waitFor({ state: 'attached' });
      await form.locator(`select[name="project_location"] option[value="${location.code}"]`).waitFor({ state: 'attached' });

      // Out of range first: stopped in the page with the range, nothing sent.
      const edits: string[] = [];
      page.on('request', (r) => { if (r.url().endsWith(`/studies/${studyId}/edit`)) edits.push(r.postData() ?? ''); });
      await field('Minimum calibration frame rate (fps)').fill('500');
      await form.getByRole('button', { name: 'Save details' }).click();
      await form.getByText('must be a number from 0 to 240 fps').waitFor();
      await form.getByText('Not saved: correct the field marked above.').waitFor();
      assert.equal(edits.length, 0, 'an out-of-range threshold is not sent');

      await field('Name').fill(String(want.name));
      await field('Language').selectOption(language.name);
      await field('Project location').selectOption(location.code);
      if (group) await field('Pre-assign question group').selectOption(String(group.id));
      await field('Demographic survey URL').fill(String(want.demographic_survey_url));
      await field('Demographic survey insert parameter').fill('rid');
      for (const [f, label] of TEXTS) await field(label).fill(String(want[f]));
      // Typed the way the app shows dates (dd/mm/yyyy, issue 38), saved as the ISO day.
      for (const [, label, v] of DATES) await field(label).fill(v.split('-').reverse().join('/'));
      // The case: a threshold typed over (150 → 55), then every other one.
      await field('Maximum accuracy (pixels)').fill('150');
      for (const [, label, v] of NUMBERS) await field(label).fill(String(v));

      await form.getByRole('button', { name: 'Save details' }).click();
      await form.getByText('Study details saved.').waitFor();
      assert.equal(edits.length, 1, 'one save call');
      assert.equal(await form.getByRole('button', { name: 'Save details' }).isDisabled(), false, 'the form is usable again');

      const saved = (await api(token, `/studies/${studyId}/details`, { body: {} })).body;
      for (const f of EDITABLE) assert.deepEqual(saved[f], want[f], f);

      // A reload shows what the server holds: numbers to one decimal.
      await page.reload();
      await field('Name').waitFor();
      assert.equal(await field('Name').inputValue(), want.name);
      assert.equal(await field('Maximum accuracy (pixels)').inputValue(), '55.0');
      assert.equal(await field('Minimum connection speed (kbps)').inputValue(), '768.5');
      assert.equal(await field('Notes').inputValue(), want.notes);
      assert.equal(await field('Debrief date').inputValue(), '03/07/2026');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      // Put the demo study back as it was.
      const restore = Object.fromEntries(EDITABLE.filter((f) => before[f] !== null || !['language', 'project_location'].includes(f))
        .map((f) => [f, f === 'pre_assign_question_group' ? before[f].id : before[f]]));
      const res = await api(token, `/studies/${studyId}/edit`, { body: restore });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    }
  });
});

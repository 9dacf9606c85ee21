// Issue 35 item 7: the product question set chosen in a wizard is asked. A study created through
// the API with a screening set gets a question step first in its cell; the respondent runner,
// opened on the study's test link in Chromium, shows that set's questions before anything else,
// the respondent answers them, and the delivered session carries those answers for that step.
// (That answers reach the question report is proven on the server: promises.test.ts, with a
// live link, which no API can make here.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { api, apiToken, BASE, freshPage, useBrowser, agreeToConsent } from './helpers';

const browser = useBrowser();

interface StartStep { step_id: number; type: string; questions?: { title: string; items: { question_id: number }[] } }
interface Delivered { steps: { step_id: number; answers?: { question_id: number }[] }[]; status: string }

describe('respondent runner: the wizard\'s screening questions', () => {
  it('issue 35 item 7: the product question set is the first step the runner plays, and its answers are delivered', async () => {
    const token = await apiToken('researcher');
    const groups = await api<{ data: { id: number; name: string }[] } | { id: number; name: string }[]>(token, '/dashboard/data/prestudyquestiongroups_list');
    const list = Array.isArray(groups.body) ? groups.body : groups.body.data;
    assert.ok(list.length, 'the demo has a product question set');
    const group = list[0];
    const created = await api<{ study_id: number; start_url_test: string }>(token, '/studies/create', {
      body: { study_kind: 'generic', name: `Screened ${Date.now()}`, number_of_cells: 1, panel_size: 100,
        demographic_survey_or_lumen_questions: '2', pre_assign_question_group: { id: group.id, group_name: group.name } },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const board = (await api<{ data: { step_data: { step_kind: string; step_name: string }[] }[] }>(token, `/studies/${created.body.study_id}/steps/overview`, { body: {} })).body.data;
    assert.deepEqual(board[0].step_data.map((s) => [s.step_kind, s.step_name]), [['question', `Screening: ${group.name}`]]);

    const { page, context, errors } = await freshPage(browser());
    let steps: StartStep[] = [];
    let delivered: Delivered | null = null;
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/session')) delivered = req.postDataJSON() as Delivered;
    });
    page.on('response', async (res) => {
      if (res.request().method() === 'POST' && res.url().endsWith('/start')) steps = ((await res.json().catch(() => null))?.steps ?? []) as StartStep[];
    });
    const link = new URL(created.body.start_url_test);
    await page.goto(`${link.pathname}${link.search}`);
    await agreeToConsent(page);
    const first = page.locator('.gb-questions fieldset').first();
    await first.waitFor({ state: 'visible', timeout: 60_000 });
    assert.equal(steps[0]?.type, 'question');
    assert.equal(steps[0].questions!.title, group.name);
    const deadline = Date.now() + 90_000;
    while (!delivered && Date.now() < deadline && new URL(page.url()).host === new URL(BASE).host) {
      for (const fs of await page.locator('.gb-questions fieldset').all()) {
        const choice = fs.locator('input[type="radio"], input[type="checkbox"]').first();
        if (await choice.count()) { if (!(await choice.isChecked())) await choice.check().catch(() => {}); } else await fs.locator('textarea').fill('Weekly').catch(() => {});
      }
      const next = page.locator('.gb-next:visible').first();
      if (await next.count()) await next.click().catch(() => {});
      await page.waitForTimeout(400);
    }
    assert.ok(delivered, 'the session was delivered');
    const sent = delivered as Delivered;
    const asked = new Set(steps[0].questions!.items.map((i) => i.question_id));
    const screeningStep = sent.steps.find((s) => s.step_id === steps[0].step_id);
    assert.ok(screeningStep?.answers?.length, 'the screening step carries answers');
    assert.ok(screeningStep!.answers!.every((a) => asked.has(a.question_id)));
    assert.deepEqual(errors.map((e) => e.message), []);
    await context.close();
  });
});

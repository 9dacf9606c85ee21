// Issue 20 as a researcher: a study's overview → Share / Embed → create an embed token → the
// snippet carries it; the token reads that study's reports and nothing else; revoked, it is refused.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { api, apiToken, freshPage, useBrowser, signIn } from './helpers';

const browser = useBrowser();

interface StudyPage { data: { study_id: number; completed: boolean; participants_returned: number }[] }

describe('share / embed (issue 20)', () => {
  it('creates an embed token from the study overview; it reads only that study\'s reports and stops when revoked', async () => {
    const token = await apiToken('researcher');
    const list = (await api<StudyPage>(token, '/studies', { body: { results_per_page: 100 } })).body.data;
    // (Respondents may still be seeding: the survey overview needs none.)
    const study = list.find((s) => s.completed)!;
    const other = list.find((s) => s.study_id !== study.study_id)!;
    const { page, context, errors } = await freshPage(browser());
    await signIn(page, 'researcher');
    await page.goto(`/my_studies/overview/${study.study_id}`);
    const share = page.locator('gaze-share-embed');
    await share.getByRole('button', { name: 'Share / Embed' }).click();
    const dialog = share.getByRole('dialog', { name: 'Share / Embed' });
    const name = `E2E embed ${Date.now()}`;
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Create embed token' }).click();
    const snippet = dialog.getByRole('textbox', { name: 'Embed snippet' });
    await snippet.waitFor();
    await page.screenshot({ path: 'tmp/screens/share-embed.png' });
    const text = await snippet.inputValue();
    const embed = /gze_[A-Za-z0-9_-]+/.exec(text)?.[0];
    assert.ok(embed, `the snippet carries the token: ${text}`);
    assert.ok(text.includes(`study-id="${study.study_id}"`), 'the snippet names the study');

    // Reads of this study's reports pass; a write and another study are refused.
    assert.equal((await api(embed, `/studies/${study.study_id}/survey/overview`, { body: {} })).status, 200);
    assert.equal((await api(embed, `/studies/${other.study_id}/survey/overview`, { body: {} })).status, 403);
    assert.equal((await api(embed, `/studies/${study.study_id}/edit`, { body: { brief: 'x' } })).status, 403);

    // Listed, then revoked from the dialog: refused from then on.
    await dialog.getByRole('button', { name: `Revoke ${name}` }).click();
    await page.getByRole('alertdialog', { name: 'Revoke embed token' }).getByRole('button', { name: 'Revoke', exact: true }).click();
    await dialog.getByRole('row', { name: new RegExp(name) }).getByRole('cell', { name: 'Revoked', exact: true }).waitFor();
    assert.equal((await api(embed, `/studies/${study.study_id}/survey/overview`, { body: {} })).status, 401);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

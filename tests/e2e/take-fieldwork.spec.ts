// Issue 35 item 3: a respondent who cannot take the study is never stranded. A completed demo
// study's LIVE panel link, opened with the panel's participant parameter, shows a clear state
// ("This study is closed", the server's reason) and sends the respondent to the panel's quota-full
// redirect with the parameter; nothing is stored for the respondent.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { api, apiToken, freshPage, useBrowser } from './helpers';

const browser = useBrowser();

interface PanelLinks { panel_name: string; cell_links: { cell_id: number; standard: string }[] }

describe('respondent runner: fieldwork states', () => {
  it('issue 35 item 3: a completed study\'s live link says the study is closed and redirects to the panel with the participant parameter', async () => {
    const token = await apiToken('researcher');
    const list = (await api<{ data: { study_id: number; completed: boolean }[] }>(token, '/studies', { body: { results_per_page: 100, filter_completed: '1' } })).body.data;
    const done = list.find((s) => s.completed);
    assert.ok(done, 'the demo has a completed study');
    const stamp = `f${Date.now().toString(36)}`;
    const created = await api(token, `/studies/${done.study_id}/audience/create`, {
      body: {
        name: `Closed panel ${stamp}`, code: 'cp', success_redirect_url: 'https://panel.example/complete', screenout_redirect_url: 'https://panel.example/screenout',
        quota_full_redirect_url: 'https://panel.example/full', participant_insert_parameter: 'pid',
      },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const links = (await api<{ live_links: { panel_links: PanelLinks[] } }>(token, `/studies/${done.study_id}/links`, { body: {} })).body;
    const live = links.live_links.panel_links.find((p) => p.panel_name === `Closed panel ${stamp}`)?.cell_links[0]?.standard;
    assert.ok(live, 'the panel has a live cell link');
    const url = new URL(live);
    assert.doesNotMatch(url.search, /test=1/);
    const reference = `E2E-${stamp}`;

    const { page, context, errors } = await freshPage(browser());
    await context.route('https://panel.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Panel</h1>' }));
    const started = page.waitForResponse((r) => r.url().endsWith('/start'));
    await page.goto(`${url.pathname}${url.search}${reference}`);
    const answer = await (await started).json() as { state: string; message: string; redirect_url: string };
    assert.equal(answer.state, 'closed');
    await page.getByRole('heading', { name: 'This study is closed' }).waitFor();
    await page.getByText(answer.message).waitFor();
    await page.waitForURL((u) => u.hostname === 'panel.example', { timeout: 20_000 });
    const back = new URL(page.url());
    assert.equal(back.pathname, '/full');
    assert.equal(back.searchParams.get('pid'), reference);
    assert.deepEqual(errors.map((e) => e.message), []);
    await context.close();
  });
});

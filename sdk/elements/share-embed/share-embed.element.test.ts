// The Share / Embed dialog (issue 20 item 1, item 2's origins) in Chromium against a stub server
// that keeps state: add an allowed origin, create a token limited to the report and its stims for
// that page, copy the snippet, see it listed, revoke it; the server's refusals are shown.
import { expect } from '@open-wc/testing';
import './share-embed.element';
import { $, $$, buttonByText, byLabel, mount, resetPage, stubHttp, text, typeInto, waitFor, waitForText, describe, it, beforeEach } from '../test-utils';
import type { RecordedRequest } from '../../core/api/test-transport';

interface Tok { id: number; name: string; study_id: number; report_types: string[] | null; stim_ids: number[] | null; origins: string[]; created_at: string; expires_at: string; revoked_at: string | null; status: string; created_by: string }

function fakeServer() {
  const origins: { id: number; origin: string; created_at: string }[] = [];
  const tokens: Tok[] = [];
  let next = 1;
  const http = stubHttp((req: RecordedRequest) => {
    const body = req.body as Record<string, unknown>;
    if (req.url === '/v1.0/company/allowed-origins' && req.method === 'GET') return { data: { success: true, data: origins.map((o) => ({ ...o })) } };
    if (req.url === '/v1.0/company/allowed-origins' && req.method === 'POST') {
      const o = String(body.origin);
      if (!/^https?:\/\/[^/]+$/.test(o)) return { status: 400, data: { success: false, message: 'Validation failed', errors: { origin: 'must be an origin such as https://intranet.example.com' } } };
      const row = { id: next++, origin: o, created_at: '2026-11-23T10:00:00Z' };
      origins.push(row);
      return { data: { success: true, origin: row } };
    }
    if (req.url === '/v1.0/studies/9/embed-tokens' && req.method === 'GET') return { data: { success: true, data: tokens.map((t) => ({ ...t })) } };
    if (req.url === '/v1.0/studies/9/embed-tokens' && req.method === 'POST') {
      const t: Tok = {
        id: next++, name: String(body.name), study_id: 9, report_types: body.report_types as string[] | null, stim_ids: body.stim_ids as number[] | null,
        origins: body.origins as string[], created_at: '2026-11-23T10:00:00Z', expires_at: '2026-12-23T10:00:00Z', revoked_at: null, status: 'active', created_by: 'Ada Lovelace',
      };
      tokens.unshift(t);
      return { data: { success: true, token: 'gze_SECRETtoken', embed: { ...t } } };
    }
    if (req.url === '/v1.0/studies/9/stims/overview') {
      const stim = (id: number, name: string) => ({ stimulus_id: id, stimulus_name: name, stimulus_type: 'i', stimulus_source: null, stimulus_source_alternate: null });
      return { data: { study_id: 9, study_name: 'S', brief: null, methodology: null, has_survey: false, has_demographics: false, data: [
        { cell_id: 1, cell_name: 'Exposed', step_list: [{ step_id: 11, cachepage_url: null, stimulus_list: [stim(102, 'MPU')] }, { step_id: 12, cachepage_url: null, stimulus_list: [stim(103, 'Leaderboard')] }] },
      ] } };
    }
    const revoke = /^\/v1\.0\/embed-tokens\/(\d+)\/revoke$/.exec(req.url);
    if (revoke) {
      // Replaced, not changed: the store froze the object the create answer carried.
      const i = tokens.findIndex((x) => x.id === Number(revoke[1]));
      tokens[i] = { ...tokens[i], status: 'revoked', revoked_at: '2026-11-23T11:00:00Z' };
      return { data: { success: true } };
    }
    return { status: 404, data: { success: false, message: 'Not found' } };
  });
  return { http, origins, tokens };
}

const checkbox = (el: HTMLElement, label: string) =>
  $$(el, 'label').find((l) => l.textContent?.trim() === label)?.querySelector('input') as HTMLInputElement | undefined;

describe('gaze-share-embed', () => {
  beforeEach(() => {
    resetPage('/v1.0');
    localStorage.setItem('user', 'tok');
    localStorage.setItem('token', 'tok');
  });

  it('adds an allowed origin, creates a token for the KPI report of the selected stims on that page, shows the snippet, lists and revokes it', async () => {
    const { http } = fakeServer();
    const el = await mount('gaze-share-embed', { 'study-id': '9', 'report-type': 'kpi', stims: '1:11:9:102|1:12:9:103' });
    buttonByText(el, 'Share / Embed').click();
    await waitForText(el, 'No embed tokens for this study yet');
    await waitForText(el, 'No allowed origins yet');

    typeInto(byLabel(el, 'Add an allowed origin'), 'https://intranet.example.com/wiki');
    buttonByText(el, 'Add origin').click();
    await waitForText(el, 'must be an origin such as https://intranet.example.com');
    typeInto(byLabel(el, 'Add an allowed origin'), 'https://intranet.example.com');
    buttonByText(el, 'Add origin').click();
    const page = await waitFor(() => checkbox(el, 'https://intranet.example.com'), 'origin checkbox');
    page.click();

    expect((byLabel(el, 'Name') as HTMLInputElement).value).to.equal('KPI report embed');
    expect(checkbox(el, 'KPI report')!.checked).to.equal(true);
    expect(checkbox(el, 'Only the 2 selected stims')!.checked).to.equal(true);
    typeInto(byLabel(el, 'Name'), 'Intranet KPI');
    buttonByText(el, 'Create embed token').click();
    await waitForText(el, 'the token is shown only once');

    const sent = http.requests.filter((r) => r.method === 'POST' && r.url === '/v1.0/studies/9/embed-tokens');
    expect(sent).to.have.length(1);
    expect(sent[0].body).to.deep.equal({ name: 'Intranet KPI', origins: ['https://intranet.example.com'], expires_in_days: 30, report_types: ['kpi'], stim_ids: [102, 103] });

    const snippet = byLabel(el, 'Embed snippet').value;
    const base = new URL('/v1.0', location.href).href;
    expect(snippet).to.equal(
      `<script type="module" src="${new URL('/sdk/gazeboard.js', location.href).href}"></script>\n`
      + `<gaze-kpi-report api-base="${base}" study-id="9" stims="1:11:9:102|1:12:9:103" token="gze_SECRETtoken"></gaze-kpi-report>`,
    );

    await waitFor(() => $(el, '[part="tokens-table"]'), 'token list');
    const row = $$(el, '[part="tokens-table"] tbody tr')[0];
    expect(row.textContent).to.contain('Intranet KPI');
    expect(row.textContent).to.contain('KPI report · 2 stims');
    expect(row.textContent).to.contain('https://intranet.example.com');
    expect(row.textContent).to.contain('Active');

    buttonByText(el, 'Revoke').click();
    await waitForText(el, "Pages using 'Intranet KPI' stop showing the report at once.");
    const confirm = $$(el, '[role="alertdialog"] button').find((b) => b.textContent?.trim() === 'Revoke') as HTMLButtonElement;
    confirm.click();
    await waitFor(() => $$(el, '[part="tokens-table"] tbody tr')[0]?.textContent?.includes('Revoked'), 'revoked row');
    expect(http.requests.some((r) => r.method === 'POST' && r.url === '/v1.0/embed-tokens/2/revoke')).to.equal(true);
    expect(() => buttonByText(el, 'Revoke')).to.throw();
  });

  it("issue 38: opened from the overview (no selection), a KPI snippet still names the study's stims", async () => {
    const { http } = fakeServer();
    const el = await mount('gaze-share-embed', { 'study-id': '9' });
    buttonByText(el, 'Share / Embed').click();
    const kpi = await waitFor(() => checkbox(el, 'KPI report'), 'report types');
    kpi.click();
    const leaderboard = await waitFor(() => checkbox(el, 'Leaderboard (Exposed, step 2)'), 'stim choices');
    expect(checkbox(el, 'MPU (Exposed, step 1)')!.checked).to.equal(true);
    leaderboard.click();
    leaderboard.click();
    buttonByText(el, 'Create embed token').click();
    await waitForText(el, 'the token is shown only once');
    expect(http.requests.find((r) => r.method === 'POST' && r.url === '/v1.0/studies/9/embed-tokens')!.body).to.deep.include({ report_types: ['kpi'], stim_ids: null });
    const snippet = byLabel(el, 'Embed snippet').value;
    expect(snippet).to.contain('<gaze-kpi-report ');
    expect(snippet).to.contain('stims="1:11:9:102|1:12:9:103"');
  });

  it('issue 38: a KPI snippet with every stim unticked is refused with the widget\'s own words', async () => {
    const { http } = fakeServer();
    const el = await mount('gaze-share-embed', { 'study-id': '9', 'report-type': 'kpi' });
    buttonByText(el, 'Share / Embed').click();
    (await waitFor(() => checkbox(el, 'MPU (Exposed, step 1)'), 'stim choices')).click();
    checkbox(el, 'Leaderboard (Exposed, step 2)')!.click();
    buttonByText(el, 'Create embed token').click();
    await waitForText(el, 'Please select at least one stim');
    expect(http.requests.filter((r) => r.method === 'POST' && r.url === '/v1.0/studies/9/embed-tokens')).to.have.length(0);
  });

  it('shows why the server refused a token (an origin the company does not allow) and keeps the form', async () => {
    stubHttp((req) => {
      if (req.url === '/v1.0/company/allowed-origins') return { data: { success: true, data: [] } };
      if (req.method === 'GET') return { data: { success: true, data: [] } };
      return { status: 400, data: { success: false, message: 'Validation failed', errors: { origins: 'https://x.example.com is not an allowed origin of your company' } } };
    });
    const el = await mount('gaze-share-embed', { 'study-id': '9', open: 'true' });
    await waitForText(el, 'New embed token');
    expect((byLabel(el, 'Name') as HTMLInputElement).value).to.equal('Study reports embed');
    typeInto(byLabel(el, 'Name'), '  ');
    buttonByText(el, 'Create embed token').click();
    await waitForText(el, 'Name required');
    typeInto(byLabel(el, 'Name'), 'Portal');
    buttonByText(el, 'Create embed token').click();
    await waitForText(el, 'https://x.example.com is not an allowed origin of your company');
    expect((byLabel(el, 'Name') as HTMLInputElement).value).to.equal('Portal');
  });

  it('issue 36 item 8: a signed-in user who is not a company administrator sees the origins but no form to change them; an administrator does', async () => {
    const signedIn = (companyAdmin: boolean) => localStorage.setItem('user', JSON.stringify({
      id: 3, first_name: 'Ada', last_name: 'L', location: null, job_title: null, phone_number: null, email: 'a@x.io', username: 'ada',
      company_name: 'Acme Research', company_id: 1, user_type_id: 1, super_user: false, company_admin: companyAdmin, acting_company_id: 1,
    }));
    const { origins } = fakeServer();
    origins.push({ id: 50, origin: 'https://intranet.example.com', created_at: '2026-11-23T10:00:00Z' });
    signedIn(false);
    const el = await mount('gaze-share-embed', { 'study-id': '9', open: 'true' });
    await waitForText(el, 'Only company administrators can add or remove allowed origins');
    // The notice shows at once; the list arrives with its request.
    await waitForText(el, 'https://intranet.example.com');
    expect($$(el, 'button').some((b) => b.textContent?.trim() === 'Add origin')).to.equal(false);
    expect($$(el, 'button').some((b) => b.getAttribute('aria-label') === 'Remove https://intranet.example.com')).to.equal(false);

    resetPage('/v1.0');
    localStorage.setItem('token', 'tok');
    signedIn(true);
    fakeServer().origins.push({ id: 51, origin: 'https://wiki.example.com', created_at: '2026-11-23T10:00:00Z' });
    const admin = await mount('gaze-share-embed', { 'study-id': '9', open: 'true' });
    await waitForText(admin, 'https://wiki.example.com');
    expect(buttonByText(admin, 'Add origin').disabled).to.equal(true);
    expect(text(admin)).to.not.include('Only company administrators');
  });
});

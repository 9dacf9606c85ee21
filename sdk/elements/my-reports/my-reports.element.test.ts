import { expect } from '@open-wc/testing';
import './my-reports.element';
import { $, $$, mount, typeInto, resetPage, stubHttp, waitFor, waitForText, describe, it, beforeEach } from '../test-utils';

const ROWS = [
  { id: 1, name: 'Launch', study_id: 7, panels: [
    { id: 11, name: 'KPI of the MPU', url: 'report-panels/11', study_id: 7, report_type: 'kpi' },
    { id: 12, name: 'Compare all', url: 'report-panels/12', study_id: 7, report_type: 'compare' },
  ] },
  { id: 2, name: 'Audience', study_id: 7, panels: [{ id: 21, name: 'Demographics', url: 'report-panels/21', study_id: 7, report_type: 'demographics' }] },
];

const signedUrl = (panelUrl: string) => `https://app.example/embed/report?panel=${encodeURIComponent(panelUrl)}&token=gze_x`;

describe('<gaze-my-reports>', () => {
  beforeEach(() => {
    resetPage('/v1.0');
    localStorage.setItem('user', JSON.stringify({ email: 'a@x.io', username: 'a', company_id: 1, user_type_id: 1, super_user: false }));
    localStorage.setItem('token', 't0k');
  });

  function serve(rows = ROWS) {
    return stubHttp((req) => {
      if (req.url.includes('get-report-details')) return { data: { success: true, rows } };
      const m = /panel_url=([^&]+)/.exec(req.url);
      if (req.url.includes('get-report-url') && m) return { data: { success: true, url: signedUrl(decodeURIComponent(m[1])), expires_at: '2030-01-01T00:00:00Z' } };
      return { status: 404, data: { success: false, message: 'nope' } };
    });
  }

  it('D3-164 D3-166 shows the first panel in the iframe through its signed URL; clicking a panel switches it', async () => {
    const http = serve();
    const el = await mount('gaze-my-reports', { 'study-id': '7' });
    const frame = await waitFor(() => $(el, 'iframe'), 'iframe');
    expect(frame.getAttribute('src')).to.equal(signedUrl('report-panels/11'));
    expect(http.requests[0].url).to.equal('/v1.0/studies/7/get-report-details');
    expect(http.requests[1].url).to.equal('/v1.0/studies/7/get-report-url?panel_url=report-panels%2F11');
    const demo = $$(el, 'button[part="panel"]').find((b) => b.textContent === 'Demographics')!;
    demo.click();
    await waitFor(() => $(el, 'iframe')?.getAttribute('src') === signedUrl('report-panels/21'), 'switched');
    expect(demo.getAttribute('aria-current')).to.equal('true');
    expect($(el, 'iframe')!.getAttribute('title')).to.equal('Demographics');
  });

  it('D3-165 the tree search filters rows and panels after 125 ms of quiet', async () => {
    serve();
    const el = await mount('gaze-my-reports');
    await waitFor(() => $(el, 'iframe'), 'iframe');
    const input = $(el, 'input[type="search"]') as HTMLInputElement;
    typeInto(input, 'compare');
    // Not filtered at once: the debounce holds it back.
    expect($$(el, 'button[part="panel"]').length).to.equal(3);
    await waitFor(() => $$(el, 'button[part="panel"]').length === 1, 'filtered');
    expect($$(el, 'button[part="panel"]').map((b) => b.textContent)).to.deep.equal(['Compare all']);
    expect($$(el, 'h3').map((h) => h.textContent)).to.deep.equal(['Launch']);
  });

  it('D3-167 no reports: the study and account messages', async () => {
    serve([]);
    const study = await mount('gaze-my-reports', { 'study-id': '7' });
    await waitForText(study, 'This study has no reports');
    const account = await mount('gaze-my-reports');
    await waitForText(account, 'This account has no reports');
  });

  it('D3-168 the authentication tooltip describes the info button', async () => {
    serve();
    const el = await mount('gaze-my-reports');
    const button = await waitFor(() => $(el, 'button[part="auth-hint"]'), 'hint');
    const tip = el.shadowRoot!.getElementById(button.getAttribute('aria-describedby')!)!;
    expect(tip.textContent).to.match(/authentication of the embed/);
  });
});

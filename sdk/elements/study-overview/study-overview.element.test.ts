import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import './study-overview.element';
import { loaderClock, MIN_LOADER_MS } from './StudyOverview';
import {
  $, $$, mount, navigationsDuring, resetPage, stubHttp, text, waitFor, waitForText, describe, it, beforeEach,
  type RecordedRequest,
} from '../test-utils';

function signIn(superUser = false) {
  localStorage.setItem('user', JSON.stringify({
    first_name: 'Ada', last_name: 'L', email: 'ada@acme.example', username: 'ada', company_name: 'Acme', company_id: 1,
    user_type_id: 1, super_user: superUser,
  }));
  localStorage.setItem('superUser', superUser ? 'true' : 'false');
  localStorage.setItem('token', 't0k');
}

function overview(over: Record<string, unknown> = {}) {
  return {
    success: true, id: 7, study_name: 'Summer Cola', brief: 'Measure attention to the summer creative', methodology: 'Webcam',
    language: 'English', environment: 'Webcam', media: 'Display',
    data_collection_start: '2026-01-05T09:00:00.000Z', data_collection_end: null,
    status: 'live', live: true, completed: false, phase_id: 3, phase_name: 'Data Collection', has_files: false, has_results: false,
    cell_step_stim_overview: { cell_count: 3, stim_count: 4, step_count: 9, participants_requested: 200 },
    survey_overview: { has_survey: true, has_demographics: false, num_questions: 6 },
    audience_overview: { participants_requested: 200, participants_returned: 120, consent_refusals: 3, panels: [{ id: 1, name: 'Northstar', code: 'nsp' }] },
    actions: [
      { id: 1, name: 'Study goes live', type: 'live', assignments: [{ email: 'bob@acme.example' }] },
      { id: 2, name: 'Study completed', type: 'completed', assignments: [] },
    ],
    subscribed: false, user_email: 'ada@acme.example',
    run_throughs: [{ id: 3, status: 'queued', result: null, is_test: true, requested_by: 'root@gazeboard.example', created_at: '2026-02-03T15:05:00.000Z' }],
    timeline: [
      { id: 0, kind: 'created', text: 'Study created', at: '2025-12-01T09:30:00.000Z', by: null },
      { id: 4, kind: 'panel_added', text: "Panel 'Northstar' added", at: '2025-12-02T14:07:00.000Z', by: 'ada@acme.example' },
    ],
    stims: [{ id: 1, name: 'A very long stim name' }, { id: 2, name: 'Twelve chars' }, { id: 3, name: 'Short' }],
    ...over,
  };
}

/** The overview answers `current()`; writes succeed unless `fail` names them. */
function api(current: () => Record<string, unknown>, fail: Record<string, { status: number; message: string }> = {}) {
  return stubHttp((req) => {
    for (const [suffix, f] of Object.entries(fail)) {
      if (req.url.endsWith(suffix)) return { status: f.status, data: { success: false, message: f.message } };
    }
    if (/\/studies\/\d+\/overview$/.test(req.url)) return { data: current() };
    if (req.url.endsWith('/complete')) return { data: { success: true, phase_id: 5, live: false, completed: true } };
    if (req.url.endsWith('/assign_to_action')) return { data: { success: true, subscribed: true, email: 'ada@acme.example', actions: [] } };
    if (req.url.endsWith('/order_study_runthrough')) return { data: { success: true, run_through: {} } };
    return { status: 404, data: { success: false, message: 'Not found' } };
  });
}

const calls = (reqs: RecordedRequest[], suffix: string) => reqs.filter((r) => r.url.endsWith(suffix));

/** The loader's minimum passes at once (the minimum itself is proven in its own test). */
function instantLoader() {
  loaderClock.wait = () => Promise.resolve();
}

async function ready(el: HTMLElement) {
  await waitForText(el, 'Summer Cola Overview');
}

describe('<gaze-study-overview>', () => {
  beforeEach(() => {
    resetPage('/v1.0');
    instantLoader();
  });

  it('D2-016 keeps the loader for at least 500 ms even when the data is already there', async () => {
    signIn();
    let release!: () => void;
    const waits: number[] = [];
    loaderClock.wait = (ms) => { waits.push(ms); return new Promise<void>((r) => { release = r; }); };
    const http = api(() => overview());
    const el = await mount('gaze-study-overview', { 'study-id': '7' });
    await waitFor(() => calls(http.requests, '/studies/7/overview').length === 1, 'overview request');
    // The answer has arrived (a second render pass), yet the minimum has not passed: still loading.
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    expect(waits).to.deep.equal([MIN_LOADER_MS]);
    expect($(el, '[part="loader"] [role="progressbar"]')).to.exist;
    expect(text(el)).not.to.include('Summer Cola Overview');
    release();
    await ready(el);
    expect($(el, '[part="loader"]')).to.equal(null);
  });

  it('D2-004 D2-005 D2-006 D2-007 D2-008 D2-012 D2-024 shows the title and every block', async () => {
    signIn();
    const http = api(() => overview());
    const el = await mount('gaze-study-overview', { 'study-id': '7' });
    await ready(el);
    expect(calls(http.requests, '/v1.0/studies/7/overview')[0].method).to.equal('POST');
    expect($(el, 'h1')!.textContent).to.equal('Summer Cola Overview');
    const t = text(el);
    for (const heading of ['Study details', 'Study structure', 'Survey details', 'Stims', 'Panels', 'Panel links', 'Order timeline', 'Actions', 'Study run-through']) {
      expect($$(el, 'h2').map((h) => h.textContent), heading).to.include(heading);
    }
    expect(t).to.include('Measure attention to the summer creative');
    expect(t).to.include('English');
    expect($(el, '[part="date-range"]')!.textContent).to.equal('05/01/2026 – pending');
    expect(t).to.include('Webcam');
    expect(t).to.include('Display');
    const dl = (title: string) => $$(el, 'section').find((s) => s.querySelector('h2')?.textContent === title)!.textContent!;
    expect(dl('Study structure')).to.include('Cells3').and.include('Stims4');
    expect(dl('Survey details')).to.include('SurveyYes').and.include('DemographicsNo').and.include('Questions6');
    expect(dl('Actions')).to.include('Study goes live: bob@acme.example').and.include('Study completed: no one assigned');
    // Issue 41: the respondents who declined the consent text, beside the fieldwork figures.
    expect(dl('Panels')).to.include('returned: 120 · declined consent: 3');
    // The panels and the links are their own elements, placed with this study.
    expect($(el, 'gaze-panels')!.getAttribute('study-id')).to.equal('7');
    expect($(el, 'gaze-panel-links')!.getAttribute('study-id')).to.equal('7');
  });

  it('issue 40: loads the elements it places itself: panels, panel links and share embed are defined and render on a page that loads nothing else', async () => {
    signIn();
    // This test's page bundles study-overview.element alone: any inner tag defined here was loaded by it.
    stubHttp((req) => {
      if (req.url.endsWith('/audience/overview')) return { data: { success: true, participants_requested: 100, panels: [{ id: 4, name: 'Northstar', code: 'nsp' }], data: null } };
      if (req.url.endsWith('/studies/7/overview')) return { data: overview() };
      const links = { standard: 'http://h/take/7?sig=a', auto_start: 'http://h/take/7?sig=a&autostart=1', cell_links: [], panel_links: [] };
      if (req.url.endsWith('/links')) return { data: { success: true, testing_links: links, live_links: links } };
      return { status: 404, data: { success: false, message: 'Not found' } };
    });
    const el = await mount('gaze-study-overview', { 'study-id': '7' });
    await ready(el);
    for (const tag of ['gaze-panels', 'gaze-panel-links', 'gaze-share-embed']) {
      await waitFor(() => customElements.get(tag) !== undefined, `${tag} defined`);
      const inner = $(el, tag)!;
      // Rendered: visible text in its shadow root (styled-components' <style> tags do not count).
      const shown = () => Array.from(inner.shadowRoot?.children ?? []).filter((c) => c.tagName !== 'STYLE').map((c) => (c as HTMLElement).innerText).join('').trim();
      await waitFor(() => shown().length > 0, `${tag} rendered`);
    }
    await waitForText($(el, 'gaze-panels')!, 'Northstar');
  });

  it('D2-006 shows both dates as dd/mm/yyyy', async () => {
    signIn();
    api(() => overview({ data_collection_end: '2026-02-28T17:00:00.000Z' }));
    const el = await mount('gaze-study-overview', { 'study-id': '7' });
    await ready(el);
    expect($(el, '[part="date-range"]')!.textContent).to.equal('05/01/2026 – 28/02/2026');
  });

  it('D2-225 the order timeline shows dd/mm/yyyy 12-hour timestamps, what happened and who', async () => {
    signIn();
    api(() => overview());
    const el = await mount('gaze-study-overview', { 'study-id': '7' });
    await ready(el);
    const items = $$(el, '[part="timeline"] li').map((li) => li.textContent);
    expect(items[0]).to.match(/^01\/12\/2025 \d{1,2}:30 (AM|PM) — Study created$/);
    expect(items[1]).to.match(/^02\/12\/2025 \d{1,2}:07 (AM|PM) — Panel 'Northstar' added \(ada@acme\.example\)$/);
  });

  it('D2-015 cuts stim names over 12 characters to 11 plus an ellipsis, the full name in a tooltip', async () => {
    signIn();
    api(() => overview());
    const el = await mount('gaze-study-overview', { 'study-id': '7' });
    await ready(el);
    const items = $$(el, '[part="stims"] li');
    const long = items[0].querySelector('[tabindex="0"]') as HTMLElement;
    expect(long.textContent).to.equal('A very long…');
    const tip = el.shadowRoot!.getElementById(long.getAttribute('aria-describedby')!.split(' ').at(-1)!)!;
    expect(tip.textContent).to.equal('A very long stim name');
    expect(tip.hidden).to.equal(true);
    long.focus();
    await waitFor(() => !tip.hidden, 'tooltip on focus');
    expect(items[1].textContent).to.equal('Twelve chars');
    expect(items[1].querySelector('[role="tooltip"]')).to.equal(null);
    expect(items[2].textContent).to.equal('Short');
  });

  it('D2-017 D2-018 D2-019 D2-021 links to the study pages; survey questions is permanently disabled with its tooltip', async () => {
    signIn();
    api(() => overview());
    const el = await mount('gaze-study-overview', { 'study-id': '7' });
    await ready(el);
    const hrefs = $$(el, 'nav[aria-label="Study pages"] a').map((a) => a.getAttribute('href'));
    expect(hrefs).to.include.members([
      '/my_studies/overview/7/edit-details', '/my_studies/overview/7/cell_step_management',
      '/my_studies/overview/7/study-specific-stims', '/my_studies/overview/7/edit-audience',
    ]);
    const survey = $(el, '[part="survey-questions"]') as HTMLButtonElement;
    expect(survey.getAttribute('aria-disabled')).to.equal('true');
    const tipId = survey.getAttribute('aria-describedby')!;
    expect(el.shadowRoot!.getElementById(tipId)!.textContent).to.equal('This button is permanently disabled');
    expect(navigationsDuring(() => survey.click())).to.deep.equal([]);
    const seen = navigationsDuring(() => ($$(el, 'nav a').find((a) => a.textContent === 'Edit details') as HTMLAnchorElement).click());
    expect(seen).to.deep.equal([{ path: '/my_studies/overview/7/edit-details', composed: true, bubbles: true }]);
  });

  it("D2-020 shows 'View results' under the 'Congratulations' banner only when results exist", async () => {
    signIn();
    let results = false;
    api(() => overview({ has_results: results }));
    const el = await mount('gaze-study-overview', { 'study-id': '7' });
    await ready(el);
    expect($(el, '[part="results-banner"]')).to.equal(null);
    el.remove();
    resetPage('/v1.0');
    instantLoader();
    signIn();
    results = true;
    api(() => overview({ has_results: results }));
    const el2 = await mount('gaze-study-overview', { 'study-id': '7' });
    await ready(el2);
    const banner = $(el2, '[part="results-banner"]')!;
    expect(banner.querySelector('h2')!.textContent).to.equal('Congratulations');
    expect(banner.querySelector('p')!.textContent).to.equal('Your results are now ready for inspection');
    const link = banner.querySelector('a')!;
    expect(link.textContent).to.equal('View results');
    expect(link.getAttribute('href')).to.equal('/my_studies/overview/7/reports-new');
  });

  it('D2-031 D2-032 shows the status badge for live, completed and not-live studies', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ live: true, completed: false }, 'LIVE STUDY'],
      [{ live: false, completed: true, phase_id: 5 }, 'Study completed'],
      [{ live: true, completed: true, phase_id: 4 }, 'Study completed'],
      [{ live: false, completed: false, phase_id: 2, phase_name: 'Quality Assurance' }, 'Not live: Quality Assurance'],
    ];
    for (const [over, badge] of cases) {
      resetPage('/v1.0');
      instantLoader();
      signIn();
      api(() => overview(over));
      const el = await mount('gaze-study-overview', { 'study-id': '7' });
      await ready(el);
      expect($(el, '[part="status"]')!.textContent, JSON.stringify(over)).to.equal(badge);
      el.remove();
    }
  });

  it('D2-027 D2-028 D2-029 D2-030 ticks reached phases; Complete study asks, posts complete and reloads the study', async () => {
    signIn();
    let state = overview();
    const http = api(() => state);
    const el = await mount('gaze-study-overview', { 'study-id': '7' });
    await ready(el);
    const phases = $$(el, '[part="phases"] li');
    expect(phases.map((p) => p.textContent!.replace('✓', ''))).to.deep.equal(['Setup', 'Quality Assurance', 'Data Collection', 'Analysis & Reporting', 'Study Complete']);
    expect(phases.map((p) => p.dataset.reached)).to.deep.equal(['true', 'true', 'true', 'false', 'false']);
    expect(phases[2].getAttribute('aria-current')).to.equal('step');
    const complete = $(el, '[part="complete-study"]') as HTMLButtonElement;
    expect(complete.textContent).to.equal('Complete study');
    complete.click();
    const dialog = await waitFor(() => $(el, '[role="alertdialog"]'), 'confirmation');
    expect(dialog.textContent).to.include('Complete this study?');
    // Focus starts on Cancel; Escape closes without a call.
    expect(el.shadowRoot!.activeElement!.textContent).to.equal('Cancel');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$(el, '[role="alertdialog"]'), 'dialog closed');
    expect(calls(http.requests, '/complete')).to.have.length(0);
    complete.click();
    await waitFor(() => $(el, '[role="alertdialog"]'), 'confirmation again');
    state = overview({ live: false, completed: true, phase_id: 5, phase_name: 'Study Complete', status: 'completed' });
    ($(el, '[role="alertdialog"] [part="confirm"]') as HTMLButtonElement).click();
    await waitFor(() => $(el, '[part="completed-tick"]'), 'completed tick');
    expect(calls(http.requests, '/v1.0/studies/7/complete')).to.have.length(1);
    expect(calls(http.requests, '/studies/7/overview')).to.have.length(2);
    expect($(el, '[part="complete-study"]')).to.equal(null);
    expect($(el, '[part="completed-tick"]')!.textContent).to.include('Study completed');
    expect($(el, '[role="alertdialog"]')).to.equal(null);
  });

  // Issue 35: the life cycle's real buttons.
  const CHECKS = (unmet: string[] = []) => ([
    ['cells', 'The study has at least one cell', 'Add a cell to the study'],
    ['steps', 'Every cell has steps', "Cell 'Cell B' has no steps"],
    ['panel', 'A panel exists', 'Add a panel in Edit audience'],
    ['test_run', 'A test run passed', 'Run the study through once: a passed run-through or a completed test session'],
  ].map(([id, label, message]) => ({ id, label, passed: !unmet.includes(id), message: unmet.includes(id) ? message : null })));
  const setup = (over: Record<string, unknown> = {}) => overview({
    live: false, paused: false, completed: false, status: 'processing', phase_id: 2, phase_name: 'Quality Assurance',
    data_collection_start: null, data_collection_end: null, launch_checks: CHECKS(), ...over,
  });

  function lifecycleApi(current: () => Record<string, unknown>, launch?: { status: number; data: unknown }) {
    return stubHttp((req) => {
      if (/\/studies\/\d+\/overview$/.test(req.url)) return { data: current() };
      if (req.url.endsWith('/launch')) return launch ?? { data: { success: true, phase_id: 3, live: true, paused: false, completed: false } };
      if (req.url.endsWith('/pause')) return { data: { success: true, phase_id: 3, live: true, paused: true, completed: false } };
      if (req.url.endsWith('/resume')) return { data: { success: true, phase_id: 3, live: true, paused: false, completed: false } };
      return { status: 404, data: { success: false, message: 'Not found' } };
    });
  }

  async function confirmIn(el: HTMLElement, button: string, question: string) {
    ($(el, `[part="${button}"]`) as HTMLButtonElement).click();
    const dialog = await waitFor(() => $(el, '[role="alertdialog"]'), `${button} confirmation`);
    expect(dialog.textContent).to.include(question);
    ($(el, '[role="alertdialog"] [part="confirm"]') as HTMLButtonElement).click();
  }

  it('issue 35: Launch asks, posts launch and reloads; then Pause and Resume do the same, the badge following', async () => {
    signIn();
    let state = setup();
    const http = lifecycleApi(() => state);
    const el = await mount('gaze-study-overview', { 'study-id': '7' });
    await ready(el);
    expect($(el, '[part="launch"]')!.textContent).to.equal('Launch');
    expect($(el, '[part="launch"]')!.getAttribute('aria-disabled')).to.equal(null);
    expect($(el, '[part="launch-checks"]')).to.equal(null);
    expect($(el, '[part="pause"]')).to.equal(null);

    state = setup({ live: true, status: 'live', phase_id: 3, phase_name: 'Data Collection' });
    await confirmIn(el, 'launch', 'Launch this study?');
    await waitFor(() => $(el, '[part="pause"]'), 'pause button after launch');
    const launch = calls(http.requests, '/v1.0/studies/7/launch');
    expect(launch).to.have.length(1);
    expect(launch[0].body).to.deep.equal({});
    expect($(el, '[part="launch"]')).to.equal(null);
    expect($(el, '[part="status"]')!.textContent).to.equal('LIVE STUDY');

    state = setup({ live: true, paused: true, status: 'paused', phase_id: 3, phase_name: 'Data Collection' });
    await confirmIn(el, 'pause', 'Pause fieldwork?');
    await waitFor(() => $(el, '[part="resume"]'), 'resume button after pause');
    expect(calls(http.requests, '/v1.0/studies/7/pause')).to.have.length(1);
    expect($(el, '[part="status"]')!.textContent).to.equal('PAUSED');
    expect($(el, '[part="complete-study"]')!.getAttribute('aria-disabled')).to.equal(null);

    state = setup({ live: true, status: 'live', phase_id: 3, phase_name: 'Data Collection' });
    await confirmIn(el, 'resume', 'Resume fieldwork?');
    await waitFor(() => $(el, '[part="pause"]'), 'pause button after resume');
    expect(calls(http.requests, '/v1.0/studies/7/resume')).to.have.length(1);
    expect($(el, '[part="status"]')!.textContent).to.equal('LIVE STUDY');
  });

  it('issue 35: lists every unmet launch check; Launch is disabled for a researcher and sends nothing', async () => {
    signIn();
    const http = lifecycleApi(() => setup({ launch_checks: CHECKS(['steps', 'panel']) }));
    const el = await mount('gaze-study-overview', { 'study-id': '7' });
    await ready(el);
    const button = $(el, '[part="launch"]') as HTMLButtonElement;
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    const list = $(el, '[part="launch-checks"]')!;
    expect($$(el, '[part="launch-checks"] li').map((li) => li.textContent)).to.deep.equal(["Cell 'Cell B' has no steps", 'Add a panel in Edit audience']);
    expect(button.getAttribute('aria-describedby')).to.equal(list.id);
    button.click();
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    expect($(el, '[role="alertdialog"]')).to.equal(null);
    expect(calls(http.requests, '/launch')).to.have.length(0);
  });

  it("issue 35: a super user may 'Launch anyway': the dialog names the unmet checks and the launch overrides them", async () => {
    signIn(true);
    let state = setup({ launch_checks: CHECKS(['test_run']) });
    const http = lifecycleApi(() => state);
    const el = await mount('gaze-study-overview', { 'study-id': '7' });
    await ready(el);
    expect($(el, '[part="launch"]')!.textContent).to.equal('Launch anyway');
    state = setup({ live: true, status: 'live', phase_id: 3 });
    await confirmIn(el, 'launch', 'Run the study through once');
    await waitFor(() => $(el, '[part="pause"]'), 'launched');
    expect(calls(http.requests, '/launch')[0].body).to.deep.equal({ override: true });
  });

  it('issue 35: a refused launch closes the dialog and names each unmet check', async () => {
    signIn();
    lifecycleApi(() => setup(), { status: 409, data: { success: false, message: 'The study cannot be launched yet', errors: { panel: 'Add a panel in Edit audience' } } });
    const el = await mount('gaze-study-overview', { 'study-id': '7' });
    await ready(el);
    await confirmIn(el, 'launch', 'Launch this study?');
    await waitForText(el, 'The study cannot be launched yet: Add a panel in Edit audience');
    expect($(el, '[role="alertdialog"]')).to.equal(null);
  });

  it("issue 35: a completed study never offers Complete study; dates show actual and planned apart", async () => {
    signIn();
    lifecycleApi(() => setup({
      completed: true, phase_id: 4, status: 'completed', data_collection_start: '2026-01-05T09:00:00.000Z', data_collection_end: null,
      planned_data_collection_start: '2026-01-01T00:00:00.000Z', planned_data_collection_end: '2026-02-15T00:00:00.000Z',
    }));
    const el = await mount('gaze-study-overview', { 'study-id': '7' });
    await ready(el);
    expect($(el, '[part="complete-study"]')).to.equal(null);
    expect($(el, '[part="launch"]')).to.equal(null);
    expect($(el, '[part="completed-tick"]')!.textContent).to.include('Study completed');
    expect($(el, '[part="date-range"]')!.textContent).to.equal('05/01/2026 – pending');
    expect($(el, '[part="planned-range"]')!.textContent).to.equal('01/01/2026 – 15/02/2026');
  });

  it('D2-030 a refused completion closes the dialog and says why', async () => {
    signIn();
    api(() => overview(), { '/complete': { status: 409, message: 'The study is already complete' } });
    const el = await mount('gaze-study-overview', { 'study-id': '7' });
    await ready(el);
    ($(el, '[part="complete-study"]') as HTMLButtonElement).click();
    (await waitFor(() => $(el, '[role="alertdialog"] [part="confirm"]'), 'confirm button')).click();
    await waitForText(el, 'The study is already complete');
    expect($(el, '[role="alertdialog"]')).to.equal(null);
  });

  it("D2-033 the subscribe dialog names the user's e-mail and subscribes", async () => {
    signIn();
    let subscribed = false;
    const http = api(() => overview({ subscribed }));
    const el = await mount('gaze-study-overview', { 'study-id': '7' });
    await ready(el);
    ($(el, '[part="subscribe"]') as HTMLButtonElement).click();
    const dialog = await waitFor(() => $(el, '[role="dialog"]'), 'subscribe dialog');
    expect(dialog.textContent).to.include('Subscribe to study updates');
    expect(dialog.textContent).to.include('will be sent to ada@acme.example.');
    subscribed = true;
    Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Subscribe')!.click();
    await waitFor(() => $(el, '[part="subscribed"]'), 'subscribed note');
    expect(calls(http.requests, '/v1.0/studies/7/assign_to_action')).to.have.length(1);
    expect($(el, '[role="dialog"]')).to.equal(null);
  });

  it("D2-034 D2-036 a non-super user sees 'Automate' disabled with 'Only Admin can automate this study'", async () => {
    signIn(false);
    const http = api(() => overview());
    const el = await mount('gaze-study-overview', { 'study-id': '7' });
    await ready(el);
    const automate = $(el, '[part="automate"]') as HTMLButtonElement;
    expect(automate.getAttribute('aria-disabled')).to.equal('true');
    expect(el.shadowRoot!.getElementById(automate.getAttribute('aria-describedby')!)!.textContent).to.equal('Only Admin can automate this study');
    automate.click();
    expect($(el, '[role="alertdialog"]')).to.equal(null);
    expect(calls(http.requests, '/order_study_runthrough')).to.have.length(0);
    expect(text(el)).to.include('queued');
  });

  it("D2-035 D2-037 a super user's 'Automate' asks 'Confirm the trigger of the study run through test?' and orders a run-through", async () => {
    signIn(true);
    const http = api(() => overview());
    const el = await mount('gaze-study-overview', { 'study-id': '7' });
    await ready(el);
    const automate = $(el, '[part="automate"]') as HTMLButtonElement;
    expect(automate.hasAttribute('aria-disabled')).to.equal(false);
    automate.click();
    const dialog = await waitFor(() => $(el, '[role="alertdialog"]'), 'confirmation');
    expect(dialog.textContent).to.include('Confirm the trigger of the study run through test?');
    (dialog.querySelector('[part="confirm"]') as HTMLButtonElement).click();
    await waitForText(el, 'Run-through ordered: it is queued.');
    expect(calls(http.requests, '/v1.0/studies/7/order_study_runthrough')).to.have.length(1);
  });
});

import { expect } from '@open-wc/testing';
import './report-builder.element';
import { TREE, reportAnswers } from '../../features/report-common/test-fixtures';
import { setImagePreload, setReportTimer } from '../../features/report-common';
import { $, $$, buttonByText, mount, navigationsDuring, resetPage, stubHttp, text, waitFor, waitForText, describe, it, beforeEach, afterEach } from '../test-utils';

const checkbox = (el: HTMLElement, part: string, label: string) => {
  const l = $$(el, `[part="${part}"]`).find((x) => x.textContent?.includes(label));
  if (!l) throw new Error(`No ${part} "${label}"`);
  return l.querySelector('input') as HTMLInputElement;
};
const radio = (el: HTMLElement, label: string) => {
  const l = $$(el, '[part="report-types"] label').find((x) => x.textContent?.trim() === label);
  if (!l) throw new Error(`No report type "${label}"`);
  return l.querySelector('input') as HTMLInputElement;
};
const attentionBodies = (reqs: { url: string; body: unknown }[]) =>
  reqs.filter((r) => r.url.endsWith('/compare_report/overall_attention')).map((r) => r.body as { data: unknown[]; norm_type_id?: number });

async function ready(el: HTMLElement) {
  await waitForText(el, 'Create your reports');
}

describe('<gaze-report-builder>', () => {
  beforeEach(() => {
    resetPage('/v1.0');
    localStorage.setItem('user', 'tok');
    localStorage.setItem('token', 'tok');
    // Visuals never load by themselves in these tests; no timer runs on the wall clock.
    setImagePreload(() => new Promise(() => {}));
    setReportTimer(() => () => {});
  });
  afterEach(() => {
    setImagePreload();
    setReportTimer();
  });

  it('D3-177 D3-178 D3-184 D3-185 tree Study → Cell → Step n → Stim, the report types, no Question report without a survey', async () => {
    const http = stubHttp(reportAnswers());
    const el = await mount('gaze-report-builder', { 'study-id': '9' });
    await ready(el);
    expect(http.requests[0]).to.include({ method: 'POST', url: '/v1.0/studies/9/stims/overview' });
    expect($$(el, '[part="tree-study"]').map((x) => x.textContent)).to.deep.equal(['Spring campaign']);
    expect($$(el, '[part="tree-cell"]').map((x) => x.textContent)).to.deep.equal(['Cell A', 'Cell B']);
    expect($$(el, '[part="tree-step"]').map((x) => x.textContent)).to.deep.equal(['Step 1', 'Step 2', 'Step 1']);
    expect($$(el, '[part="tree-stim"]')).to.have.length(4);
    expect($$(el, '[part="report-types"] label').map((x) => x.textContent)).to.deep.equal(['Compare report', 'KPI report', 'Feature report', 'Demographics report']);
    expect(buttonByText(el, 'Generate Report').disabled).to.equal(true);
  });

  it('D3-185 the Question report is offered when the study has a survey', async () => {
    stubHttp(reportAnswers({ tree: { ...TREE, has_survey: true } }));
    const el = await mount('gaze-report-builder', { 'study-id': '9' });
    await ready(el);
    expect($$(el, '[part="report-types"] label').map((x) => x.textContent)).to.include('Question report');
  });

  it('D3-179 tri-state checkboxes: a stim ticks its step, makes its cell and the study mixed; the study ticks everything', async () => {
    stubHttp(reportAnswers());
    const el = await mount('gaze-report-builder', { 'study-id': '9' });
    await ready(el);
    const stims = $$(el, '[part="tree-stim"] input') as HTMLInputElement[];
    stims[2].click(); // Big Ad in Step 2 of Cell A
    await waitFor(() => stims[2].checked);
    const steps = $$(el, '[part="tree-step"] input') as HTMLInputElement[];
    const cellA = checkbox(el, 'tree-cell', 'Cell A');
    const study = checkbox(el, 'tree-study', 'Spring campaign');
    expect(steps[1].checked).to.equal(true);
    expect(steps[0].checked || steps[0].indeterminate).to.equal(false);
    expect(cellA.indeterminate).to.equal(true);
    expect(cellA.getAttribute('aria-checked')).to.equal('mixed');
    expect(study.indeterminate).to.equal(true);
    study.click();
    await waitFor(() => stims.every((s) => s.checked), 'every stim ticked');
    expect(study.checked && !study.indeterminate).to.equal(true);
    cellA.click();
    await waitFor(() => !stims[0].checked && !stims[1].checked && !stims[2].checked && stims[3].checked, 'cell A cleared');
    expect(study.indeterminate).to.equal(true);
  });

  it('D3-193 D3-189 explanation image and "Choose your report" without a type; the title follows the type', async () => {
    stubHttp(reportAnswers());
    const el = await mount('gaze-report-builder', { 'study-id': '9' });
    await ready(el);
    expect($(el, '[part="title"]')!.textContent).to.equal('Choose your report');
    expect($(el, '[part="explanation"] img')!.getAttribute('alt')).to.contain('Generate Report');
    for (const [label, title] of [['KPI report', 'KPI Report'], ['Feature report', 'Feature Report'], ['Demographics report', 'Demographic Report'], ['Compare report', 'Compare Report']]) {
      radio(el, label).click();
      await waitFor(() => $(el, '[part="title"]')!.textContent === title, title);
    }
    expect($(el, '[part="explanation"]')).to.equal(null);
  });

  it('D3-186 Generate without stims: "Please select at least one stim" for compare, kpi and feature, not for demographics', async () => {
    stubHttp(reportAnswers());
    const el = await mount('gaze-report-builder', { 'study-id': '9' });
    await ready(el);
    for (const label of ['Compare report', 'KPI report', 'Feature report']) {
      radio(el, label).click();
      await waitFor(() => !buttonByText(el, 'Generate Report').disabled);
      buttonByText(el, 'Generate Report').click();
      await waitForText(el, 'Please select at least one stim');
      expect($(el, '[part="error"]')!.getAttribute('role')).to.equal('alert');
    }
    radio(el, 'Demographics report').click();
    await waitFor(() => !text(el).includes('Please select at least one stim'), 'error cleared');
    buttonByText(el, 'Generate Report').click();
    // The report is another element, a dependency the builder loads itself (nothing else on this page defines it).
    await waitFor(() => el.shadowRoot!.querySelector('gaze-demographic-report') !== null && customElements.get('gaze-demographic-report') !== undefined, 'demographics placed and defined');
    expect(text(el)).not.to.contain('Please select at least one stim');
  });

  it('D3-187 Generate sets the criteria: the compare report of the ticked stims, and gaze-navigate to the shareable address', async () => {
    const http = stubHttp(reportAnswers());
    const el = await mount('gaze-report-builder', { 'study-id': '9' });
    await ready(el);
    checkbox(el, 'tree-stim', 'Sky Scraper').click();
    radio(el, 'Compare report').click();
    await waitFor(() => !buttonByText(el, 'Generate Report').disabled);
    const seen = navigationsDuring(() => buttonByText(el, 'Generate Report').click());
    expect(seen.map((s) => s.path)).to.deep.equal(['/my_studies/overview/9/reports?stims=Sky.Scraper&report_type=compare']);
    await waitFor(() => attentionBodies(http.requests).length >= 1, 'attention requested');
    expect(attentionBodies(http.requests)[0].data).to.deep.equal([{ cell_id: 1, step_id: 11, stim_id: 102 }]);
    await waitForText(el, 'Eye tracking KPIs');
  });

  it('D3-187 the address the builder navigated to does not widen its own selection when it comes back', async () => {
    const http = stubHttp(reportAnswers());
    const el = await mount('gaze-report-builder', { 'study-id': '9' });
    await ready(el);
    const stims = $$(el, '[part="tree-stim"] input') as HTMLInputElement[];
    stims[0].click(); // Big Ad of step 11 only (step 12 shows a stim of the same name)
    radio(el, 'Compare report').click();
    await waitFor(() => !buttonByText(el, 'Generate Report').disabled);
    const seen = navigationsDuring(() => buttonByText(el, 'Generate Report').click());
    // Big Ad is placed twice: the address names the placement by its key (issue 37 item 5).
    expect(seen[0].path).to.equal('/my_studies/overview/9/reports?stims=1:11:9:101&report_type=compare');
    // The host routes: the element gets the address's query as attributes.
    el.setAttribute('stims', '1:11:9:101');
    el.setAttribute('report-type', 'compare');
    await waitFor(() => attentionBodies(http.requests).length >= 1, 'attention requested');
    await new Promise((r) => requestAnimationFrame(r));
    expect(stims.map((s) => s.checked)).to.deep.equal([true, false, false, false]);
    expect(attentionBodies(http.requests).every((b) => b.data.length === 1)).to.equal(true);
  });

  it('D3-182 D3-183 a shared address preselects every stim of a name (dots for spaces) and generates at once', async () => {
    const http = stubHttp(reportAnswers());
    const el = await mount('gaze-report-builder', { 'study-id': '9', stims: 'Big.Ad', 'report-type': 'compare' });
    await waitFor(() => attentionBodies(http.requests).length >= 1, 'attention requested without a click');
    expect(attentionBodies(http.requests)[0].data).to.deep.equal([{ cell_id: 1, step_id: 11, stim_id: 101 }, { cell_id: 1, step_id: 12, stim_id: 101 }]);
    const stims = $$(el, '[part="tree-stim"] input') as HTMLInputElement[];
    expect(stims.map((s) => s.checked)).to.deep.equal([true, false, true, false]);
    expect(radio(el, 'Compare report').checked).to.equal(true);
    expect($(el, '[part="title"]')!.textContent).to.equal('Compare Report');
    // Issue 37 item 5: the name matches two placements; the builder says so and names them.
    expect($(el, '[part="ambiguous-stims"]')!.textContent).to.contain("The address names 'Big Ad', which this study places 2 times: all are selected (Big Ad · Step 1; Big Ad · Step 2).");
  });

  it('issue 37 item 5: the placement form opens exactly its placements, the same report as the names of unique stims', async () => {
    const http = stubHttp(reportAnswers());
    const el = await mount('gaze-report-builder', { 'study-id': '9', stims: '1:12:9:101|Sky.Scraper', 'report-type': 'compare' });
    await waitFor(() => attentionBodies(http.requests).length >= 1, 'attention requested');
    expect(attentionBodies(http.requests)[0].data).to.deep.equal([{ cell_id: 1, step_id: 11, stim_id: 102 }, { cell_id: 1, step_id: 12, stim_id: 101 }]);
    const stims = $$(el, '[part="tree-stim"] input') as HTMLInputElement[];
    expect(stims.map((s) => s.checked)).to.deep.equal([false, true, true, false]);
    expect($(el, '[part="ambiguous-stims"]')).to.equal(null);
    // The URL it shows is the same address: Sky Scraper by name, Big Ad of step 12 by key.
    const url = ($(el, '[part="report-url"]') as HTMLInputElement).value;
    expect(url.endsWith('/my_studies/overview/9/reports?stims=Sky.Scraper|1:12:9:101&report_type=compare')).to.equal(true);
  });

  it('D3-183 a shared address of a kpi report loads one KPI report per stim', async () => {
    const http = stubHttp(reportAnswers());
    await mount('gaze-report-builder', { 'study-id': '9', stims: 'Big.Ad|Sky.Scraper', 'report-type': 'kpi' });
    await waitFor(() => http.requests.filter((r) => r.url.endsWith('/kpi_analysis')).length === 3, 'three KPI loads');
    expect(http.requests.filter((r) => r.url.endsWith('/kpi_analysis')).map((r) => r.url).sort()).to.deep.equal([
      '/v1.0/studies/9/cell/1/step/11/stimuli/101/kpi_analysis',
      '/v1.0/studies/9/cell/1/step/11/stimuli/102/kpi_analysis',
      '/v1.0/studies/9/cell/1/step/12/stimuli/101/kpi_analysis',
    ]);
  });

  it('D3-186 a shared compare address naming no stim of the study shows the error instead of generating', async () => {
    const http = stubHttp(reportAnswers());
    const el = await mount('gaze-report-builder', { 'study-id': '9', stims: 'Nope', 'report-type': 'compare' });
    await waitForText(el, 'Please select at least one stim');
    expect(attentionBodies(http.requests)).to.have.length(0);
  });

  it('D3-190 D3-191 D3-192 the report address follows the choice (no stims for demographics) and Copy says "Copied successfully"', async () => {
    stubHttp(reportAnswers());
    const el = await mount('gaze-report-builder', { 'study-id': '9' });
    await ready(el);
    expect($(el, '[part="report-url"]')).to.equal(null);
    checkbox(el, 'tree-stim', 'Sky Scraper').click();
    checkbox(el, 'tree-stim', 'Big Ad').click();
    radio(el, 'Feature report').click();
    const url = () => ($(el, '[part="report-url"]') as HTMLInputElement | null)?.value ?? '';
    // Big Ad (step 11) shares its name with step 12's stim: by key; Sky Scraper by name (issue 37 item 5).
    await waitFor(() => url().endsWith('/my_studies/overview/9/reports?stims=1:11:9:101|Sky.Scraper&report_type=feature'), 'feature address');
    expect(url().startsWith(location.origin)).to.equal(true);
    radio(el, 'Demographics report').click();
    await waitFor(() => url().endsWith('/my_studies/overview/9/reports?report_type=demographics'), 'demographics address without stims');
    let copied = '';
    const realWrite = navigator.clipboard.writeText.bind(navigator.clipboard);
    Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: async (t: string) => { copied = t; } });
    try {
      buttonByText(el, 'Copy').click();
      await waitForText(el, 'Copied successfully');
      expect(copied).to.equal(url());
    } finally {
      Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: realWrite });
    }
  });

  it('D3-180 a stim opens its preview in a dialog', async () => {
    stubHttp(reportAnswers());
    const el = await mount('gaze-report-builder', { 'study-id': '9' });
    await ready(el);
    ($(el, '[part="preview-button"]') as HTMLButtonElement).click();
    const dialog = await waitFor(() => $(el, '[role="dialog"]'), 'preview dialog');
    expect(dialog.textContent).to.contain('Big Ad');
    expect(dialog.querySelector('[part="visual"]')!.getAttribute('data-state')).to.equal('loading');
  });

  it('D3-194 a study without stims shows the empty view', async () => {
    stubHttp(reportAnswers({ tree: { ...TREE, data: [] } }));
    const el = await mount('gaze-report-builder', { 'study-id': '9' });
    await ready(el);
    expect($(el, '[part="empty"]')!.textContent).to.contain('This study has no stims to report on yet.');
    expect($(el, '[part="stim-tree"]')).to.equal(null);
  });

  it('D3-195 the report type is not kept when the page is left and opened again', async () => {
    stubHttp(reportAnswers());
    let el = await mount('gaze-report-builder', { 'study-id': '9' });
    await ready(el);
    radio(el, 'KPI report').click();
    await waitFor(() => $(el, '[part="title"]')!.textContent === 'KPI Report');
    el.remove();
    el = await mount('gaze-report-builder', { 'study-id': '9' });
    await ready(el);
    expect($(el, '[part="title"]')!.textContent).to.equal('Choose your report');
  });
});

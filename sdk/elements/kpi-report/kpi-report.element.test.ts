import { expect } from '@open-wc/testing';
import './kpi-report.element';
import { reportAnswers, reportAnswersWithStats } from '../../features/report-common/test-fixtures';
import { manualClock, setImagePreload, setReportTimer } from '../../features/report-common';
import { setCsvSaver, setDownloadAlert } from '../../core/download/download';
import { $, $$, mount, resetPage, stubHttp, waitFor, waitForText, describe, it, beforeEach, afterEach } from '../test-utils';

const select = (root: Element, label: string) => {
  const l = Array.from(root.querySelectorAll('label')).find((x) => x.textContent?.trim() === label);
  if (!l) throw new Error(`No select ${label}`);
  return (root.getRootNode() as ShadowRoot).getElementById(l.getAttribute('for')!) as HTMLSelectElement;
};
function choose(s: HTMLSelectElement, value: string) {
  s.value = value;
  s.dispatchEvent(new Event('change', { bubbles: true }));
}
const row = (root: Element, metric: string) => Array.from(root.querySelectorAll(`[part="funnel"] tr[data-metric="${metric}"] > *`)).map((c) => c.textContent);
const rel = (root: Element, metric: string) => root.querySelector(`[part="funnel"] tr[data-metric="${metric}"] td`)!.getAttribute('data-relation');
const pages = (el: HTMLElement) => $$(el, '[part="kpi-stim"]');

describe('<gaze-kpi-report>', () => {
  let clock: ReturnType<typeof manualClock>;
  beforeEach(() => {
    resetPage('/v1.0');
    localStorage.setItem('user', 'tok');
    localStorage.setItem('token', 'tok');
    clock = manualClock();
    setReportTimer(clock.start);
    setImagePreload(() => new Promise(() => {}));
  });
  afterEach(() => {
    setReportTimer();
    setImagePreload();
    setCsvSaver();
    setDownloadAlert();
  });

  it('D3-216 D3-217 D3-218 D3-219 D3-236 the funnel per stim against the chosen norm, one load per stim', async () => {
    const http = stubHttp(reportAnswers());
    const el = await mount('gaze-kpi-report', { 'study-id': '9', stims: '1:11:9:101|1:11:9:102' });
    await waitFor(() => pages(el).length === 2 && pages(el).every((p) => p.querySelector('[part="funnel"]')), 'two funnels');
    expect(http.requests.filter((r) => r.url.endsWith('/kpi_analysis')).map((r) => r.url)).to.deep.equal([
      '/v1.0/studies/9/cell/1/step/11/stimuli/101/kpi_analysis', '/v1.0/studies/9/cell/1/step/11/stimuli/102/kpi_analysis',
    ]);
    const p = pages(el)[0];
    expect(Array.from(p.querySelectorAll('[part="funnel"] tbody th')).map((t) => t.textContent)).to.deep.equal([
      '% Stim Viewable', 'Average Stim Viewable Time', '% Stim Viewed', 'Average Stim Dwell Time', 'Attention Per 1000 Impressions (s)',
    ]);
    expect(row(p, 'avg_stim_dwell_time')).to.deep.equal(['Average Stim Dwell Time', '2.5s', '1.0s']);
    expect(row(p, 'attention_per_1000_impressions')).to.deep.equal(['Attention Per 1000 Impressions (s)', '1,234.5', '1,234.5']);
    expect(rel(p, 'avg_stim_dwell_time')).to.equal('above');
    expect(rel(p, 'attention_per_1000_impressions')).to.equal('equal');
    expect(p.querySelector('[part="funnel-note"]')!.textContent).to.equal('How your key statistics interact to predict attention per 1000 impressions');
    choose(select($(el, '[part="kpi-report"]')!, 'Norm'), '3');
    await waitFor(() => rel(pages(el)[0], 'avg_stim_dwell_time') === 'below', 'below the base norm');
    expect(http.requests.filter((r) => r.url.endsWith('/kpi_analysis') && (r.body as { norm_type_id?: number }).norm_type_id === 3)).to.have.length(2);
  });

  it('issue 15: beside each figure its 95 % interval or standard error and n, and the measured base with what left it', async () => {
    stubHttp(reportAnswersWithStats());
    const el = await mount('gaze-kpi-report', { 'study-id': '9', stims: '1:11:9:101' });
    await waitFor(() => pages(el).length === 1 && !!pages(el)[0].querySelector('[part="funnel"] [part="uncertainty"]'), 'stats');
    const p = pages(el)[0];
    const note = (metric: string) => p.querySelector(`[part="funnel"] tr[data-metric="${metric}"] [part="uncertainty"]`)?.textContent;
    expect(note('panelist_viewable_percent')).to.equal('95% CI 38–96% · n 5');
    expect(note('panelist_viewed_percent')).to.equal('95% CI 30–95% · n 4');
    expect(note('avg_stim_dwell_time')).to.equal('± 0.6s SE · n 3');
    expect(note('attention_per_1000_impressions')).to.equal('± 583.1 SE · n 5');
    // under each norm: its standard error over the comparison set's stims
    const normNote = (metric: string) => p.querySelector(`[part="funnel"] tr[data-metric="${metric}"] [part="norm-uncertainty"]`)?.textContent ?? null;
    expect(normNote('panelist_viewable_percent')).to.equal('± 4% SE · 12 stims');
    expect(normNote('avg_stim_dwell_time')).to.equal('± 0.4s SE · 12 stims');
    expect(normNote('attention_per_1000_impressions')).to.equal(null);
    expect(p.querySelector('[part="funnel"] [part="base-row"]')!.textContent).to.equal('Measured basen 5 · 1 left out: gaze sampled too sparsely (below 6.7 Hz)');
    const cards = Array.from(p.querySelectorAll('[part="metric-card"] [part="uncertainty"]')).map((c) => c.textContent);
    expect(cards).to.deep.equal(['± 1.4s SE · n 5', '95% CI 36–92% · n 7', '± 0.2s SE · n 3']);
  });

  it('D3-220 D3-221 D3-280 heading with the capitalised type; a billboard in one column, a tall stim in the grid', async () => {
    stubHttp(reportAnswers());
    const el = await mount('gaze-kpi-report', { 'study-id': '9', stims: '1:11:9:101|1:11:9:102' });
    await waitFor(() => pages(el).length === 2 && pages(el).every((p) => p.querySelector('[part="stim-heading"]')), 'headings');
    expect(pages(el).map((p) => p.querySelector('[part="stim-heading"]')!.textContent)).to.deep.equal(['Big Ad Image', 'Sky Scraper Image']);
    expect(pages(el).map((p) => p.getAttribute('data-layout'))).to.deep.equal(['single', 'grid']);
    expect(pages(el).map((p) => p.querySelector('[part="kpi-visual"]')!.getAttribute('data-image-class'))).to.deep.equal(['wide', 'tall']);
  });

  it('D3-223 D3-225 D3-226 D3-227 visuals Heatmap, Stim Source, Stim Analysis with their captions; spinner, then the error image after 3 s', async () => {
    stubHttp(reportAnswers());
    const el = await mount('gaze-kpi-report', { 'study-id': '9', stims: '1:11:9:101' });
    await waitFor(() => pages(el)[0]?.querySelector('[part="kpi-visual"]'), 'visual');
    const p = pages(el)[0];
    const visual = select(p, 'Visual');
    expect(Array.from(visual.options).map((o) => o.textContent)).to.deep.equal(['Heatmap', 'Stim Source', 'Stim Analysis']);
    const caption = () => p.querySelector('[part="kpi-visual"] figcaption')!.textContent;
    const state = () => p.querySelector('[part="visual"]')!.getAttribute('data-state');
    expect(caption()).to.equal('Here is the visual representation of the data');
    expect(state()).to.equal('loading');
    expect(p.querySelector('[part="visual"] [role="progressbar"]')).not.to.equal(null);
    clock.fire(3000);
    await waitFor(() => state() === 'timeout', 'time-out');
    expect(p.querySelector('[data-kind="error-image"]')).not.to.equal(null);
    choose(visual, 'stim_source');
    await waitFor(() => caption() === 'Here is your stim' && state() === 'loading', 'stim source, loading again');
    choose(visual, 'analysis_source');
    await waitFor(() => caption() === 'Here is the visual representation of the stim analysis', 'analysis caption');
  });

  it('D3-224 a video stim plays with controls and has no visuals selector', async () => {
    stubHttp(reportAnswers());
    const el = await mount('gaze-kpi-report', { 'study-id': '9', stims: '2:21:9:103' });
    await waitFor(() => pages(el)[0]?.querySelector('video'), 'video');
    const p = pages(el)[0];
    expect(p.querySelector('video')!.hasAttribute('controls')).to.equal(true);
    expect(Array.from(p.querySelectorAll('label')).map((l) => l.textContent)).not.to.include('Visual');
    expect(p.querySelector('[part="stim-heading"]')!.textContent).to.contain('Video');
  });

  it('D3-228 D3-229 D3-230 metric cards: page dwell green at the norm, rounded script percent, time to first view', async () => {
    stubHttp(reportAnswers());
    const el = await mount('gaze-kpi-report', { 'study-id': '9', stims: '1:11:9:101' });
    await waitFor(() => pages(el)[0]?.querySelector('[part="metric-cards"]'), 'cards');
    const cards = Array.from(pages(el)[0].querySelectorAll('[part="metric-card"]'));
    expect(cards.map((c) => c.textContent)).to.deep.equal(['12.3sAverage page dwell time', '70%Panelist viewable script percent', '0.5sAverage time to first viewfrom the first viewable moment']);
    // 12.25 s against a norm of 12.25 s: at least the norm → green.
    expect(cards[0].getAttribute('data-relation')).to.equal('above');
    expect(getComputedStyle(cards[0].querySelector('strong')!).color).to.equal('rgb(30, 123, 52)');
  });

  it('issue 15: the Kaplan–Meier switch asks for estimator km and the curve is labelled as such; the spec curve is the default', async () => {
    const http = stubHttp(reportAnswers());
    const el = await mount('gaze-kpi-report', { 'study-id': '9', stims: '1:11:9:101' });
    const sv = () => pages(el)[0].querySelector('[part="survival-section"]')!;
    await waitFor(() => pages(el)[0]?.querySelector('[part="survival-section"] [part="area-chart"]'), 'curve');
    const graphBodies = () => http.requests.filter((r) => r.url.endsWith('/graph2_data')).map((r) => r.body as { estimator?: string });
    expect(graphBodies().every((b) => !('estimator' in b))).to.equal(true);
    expect(sv().querySelector('[part="area-chart"]')!.getAttribute('data-title')).to.equal('How long your respondents viewed the stim');
    const km = sv().querySelector('[role="switch"]') as HTMLButtonElement;
    expect(km.getAttribute('aria-checked')).to.equal('false');
    km.click();
    await waitFor(() => graphBodies().some((b) => b.estimator === 'km'), 'km request');
    await waitFor(() => sv().querySelector('[part="area-chart"]')?.getAttribute('data-title')?.includes('Kaplan–Meier'), 'km label');
  });

  it('D3-231 D3-232 D3-233 D3-234 survival curves: info toggle with the example, data types and their captions', async () => {
    const http = stubHttp(reportAnswers());
    const el = await mount('gaze-kpi-report', { 'study-id': '9', stims: '1:11:9:101' });
    const sv = () => pages(el)[0].querySelector('[part="survival-section"]')!;
    await waitFor(() => pages(el)[0]?.querySelector('[part="survival-section"] [part="area-chart"] figcaption'), 'curve');
    const caption = () => sv().querySelector('[part="area-chart"] figcaption')?.textContent;
    expect(caption()).to.equal('How long your respondents viewed the stim');
    // Issue 38: printed once, not by the chart and again under it.
    expect(Array.from(sv().querySelectorAll('figcaption')).map((f) => f.textContent)).to.deep.equal(['How long your respondents viewed the stim']);
    choose(select(sv(), 'Data type'), '2');
    await waitFor(() => caption() === 'How long your respondents viewed the page the stim was on', 'page caption');
    choose(select(sv(), 'Data type'), '3');
    await waitFor(() => caption() === 'How long the stim was viewable to your respondents', 'viewable caption');
    expect(http.requests.filter((r) => r.url.endsWith('/stimuli/101/graph2_data')).map((r) => r.body)).to.deep.equal([
      { graph_type_id: 1, time_segment: 100, max_time: 5000 },
      { graph_type_id: 2, time_segment: 1000, max_time: 60000 },
      { graph_type_id: 3, time_segment: 500, max_time: 15000 },
    ]);
    (sv().querySelector('[part="info-toggle"]') as HTMLButtonElement).click();
    await waitFor(() => sv().querySelector('[part="info"] img'), 'example image');
    expect(sv().querySelector('.highcharts-container')).to.equal(null);
  });

  it('D3-222 D3-269 D3-270 D3-273 downloads: Download Stim Data saves stim-data.csv (CRLF, commas removed)', async () => {
    const saved: { name: string; text: string }[] = [];
    setCsvSaver((blob, name) => { void blob.text().then((t) => saved.push({ name, text: t })); });
    setDownloadAlert(() => {});
    const http = stubHttp(reportAnswers());
    const el = await mount('gaze-kpi-report', { 'study-id': '9', stims: '1:11:9:101' });
    await waitFor(() => pages(el)[0]?.querySelector('[part="download-menu"] button'), 'download menu');
    const button = pages(el)[0].querySelector('[part="download-menu"] button') as HTMLButtonElement;
    button.click();
    const items = await waitFor(() => { const li = Array.from(pages(el)[0].querySelectorAll('[role="menuitem"]')); return li.length ? li : null; }, 'menu items');
    expect(items.map((i) => i.textContent)).to.deep.equal(['Download Stim Data', 'Download Participant Data']);
    (items[0] as HTMLElement).click();
    await waitFor(() => saved.length === 1, 'saved');
    expect(saved[0].name).to.equal('stim-data.csv');
    expect(saved[0].text.split('\r\n')).to.deep.equal([
      'cell_id,step_id,stim_id,stim_name,metric,label,actual,norm,norm_type,base_size,norm_size',
      '1,11,101,Big Ad,avg_stim_dwell_time,Average Stim Dwell Time (s),2.5,1,Brand Norm,10,3',
    ]);
    expect(http.requests.some((r) => r.url === '/v1.0/studies/9/cell/1/step/11/stimuli/101/report')).to.equal(true);
  });

  it('issue 19 a loaded heatmap offers Download image: the PNG is saved under its name and recorded in My Downloads as a visual', async () => {
    setImagePreload(() => Promise.resolve());
    const png = new Blob([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], { type: 'image/png' });
    const realFetch = window.fetch;
    const fetched: string[] = [];
    window.fetch = (async (url: RequestInfo | URL) => { fetched.push(String(url)); return new Response(png, { status: 200 }); }) as typeof fetch;
    const saved: { name: string; size: number }[] = [];
    setCsvSaver((blob, name) => { saved.push({ name, size: blob.size }); });
    try {
      const ok = reportAnswers();
      const http = stubHttp((req) => (req.url === '/v1.0/downloads' ? { status: 200, data: { success: true } } : ok(req)));
      const el = await mount('gaze-kpi-report', { 'study-id': '9', stims: '1:11:9:101' });
      const button = await waitFor(() => pages(el)[0]?.querySelector('[part="visual-download"]') as HTMLButtonElement | null, 'Download image');
      expect(button.textContent).to.equal('Download image');
      expect(button.getAttribute('aria-label')).to.equal('Download image: Heatmap of Big Ad');
      button.click();
      await waitFor(() => http.requests.some((r) => r.url === '/v1.0/downloads'), 'download recorded');
      expect(fetched).to.deep.equal(['/v/heat.png']);
      expect(saved).to.deep.equal([{ name: 'heatmap-big-ad.png', size: 7 }]);
      expect(http.requests.find((r) => r.url === '/v1.0/downloads')!.body).to.deep.equal({ name: 'heatmap-big-ad.png', kind: 'visual', study_id: 9, size: 7 });
    } finally {
      window.fetch = realFetch;
    }
  });

  it('D3-238 a failed load says "Somethign went wrong" (spelt so) and the other stims still show', async () => {
    const ok = reportAnswers();
    stubHttp((req) => (req.url.includes('/stimuli/102/kpi_analysis') ? { status: 500, data: { success: false, message: 'x' } } : ok(req)));
    const el = await mount('gaze-kpi-report', { 'study-id': '9', stims: '1:11:9:101|1:11:9:102' });
    await waitForText(el, 'Somethign went wrong');
    await waitFor(() => pages(el)[0].querySelector('[part="funnel"]'), 'first stim shown');
  });
});

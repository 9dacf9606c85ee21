import { expect } from '@open-wc/testing';
import './attention-report.element';
import { LONG_NAME, reportAnswers, reportAnswersWithStats, TWO_CELL_KEYS, TWO_CELL_LABELS, TWO_CELL_TREE } from '../../features/report-common/test-fixtures';
import { setCsvSaver } from '../../core/download/download';
import { manualClock, setImagePreload, setReportTimer } from '../../features/report-common';
import { CHART_PALETTE as KIT_PALETTE, SAFE_SERIES_COLOURS } from '../../ui/charts';
import { $, $$, deferred, mount, resetPage, stubHttp, text, waitFor, describe, it, beforeEach, afterEach, type RecordedRequest } from '../test-utils';

const KEYS = '1:11:9:101|1:11:9:102|2:21:9:103';
const section = (el: HTMLElement, part: string) => $(el, `[part="${part}"]`)!;
const select = (root: Element, label: string) => {
  const l = Array.from(root.querySelectorAll('label')).find((x) => x.textContent?.trim() === label);
  if (!l) throw new Error(`No select ${label}`);
  return (root.getRootNode() as ShadowRoot).getElementById(l.getAttribute('for')!) as HTMLSelectElement;
};
function choose(s: HTMLSelectElement, value: string) {
  s.value = value;
  s.dispatchEvent(new Event('change', { bubbles: true }));
}
const cells = (root: Element, metric: string) => Array.from(root.querySelectorAll(`tr[data-metric="${metric}"] td`)).map((td) => [td.textContent, td.getAttribute('data-relation')]);
const bodies = (reqs: RecordedRequest[], part: string) => reqs.filter((r) => r.url.endsWith(`/compare_report/${part}`)).map((r) => r.body as Record<string, unknown>);
const rgb = (hex: string) => `rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`;

describe('<gaze-attention-report>', () => {
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
  });

  it('D3-204 D3-205 D3-206 the four sections are asked for at once, with the stims as {cell_id, step_id, stim_id}', async () => {
    const hold = deferred<void>();
    const http = stubHttp(async (req) => {
      if (!req.url.endsWith('/overview')) await hold.promise;
      return reportAnswers()(req);
    });
    const el = await mount('gaze-attention-report', { 'study-id': '9', stims: KEYS });
    // Nothing has answered yet, and every section has been asked: they load in parallel.
    await waitFor(() => ['overall_attention', 'graph2_data', 'feature_attention', 'visual_data'].every((p) => bodies(http.requests, p).length > 0), 'four requests');
    for (const p of ['kpi-section', 'survival-section', 'feature-section', 'visuals-section']) {
      expect(section(el, p).querySelector('[role="progressbar"]'), p).not.to.equal(null);
    }
    const data = [{ cell_id: 1, step_id: 11, stim_id: 101 }, { cell_id: 1, step_id: 11, stim_id: 102 }, { cell_id: 2, step_id: 21, stim_id: 103 }];
    expect(bodies(http.requests, 'visual_data')[0]).to.deep.equal({ data });
    expect(bodies(http.requests, 'graph2_data')[0]).to.deep.equal({ data, graph_type_id: 1, time_segment: 100, max_time: 5000 });
    // Only the norm shown is asked for; every norm's label comes from norm_sizes (issue 40 item 2).
    expect(bodies(http.requests, 'overall_attention').map((b) => b.norm_type_id)).to.deep.equal([1]);
    await waitFor(() => bodies(http.requests, 'norm_sizes').length > 0, 'norm sizes');
    expect(bodies(http.requests, 'norm_sizes')).to.deep.equal([{ data }]);
    hold.resolve();
    await waitFor(() => section(el, 'kpi-section').querySelector('table'), 'kpi table');
  });

  it('issue 40 item 2: one report view makes one request per section: one overall_attention, one feature_attention, one norm_sizes', async () => {
    const http = stubHttp(reportAnswers());
    const el = await mount('gaze-attention-report', { 'study-id': '9', stims: KEYS });
    await waitFor(() => section(el, 'feature-section').querySelector('table') && select(section(el, 'kpi-section'), 'Norm').options[3].textContent === 'Ad Category Norm (12 stims)', 'loaded with labels');
    await waitFor(() => section(el, 'visuals-section').querySelector('img'), 'visuals');
    const parts = http.requests.map((r) => r.url.split('/').pop()).sort();
    expect(parts).to.deep.equal(['feature_attention', 'graph2_data', 'norm_sizes', 'overall_attention', 'overview', 'visual_data']);
    // The feature selector's labels come from the same answer.
    expect(select(section(el, 'feature-section'), 'Norm').options[0].textContent).to.equal('Brand Norm (4 stims)');
  });

  it('issue 40 item 2: removing the element aborts its requests still on their way, and none of them is an error', async () => {
    const http = stubHttp((req) => (req.url.endsWith('/overview') ? reportAnswers()(req) : new Promise(() => {})));
    const el = await mount('gaze-attention-report', { 'study-id': '9', stims: KEYS });
    const failures: Event[] = [];
    el.addEventListener('gaze-error', (e) => failures.push(e));
    await waitFor(() => ['overall_attention', 'graph2_data', 'feature_attention', 'visual_data', 'norm_sizes'].every((p) => bodies(http.requests, p).length > 0), 'five requests on their way');
    const waiting = http.requests.filter((r) => !r.url.endsWith('/overview')).length;
    expect(http.aborted()).to.equal(0);
    el.remove();
    await waitFor(() => http.aborted() === waiting, 'every waiting request aborted');
    expect(http.signals.filter((sig, i) => !http.requests[i].url.endsWith('/overview') && !sig?.aborted)).to.have.length(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(failures).to.have.length(0);
  });

  it('issue 40 item 2: choosing another norm aborts the request of the norm left while it is on its way', async () => {
    const slow = new Set([2]);
    const http = stubHttp((req) => {
      const n = (req.body as { norm_type_id?: number } | undefined)?.norm_type_id;
      return req.url.endsWith('/overall_attention') && n !== undefined && slow.has(n) ? new Promise(() => {}) : reportAnswers()(req);
    });
    const el = await mount('gaze-attention-report', { 'study-id': '9', stims: '1:11:9:101' });
    const kpi = () => section(el, 'kpi-section');
    await waitFor(() => kpi().querySelector('table'), 'kpi table');
    const norm = select(kpi(), 'Norm');
    choose(norm, '2');
    await waitFor(() => bodies(http.requests, 'overall_attention').some((b) => b.norm_type_id === 2), 'norm 2 asked');
    choose(norm, '3');
    await waitFor(() => cells(kpi(), 'avg_stim_dwell_time')[0][1] === 'below', 'norm 3 shown');
    const i = http.requests.findIndex((r) => r.url.endsWith('/overall_attention') && (r.body as { norm_type_id?: number }).norm_type_id === 2);
    expect(http.signals[i]?.aborted).to.equal(true);
    expect($(el, '[part="section-error"]')).to.equal(null);
  });

  it('D3-196 chips name the stims; a long name is cut in the middle with the full name kept (issue 37)', async () => {
    stubHttp(reportAnswers());
    const el = await mount('gaze-attention-report', { 'study-id': '9', stims: KEYS });
    await waitFor(() => $$(el, '[part="stim-chip"]').map((c) => c.textContent).includes('Sky Scraper'), 'chips');
    const chips = $$(el, '[part="stim-chip"]');
    // Big Ad is placed in two steps of cell A: its chip names the step (issue 37 item 5).
    expect(chips.map((c) => c.textContent)).to.deep.equal(['Big Ad · Step 1', 'Sky Scraper', 'A very long stim na…nd the cut']);
    const long = chips[2].querySelector('span')!;
    expect(long.getAttribute('title')).to.equal(LONG_NAME);
    expect(long.getAttribute('aria-label')).to.equal(LONG_NAME);
  });

  it('issue 15: KPI table cells carry their 95 % interval or standard error with n; a footer row gives each stim its base', async () => {
    stubHttp(reportAnswersWithStats());
    const el = await mount('gaze-attention-report', { 'study-id': '9', stims: '1:11:9:101|1:11:9:102' });
    const kpi = () => section(el, 'kpi-section');
    await waitFor(() => kpi().querySelector('[part="uncertainty"]'), 'stats');
    const notes = (metric: string) => Array.from(kpi().querySelectorAll(`tr[data-metric="${metric}"] [part="uncertainty"]`)).map((n) => n.textContent);
    expect(notes('panelist_viewable_percent')).to.deep.equal(['95% CI 38–96% · n 5', '95% CI 38–96% · n 5']);
    expect(notes('avg_page_dwell_time')).to.deep.equal(['± 1.4s SE · n 5', '± 1.4s SE · n 5']);
    expect(notes('avg_time_to_first_view')[0]).to.equal('± 0.2s SE · n 3');
    const normNotes = (metric: string) => Array.from(kpi().querySelectorAll(`tr[data-metric="${metric}"] [part="norm-uncertainty"]`)).map((n) => n.textContent);
    expect(normNotes('avg_stim_dwell_time')).to.deep.equal(['± 0.4s SE · 12 stims', '± 0.4s SE · 12 stims']);
    expect(normNotes('avg_time_to_first_view')).to.deep.equal(['1 stim', '1 stim']);
    const base = Array.from(kpi().querySelectorAll('[part="base-row"] > *')).map((c) => c.textContent);
    expect(base).to.deep.equal(['Measured base', 'n 5 · 1 left out: gaze sampled too sparsely (below 6.7 Hz)', 'n 5 · 1 left out: gaze sampled too sparsely (below 6.7 Hz)']);
  });

  it('issue 15: feature table cells carry the interval of the share of viewers, or the standard error of the mean dwell', async () => {
    stubHttp(reportAnswersWithStats());
    const el = await mount('gaze-attention-report', { 'study-id': '9', stims: '1:11:9:101' });
    const fs = () => section(el, 'feature-section');
    await waitFor(() => fs().querySelector('[part="uncertainty"]'), 'feature stats');
    const notes = (tag: string) => Array.from(fs().querySelectorAll(`tr[data-metric="${tag}"] [part="uncertainty"]`)).map((n) => n.textContent);
    // The default metric is the mean dwell; 'cta' was fixated by nobody: only its n.
    expect(notes('logo')).to.deep.equal(['± 0.1s SE · n 3']);
    expect(notes('cta')).to.deep.equal(['n 0']);
  });

  it('D3-197 D3-207 D3-218 D3-277 KPI table: formats, colours against the norm, norm selector with set sizes', async () => {
    const http = stubHttp(reportAnswers());
    const el = await mount('gaze-attention-report', { 'study-id': '9', stims: '1:11:9:101' });
    const kpi = () => section(el, 'kpi-section');
    await waitFor(() => kpi().querySelector('table'), 'kpi table');
    // Norm type 1: dwell 2.5 s vs 1.0 s → green; viewable 80 % vs 70 % → green.
    expect(cells(kpi(), 'avg_stim_dwell_time')).to.deep.equal([['2.5s', 'above'], ['1.0s', null]]);
    expect(cells(kpi(), 'panelist_viewable_percent')).to.deep.equal([['80%', 'above'], ['70%', null]]);
    expect(cells(kpi(), 'attention_per_1000_impressions')[0][0]).to.equal('1,234.5');
    expect(cells(kpi(), 'avg_page_dwell_time')[0][0]).to.equal('12.3s');
    expect(cells(kpi(), 'panelist_viewable_script_percent')[0][0]).to.equal('70%');
    const norm = select(kpi(), 'Norm');
    await waitFor(() => norm.options[3].textContent === 'Ad Category Norm (12 stims)', 'sizes in the options');
    expect(Array.from(norm.options).map((o) => o.textContent)).to.deep.equal([
      'Brand Norm (3 stims)', 'Brand Category Norm (6 stims)', 'Base Norm (9 stims)', 'Ad Category Norm (12 stims)',
    ]);
    // Type 2: 2.54 s shows as 2.5s → equal, neutral. Type 3: 3.2 s → red; 90 % → red. Type 4: no norm.
    choose(norm, '2');
    await waitFor(() => cells(kpi(), 'avg_stim_dwell_time')[0][1] === 'equal', 'equal');
    choose(norm, '3');
    await waitFor(() => cells(kpi(), 'avg_stim_dwell_time')[0][1] === 'below', 'below');
    expect(cells(kpi(), 'panelist_viewable_percent')).to.deep.equal([['80%', 'below'], ['90%', null]]);
    choose(norm, '4');
    await waitFor(() => cells(kpi(), 'avg_stim_dwell_time')[1][0] === '–', 'no norm');
    expect(cells(kpi(), 'avg_stim_dwell_time')[0][1]).to.equal('none');
    const colour = getComputedStyle(kpi().querySelector('td[data-relation="none"]')!).color;
    choose(norm, '1');
    await waitFor(() => cells(kpi(), 'avg_stim_dwell_time')[0][1] === 'above', 'above again');
    const green = getComputedStyle(kpi().querySelector('tr[data-metric="avg_stim_dwell_time"] td')!).color;
    expect(green).to.equal('rgb(30, 123, 52)');
    expect(colour).not.to.equal(green);
    // One request per norm shown (issue 40 item 2); back on norm 1 its kept answer shows at once
    // while it is asked again (every key is revalidated when an element comes to it).
    expect(bodies(http.requests, 'overall_attention').map((b) => b.norm_type_id)).to.deep.equal([1, 2, 3, 4, 1]);
  });

  it('issue 38: a lower-is-better metric (average time to first view) is green when faster than the norm, red when slower', async () => {
    const base = reportAnswers();
    // Norm type 3's first look is faster than the stim's; the others' slower.
    stubHttp(async (req) => {
      const answer = await base(req);
      const normTtfv = (req.body as { norm_type_id?: number }).norm_type_id === 3 ? 0.2 : 1.0;
      const data = (answer.data as { data?: { norm_data?: Record<string, unknown> }[] } | undefined)?.data;
      if (req.url.endsWith('/overall_attention') && Array.isArray(data)) data.forEach((d) => { if (d.norm_data) d.norm_data.avg_time_to_first_view = normTtfv; });
      return answer;
    });
    const el = await mount('gaze-attention-report', { 'study-id': '9', stims: '1:11:9:101' });
    const kpi = () => section(el, 'kpi-section');
    const ttfv = () => kpi().querySelector('tr[data-metric="avg_time_to_first_view"] td')!;
    await waitFor(() => kpi().querySelector('tr[data-metric="avg_time_to_first_view"] td'), 'kpi table');
    // 0.5 s against a norm of 1.0 s: below the norm, and better.
    expect([ttfv().getAttribute('data-relation'), ttfv().getAttribute('data-tone')]).to.deep.equal(['below', 'better']);
    expect(getComputedStyle(ttfv()).color).to.equal('rgb(30, 123, 52)');
    // The funnel's higher-is-better rows keep green above the norm.
    const dwell = kpi().querySelector('tr[data-metric="avg_stim_dwell_time"] td')!;
    expect([dwell.getAttribute('data-relation'), dwell.getAttribute('data-tone')]).to.deep.equal(['above', 'better']);
    choose(select(kpi(), 'Norm'), '3');
    await waitFor(() => ttfv().getAttribute('data-tone') === 'worse', 'slower than the norm: worse');
    expect(ttfv().getAttribute('data-relation')).to.equal('above');
    expect(getComputedStyle(ttfv()).color).not.to.equal('rgb(30, 123, 52)');
  });

  it('D3-203 the info toggle swaps the table for the explanation and back', async () => {
    stubHttp(reportAnswers());
    const el = await mount('gaze-attention-report', { 'study-id': '9', stims: '1:11:9:101' });
    const kpi = () => section(el, 'kpi-section');
    await waitFor(() => kpi().querySelector('table'), 'kpi table');
    const toggle = kpi().querySelector('[part="info-toggle"]') as HTMLButtonElement;
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
    toggle.click();
    await waitFor(() => kpi().querySelector('[part="info"]'), 'info');
    expect(kpi().querySelector('table')).to.equal(null);
    expect(kpi().textContent).to.contain('Attention Per 1000 Impressions (s)');
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    toggle.click();
    await waitFor(() => kpi().querySelector('table'), 'table back');
  });

  it('D3-198 D3-199 D3-206 D3-281 D3-282 survival curves: graph types with their segments, chart height 330, the palette', async () => {
    const http = stubHttp(reportAnswers());
    const el = await mount('gaze-attention-report', { 'study-id': '9', stims: '1:11:9:101|1:11:9:102' });
    const sv = () => section(el, 'survival-section');
    await waitFor(() => sv().querySelector('.highcharts-container'), 'chart');
    const graphType = select(sv(), 'Graph type');
    expect(Array.from(graphType.options).map((o) => o.textContent)).to.deep.equal(['Dwell Time', 'Page Dwell Time', 'Viewable Time']);
    expect(sv().querySelector('svg.highcharts-root')!.getAttribute('height')).to.equal('330');
    const yLabels = Array.from(sv().querySelectorAll('.highcharts-yaxis-labels text')).map((t) => t.textContent);
    expect(yLabels).to.include('100');
    expect(yLabels).not.to.include('125');
    expect(KIT_PALETTE).to.have.length(15);
    // Survival series take the colour-blind-safe set, not the kit palette (issue 37 item 6, docs/decisions.md).
    const strokes = Array.from(sv().querySelectorAll('.highcharts-series .highcharts-graph')).map((g) => getComputedStyle(g).stroke);
    expect(strokes.slice(0, 2)).to.deep.equal([rgb(SAFE_SERIES_COLOURS[0]), rgb(SAFE_SERIES_COLOURS[1])]);
    for (const [type, seg, max, lastX] of [[2, 1000, 60000, '60'], [3, 500, 15000, '15']] as const) {
      choose(select(sv(), 'Graph type'), String(type));
      await waitFor(() => bodies(http.requests, 'graph2_data').some((b) => b.graph_type_id === type), `type ${type}`);
      expect(bodies(http.requests, 'graph2_data').find((b) => b.graph_type_id === type)).to.include({ time_segment: seg, max_time: max });
      await waitFor(() => Array.from(sv().querySelectorAll('.highcharts-xaxis-labels text')).some((t) => t.textContent === lastX), `x to ${lastX} s`);
    }
  });

  it('D3-200 D3-213 feature attention: Avg Dwell Time by default, Percent Viewed, its own norm, No data', async () => {
    const http = stubHttp(reportAnswers());
    const el = await mount('gaze-attention-report', { 'study-id': '9', stims: '1:11:9:101' });
    const fs = () => section(el, 'feature-section');
    await waitFor(() => fs().querySelector('table'), 'feature table');
    const metric = select(fs(), 'Metric');
    expect(metric.value).to.equal('avg_stim_dwell_time');
    expect(Array.from(metric.options).map((o) => o.textContent)).to.deep.equal(['Avg Dwell Time', 'Percent Viewed']);
    expect(cells(fs(), 'logo')).to.deep.equal([['0.5s', 'above'], ['0.3s', null]]);
    choose(metric, 'panelist_viewed_percent');
    await waitFor(() => cells(fs(), 'logo')[0][0] === '62%', 'percent');
    expect(cells(fs(), 'cta')).to.deep.equal([['0%', 'none'], ['–', null]]);
    // Issue 38: the feature norms' own set sizes (logo's 4 comparison stims), not the KPI norms' (3, 6, 9, 12).
    const fnorm = select(fs(), 'Norm');
    await waitFor(() => fnorm.options[0].textContent === 'Brand Norm (4 stims)', 'feature norm sizes');
    expect(Array.from(fnorm.options).map((o) => o.textContent)).to.deep.equal(['Brand Norm (4 stims)', 'Brand Category Norm (4 stims)', 'Base Norm (4 stims)', 'Ad Category Norm (4 stims)']);
    choose(fnorm, '3');
    await waitFor(() => bodies(http.requests, 'feature_attention').some((b) => b.norm_type_id === 3), 'feature norm 3');
    // The KPI table's norm is its own.
    expect(select(section(el, 'kpi-section'), 'Norm').value).to.equal('1');
  });

  it('D3-201 D3-213 D3-226 visuals: Original by default, the five choices, spinner then the error image after 3 s', async () => {
    const loads = new Map<string, { resolve: () => void; reject: () => void }>();
    setImagePreload((src) => new Promise<void>((resolve, reject) => { loads.set(src, { resolve, reject }); }));
    stubHttp(reportAnswers());
    const el = await mount('gaze-attention-report', { 'study-id': '9', stims: '1:11:9:101|1:11:9:102' });
    const vs = () => section(el, 'visuals-section');
    await waitFor(() => vs().querySelectorAll('[part="visual"]').length === 2, 'two visuals');
    const visual = select(vs(), 'Visual');
    expect(visual.value).to.equal('original_url');
    expect(Array.from(visual.options).map((o) => o.textContent)).to.deep.equal(['Original', 'View Order', 'Feature Analysis', 'Heatmap', 'Stim Analysis']);
    const states = () => Array.from(vs().querySelectorAll('[part="visual"]')).map((v) => v.getAttribute('data-state'));
    expect(states()).to.deep.equal(['loading', 'loading']);
    expect(vs().querySelectorAll('[part="visual"] [role="progressbar"]')).to.have.length(2);
    expect(clock.waiting().filter((ms) => ms === 3000)).to.have.length(2);
    loads.get('/files/101.png')!.resolve();
    await waitFor(() => states()[0] === 'loaded', 'first loaded');
    expect(vs().querySelector('[part="visual"] img')!.getAttribute('src')).to.equal('/files/101.png');
    clock.fire(3000);
    await waitFor(() => states()[1] === 'timeout', 'second timed out');
    expect(states()[0]).to.equal('loaded');
    expect(vs().querySelectorAll('[data-kind="error-image"]')).to.have.length(1);
    // A new selection starts over; broken media falls back to the placeholder.
    choose(visual, 'heatmap_url');
    await waitFor(() => states().every((s) => s === 'loading'), 'reset');
    loads.get('/visuals/9/11/102/heatmap.png')!.reject();
    await waitFor(() => states()[1] === 'broken', 'broken');
    expect(vs().querySelector('[data-kind="placeholder"]')).not.to.equal(null);
  });

  it('D3-214 resolution 21: a failed section shows its error for 6 s and the others stay', async () => {
    stubHttp(reportAnswers({ fail: ['feature_attention'] }));
    const el = await mount('gaze-attention-report', { 'study-id': '9', stims: '1:11:9:101' });
    const fs = () => section(el, 'feature-section');
    await waitFor(() => fs().querySelector('[part="section-error"]'), 'feature error');
    expect(fs().querySelector('[part="section-error"]')!.textContent).to.equal('Sorry there was an error loading your data');
    expect(fs().querySelector('[part="section-error"]')!.getAttribute('role')).to.equal('alert');
    await waitFor(() => section(el, 'kpi-section').querySelector('table') && section(el, 'survival-section').querySelector('.highcharts-container'), 'others shown');
    expect(section(el, 'visuals-section').querySelectorAll('[part="visual"]')).to.have.length(1);
    expect(clock.waiting()).to.include(6000);
    clock.fire(6000);
    await waitFor(() => !fs().querySelector('[part="section-error"]'), 'error gone after 6 s');
    expect(fs().querySelector('[part="retry"]')).not.to.equal(null);
    expect(text(el)).to.contain('Eye tracking KPIs');
  });

  it('issue 37 item 5: a two-cell design names both cells in chips, columns, legend, captions and the CSV', async () => {
    stubHttp(reportAnswers({ tree: TWO_CELL_TREE }));
    const saved: string[] = [];
    setCsvSaver((blob) => { void blob.text().then((t) => saved.push(t)); });
    try {
      const el = await mount('gaze-attention-report', { 'study-id': '9', stims: TWO_CELL_KEYS });
      await waitFor(() => $$(el, '[part="stim-chip"]').map((c) => c.textContent).includes('Big Ad · Control'), 'chips');
      expect($$(el, '[part="stim-chip"]').map((c) => c.textContent)).to.deep.equal(TWO_CELL_LABELS);
      await waitFor(() => section(el, 'kpi-section').querySelector('table') && section(el, 'feature-section').querySelector('table'), 'tables');
      const heads = (part: string) => Array.from(section(el, part).querySelectorAll('thead th[scope="colgroup"]')).map((th) => th.textContent);
      expect(heads('kpi-section')).to.deep.equal(TWO_CELL_LABELS);
      expect(heads('feature-section')).to.deep.equal(TWO_CELL_LABELS);
      await waitFor(() => section(el, 'survival-section').querySelectorAll('.highcharts-legend-item').length === 3, 'legend');
      expect(Array.from(section(el, 'survival-section').querySelectorAll('.highcharts-legend-item text')).map((t) => t.textContent)).to.deep.equal(TWO_CELL_LABELS);
      await waitFor(() => section(el, 'visuals-section').querySelectorAll('figcaption').length === 3, 'captions');
      expect(Array.from(section(el, 'visuals-section').querySelectorAll('figcaption')).map((f) => f.textContent)).to.deep.equal(TWO_CELL_LABELS);
      (section(el, 'kpi-section').querySelector('[part="table-download"]') as HTMLButtonElement).click();
      await waitFor(() => saved.length === 1, 'csv');
      const rows = saved[0].split('\r\n');
      expect(rows[0].split(',').slice(0, 5)).to.deep.equal(['cell_id', 'step_id', 'stim_id', 'stim_name', 'stim_label']);
      const labels = [...new Set(rows.slice(1).filter(Boolean).map((r) => r.split(',')[4]))];
      expect(labels).to.deep.equal(TWO_CELL_LABELS);
    } finally {
      setCsvSaver();
    }
  });

  it('issue 37 item 6: survival series each have their own colour-blind-safe colour and dash; 3+ series are lines, not blended areas', async () => {
    stubHttp(reportAnswers());
    const el = await mount('gaze-attention-report', { 'study-id': '9', stims: KEYS });
    const sv = () => section(el, 'survival-section');
    await waitFor(() => sv().querySelectorAll('.highcharts-series .highcharts-graph').length === 3, 'three curves');
    expect(sv().querySelector('[part="line-chart"]')).not.to.equal(null);
    expect(sv().querySelector('[part="area-chart"]')).to.equal(null);
    expect(sv().querySelectorAll('.highcharts-area').length).to.equal(0);
    const graphs = Array.from(sv().querySelectorAll('.highcharts-series .highcharts-graph'));
    const strokes = graphs.map((g) => getComputedStyle(g).stroke);
    expect(strokes).to.deep.equal(SAFE_SERIES_COLOURS.slice(0, 3).map(rgb));
    const dashes = graphs.map((g) => g.getAttribute('stroke-dasharray') ?? 'none');
    expect(new Set(dashes).size).to.equal(3);
    // The legend's symbols carry the same dashes, so the key reads without colour.
    const legendDashes = Array.from(sv().querySelectorAll('.highcharts-legend-item .highcharts-graph')).map((g) => g.getAttribute('stroke-dasharray') ?? 'none');
    expect(legendDashes).to.deep.equal(dashes);
  });
});


// Issue 23 in <gaze-feature-report>: the AOI metrics as optional columns after the spec's (picked
// by the user, norms under the values) and the aggregate scanpath chart beside the visuals.
import { expect } from '@open-wc/testing';
import './feature-report.element';
import { reportAnswers } from '../../features/report-common/test-fixtures';
import { setImagePreload, setReportTimer } from '../../features/report-common';
import { Highcharts } from '../../ui/charts';
import { $$, mount, resetPage, stubHttp, waitFor, describe, it, beforeEach, afterEach, type StubHandler } from '../test-utils';

const AOI = {
  logo: {
    aoi_metrics: { time_to_first_fixation: 1.366667, time_to_first_fixation_viewable: 0.366667, avg_fixation_count: 1, avg_fixation_duration: 0.35, avg_revisits: 0, first_fixated_percent: 33.333333 },
    aoi_norm: { time_to_first_fixation: 1.2, time_to_first_fixation_viewable: 0.2, avg_fixation_count: 1, avg_fixation_duration: 0.4, avg_revisits: 0, first_fixated_percent: 100, norm_size: 1 },
  },
  cta: {
    aoi_metrics: { time_to_first_fixation: 1.416667, time_to_first_fixation_viewable: 0.416667, avg_fixation_count: 1.5, avg_fixation_duration: 0.3, avg_revisits: 0.5, first_fixated_percent: 50 },
    aoi_norm: { time_to_first_fixation: null, time_to_first_fixation_viewable: null, avg_fixation_count: null, avg_fixation_duration: null, avg_revisits: null, first_fixated_percent: null, norm_size: 0 },
  },
};
// 4 viewers fixated a feature: 3 entered logo first, 1 cta; then 1 logo, 3 cta.
const SCANPATH = {
  viewers: 4,
  positions: [{ position: 1, counts: { logo: 3, cta: 1 } }, { position: 2, counts: { logo: 1, cta: 3 } }],
  typical_order: ['logo', 'cta'],
};

/** reportAnswers with two features carrying the AOI metrics and a scanpath. */
function answers(): StubHandler {
  const inner = reportAnswers();
  return async (req) => {
    const r = await inner(req);
    if (!req.url.endsWith('/feature_analysis') || !req.url.includes('/stimuli/101/')) return r;
    const body = r.data as { feature_data: { feature_name: string }[] } & Record<string, unknown>;
    const logo = body.feature_data[0];
    const cta = { ...logo, feature_name: 'cta', avg_feature_dwell_time: 0.45, panelist_viewed_percent: 40, view_order: 2 };
    return { ...r, data: { ...body, scanpath: SCANPATH, feature_data: [{ ...logo, ...AOI.logo }, { ...cta, ...AOI.cta }] } };
  };
}

const page = (el: HTMLElement) => $$(el, '[part="feature-stim"]')[0];
const headers = (p: Element) => Array.from(p.querySelectorAll('[part="feature-table"] thead th')).map((t) => t.textContent);
const row = (p: Element, tag: string) => {
  const tr = Array.from(p.querySelectorAll('[part="feature-table"] tbody tr')).find((r) => r.querySelector('th')!.textContent === tag)!;
  return Array.from(tr.querySelectorAll('td')).map((td) => td.textContent);
};
const box = (p: Element, label: string) =>
  Array.from(p.querySelectorAll<HTMLLabelElement>('[part="column-picker"] label')).find((l) => l.textContent === label)!.querySelector('input')!;

describe('<gaze-feature-report> AOI metrics and scanpath (issue 23)', () => {
  beforeEach(() => {
    resetPage('/v1.0');
    localStorage.setItem('user', 'tok');
    localStorage.setItem('token', 'tok');
    setReportTimer(() => () => {});
    setImagePreload(() => new Promise(() => {}));
  });
  afterEach(() => {
    setReportTimer();
    setImagePreload();
  });

  it('issue 23 item 1: the spec\'s columns stay first and alone until the user adds AOI metric columns; norms under the values', async () => {
    stubHttp(answers());
    let el = await mount('gaze-feature-report', { 'study-id': '9', stims: '1:11:9:101' });
    await waitFor(() => page(el)?.querySelector('[part="feature-table"] table'), 'table');
    let p = page(el);
    expect(headers(p)).to.deep.equal(['Feature', 'Average feature dwell', 'Percent panelist viewed']);
    const toggle = p.querySelector<HTMLButtonElement>('[part="column-picker-toggle"]')!;
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    toggle.click();
    await waitFor(() => p.querySelector('[part="column-picker"]'), 'picker');
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(p.querySelector('[part="column-picker"] legend')!.textContent).to.equal('AOI metric columns');
    expect(Array.from(p.querySelectorAll('[part="column-picker"] label')).map((l) => l.textContent)).to.deep.equal([
      'Time to first fixation (from stim onset)', 'Time to first fixation (from first viewable moment)', 'Fixations per viewer',
      'Average fixation duration', 'Revisits per viewer', 'Percent fixated first',
    ]);
    // Picked out of order: the columns still follow the list's order, after the spec's.
    box(p, 'Percent fixated first').click();
    box(p, 'Time to first fixation (from stim onset)').click();
    box(p, 'Revisits per viewer').click();
    await waitFor(() => headers(p).length === 6, 'three more columns');
    expect(headers(p)).to.deep.equal([
      'Feature', 'Average feature dwell', 'Percent panelist viewed',
      'Time to first fixation (from stim onset)', 'Revisits per viewer', 'Percent fixated first',
    ]);
    // logo has a norm (one comparison stim with a logo feature); cta has none.
    expect(row(p, 'logo')).to.deep.equal(['0.5s', '62%', '1.37sNorm 1.20s', '0.0Norm 0.0', '33%Norm 100%']);
    expect(row(p, 'cta')).to.deep.equal(['0.5s', '40%', '1.42s', '0.5', '50%']);
    expect(toggle.textContent).to.equal('Hide column choice');
    toggle.click();
    await waitFor(() => !p.querySelector('[part="column-picker"]'), 'picker closed');
    expect(toggle.textContent).to.equal('More columns (3)');

    // The choice is remembered: a report opened again shows the same columns.
    el.remove();
    el = await mount('gaze-feature-report', { 'study-id': '9', stims: '1:11:9:101' });
    await waitFor(() => page(el)?.querySelector('[part="feature-table"] table'), 'table again');
    p = page(el);
    expect(headers(p).slice(3)).to.deep.equal(['Time to first fixation (from stim onset)', 'Revisits per viewer', 'Percent fixated first']);
    // Unticking removes a column.
    p.querySelector<HTMLButtonElement>('[part="column-picker-toggle"]')!.click();
    await waitFor(() => p.querySelector('[part="column-picker"]'), 'picker again');
    box(p, 'Revisits per viewer').click();
    await waitFor(() => headers(p).length === 5, 'one fewer');
    expect(headers(p).slice(3)).to.deep.equal(['Time to first fixation (from stim onset)', 'Percent fixated first']);
  });

  it('issue 23 item 3: the scanpath chart beside the visuals, shares per position stacked, the typical order in words', async () => {
    stubHttp(answers());
    const el = await mount('gaze-feature-report', { 'study-id': '9', stims: '1:11:9:101' });
    const p = await waitFor(() => page(el)?.querySelector('[part="scanpath"] .highcharts-container svg') && page(el), 'scanpath chart');
    const section = p.querySelector('[part="scanpath"]')!;
    expect(section.closest('section[aria-label="Visuals"]')).to.not.equal(null);
    expect(section.querySelector('figcaption')!.textContent).to.equal('Typical order of features');
    expect(section.querySelector('[part="typical-order"]')!.textContent).to.equal('Typical order: logo → cta (over 4 viewers who fixated a feature)');
    const region = section.querySelector<HTMLElement>('[data-highcharts-chart]')!;
    const chart = Highcharts.charts[Number(region.getAttribute('data-highcharts-chart'))]!;
    expect(chart.xAxis[0].categories).to.deep.equal(['1st feature', '2nd feature']);
    expect(chart.series.map((s) => [s.name, s.points.map((pt) => pt.y)])).to.deep.equal([['logo', [75, 25]], ['cta', [25, 75]]]);
    expect(chart.options.plotOptions?.series?.stacking).to.equal('normal');
    // Shares of one base: the axis ends at 100 %.
    expect(chart.yAxis[0].max).to.equal(100);
    // Drawn: two stacked columns per series.
    expect(section.querySelectorAll('.highcharts-series .highcharts-point').length).to.equal(4);
  });

  it('a stim without features has neither the column picker nor the scanpath', async () => {
    stubHttp(answers());
    const el = await mount('gaze-feature-report', { 'study-id': '9', stims: '1:11:9:102' });
    await waitFor(() => page(el)?.querySelector('[part="no-data"]'), 'no data');
    expect(page(el).querySelector('[part="column-picker-toggle"]')).to.equal(null);
    expect(page(el).querySelector('[part="scanpath"]')).to.equal(null);
  });
});

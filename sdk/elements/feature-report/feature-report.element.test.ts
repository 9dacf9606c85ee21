import { expect } from '@open-wc/testing';
import './feature-report.element';
import { reportAnswers } from '../../features/report-common/test-fixtures';
import { setImagePreload, setReportTimer } from '../../features/report-common';
import { $$, mount, resetPage, stubHttp, waitFor, waitForText, describe, it, beforeEach, afterEach } from '../test-utils';

const select = (root: Element, label: string) => {
  const l = Array.from(root.querySelectorAll('label')).find((x) => x.textContent?.trim() === label);
  if (!l) throw new Error(`No select ${label}`);
  return (root.getRootNode() as ShadowRoot).getElementById(l.getAttribute('for')!) as HTMLSelectElement;
};
const pages = (el: HTMLElement) => $$(el, '[part="feature-stim"]');

describe('<gaze-feature-report>', () => {
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

  it('D3-239 D3-240 D3-241 D3-243 D3-246 heading, downloads, cards and the Feature attention metrics table', async () => {
    const http = stubHttp(reportAnswers());
    const el = await mount('gaze-feature-report', { 'study-id': '9', stims: '1:11:9:101' });
    await waitFor(() => pages(el)[0]?.querySelector('[part="feature-table"] table'), 'table');
    const p = pages(el)[0];
    expect(http.requests.map((r) => r.url)).to.include('/v1.0/studies/9/cell/1/step/11/stimuli/101/feature_analysis');
    expect(p.querySelector('[part="stim-heading"]')!.textContent).to.equal('Big Ad');
    expect(Array.from(p.querySelectorAll('[part="metric-cards"] > div')).map((c) => c.textContent)).to.deep.equal([
      '12.3sAverage page dwell time', '50%Panelist stim viewed percent', '2.0sAverage stim dwell time',
    ]);
    expect(p.querySelector('[part="feature-table"] h3')!.textContent).to.equal('Feature attention metrics');
    expect(Array.from(p.querySelectorAll('[part="feature-table"] th')).map((t) => t.textContent)).to.deep.equal(['Feature', 'Average feature dwell', 'Percent panelist viewed', 'logo']);
    expect(Array.from(p.querySelectorAll('[part="feature-table"] tbody td')).map((t) => t.textContent)).to.deep.equal(['0.5s', '62%']);
    (p.querySelector('[part="download-menu"] button') as HTMLButtonElement).click();
    const items = await waitFor(() => { const li = Array.from(p.querySelectorAll('[role="menuitem"]')); return li.length ? li : null; }, 'menu');
    expect(items.map((i) => i.textContent)).to.deep.equal(['Download Feature Report', 'Download Participant Data']);
  });

  it('D3-242 D3-245 D3-280 visuals Stim Source (default), Feature Analysis, View Order; a billboard full width', async () => {
    stubHttp(reportAnswers());
    const el = await mount('gaze-feature-report', { 'study-id': '9', stims: '1:11:9:101|1:11:9:102' });
    await waitFor(() => pages(el).length === 2 && pages(el).every((p) => p.querySelector('[part="feature-visual"]')), 'visuals');
    const visual = select(pages(el)[0], 'Visual');
    expect(visual.value).to.equal('stim_source');
    expect(Array.from(visual.options).map((o) => o.textContent)).to.deep.equal(['Stim Source', 'Feature Analysis', 'View Order']);
    expect(pages(el).map((p) => p.getAttribute('data-layout'))).to.deep.equal(['single', 'grid']);
  });

  it('D3-244 a stim without features shows No data', async () => {
    stubHttp(reportAnswers());
    const el = await mount('gaze-feature-report', { 'study-id': '9', stims: '1:11:9:102' });
    await waitFor(() => pages(el)[0]?.querySelector('[part="no-data"]'), 'no data');
    expect(pages(el)[0].querySelector('[part="no-data"]')!.textContent).to.equal('No data');
  });

  it('D3-238 a failed load says "Somethign went wrong"', async () => {
    stubHttp(() => ({ status: 500, data: { success: false, message: 'x' } }));
    const el = await mount('gaze-feature-report', { 'study-id': '9', stims: '1:11:9:101' });
    await waitForText(el, 'Somethign went wrong');
  });
});

import { expect } from '@open-wc/testing';
import './question-report.element';
import { Highcharts } from '../../ui/charts';
import { setCsvSaver, setDownloadAlert } from '../../core/download/download';
import { $, $$, deferred, mount, resetPage, stubHttp, waitFor, waitForText, describe, it, beforeEach, afterEach, type StubResponse } from '../test-utils';

const q = (id: number, system: 'ex' | 'lu', name: string, type = 'single_choice') => ({ question_id: id, question_system: system, name, formatted_type: type });
type Q = ReturnType<typeof q>;
const SCREENING = [q(5, 'lu', 'How often do you <b>shop</b> online?')];
const STUDY = [q(7, 'ex', 'Noticed ads?'), q(8, 'lu', 'Which brands do you remember?', 'multiple_choice')];
/** The overview as the server sends it: data[] {survey_title, survey_question (names), questions}. */
const overview = (screening: Q[] = SCREENING, study: Q[] = STUDY) => ({
  data: { success: true, data: [
    { survey_title: 'Screening questions', survey_question: screening.map((x) => x.name), questions: screening },
    { survey_title: 'Study questions', survey_question: study.map((x) => x.name), questions: study },
  ] },
});
const aggregate = (id: number, answers: [string, number][], total: number) => ({
  data: { success: true, data: { data: { question_id: id, total_user_count: total, answer_data: answers.map(([text, count]) => ({ text, count })) } } },
});
const PARTICIPANTS = {
  data: {
    success: true,
    data: {
      data: {
        answers: ['Crunchy Oats', 'Fizzwell, the fizzy one', 'Shopwise'],
        participant_answer_data: [
          { participant_reference: 'r-001', answer_data: [{ text: 'Crunchy Oats' }, { text: 'Fizzwell, the fizzy one' }] },
          { participant_reference: 'r-002', answer_data: [{ text: 'Shopwise' }] },
        ],
        name: 'Which brands do you remember?',
        short_name: 'brand_recall',
        question_id: 8,
      },
    },
  },
};

function answers(url: string, body: { limit_to_eyetracking?: boolean }): StubResponse {
  if (url.endsWith('/survey/overview')) return overview();
  if (url.endsWith('/lu/5/aggregate')) {
    return body.limit_to_eyetracking
      ? aggregate(5, [['Daily', 1], ['Weekly', 2], ['Never', 0]], 3)
      : aggregate(5, [['Daily', 3], ['Weekly', 2], ['Never', 0], ['Monthly', 1]], 6);
  }
  if (url.endsWith('/lu/8/aggregate')) return aggregate(8, [['Crunchy Oats', 1], ['Fizzwell', 1], ['Shopwise', 1]], 2);
  if (url.endsWith('/lu/8/participant')) return PARTICIPANTS;
  return { status: 404, data: { success: false, message: 'Not found' } };
}

const report = (el: HTMLElement) => $(el, '[part="question-report"]')!;
const menu = (el: HTMLElement) => $(el, '[part="question-menu"]') as HTMLSelectElement;
const categories = (el: HTMLElement) => $$(el, '.highcharts-xaxis-labels text').map((t) => t.textContent);

describe('<gaze-question-report>', () => {
  beforeEach(() => {
    resetPage('/v1.0');
    localStorage.setItem('user', 'tok');
    localStorage.setItem('token', 'tok');
  });
  afterEach(() => {
    setCsvSaver();
    setDownloadAlert();
  });

  it('D3-247 D3-248 D3-249 D3-258 titles, the grouped menu (type and name, HTML stripped), the first screening question chosen', async () => {
    const http = stubHttp((r) => answers(r.url, r.body as object));
    const el = await mount('gaze-question-report', { 'study-id': '9' });
    await waitFor(() => $(el, '[part="bar-chart"]'), 'chart');
    expect($(el, 'h2')!.textContent).to.equal('Question responses');
    expect($(el, 'h3')!.textContent).to.equal('Choose a question to view your results');
    expect(report(el).querySelector('label.menu')!.firstChild!.textContent).to.equal('Select question');
    const groups = Array.from(menu(el).querySelectorAll('optgroup')).map((g) => [g.label, Array.from(g.querySelectorAll('option')).map((o) => o.textContent)]);
    expect(groups).to.deep.equal([
      ['Screening questions', ['Single choice: How often do you shop online?']],
      ['Study questions', ['Single choice: Noticed ads?', 'Multiple choice: Which brands do you remember?']],
    ]);
    expect(menu(el).value).to.equal('lu:5');
    expect(http.requests.find((r) => r.url.endsWith('/aggregate'))).to.deep.include({ url: '/v1.0/studies/9/survey/lu/5/aggregate', body: { limit_to_eyetracking: true } });
  });

  it('D3-258 without screening questions the first study question is chosen; with none at all, the no-data image', async () => {
    stubHttp((r) => (r.url.endsWith('/overview') ? overview([], STUDY) : answers(r.url, r.body as object)));
    const el = await mount('gaze-question-report', { 'study-id': '9' });
    await waitFor(() => menu(el)?.value === 'ex:7', 'first study question');
    resetPage('/v1.0');
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', 'tok');
    stubHttp(() => overview([], []));
    const empty = await mount('gaze-question-report', { 'study-id': '9' });
    const img = await waitFor(() => $(empty, '[part="no-data"]') as HTMLImageElement | null, 'no-data image');
    expect(img.alt).to.equal('No data available');
  });

  it('D3-250 D3-251 D3-252 D3-259 zero answers dropped, most chosen first, y-axis title; the switch (on) refetches without the limit', async () => {
    const http = stubHttp((r) => answers(r.url, r.body as object));
    const el = await mount('gaze-question-report', { 'study-id': '9' });
    await waitFor(() => categories(el).length === 2, 'two bars');
    expect(categories(el)).to.deep.equal(['Weekly', 'Daily']);
    expect($(el, '.highcharts-yaxis .highcharts-axis-title')!.textContent).to.equal('Percentage of respondents %');
    const sw = $(el, '[role="switch"]')!;
    expect(sw.getAttribute('aria-checked')).to.equal('true');
    expect($(el, '[part="switch"] label')!.textContent).to.equal('Limit to eyetracking');
    sw.click();
    await waitFor(() => categories(el).length === 3, 'three bars');
    expect(categories(el)).to.deep.equal(['Daily', 'Weekly', 'Monthly']);
    expect(http.requests.filter((r) => r.url.endsWith('/lu/5/aggregate')).map((r) => r.body)).to.deep.equal([{ limit_to_eyetracking: true }, { limit_to_eyetracking: false }]);
  });

  it('D3-253 D3-254 D3-263 the tooltip shows the percent to 1 decimal, the count and the total; the panel is 720 px', async () => {
    stubHttp((r) => answers(r.url, r.body as object));
    const el = await mount('gaze-question-report', { 'study-id': '9' });
    await waitFor(() => categories(el).length === 2, 'bars');
    expect(getComputedStyle($(el, '[part="results"]')!).width).to.equal('720px');
    // Hovering is Highcharts' own business; its tooltip is refreshed on the first (largest) bar.
    const chart = Highcharts.charts.find((c) => c && el.shadowRoot!.contains(c.container))!;
    chart.tooltip.refresh(chart.series[0].points[0]);
    const tip = await waitFor(() => $$(el, '.highcharts-tooltip text').map((t) => t.textContent).join('|') || null, 'tooltip');
    expect(tip).to.contain('66.7%');
    expect(tip).to.contain('Count: 2');
    expect(tip).to.contain('Total respondents: 3');
  });

  it('D3-255 D3-262 D3-269 D3-273 "Download participant results" saves the participant CSV (columns, slash-joined options, CRLF, commas removed)', async () => {
    const saved: { name: string; text: string }[] = [];
    setCsvSaver((blob, name) => { void blob.text().then((t) => saved.push({ name, text: t })); });
    const http = stubHttp((r) => answers(r.url, r.body as object));
    const el = await mount('gaze-question-report', { 'study-id': '9' });
    await waitFor(() => menu(el)?.value === 'lu:5', 'menu');
    menu(el).value = 'lu:8';
    menu(el).dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => categories(el).length === 3, 'question 8 bars');
    const button = $(el, '[part="download"]') as HTMLButtonElement;
    expect(button.textContent).to.equal('Download participant results');
    button.click();
    await waitFor(() => saved.length === 1, 'saved');
    expect(saved[0].name).to.equal('participant-results-brand-recall.csv');
    expect(saved[0].text.split('\r\n')).to.deep.equal([
      'participant_reference,question,question_short_name,question_id,answer_options,question_answer_1,question_answer_2',
      'r-001,Which brands do you remember?,brand_recall,8,Crunchy Oats/Fizzwell the fizzy one/Shopwise,Crunchy Oats,Fizzwell the fizzy one',
      'r-002,Which brands do you remember?,brand_recall,8,Crunchy Oats/Fizzwell the fizzy one/Shopwise,Shopwise,',
    ]);
    expect(http.requests.find((r) => r.url.endsWith('/participant'))!.body).to.deep.equal({ limit_to_eyetracking: true });
  });

  it('D3-261 resolution 8: a failed download shows "Error downloading data"; an empty one alerts "No Data to download"', async () => {
    const alerts: string[] = [];
    setDownloadAlert((m) => alerts.push(m));
    setCsvSaver(() => {});
    let fail = true;
    stubHttp((r) => {
      if (r.url.endsWith('/lu/5/participant')) {
        return fail ? { status: 500, data: { success: false, message: 'boom' } }
          : { data: { success: true, data: { data: { answers: [], participant_answer_data: [], name: 'x', short_name: 'x', question_id: 5 } } } };
      }
      return answers(r.url, r.body as object);
    });
    const el = await mount('gaze-question-report', { 'study-id': '9' });
    const button = await waitFor(() => $(el, '[part="download"]') as HTMLButtonElement | null, 'button');
    button.click();
    await waitForText(el, 'Error downloading data');
    fail = false;
    await waitFor(() => !button.disabled, 'enabled again');
    button.click();
    await waitFor(() => alerts.length === 1, 'alert');
    expect(alerts).to.deep.equal(['No Data to download']);
  });

  it('D3-257 the overview shows a spinner while loading and the "Error loading your data" image when it fails', async () => {
    const pending = deferred();
    stubHttp(() => pending.promise);
    const el = await mount('gaze-question-report', { 'study-id': '9' });
    await waitFor(() => $(el, '[role="progressbar"]'), 'spinner');
    pending.resolve({ status: 500, data: { success: false, message: 'boom' } });
    const img = await waitFor(() => $(el, '[part="overview-error"]') as HTMLImageElement | null, 'error image');
    expect(img.alt).to.equal('Error loading your data');
  });
});

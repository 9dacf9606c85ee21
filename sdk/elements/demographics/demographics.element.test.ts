import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import './demographics.element';
import { getStore } from '../../core/store/store';
import { demographicSummary, initialView, summaryParams } from '../../core/demographics/demographics';
import { summaryData, type DemographicSummary } from '../../core/api/demographics';
import { setCsvSaver, setDownloadAlert } from '../../core/download/download';
import {
  $, $$, buttonByText, deferred, mount, resetPage, sleep, stubHttp, text, waitFor, waitForText, describe, it, beforeEach, afterEach,
  navigationsDuring, pageApi, type RecordedRequest,
} from '../test-utils';

const g = (id: number, name: string, count: number) => ({ id, name, count });

const SUMMARY = {
  gender_group: [g(1, 'Female', 40), g(2, 'Male', 35), g(3, 'Non-binary', 2)],
  age_group: [g(1, '18-24', 20), g(2, '25-34', 60)],
  family_group: [g(1, 'Single, no children', 30), g(3, 'Family with children', 50)],
  earnings_group: [g(1, '0-20', 10), g(2, '20-40', 70)],
  // one group only and nobody without a group → no-data image
  socialgrade_group: [g(1, 'AB', 80), g(2, 'C1', 0)],
  // no one has an ethnicity group: the 80 respondents are the Other slice (issue 35)
  ethnicity_group: [g(1, 'White', 0)],
};
const TOTAL = 80;

const LISTS: Record<string, { id: number; name: string }[]> = {
  age: [g(1, '18-24', 0), g(2, '25-34', 0)],
  family: [g(1, 'Single, no children', 0), g(3, 'Family with children', 0)],
  earnings: [g(1, '0-20', 0), g(2, '20-40', 0)],
  gender: [g(1, 'Female', 0), g(2, 'Male', 0)],
};

function api(summary: unknown = SUMMARY, total = TOTAL, hold?: Promise<unknown>) {
  return stubHttp(async (req) => {
    const list = /\/dashboard\/data\/demographics\/(\w+)_list$/.exec(req.url);
    if (list) return { data: { success: true, data: LISTS[list[1]].map(({ id, name }) => ({ id, name })) } };
    if (req.url.endsWith('/participant_demographic_summary')) {
      if (hold) await hold;
      // The wire form is the legacy shape (data[0].age[{age_group, count}] …), from the per-kind lists.
      return { data: { success: true, data: summaryData(summary as DemographicSummary), study_id: 9, study_name: 'Spring, campaign', total } };
    }
    return { status: 404, data: {} };
  });
}

const summaryCalls = (reqs: RecordedRequest[]) => reqs.filter((r) => r.url === '/v1.0/studies/9/participant_demographic_summary');
const lastBody = (reqs: RecordedRequest[]) => summaryCalls(reqs).at(-1)!.body as Record<string, unknown>;
// Highcharts draws each data label twice (text outline + text), joined by a zero-width space.
const dataLabels = (root: Element) => Array.from(root.querySelectorAll('.highcharts-data-label')).map((l) => l.textContent!.split('\u200B')[0]);
const legendLabels = (root: Element) => Array.from(root.querySelectorAll('.highcharts-legend-item')).map((l) => l.textContent!);
const pie = (el: HTMLElement, title: string) => $$(el, '[part="pie"]').find((p) => p.getAttribute('data-title') === title)!;

async function ready(el: HTMLElement) {
  await waitFor(() => $$(el, '.highcharts-container').length === 5, 'five drawn pies (Social grade is the no-data image)');
}

describe('<gaze-demographics>', () => {
  let saved: { name: string; text: string }[];
  let alerts: string[];
  const realAlert = window.alert;
  beforeEach(() => {
    resetPage('/v1.0');
    saved = [];
    alerts = [];
    setCsvSaver((blob, name) => {
      void blob.text().then((t) => saved.push({ name, text: t }));
    });
    // The real alert path: downloadCsv calls window.alert.
    setDownloadAlert();
    window.alert = (m?: unknown) => void alerts.push(String(m));
  });
  afterEach(() => {
    setCsvSaver();
    window.alert = realAlert;
  });

  it('D1-108 D1-122 title is the study name; the summary is POSTed for the study', async () => {
    const gate = deferred<void>();
    const http = api(SUMMARY, TOTAL, gate.promise);
    const el = await mount('gaze-demographics', { 'study-id': '9', 'study-name': 'From attribute' });
    await waitFor(() => summaryCalls(http.requests).length === 1, 'request sent');
    expect($(el, '[part="title"]')!.textContent).to.equal('From attribute');
    gate.resolve();
    await ready(el);
    expect($(el, '[part="title"]')!.textContent).to.equal('Spring, campaign');
    expect(summaryCalls(http.requests)[0].method).to.equal('POST');
    expect(lastBody(http.requests)).to.deep.equal({
      limit_to_eyetracking: false, age_group_ids: [], family_group_ids: [], earnings_group_ids: [], genders_group_ids: [],
    });
  });

  it('the background stays white when the reader prefers a dark colour scheme', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    try {
      expect(matchMedia('(prefers-color-scheme: dark)').matches).to.equal(true);
      api();
      const el = await mount('gaze-demographics', { 'study-id': '9' });
      await ready(el);
      const bg = pie(el, 'Gender').querySelector('.highcharts-background') as SVGElement;
      expect(getComputedStyle(bg).fill).to.equal('rgb(255, 255, 255)');
    } finally {
      await emulateMedia({ colorScheme: 'light' });
    }
  });

  it('D1-109 D1-110 D1-111 D1-117 six pies, an Other slice, no-data images, £…k earnings labels', async () => {
    api();
    const el = await mount('gaze-demographics', { 'study-id': '9' });
    await ready(el);
    expect($$(el, '[part="pie"]').map((p) => p.querySelector('figcaption')!.textContent)).to.deep.equal([
      'Gender', 'Age', 'Family', 'Earnings', 'Social grade', 'Ethnicity',
    ]);
    // Gender: 40 + 35 + 2 = 77 of 80 → Other 3; slices in the SVG (not the legend, pitfall 10)
    const gender = pie(el, 'Gender');
    await waitFor(() => gender.querySelectorAll('.highcharts-series .highcharts-point').length === 4, 'four gender slices');
    // Counts and shares in the legend, shares on the slices, the total under the title (issue 10 item 9).
    const labels = legendLabels(gender);
    expect(labels).to.include('Other: 3 (4%)');
    expect(labels).to.include('Female: 40 (50%)');
    expect(dataLabels(gender)).to.include.members(['50%', '4%']);
    expect(gender.querySelector('[part="total"]')!.textContent).to.equal('80 respondents');
    const earnings = legendLabels(pie(el, 'Earnings'));
    expect(earnings).to.include.members(['£0-20k: 10 (13%)', '£20-40k: 70 (88%)']);
    // Age: 20 + 60 of 80, so Other is 0 and is not drawn at all (no "Other: 0").
    const age = pie(el, 'Age');
    await waitFor(() => age.querySelectorAll('.highcharts-series .highcharts-point').length === 2, 'two age slices');
    expect(age.textContent).to.not.contain('Other');
    // Social grade: only AB above 0 and Other 0 → image
    for (const t of ['Social grade']) {
      const img = pie(el, t).querySelector('img[part="no-data"]') as HTMLImageElement;
      expect(img, t).to.exist;
      expect(img.alt).to.equal('No data');
      expect(img.src.startsWith('data:image/svg+xml')).to.equal(true);
      expect(pie(el, t).querySelector('.highcharts-container')).to.equal(null);
    }
    expect(pie(el, 'Gender').querySelector('img')).to.equal(null);
    // Ethnicity: no one has a group, so all 80 are the Other slice (issue 35), not "No data".
    expect(legendLabels(pie(el, 'Ethnicity'))).to.deep.equal(['Other: 80 (100%)']);
  });

  it('issue 35 D1-110: respondents without any group of a kind are that pie\'s Other slice (100 %), not "No data"', async () => {
    // The API counts 12 respondents; none has a group recorded.
    const none = Object.fromEntries(Object.entries(SUMMARY).map(([k, list]) => [k, list.map((x) => ({ ...x, count: 0 }))]));
    api(none, 12);
    const el = await mount('gaze-demographics', { 'study-id': '9' });
    await waitFor(() => $$(el, '.highcharts-container').length === 6, 'six drawn pies');
    expect($$(el, 'img[part="no-data"]')).to.have.length(0);
    for (const t of ['Gender', 'Age', 'Family', 'Earnings', 'Social grade', 'Ethnicity']) {
      expect(legendLabels(pie(el, t)), t).to.deep.equal(['Other: 12 (100%)']);
    }
  });

  it('D1-111 one group above 0 plus a non-zero Other is enough for a pie', async () => {
    api({ ...SUMMARY, socialgrade_group: [g(1, 'AB', 70)] }, 80);
    const el = await mount('gaze-demographics', { 'study-id': '9' });
    await waitFor(() => $$(el, '.highcharts-container').length === 6, 'six drawn pies');
    expect(pie(el, 'Social grade').querySelector('img')).to.equal(null);
  });

  it('charts inside the shadow root have a WHITE background (pitfall 2)', async () => {
    api();
    const el = await mount('gaze-demographics', { 'study-id': '9' });
    await ready(el);
    const bg = pie(el, 'Gender').querySelector('.highcharts-background') as SVGElement;
    expect(getComputedStyle(bg).fill).to.equal('rgb(255, 255, 255)');
    const style = pie(el, 'Gender').querySelector('style.highcharts-palette')!;
    expect(style.textContent).to.include(':host');
    expect(style.textContent).to.not.include(':root');
    // The chart's title/label text is not black-on-black: the text colour variable resolves.
    const label = pie(el, 'Gender').querySelector('.highcharts-data-label text') as SVGElement;
    expect(getComputedStyle(label).fill).to.not.equal('');
  });

  it('D1-116 D1-118 D1-119 D1-121 filter modal: groups, toggles add/remove, Submit sends the id lists and closes', async () => {
    const http = api();
    const el = await mount('gaze-demographics', { 'study-id': '9' });
    await ready(el);
    buttonByText(el, 'Filters').click();
    const dialog = await waitFor(() => $(el, '[role="dialog"]'), 'dialog');
    // inside the shadow root, not document.body
    expect(dialog.getRootNode()).to.equal(el.shadowRoot);
    await waitFor(() => dialog.querySelectorAll('input[type="checkbox"]').length === 8, 'checkboxes');
    expect(Array.from(dialog.querySelectorAll('legend')).map((l) => l.textContent)).to.deep.equal(['Age', 'Family', 'Earnings', 'Gender']);
    const box = (kind: string, label: string) =>
      Array.from(dialog.querySelectorAll(`[data-kind="${kind}"] label`)).find((l) => l.textContent === label)!.querySelector('input') as HTMLInputElement;
    expect(box('earnings', '£20-40k')).to.exist;
    box('age', '25-34').click();
    box('family', 'Family with children').click();
    box('earnings', '£20-40k').click();
    box('gender', 'Female').click();
    box('gender', 'Male').click();
    await waitFor(() => box('gender', 'Male').checked, 'male checked');
    box('gender', 'Male').click(); // toggled again → removed
    await waitFor(() => !box('gender', 'Male').checked, 'male unchecked');
    expect(summaryCalls(http.requests)).to.have.length(1); // nothing sent before Submit
    buttonByText(el, 'Submit filters').click();
    await waitFor(() => summaryCalls(http.requests).length === 2, 'refetch');
    expect(lastBody(http.requests)).to.deep.equal({
      limit_to_eyetracking: false, age_group_ids: [2], family_group_ids: [3], earnings_group_ids: [2], genders_group_ids: [1],
    });
    await waitFor(() => !$(el, '[role="dialog"]'), 'modal closed');
    expect(buttonByText(el, 'Filters (4)')).to.exist;
  });

  it('D1-120 D1-121 Clear filters removes them all and refetches', async () => {
    const http = api();
    const el = await mount('gaze-demographics', { 'study-id': '9' });
    await ready(el);
    buttonByText(el, 'Filters').click();
    const dialog = await waitFor(() => $(el, '[role="dialog"]'), 'dialog');
    await waitFor(() => dialog.querySelectorAll('input').length === 8, 'checkboxes');
    (dialog.querySelector('[data-kind="age"] input') as HTMLInputElement).click();
    buttonByText(el, 'Submit filters').click();
    await waitFor(() => summaryCalls(http.requests).length === 2, 'filtered');
    expect(lastBody(http.requests).age_group_ids).to.deep.equal([1]);
    buttonByText(el, 'Filters (1)').click();
    const again = await waitFor(() => $(el, '[role="dialog"]'), 'dialog again');
    expect((again.querySelector('[data-kind="age"] input') as HTMLInputElement).checked).to.equal(true);
    buttonByText(el, 'Clear filters').click();
    await waitFor(() => summaryCalls(http.requests).length === 3, 'cleared refetch');
    expect(lastBody(http.requests)).to.deep.equal({
      limit_to_eyetracking: false, age_group_ids: [], family_group_ids: [], earnings_group_ids: [], genders_group_ids: [],
    });
    await waitFor(() => Array.from(again.querySelectorAll('input')).every((i) => !(i as HTMLInputElement).checked), 'unchecked');
  });

  it('D1-115 D1-121 the Limit to eyetracking switch refetches with limit_to_eyetracking', async () => {
    const http = api();
    const el = await mount('gaze-demographics', { 'study-id': '9' });
    await ready(el);
    const sw = $(el, '[part="limit"] input') as HTMLInputElement;
    expect($(el, '[part="limit"]')!.textContent).to.equal('Limit to eyetracking');
    expect(sw.getAttribute('role')).to.equal('switch');
    sw.click();
    await waitFor(() => summaryCalls(http.requests).length === 2, 'refetch');
    expect(lastBody(http.requests).limit_to_eyetracking).to.equal(true);
    sw.click();
    await waitFor(() => summaryCalls(http.requests).length === 3, 'refetch 2');
    expect(lastBody(http.requests).limit_to_eyetracking).to.equal(false);
  });

  it('D1-112 D1-114 split download: CSV of all groups (CRLF, commas removed) and one group from the menu', async () => {
    api();
    const el = await mount('gaze-demographics', { 'study-id': '9' });
    await ready(el);
    buttonByText(el, 'Download').click();
    await waitFor(() => saved.length === 1, 'saved');
    expect(saved[0].name).to.equal('participant-demographics.csv');
    const lines = saved[0].text.split('\r\n');
    expect(saved[0].text.replace(/\r\n/g, '')).to.not.include('\n');
    expect(lines[0]).to.equal('Group,Name,Count');
    expect(lines).to.include('Gender,Female,40');
    expect(lines).to.include('Gender,Other,3');
    expect(lines).to.include('Family,Single no children,30');
    expect(lines).to.include('Earnings,£20-40k,70');
    expect(lines.every((l) => l.split(',').length === 3)).to.equal(true);
    expect(alerts).to.deep.equal([]);

    $(el, '[aria-label="More download options"]')!.click();
    const item = await waitFor(() => $$(el, '[role="menuitem"]').find((b) => b.textContent === 'Gender (CSV)'), 'menu item');
    expect($$(el, '[role="menuitem"]')).to.have.length(6);
    item.click();
    await waitFor(() => saved.length === 2, 'saved 2');
    expect(saved[1].name).to.equal('participant-demographics-gender.csv');
    expect(saved[1].text).to.equal('Group,Name,Count\r\nGender,Female,40\r\nGender,Male,35\r\nGender,Non-binary,2\r\nGender,Other,3');
    await waitFor(() => !$(el, '[role="menu"]'), 'menu closed');
  });

  it('D1-113 download with no data alerts "No Data to download" and saves nothing', async () => {
    const empty = Object.fromEntries(Object.keys(SUMMARY).map((k) => [k, []]));
    api(empty, 0);
    const el = await mount('gaze-demographics', { 'study-id': '9' });
    await waitFor(() => $$(el, 'img[part="no-data"]').length === 6, 'six no-data images');
    buttonByText(el, 'Download').click();
    $(el, '[aria-label="More download options"]')!.click();
    (await waitFor(() => $$(el, '[role="menuitem"]')[0], 'menu')).click();
    await sleep(50);
    expect(alerts).to.deep.equal(['No Data to download', 'No Data to download']);
    expect(saved).to.deep.equal([]);
  });

  it('D1-124 a failed fetch records "Somethign went wrong"', async () => {
    const gate = deferred();
    stubHttp((req) => (req.url.endsWith('_summary') ? gate.promise : { data: { success: true, data: [] } }));
    const el = await mount('gaze-demographics', { 'study-id': '9' });
    gate.resolve({ status: 500, data: { success: false, message: 'boom' } });
    await waitForText(el, 'Somethign went wrong');
    expect(demographicSummary.select(getStore().getState(), pageApi(), summaryParams(9, initialView())).error).to.equal('Somethign went wrong');
    expect(text(el)).to.not.include('boom');
  });

  it('D1-108 D1-121 two elements for different studies on one page: own title and figures; a filter refetches only its own study', async () => {
    const NAMES: Record<string, string> = { '9': 'Spring, campaign', '11': 'Autumn launch' };
    const SUMMARIES: Record<string, unknown> = { '9': SUMMARY, '11': { ...SUMMARY, gender_group: [g(1, 'Female', 5), g(2, 'Male', 70)] } };
    const http = stubHttp((req) => {
      const list = /\/dashboard\/data\/demographics\/(\w+)_list$/.exec(req.url);
      if (list) return { data: { success: true, data: LISTS[list[1]].map(({ id, name }) => ({ id, name })) } };
      const study = /\/studies\/(\d+)\/participant_demographic_summary$/.exec(req.url);
      if (study) return { data: { success: true, data: summaryData(SUMMARIES[study[1]] as DemographicSummary), study_id: Number(study[1]), study_name: NAMES[study[1]], total: TOTAL } };
      return { status: 404, data: {} };
    });
    const calls = (id: number) => http.requests.filter((r) => r.url === `/v1.0/studies/${id}/participant_demographic_summary`);
    const spring = await mount('gaze-demographics', { 'study-id': '9' });
    const autumn = await mount('gaze-demographics', { 'study-id': '11' });
    await ready(spring);
    await ready(autumn);
    expect($(spring, '[part="title"]')!.textContent).to.equal('Spring, campaign');
    expect($(autumn, '[part="title"]')!.textContent).to.equal('Autumn launch');
    await waitFor(() => legendLabels(pie(autumn, 'Gender')).some((l) => l.startsWith('Female: 5 ')), 'autumn gender labels');
    expect(legendLabels(pie(spring, 'Gender'))).to.include('Female: 40 (50%)');
    expect(legendLabels(pie(spring, 'Gender')).some((l) => l.startsWith('Female: 5 '))).to.equal(false);
    expect(calls(9)).to.have.length(1);
    expect(calls(11)).to.have.length(1);

    buttonByText(autumn, 'Filters').click();
    const dialog = await waitFor(() => $(autumn, '[role="dialog"]'), 'autumn dialog');
    expect($(spring, '[role="dialog"]')).to.equal(null);
    await waitFor(() => dialog.querySelectorAll('input[type="checkbox"]').length === 8, 'checkboxes');
    const age = Array.from(dialog.querySelectorAll('[data-kind="age"] label')).find((l) => l.textContent === '25-34')!.querySelector('input')!;
    age.click();
    await waitFor(() => age.checked, 'age checked');
    buttonByText(autumn, 'Submit filters').click();
    await waitFor(() => calls(11).length === 2, 'autumn refetch');
    expect(calls(11).at(-1)!.body).to.deep.equal({
      limit_to_eyetracking: false, age_group_ids: [2], family_group_ids: [], earnings_group_ids: [], genders_group_ids: [],
    });
    await waitFor(() => buttonByText(autumn, 'Filters (1)'), 'autumn filter count');
    await sleep(50);
    expect(calls(9)).to.have.length(1); // the other study was not refetched
    expect(buttonByText(spring, 'Filters')).to.exist;
    expect($(spring, '[part="title"]')!.textContent).to.equal('Spring, campaign');
    expect($(autumn, '[part="title"]')!.textContent).to.equal('Autumn launch');

    // And the other way round: the limit switch of the first refetches only the first.
    ($(spring, '[part="limit"] input') as HTMLInputElement).click();
    await waitFor(() => calls(9).length === 2, 'spring refetch');
    expect((calls(9).at(-1)!.body as Record<string, unknown>).limit_to_eyetracking).to.equal(true);
    await sleep(50);
    expect(calls(11)).to.have.length(2);
    expect(($(autumn, '[part="limit"] input') as HTMLInputElement).checked).to.equal(false);
  });

  it('issue 10 item 6: an unknown study (404) shows the not-found state with a way back to My Studies', async () => {
    stubHttp((req) => (req.url.endsWith('/participant_demographic_summary') ? { status: 404, data: { success: false, message: 'Study not found' } } : { data: { success: true, data: [] } }));
    const el = await mount('gaze-demographics', { 'study-id': '99999' });
    const box = await waitFor(() => $(el, '[part="not-found"]'), 'not-found state');
    expect(box.querySelector('h1')!.textContent).to.equal('Study not found'); // the page's one h1 (issue 38)
    const back = $(el, '[part="back"]') as HTMLAnchorElement;
    expect(back.getAttribute('href')).to.equal('/my_studies');
    expect(navigationsDuring(() => back.click()).map((n) => n.path)).to.deep.equal(['/my_studies']);
    // No toolbar, no pies, no recorded error text instead of a page.
    expect($(el, '[part="toolbar"]')).to.equal(null);
    expect($(el, '[part="pies"]')).to.equal(null);
  });

  it('issue 10 item 6: an id that cannot be a study is not asked for and shows the same state', async () => {
    for (const bad of ['abc', '43.0', '0', '-1', '0x2b', '99999999999']) {
      resetPage('/v1.0');
      const http = api();
      const el = await mount('gaze-demographics', { 'study-id': bad });
      await waitFor(() => $(el, '[part="not-found"]'), `not-found state for ${bad}`);
      await sleep(20);
      expect(summaryCalls(http.requests), bad).to.have.length(0);
      expect(http.requests.filter((r) => r.url.includes('participant_demographic_summary')), bad).to.have.length(0);
    }
  });
});

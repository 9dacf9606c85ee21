import { describe, expect, it, vi } from 'vitest';
import { load, until, useTestClient } from '../test-utils';
import { deferred, stubHttp, type RecordedRequest } from '../api/test-transport';
import { summaryData, type DemographicSummary } from '../api/demographics';
import {
  activeFilterCount, DEMOGRAPHICS_ERROR, demographicFilterList, demographicSummary, emptyFilters, FILTER_KINDS, initialView, piesOf,
  summaryParams, viewReducer as r, type DemographicsView, type SummaryParams,
} from './demographics';
import { tokenId } from '../config/config';
import { buildPie, buildPies, formatEarnings, otherCount, PIE_TITLES } from './pies';
import { csvFileName, demographicCsv, demographicRows } from './csv';
import { NO_DATA_ALERT, toCsv } from '../download/csv';
import { downloadCsv, setCsvSaver, setDownloadAlert } from '../download/download';
import { sessionActions } from '../session/slice';

const g = (id: number, name: string, count: number) => ({ id, name, count });
const SUMMARY: DemographicSummary = {
  gender_group: [g(1, 'Female', 4), g(2, 'Male', 5)],
  age_group: [g(1, '18-24', 9)],
  family_group: [g(1, 'Single, no children', 3), g(2, 'Couple', 6)],
  earnings_group: [g(1, '0-20', 2), g(2, '20-40', 3)],
  socialgrade_group: [],
  ethnicity_group: [g(1, 'White', 0)],
};

const summaryAnswer = (req: RecordedRequest) =>
  req.url.includes('/dashboard/data/demographics/')
    ? { data: { success: true, data: [{ id: 1, name: req.url.replace(/.*\/(\w+)_list$/, '$1') }] } }
    : { data: { success: true, data: summaryData(SUMMARY), study_name: 'Study X', total: 10 } };
const summaryBodies = (reqs: RecordedRequest[]) =>
  reqs.filter((r) => r.url.endsWith('/participant_demographic_summary')).map((r) => r.body as Record<string, unknown>);

describe('demographics: pies and labels', () => {
  it('D1-117 earnings labels get a pound sign and a k suffix', () => {
    expect(formatEarnings('20-40')).toBe('£20-40k');
    // Issue 38: the open top band reads '£100k+' (it read '£100+k'); a label already formatted is kept.
    expect(formatEarnings('100+')).toBe('£100k+');
    expect(formatEarnings('£100k+')).toBe('£100k+');
    expect(formatEarnings('100k+')).toBe('£100k+');
    expect(formatEarnings('£20-40k')).toBe('£20-40k');
    expect(buildPie('earnings_group', SUMMARY, 5).slices.map((s) => s.name)).toEqual(['£0-20k', '£20-40k', 'Other']);
    expect(buildPie('gender_group', SUMMARY, 9).slices[0].name).toBe('Female');
  });

  it('D1-110 issue 38: the ethnicity pie has one Other slice; a listed "Other ethnic group" or "Other" answer is folded into it', () => {
    const listed: DemographicSummary = { ...SUMMARY, ethnicity_group: [g(1, 'White', 5), g(3, 'Asian', 2), g(5, 'Other ethnic group', 2)] };
    const pie = buildPie('ethnicity_group', listed, 10);
    expect(pie.slices).toEqual([{ name: 'White', y: 5 }, { name: 'Asian', y: 2 }, { name: 'Other', y: 3 }]);
    const plain = buildPie('ethnicity_group', { ...SUMMARY, ethnicity_group: [g(1, 'White', 5), g(5, 'Other', 2)] }, null);
    expect(plain.slices).toEqual([{ name: 'White', y: 5 }, { name: 'Other', y: 2 }]);
    // A group that merely contains the word is kept.
    expect(buildPie('family_group', { ...SUMMARY, family_group: [g(1, 'Mother and child', 1)] }, 1).slices.map((sl) => sl.name)).toEqual(['Mother and child', 'Other']);
  });

  it('D1-109 D1-110 six pies in order, each ending with an Other slice = total − Σ counts (never < 0)', () => {
    const pies = buildPies(SUMMARY, 10);
    expect(pies.map((p) => p.title)).toEqual(['Gender', 'Age', 'Family', 'Earnings', 'Social grade', 'Ethnicity']);
    expect(pies.every((p) => p.slices.at(-1)!.name === 'Other')).toBe(true);
    expect(pies[0].slices.at(-1)!.y).toBe(1);
    expect(otherCount([4, 5], 10)).toBe(1);
    expect(otherCount([6, 6], 10)).toBe(0);
    expect(otherCount([1], null)).toBe(0);
    expect(buildPies(null, 10)).toEqual([]);
    expect(Object.keys(PIE_TITLES)).toHaveLength(6);
  });

  it('D1-111 a pie has data when more than one slice is above 0, or when only Other is (respondents without groups, issue 35)', () => {
    const pies = Object.fromEntries(buildPies(SUMMARY, 10).map((p) => [p.title, p.hasData]));
    // Age: 18-24 = 9, Other = 1 → two slices; Social grade / Ethnicity: nobody has a group, all 10 are Other → a pie
    expect(pies).toEqual({ Gender: true, Age: true, Family: true, Earnings: true, 'Social grade': true, Ethnicity: true });
    const tight = Object.fromEntries(buildPies(SUMMARY, 9).map((p) => [p.title, p.hasData]));
    // Age: 9 of 9 in one named group → one slice, the no-data image (D1-111)
    expect(tight).toMatchObject({ Gender: true, Age: false, 'Social grade': true, Ethnicity: true });
    // No respondents at all (or no total): nothing to draw.
    expect(buildPies(SUMMARY, 0).find((p) => p.title === 'Ethnicity')!.hasData).toBe(false);
    expect(buildPies(SUMMARY, null).find((p) => p.title === 'Ethnicity')!.hasData).toBe(false);
  });
});

describe('demographics: CSV', () => {
  it('D1-114 D1-150 comma delimiter, CRLF, commas removed from texts', () => {
    expect(toCsv([['Single, no children', 'a\r\nb']])).toBe('Single no children,a b');
    expect(toCsv([['a,b', 1], ['c', null]])).toBe('ab,1\r\nc,');
    const csv = demographicCsv(buildPies(SUMMARY, 10))!;
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Group,Name,Count');
    expect(lines).toContain('Family,Single no children,3');
    expect(lines).toContain('Earnings,£20-40k,3');
    expect(lines).toContain('Gender,Other,1');
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines.every((l) => l.split(',').length === 3)).toBe(true);
  });

  it('D1-113 nothing to download → null rows / null CSV', () => {
    const zero = buildPies({ ...SUMMARY, gender_group: [g(1, 'F', 0)], age_group: [], family_group: [], earnings_group: [] }, 0);
    expect(demographicRows(zero)).toEqual([]);
    expect(demographicCsv(zero)).toBeNull();
    expect(demographicCsv([])).toBeNull();
  });

  it('file names', () => {
    expect(csvFileName()).toBe('participant-demographics.csv');
    expect(csvFileName('Social grade')).toBe('participant-demographics-social-grade.csv');
  });

  it('D1-113 downloadCsv alerts "No Data to download" when empty, else saves a text/csv blob', async () => {
    const saver = vi.fn();
    const alert = vi.fn();
    setCsvSaver(saver);
    setDownloadAlert(alert);
    try {
      expect(downloadCsv(null, 'x.csv')).toBe(false);
      expect(alert).toHaveBeenCalledWith(NO_DATA_ALERT);
      expect(NO_DATA_ALERT).toBe('No Data to download');
      expect(saver).not.toHaveBeenCalled();
      expect(downloadCsv('a,b\r\n1,2', 'x.csv')).toBe(true);
      const [blob, name] = saver.mock.calls[0] as [Blob, string];
      expect(name).toBe('x.csv');
      expect(blob.type).toBe('text/csv;charset=utf-8');
      expect(await blob.text()).toBe('a,b\r\n1,2');
    } finally {
      setCsvSaver();
      setDownloadAlert();
    }
  });
});

describe('demographics: view state, summary and filter lists', () => {
  const t = useTestClient();
  const api = t.api('T');
  const params = (studyId: number, v: DemographicsView = initialView()): SummaryParams => summaryParams(studyId, v);
  const entry = (store: ReturnType<typeof t.store>, p: SummaryParams) => demographicSummary.select(store.getState(), api, p);

  it('D1-118 toggling adds when absent, removes when present (draft only)', () => {
    let v = r(initialView(), { type: 'open' });
    v = r(v, { type: 'toggle', field: 'age_group_ids', id: 2 });
    v = r(v, { type: 'toggle', field: 'age_group_ids', id: 3 });
    v = r(v, { type: 'toggle', field: 'age_group_ids', id: 2 });
    expect(v.draft.age_group_ids).toEqual([3]);
    expect(v.filters).toEqual(emptyFilters());
  });

  it('D1-119 D1-120 submit applies and closes; clear removes all; openFilters starts from the applied ones', () => {
    let v = r(initialView(), { type: 'open' });
    v = r(v, { type: 'toggle', field: 'genders_group_ids', id: 1 });
    v = r(v, { type: 'submit' });
    expect(v.modalOpen).toBe(false);
    expect(v.filters.genders_group_ids).toEqual([1]);
    v = r(v, { type: 'open' });
    v = r(v, { type: 'toggle', field: 'family_group_ids', id: 4 });
    v = r(v, { type: 'close' }); // dismissed: not applied
    expect(v.filters.family_group_ids).toEqual([]);
    v = r(v, { type: 'open' });
    expect(v.draft).toEqual({ ...emptyFilters(), genders_group_ids: [1] });
    v = r(v, { type: 'clear' });
    expect(v.filters).toEqual(emptyFilters());
    expect(v.draft).toEqual(emptyFilters());
  });

  it('D1-121 D1-122 load, limit, submit and clear each POST the summary with the current filters', async () => {
    const http = stubHttp(summaryAnswer);
    const store = t.store();
    let v = initialView();
    // What the element does: each view change is a new key, fetched when it is new.
    const step = async (next: DemographicsView) => {
      const n = summaryBodies(http.requests).length;
      v = next;
      await load(store, demographicSummary, api, params(7, v));
      expect(summaryBodies(http.requests)).toHaveLength(n + 1);
    };
    await step(v);
    expect(http.requests.find((q) => q.url.endsWith('_summary'))).toMatchObject({ method: 'POST', url: '/v1.0/studies/7/participant_demographic_summary' });
    expect(summaryBodies(http.requests)[0]).toEqual({ limit_to_eyetracking: false, ...emptyFilters() });
    expect(entry(store, params(7, v)).data!.studyName).toBe('Study X');
    expect(entry(store, params(7, v)).data!.summary.age_group[0].count).toBe(9);
    expect(entry(store, params(7, v)).data!.total).toBe(10);
    await step(r(v, { type: 'limit', limit: true }));
    expect(summaryBodies(http.requests).at(-1)!.limit_to_eyetracking).toBe(true);
    const toggled = r(r(v, { type: 'open' }), { type: 'toggle', field: 'earnings_group_ids', id: 2 });
    // Toggling alone does not change the key (the draft is not part of it), so nothing is fetched.
    expect(demographicSummary.keyOf(api, params(7, toggled))).toBe(demographicSummary.keyOf(api, params(7, v)));
    await step(r(toggled, { type: 'submit' }));
    expect(summaryBodies(http.requests).at(-1)).toEqual({ limit_to_eyetracking: true, ...emptyFilters(), earnings_group_ids: [2] });
    expect(activeFilterCount(v)).toBe(1);
    await step(r(v, { type: 'clear' }));
    expect(summaryBodies(http.requests).at(-1)).toEqual({ limit_to_eyetracking: true, ...emptyFilters() });
    // piesOf is memoised: same answer → same array
    const answer = entry(store, params(7, v)).data;
    expect(piesOf(answer)).toBe(piesOf(answer));
    expect(piesOf(answer)).toHaveLength(6);
  });

  it('D1-123 the four demographic lists are fetched once', async () => {
    const http = stubHttp(summaryAnswer);
    const store = t.store();
    for (const kind of [...FILTER_KINDS, ...FILTER_KINDS]) store.dispatch(demographicFilterList.actions.fetch({ api, params: kind }));
    await until(() => FILTER_KINDS.every((k) => demographicFilterList.select(store.getState(), api, k).status === 'success'));
    for (const kind of FILTER_KINDS) store.dispatch(demographicFilterList.actions.fetch({ api, params: kind }));
    await new Promise((res) => setTimeout(res, 20));
    expect(http.requests.map((q) => `${q.method} ${q.url}`).sort()).toEqual([
      'GET /v1.0/dashboard/data/demographics/age_list',
      'GET /v1.0/dashboard/data/demographics/earnings_list',
      'GET /v1.0/dashboard/data/demographics/family_list',
      'GET /v1.0/dashboard/data/demographics/gender_list',
    ]);
    expect(demographicFilterList.select(store.getState(), api, 'age').data).toEqual([{ id: 1, name: 'age' }]);
  });

  it('D1-124 a failed fetch records "Somethign went wrong"', async () => {
    stubHttp(() => ({ status: 500, data: { message: 'boom' } }));
    const e = await load(t.store(), demographicSummary, api, params(7));
    expect(DEMOGRAPHICS_ERROR).toBe('Somethign went wrong');
    expect(e.error).toBe('Somethign went wrong');
  });

  it('a stale answer never overwrites a newer one of the same key', async () => {
    const first = deferred();
    let n = 0;
    stubHttp((req) => (n++ === 0 ? first.promise : summaryAnswer(req)));
    const store = t.store();
    store.dispatch(demographicSummary.actions.fetch({ api, params: params(7) }));
    await load(store, demographicSummary, api, params(7), true);
    expect(entry(store, params(7)).data!.studyName).toBe('Study X');
    first.resolve({ data: { success: true, data: summaryData({}), study_name: 'Stale' } });
    await new Promise((res) => setTimeout(res, 20));
    expect(entry(store, params(7)).data!.studyName).toBe('Study X');
  });

  it('another study starts with no figures; sign-out forgets everything of that token', async () => {
    stubHttp(summaryAnswer);
    const store = t.store();
    await load(store, demographicSummary, api, params(1));
    expect(entry(store, params(2)).data).toBeNull();
    expect(entry(store, params(2)).status).toBe('idle');
    store.dispatch(sessionActions.signedOut(tokenId('T')));
    expect(entry(store, params(1)).data).toBeNull();
  });

  it('several studies on one page: summaries and loading flags stay apart; a slow answer lands in its own study', async () => {
    const slowA = deferred();
    const SUMMARY_A = { ...SUMMARY, gender_group: [g(1, 'Female', 7)] };
    const http = stubHttp((req) => {
      if (req.url === '/v1.0/studies/1/participant_demographic_summary') return slowA.promise;
      return { data: { success: true, data: summaryData(SUMMARY), study_name: 'Study B', total: 10 } };
    });
    const store = t.store();
    store.dispatch(demographicSummary.actions.fetch({ api, params: params(1) }));
    await load(store, demographicSummary, api, params(2));
    // B's filters change while A's first answer is still on its way.
    const vB = r(r(r(initialView(), { type: 'open' }), { type: 'toggle', field: 'age_group_ids', id: 3 }), { type: 'submit' });
    await load(store, demographicSummary, api, params(2, vB));
    expect(http.requests.filter((q) => q.url.includes('/studies/2/')).at(-1)!.body).toEqual({ limit_to_eyetracking: false, ...emptyFilters(), age_group_ids: [3] });
    expect(entry(store, params(1)).status).toBe('loading');
    expect(entry(store, params(1)).data).toBeNull();
    expect(entry(store, params(2, vB)).data!.studyName).toBe('Study B');

    slowA.resolve({ data: { success: true, data: summaryData(SUMMARY_A), study_name: 'Study A', total: 8 } });
    await until(() => entry(store, params(1)).status === 'success');
    // Not discarded as stale by B's newer request…
    expect(entry(store, params(1)).data).toMatchObject({ studyName: 'Study A', total: 8 });
    expect(entry(store, params(1)).data!.summary.gender_group).toEqual([g(1, 'Female', 7)]);
    // …and not landed in B.
    expect(entry(store, params(2, vB)).data).toMatchObject({ studyName: 'Study B', total: 10, summary: SUMMARY });
    const piesA = piesOf(entry(store, params(1)).data);
    const piesB = piesOf(entry(store, params(2, vB)).data);
    expect(piesA.find((p) => p.title === 'Gender')!.slices).toEqual([{ name: 'Female', y: 7 }, { name: 'Other', y: 1 }]);
    expect(piesB.find((p) => p.title === 'Gender')!.slices).toEqual([{ name: 'Female', y: 4 }, { name: 'Male', y: 5 }, { name: 'Other', y: 1 }]);
    expect(piesOf(entry(store, params(1)).data)).toBe(piesA);
  });

  it('D1-124 a failure of one study leaves the other study without an error', async () => {
    stubHttp((req) => (req.url.includes('/studies/1/') ? { status: 500, data: {} } : { data: { success: true, data: summaryData(SUMMARY), study_name: 'B', total: 10 } }));
    const store = t.store();
    const [one, two] = await Promise.all([load(store, demographicSummary, api, params(1)), load(store, demographicSummary, api, params(2))]);
    expect(one.error).toBe('Somethign went wrong');
    expect(two.error).toBeNull();
    expect(two.data!.studyName).toBe('B');
  });

  it('an answer from before a sign-out never lands after it, even for the same key', async () => {
    const old = deferred();
    let n = 0;
    stubHttp((req) => (n++ === 0 ? old.promise : summaryAnswer(req)));
    const store = t.store();
    store.dispatch(demographicSummary.actions.fetch({ api, params: params(1) }));
    await until(() => entry(store, params(1)).status === 'loading');
    store.dispatch(sessionActions.signedOut(tokenId('T')));
    expect(entry(store, params(1)).status).toBe('idle');
    old.resolve({ data: { success: true, data: summaryData(SUMMARY), study_name: 'Old', total: 10 } });
    await new Promise((res) => setTimeout(res, 20));
    expect(entry(store, params(1)).data).toBeNull(); // no entry resurrected
    store.dispatch(demographicSummary.actions.fetch({ api, params: params(1) }));
    await until(() => entry(store, params(1)).status === 'success');
    expect(entry(store, params(1)).data!.studyName).toBe('Study X');
  });
});

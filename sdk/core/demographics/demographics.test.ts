import { describe, expect, it, vi } from 'vitest';
import { createGazeStore } from '../store/store';
import { until, useTestClient } from '../test-utils';
import { deferred, stubHttp, type RecordedRequest } from '../api/test-transport';
import type { DemographicSummary } from '../api/demographics';
import { DEMOGRAPHICS_ERROR, demographicsActions as a, demographicsSlice, emptyFilters } from './slice';
import * as sel from './selectors';
import { buildPie, buildPies, formatEarnings, otherCount, PIE_TITLES } from './pies';
import { csvFileName, csvText, demographicCsv, demographicRows, NO_DATA_ALERT, toCsv } from './csv';
import { downloadCsv, setCsvSaver, setDownloadAlert } from './download';
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
    : { data: { success: true, data: { ...SUMMARY, age_group: [{ id: 1, name: '18-24', count: '9' }] }, study_name: 'Study X', total: 10 } };
const summaryBodies = (reqs: RecordedRequest[]) =>
  reqs.filter((r) => r.url.endsWith('/participant_demographic_summary')).map((r) => r.body as Record<string, unknown>);

describe('demographics: pies and labels', () => {
  it('D1-117 earnings labels get a pound sign and a k suffix', () => {
    expect(formatEarnings('20-40')).toBe('£20-40k');
    expect(formatEarnings('100+')).toBe('£100+k');
    expect(formatEarnings('£20-40k')).toBe('£20-40k');
    expect(buildPie('earnings_group', SUMMARY, 5).slices.map((s) => s.name)).toEqual(['£0-20k', '£20-40k', 'Other']);
    expect(buildPie('gender_group', SUMMARY, 9).slices[0].name).toBe('Female');
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

  it('D1-111 a pie has data only when more than one slice is above 0', () => {
    const pies = Object.fromEntries(buildPies(SUMMARY, 10).map((p) => [p.title, p.hasData]));
    // Age: 18-24 = 9, Other = 1 → two slices; Social grade / Ethnicity: only Other (10) → one slice
    expect(pies).toEqual({ Gender: true, Age: true, Family: true, Earnings: true, 'Social grade': false, Ethnicity: false });
    const tight = Object.fromEntries(buildPies(SUMMARY, 9).map((p) => [p.title, p.hasData]));
    // Age: 9 of 9 → one slice; Social grade: only Other (9) → one slice; Ethnicity: only Other
    expect(tight).toMatchObject({ Gender: true, Age: false, 'Social grade': false, Ethnicity: false });
    expect(buildPies(SUMMARY, null).find((p) => p.title === 'Ethnicity')!.hasData).toBe(false);
  });
});

describe('demographics: CSV', () => {
  it('D1-114 D1-150 comma delimiter, CRLF, commas removed from texts', () => {
    expect(csvText('Single, no children')).toBe('Single no children');
    expect(csvText('a\r\nb')).toBe('a b');
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

describe('demographics: slice and saga', () => {
  useTestClient();

  it('D1-118 toggling adds when absent, removes when present (draft only)', () => {
    const r = demographicsSlice.reducer;
    let st = r(undefined, a.openFilters(7));
    st = r(st, a.toggleFilter({ studyId: 7, field: 'age_group_ids', id: 2 }));
    st = r(st, a.toggleFilter({ studyId: 7, field: 'age_group_ids', id: 3 }));
    st = r(st, a.toggleFilter({ studyId: 7, field: 'age_group_ids', id: 2 }));
    const s = st.byStudy[7];
    expect(s.draft.age_group_ids).toEqual([3]);
    expect(s.filters).toEqual(emptyFilters());
  });

  it('D1-119 D1-120 submit applies and closes; clear removes all; openFilters starts from the applied ones', () => {
    const r = demographicsSlice.reducer;
    let st = r(undefined, a.openFilters(7));
    const s = () => st.byStudy[7];
    st = r(st, a.toggleFilter({ studyId: 7, field: 'genders_group_ids', id: 1 }));
    st = r(st, a.submitFilters(7));
    expect(s().modalOpen).toBe(false);
    expect(s().filters.genders_group_ids).toEqual([1]);
    st = r(st, a.openFilters(7));
    st = r(st, a.toggleFilter({ studyId: 7, field: 'family_group_ids', id: 4 }));
    st = r(st, a.closeFilters(7)); // dismissed: not applied
    expect(s().filters.family_group_ids).toEqual([]);
    st = r(st, a.openFilters(7));
    expect(s().draft).toEqual({ ...emptyFilters(), genders_group_ids: [1] });
    st = r(st, a.clearFilters(7));
    expect(s().filters).toEqual(emptyFilters());
    expect(s().draft).toEqual(emptyFilters());
  });

  it('D1-121 D1-122 load, limit, submit and clear each POST the summary with the current filters', async () => {
    const http = stubHttp(summaryAnswer);
    const store = createGazeStore();
    const step = async (action: Parameters<typeof store.dispatch>[0]) => {
      const n = summaryBodies(http.requests).length;
      store.dispatch(action);
      await until(() => summaryBodies(http.requests).length === n + 1 && !sel.selectDemographicsLoading(store.getState(), 7));
    };
    await step(a.load(7));
    expect(http.requests.find((r) => r.url.endsWith('_summary'))).toMatchObject({ method: 'POST', url: '/v1.0/studies/7/participant_demographic_summary' });
    expect(summaryBodies(http.requests)[0]).toEqual({ limit_to_eyetracking: false, ...emptyFilters() });
    expect(sel.selectDemographicsStudyName(store.getState(), 7)).toBe('Study X');
    expect(store.getState().demographics.byStudy[7].summary!.age_group[0].count).toBe(9); // string count normalised
    await step(a.setLimitToEyetracking({ studyId: 7, limit: true }));
    expect(summaryBodies(http.requests).at(-1)!.limit_to_eyetracking).toBe(true);
    store.dispatch(a.openFilters(7));
    store.dispatch(a.toggleFilter({ studyId: 7, field: 'earnings_group_ids', id: 2 }));
    expect(summaryBodies(http.requests)).toHaveLength(2); // toggling alone does not fetch
    await step(a.submitFilters(7));
    expect(summaryBodies(http.requests).at(-1)).toEqual({ limit_to_eyetracking: true, ...emptyFilters(), earnings_group_ids: [2] });
    expect(sel.selectActiveFilterCount(store.getState(), 7)).toBe(1);
    await step(a.clearFilters(7));
    expect(summaryBodies(http.requests).at(-1)).toEqual({ limit_to_eyetracking: true, ...emptyFilters() });
    // selectPies is memoised: same summary → same array
    expect(sel.selectPies(store.getState(), 7)).toBe(sel.selectPies(store.getState(), 7));
    expect(sel.selectPies(store.getState(), 7)).toHaveLength(6);
  });

  it('D1-123 loadFilterLists GETs the four demographic lists once', async () => {
    const http = stubHttp(summaryAnswer);
    const store = createGazeStore();
    store.dispatch(a.loadFilterLists());
    await until(() => Object.keys(sel.selectFilterLists(store.getState())).length === 4);
    store.dispatch(a.loadFilterLists());
    await new Promise((r) => setTimeout(r, 20));
    expect(http.requests.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /v1.0/dashboard/data/demographics/age_list',
      'GET /v1.0/dashboard/data/demographics/earnings_list',
      'GET /v1.0/dashboard/data/demographics/family_list',
      'GET /v1.0/dashboard/data/demographics/gender_list',
    ]);
    expect(sel.selectFilterList('age')(store.getState())).toEqual([{ id: 1, name: 'age' }]);
  });

  it('D1-124 a failed fetch records "Somethign went wrong"', async () => {
    stubHttp(() => ({ status: 500, data: { message: 'boom' } }));
    const store = createGazeStore();
    store.dispatch(a.load(7));
    await until(() => sel.selectDemographicsError(store.getState(), 7) !== null);
    expect(DEMOGRAPHICS_ERROR).toBe('Somethign went wrong');
    expect(sel.selectDemographicsError(store.getState(), 7)).toBe('Somethign went wrong');
  });

  it('takeLatest: a stale answer never overwrites a newer one', async () => {
    const first = deferred();
    let n = 0;
    stubHttp((req) => (n++ === 0 ? first.promise : summaryAnswer(req)));
    const store = createGazeStore();
    store.dispatch(a.load(7));
    store.dispatch(a.setLimitToEyetracking({ studyId: 7, limit: true }));
    await until(() => sel.selectDemographicsStudyName(store.getState(), 7) === 'Study X');
    first.resolve({ data: { success: true, data: {}, study_name: 'Stale' } });
    await new Promise((r) => setTimeout(r, 20));
    expect(sel.selectDemographicsStudyName(store.getState(), 7)).toBe('Study X');
  });

  it('another study starts with no figures or filters; sign-out forgets everything', () => {
    const r = demographicsSlice.reducer;
    let s = r(undefined, a.load(1));
    s = r(s, a.loaded({ summary: SUMMARY, studyName: 'One', total: 10, studyId: 1, request: s.byStudy[1].request }));
    s = r(s, a.openFilters(1));
    s = r(s, a.toggleFilter({ studyId: 1, field: 'age_group_ids', id: 1 }));
    s = r(s, a.submitFilters(1));
    const same = r(s, a.load(1)).byStudy[1];
    expect(same.summary).not.toBeNull();
    expect(same.filters.age_group_ids).toEqual([1]);
    const both = r(s, a.load(2));
    const other = both.byStudy[2];
    expect(other.summary).toBeNull();
    expect(other.studyName).toBeNull();
    expect(other.filters).toEqual(emptyFilters());
    // …and the first study keeps its own figures and filters next to it.
    expect(both.byStudy[1].summary).toEqual(SUMMARY);
    expect(both.byStudy[1].filters.age_group_ids).toEqual([1]);
    const out = r(s, sessionActions.signedOut());
    expect(out.byStudy[1]).toBeUndefined();
    expect(sel.selectStudyDemographics({ demographics: out }, 1).summary).toBeNull();
  });

  it('several studies on one page: summaries, filters and loading flags stay apart; a slow answer lands in its own study', async () => {
    const slowA = deferred();
    const SUMMARY_A = { ...SUMMARY, gender_group: [g(1, 'Female', 7)] };
    const http = stubHttp((req) => {
      if (req.url === '/v1.0/studies/1/participant_demographic_summary') return slowA.promise;
      return { data: { success: true, data: SUMMARY, study_name: 'Study B', total: 10 } };
    });
    const store = createGazeStore();
    const st = () => store.getState();
    store.dispatch(a.load(1));
    store.dispatch(a.load(2));
    // B's filters change while A's first answer is still on its way.
    await until(() => !sel.selectDemographicsLoading(st(), 2));
    store.dispatch(a.openFilters(2));
    store.dispatch(a.toggleFilter({ studyId: 2, field: 'age_group_ids', id: 3 }));
    store.dispatch(a.submitFilters(2));
    expect(sel.selectFilterModalOpen(st(), 2)).toBe(false);
    await until(() => http.requests.filter((r) => r.url.includes('/studies/2/')).length === 2 && !sel.selectDemographicsLoading(st(), 2));
    expect(http.requests.filter((r) => r.url.includes('/studies/2/')).at(-1)!.body).toEqual({ limit_to_eyetracking: false, ...emptyFilters(), age_group_ids: [3] });
    expect(sel.selectDemographicsLoading(st(), 1)).toBe(true);
    expect(sel.selectDemographicsStudyName(st(), 1)).toBeNull();
    expect(sel.selectDemographicsStudyName(st(), 2)).toBe('Study B');
    expect(sel.selectActiveFilterCount(st(), 1)).toBe(0);
    expect(sel.selectActiveFilterCount(st(), 2)).toBe(1);

    slowA.resolve({ data: { success: true, data: SUMMARY_A, study_name: 'Study A', total: 8 } });
    await until(() => !sel.selectDemographicsLoading(st(), 1));
    // Not discarded as stale by B's newer request…
    expect(sel.selectDemographicsStudyName(st(), 1)).toBe('Study A');
    expect(sel.selectStudyDemographics(st(), 1).summary!.gender_group).toEqual([g(1, 'Female', 7)]);
    expect(sel.selectStudyDemographics(st(), 1).total).toBe(8);
    expect(sel.selectDemographicsError(st(), 1)).toBeNull();
    // …and not landed in B.
    expect(sel.selectDemographicsStudyName(st(), 2)).toBe('Study B');
    expect(sel.selectStudyDemographics(st(), 2).summary).toEqual(SUMMARY);
    expect(sel.selectStudyDemographics(st(), 2).total).toBe(10);
    expect(sel.selectStudyDemographics(st(), 2).filters.age_group_ids).toEqual([3]);
    expect(sel.selectStudyDemographics(st(), 1).filters).toEqual(emptyFilters());
    // Each study's pies come from its own summary and stay memoised when the other is read in between.
    const piesA = sel.selectPies(st(), 1);
    const piesB = sel.selectPies(st(), 2);
    expect(piesA.find((p) => p.title === 'Gender')!.slices).toEqual([{ name: 'Female', y: 7 }, { name: 'Other', y: 1 }]);
    expect(piesB.find((p) => p.title === 'Gender')!.slices).toEqual([{ name: 'Female', y: 4 }, { name: 'Male', y: 5 }, { name: 'Other', y: 1 }]);
    expect(sel.selectPies(st(), 1)).toBe(piesA);
    expect(sel.selectPies(st(), 2)).toBe(piesB);
  });

  it('D1-124 a failure of one study leaves the other study without an error', async () => {
    stubHttp((req) => (req.url.includes('/studies/1/') ? { status: 500, data: {} } : { data: { success: true, data: SUMMARY, study_name: 'B', total: 10 } }));
    const store = createGazeStore();
    store.dispatch(a.load(1));
    store.dispatch(a.load(2));
    await until(() => sel.selectDemographicsError(store.getState(), 1) !== null && !sel.selectDemographicsLoading(store.getState(), 2));
    expect(sel.selectDemographicsError(store.getState(), 1)).toBe('Somethign went wrong');
    expect(sel.selectDemographicsError(store.getState(), 2)).toBeNull();
    expect(sel.selectDemographicsStudyName(store.getState(), 2)).toBe('B');
  });

  it('an answer from before a session change never lands after it, even for the same study', () => {
    const r = demographicsSlice.reducer;
    let s = r(undefined, a.load(1));
    const before = s.byStudy[1].request;
    s = r(s, sessionActions.signedOut());
    expect(s.byStudy).toEqual({});
    const late = r(s, a.loaded({ summary: SUMMARY, studyName: 'Old', total: 10, studyId: 1, request: before }));
    expect(late.byStudy[1]).toBeUndefined(); // no slot resurrected
    s = r(s, a.load(1));
    expect(s.byStudy[1].request).not.toBe(before);
    s = r(s, a.loaded({ summary: SUMMARY, studyName: 'Old', total: 10, studyId: 1, request: before }));
    expect(s.byStudy[1].studyName).toBeNull();
    expect(s.byStudy[1].loading).toBe(true);
  });
});

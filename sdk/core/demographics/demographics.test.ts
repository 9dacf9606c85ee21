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
    let s = r(undefined, a.openFilters());
    s = r(s, a.toggleFilter({ field: 'age_group_ids', id: 2 }));
    s = r(s, a.toggleFilter({ field: 'age_group_ids', id: 3 }));
    s = r(s, a.toggleFilter({ field: 'age_group_ids', id: 2 }));
    expect(s.draft.age_group_ids).toEqual([3]);
    expect(s.filters).toEqual(emptyFilters());
  });

  it('D1-119 D1-120 submit applies and closes; clear removes all; openFilters starts from the applied ones', () => {
    const r = demographicsSlice.reducer;
    let s = r(undefined, a.openFilters());
    s = r(s, a.toggleFilter({ field: 'genders_group_ids', id: 1 }));
    s = r(s, a.submitFilters());
    expect(s.modalOpen).toBe(false);
    expect(s.filters.genders_group_ids).toEqual([1]);
    s = r(s, a.openFilters());
    s = r(s, a.toggleFilter({ field: 'family_group_ids', id: 4 }));
    s = r(s, a.closeFilters()); // dismissed: not applied
    expect(s.filters.family_group_ids).toEqual([]);
    s = r(s, a.openFilters());
    expect(s.draft).toEqual({ ...emptyFilters(), genders_group_ids: [1] });
    s = r(s, a.clearFilters());
    expect(s.filters).toEqual(emptyFilters());
    expect(s.draft).toEqual(emptyFilters());
  });

  it('D1-121 D1-122 load, limit, submit and clear each POST the summary with the current filters', async () => {
    const http = stubHttp(summaryAnswer);
    const store = createGazeStore();
    const step = async (action: Parameters<typeof store.dispatch>[0]) => {
      const n = summaryBodies(http.requests).length;
      store.dispatch(action);
      await until(() => summaryBodies(http.requests).length === n + 1 && !sel.selectDemographicsLoading(store.getState()));
    };
    await step(a.load(7));
    expect(http.requests.find((r) => r.url.endsWith('_summary'))).toMatchObject({ method: 'POST', url: '/v1.0/studies/7/participant_demographic_summary' });
    expect(summaryBodies(http.requests)[0]).toEqual({ limit_to_eyetracking: false, ...emptyFilters() });
    expect(sel.selectDemographicsStudyName(store.getState())).toBe('Study X');
    expect(store.getState().demographics.summary!.age_group[0].count).toBe(9); // string count normalised
    await step(a.setLimitToEyetracking(true));
    expect(summaryBodies(http.requests).at(-1)!.limit_to_eyetracking).toBe(true);
    store.dispatch(a.openFilters());
    store.dispatch(a.toggleFilter({ field: 'earnings_group_ids', id: 2 }));
    expect(summaryBodies(http.requests)).toHaveLength(2); // toggling alone does not fetch
    await step(a.submitFilters());
    expect(summaryBodies(http.requests).at(-1)).toEqual({ limit_to_eyetracking: true, ...emptyFilters(), earnings_group_ids: [2] });
    expect(sel.selectActiveFilterCount(store.getState())).toBe(1);
    await step(a.clearFilters());
    expect(summaryBodies(http.requests).at(-1)).toEqual({ limit_to_eyetracking: true, ...emptyFilters() });
    // selectPies is memoised: same summary → same array
    expect(sel.selectPies(store.getState())).toBe(sel.selectPies(store.getState()));
    expect(sel.selectPies(store.getState())).toHaveLength(6);
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
    await until(() => sel.selectDemographicsError(store.getState()) !== null);
    expect(DEMOGRAPHICS_ERROR).toBe('Somethign went wrong');
    expect(sel.selectDemographicsError(store.getState())).toBe('Somethign went wrong');
  });

  it('takeLatest: a stale answer never overwrites a newer one', async () => {
    const first = deferred();
    let n = 0;
    stubHttp((req) => (n++ === 0 ? first.promise : summaryAnswer(req)));
    const store = createGazeStore();
    store.dispatch(a.load(7));
    store.dispatch(a.setLimitToEyetracking(true));
    await until(() => sel.selectDemographicsStudyName(store.getState()) === 'Study X');
    first.resolve({ data: { success: true, data: {}, study_name: 'Stale' } });
    await new Promise((r) => setTimeout(r, 20));
    expect(sel.selectDemographicsStudyName(store.getState())).toBe('Study X');
  });

  it('another study starts with no figures or filters; sign-out forgets everything', () => {
    const r = demographicsSlice.reducer;
    let s = r(undefined, a.load(1));
    s = r(s, a.loaded({ summary: SUMMARY, studyName: 'One', total: 10 }));
    s = r(s, a.openFilters());
    s = r(s, a.toggleFilter({ field: 'age_group_ids', id: 1 }));
    s = r(s, a.submitFilters());
    const same = r(s, a.load(1));
    expect(same.summary).not.toBeNull();
    expect(same.filters.age_group_ids).toEqual([1]);
    const other = r(s, a.load(2));
    expect(other.summary).toBeNull();
    expect(other.studyName).toBeNull();
    expect(other.filters).toEqual(emptyFilters());
    expect(r(s, sessionActions.signedOut()).summary).toBeNull();
  });
});

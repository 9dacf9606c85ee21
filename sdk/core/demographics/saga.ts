import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import {
  fetchDemographicFilterList, fetchDemographicSummary, type DemographicFilterItem, type DemographicFilterKind,
  type DemographicSummaryResponse,
} from '../api/demographics';
import { demographicsActions as a, FILTER_FIELDS, type DemographicsState } from './slice';

const slot = (s: { demographics: DemographicsState }) => s.demographics;

/** Fetches with the filters and limit as they stand; a newer change cancels an older fetch. */
export function* fetchSummarySaga() {
  const st: DemographicsState = yield select(slot);
  if (st.studyId == null) return;
  try {
    const response: DemographicSummaryResponse = yield call(fetchDemographicSummary, st.studyId, {
      limit_to_eyetracking: st.limitToEyetracking,
      ...st.filters,
    });
    yield put(a.loaded(response));
  } catch {
    yield put(a.failed());
  }
}

function* fetchFilterList(kind: DemographicFilterKind) {
  try {
    const items: DemographicFilterItem[] = yield call(fetchDemographicFilterList, kind);
    yield put(a.filterListLoaded({ kind, items }));
  } catch {
    // A missing list only leaves its checkbox group empty; the figures still work.
  }
}

/** The four filter lists are loaded once per page. */
export function* loadFilterListsSaga() {
  const st: DemographicsState = yield select(slot);
  const kinds = (Object.keys(FILTER_FIELDS) as DemographicFilterKind[]).filter((k) => !st.filterLists[k]);
  yield all(kinds.map((k) => call(fetchFilterList, k)));
}

export default function* demographicsSaga() {
  yield takeLatest([a.load.type, a.setLimitToEyetracking.type, a.submitFilters.type, a.clearFilters.type], fetchSummarySaga);
  yield takeLatest(a.loadFilterLists.type, loadFilterListsSaga);
}

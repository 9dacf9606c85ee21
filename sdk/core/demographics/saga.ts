import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import {
  fetchDemographicFilterList, fetchDemographicSummary, type DemographicFilterItem, type DemographicFilterKind,
  type DemographicSummaryResponse,
} from '../api/demographics';
import { demographicsActions as a, FILTER_FIELDS, type DemographicsState, type StudyDemographics } from './slice';

type S = { demographics: DemographicsState };
type RefetchAction = PayloadAction<number | { studyId: number }>;

const studyOf = (action: RefetchAction) => (typeof action.payload === 'number' ? action.payload : action.payload.studyId);

/**
 * Fetches the study's summary with its filters and limit as they stand. Each study's fetches run
 * independently (takeEvery): a plain takeLatest would let study B's request cancel study A's.
 * Latest-ness is per study instead: the answer carries the fetch number read here, and the reducer
 * drops it once a newer fetch of the same study has started.
 */
export function* fetchSummarySaga(action: RefetchAction) {
  const studyId = studyOf(action);
  const st: StudyDemographics | undefined = yield select((s: S) => s.demographics.byStudy[studyId]);
  if (!st) return;
  const { request } = st;
  try {
    const response: DemographicSummaryResponse = yield call(fetchDemographicSummary, studyId, {
      limit_to_eyetracking: st.limitToEyetracking,
      ...st.filters,
    });
    yield put(a.loaded({ ...response, studyId, request }));
  } catch {
    yield put(a.failed({ studyId, request }));
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
  const st: DemographicsState = yield select((s: S) => s.demographics);
  const kinds = (Object.keys(FILTER_FIELDS) as DemographicFilterKind[]).filter((k) => !st.filterLists[k]);
  yield all(kinds.map((k) => call(fetchFilterList, k)));
}

export default function* demographicsSaga() {
  yield takeEvery([a.load.type, a.setLimitToEyetracking.type, a.submitFilters.type, a.clearFilters.type], fetchSummarySaga);
  yield takeLatest(a.loadFilterLists.type, loadFilterListsSaga);
}

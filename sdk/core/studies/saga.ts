import { call, put, select, takeLatest } from 'redux-saga/effects';
import { fetchStudies, type StudyListQuery, type StudyListResponse } from '../api/studies';
import { errorMessage } from '../api/client';
import { studiesActions as a } from './slice';
import { selectStudyQuery } from './selectors';

/** Fetches with the query as it stands after the triggering action; a newer trigger cancels it. */
export function* fetchStudiesSaga() {
  const query: StudyListQuery = yield select(selectStudyQuery);
  try {
    const response: StudyListResponse = yield call(fetchStudies, query);
    yield put(a.loaded(response));
  } catch (e) {
    yield put(a.failed(errorMessage(e)));
  }
}

export default function* studiesSaga() {
  yield takeLatest([a.load.type, a.search.type, a.sort.type, a.setPageSize.type, a.setPage.type, a.setFilters.type], fetchStudiesSaga);
}

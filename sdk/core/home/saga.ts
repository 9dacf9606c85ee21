import { call, put, takeLatest } from 'redux-saga/effects';
import { fetchOverview, type HomeOverview } from '../api/studies';
import { errorMessage } from '../api/client';
import { homeActions as a } from './slice';

export function* loadOverviewSaga() {
  try {
    const overview: HomeOverview = yield call(fetchOverview);
    yield put(a.loaded(overview));
  } catch (e) {
    yield put(a.failed(errorMessage(e)));
  }
}

export default function* homeSaga() {
  yield takeLatest(a.load.type, loadOverviewSaga);
}

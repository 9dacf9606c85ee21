import { call, put, select, takeEvery } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { fetchLookupList, type LookupItem, type LookupListName } from '../api/lookups';
import { errorMessage } from '../api/client';
import { lookupsActions as a, type LookupsState } from './slice';

export function* requestLookupSaga(action: PayloadAction<LookupListName>) {
  const name = action.payload;
  const state: LookupsState = yield select((s: { lookups: LookupsState }) => s.lookups);
  if (state.lists[name] !== undefined || state.loading[name]) return;
  yield put(a.started(name));
  try {
    const items: LookupItem[] = yield call(fetchLookupList, name);
    yield put(a.loaded({ name, items }));
  } catch (e) {
    yield put(a.failed({ name, error: errorMessage(e) }));
  }
}

export default function* lookupsSaga() {
  yield takeEvery(a.request.type, requestLookupSaga);
}

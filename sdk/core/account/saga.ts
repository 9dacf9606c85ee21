import { call, put, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { getDetails, updateDetails } from '../api/user';
import { errorMessage } from '../api/client';
import type { Profile, User } from '../api/types';
import { sessionActions } from '../session/slice';
import { accountActions as a } from './slice';

export function* loadAccountSaga() {
  try {
    const user: User = yield call(getDetails);
    yield put(a.loaded(user));
  } catch (e) {
    yield put(a.loadFailed(errorMessage(e)));
  }
}

export function* saveAccountSaga(action: PayloadAction<Profile>) {
  try {
    yield call(updateDetails, action.payload);
    yield put(a.saved(action.payload));
    // Keep the signed-in user (header greeting, storage) in step with the saved profile.
    yield put(sessionActions.userUpdated(action.payload));
  } catch {
    yield put(a.saveFailed());
  }
}

export default function* accountSaga() {
  yield takeLatest(a.load.type, loadAccountSaga);
  yield takeLatest(a.save.type, saveAccountSaga);
}

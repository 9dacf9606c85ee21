import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { requestToken, revokeToken } from '../api/auth';
import { getDetails } from '../api/user';
import { configure, currentToken, resetCredentials } from '../api/client';
import type { User } from '../api/types';
import { emitWindow, WINDOW_EVENTS } from '../events';
import { sessionActions as a } from './slice';
import { selectSigningIn, selectUser } from './selectors';
import { clearAllStored, writeStored } from './storage';

function persistUser(user: User): void {
  writeStored('user', JSON.stringify(user));
  writeStored('superUser', user.super_user ? 'true' : 'false');
  writeStored('userType', String(user.user_type_id));
}

// Authenticated only when the token call AND the profile fetch succeed (D1-026); any failure is
// the one invalid-credentials state (D1-027/028), whatever the server said.
export function* signInSaga(action: PayloadAction<{ username: string; password: string }>) {
  try {
    const token: string = yield call(requestToken, action.payload.username, action.payload.password);
    writeStored('token', token);
    configure({ token });
    const user: User = yield call(getDetails);
    persistUser(user);
    yield put(a.signInSucceeded(user));
  } catch {
    writeStored('token', null);
    resetCredentials();
    yield put(a.signInFailed());
  }
}

export function* signOutSaga() {
  if (currentToken()) {
    try {
      yield call(revokeToken);
    } catch {
      /* the token dies on the server anyway when it expires; signing out must not fail */
    }
  }
  clearAllStored();
  resetCredentials();
  yield put(a.signedOut());
  emitWindow(WINDOW_EVENTS.signedOut);
}

export function* sessionExpiredSaga() {
  // A 401 from the profile fetch during sign-in is a failed login, not an expiry.
  const signingIn: boolean = yield select(selectSigningIn);
  if (signingIn) return;
  clearAllStored();
  resetCredentials();
  yield put(a.expiredCleared());
  emitWindow(WINDOW_EVENTS.sessionExpired);
}

export function* switchCompanySaga(action: PayloadAction<string | number | null>) {
  const id = action.payload === null || action.payload === '' ? null : String(action.payload);
  writeStored('companyId', id);
  configure({ companyId: id });
}

export function* userUpdatedSaga() {
  const user: User | null = yield select(selectUser);
  if (user) persistUser(user);
}

export default function* sessionSaga() {
  yield takeLatest(a.signIn.type, signInSaga);
  yield takeLatest(a.signOut.type, signOutSaga);
  yield takeEvery(a.sessionExpired.type, sessionExpiredSaga);
  yield takeEvery(a.switchCompany.type, switchCompanySaga);
  yield takeEvery(a.userUpdated.type, userUpdatedSaga);
}

import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { requestToken, revokeToken } from '../api/auth';
import { getDetails } from '../api/user';
import type { ApiConfig } from '../api/client';
import type { User } from '../api/user';
import { tokenId } from '../config/config';
import { selectPageConfig } from '../config/selectors';
import { emitWindowEvent, WINDOW_EVENTS } from '../../ui/events';
import { sessionActions as a, type SignInPayload, type SessionState } from './slice';
import { selectSigningIn, selectUser } from './selectors';
import { clearAllStored, writeStored } from './storage';

function persistUser(user: User): void {
  writeStored('user', JSON.stringify(user));
  writeStored('superUser', user.super_user ? 'true' : 'false');
  writeStored('userType', String(user.user_type_id));
}

const selectSessionToken = (s: { session: SessionState }) => s.session.token;

// Authenticated only when the token call AND the profile fetch succeed (D1-026); any failure is
// the one invalid-credentials state (D1-027/028), whatever the server said.
export function* signInSaga(action: PayloadAction<SignInPayload>) {
  const page: ApiConfig = yield select(selectPageConfig);
  const api = action.payload.api ?? page;
  try {
    const token: string = yield call(requestToken, api, action.payload.username, action.payload.password);
    writeStored('token', token);
    const user: User = yield call(getDetails, { apiBase: api.apiBase, token, companyId: null });
    persistUser(user);
    yield put(a.signInSucceeded(user, token));
  } catch {
    writeStored('token', null);
    yield put(a.signInFailed());
  }
}

export function* signOutSaga() {
  const token: string | null = yield select(selectSessionToken);
  const page: ApiConfig = yield select(selectPageConfig);
  if (token) {
    try {
      yield call(revokeToken, { apiBase: page.apiBase, token, companyId: null });
    } catch {
      /* the token dies on the server anyway when it expires; signing out must not fail */
    }
  }
  clearAllStored();
  yield put(a.signedOut(tokenId(token)));
  emitWindowEvent(WINDOW_EVENTS.signedOut);
}

/**
 * A call got 401. Only the session's own token ends the session: a widget given its own token
 * (attribute, provider) that died says nothing about the signed-in user.
 */
export function* sessionExpiredSaga(action: PayloadAction<{ tokenId?: string }>) {
  // A 401 from the profile fetch during sign-in is a failed login, not an expiry.
  const signingIn: boolean = yield select(selectSigningIn);
  if (signingIn) return;
  const token: string | null = yield select(selectSessionToken);
  const dead = action.payload?.tokenId;
  if (dead !== undefined && dead !== tokenId(token)) return;
  clearAllStored();
  yield put(a.expiredCleared(tokenId(token)));
  emitWindowEvent(WINDOW_EVENTS.sessionExpired);
}

export function* switchCompanySaga(action: PayloadAction<string | number | null>) {
  const id = action.payload === null || action.payload === '' ? null : String(action.payload);
  writeStored('companyId', id);
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

import { call, put, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { sendContact } from '../api/contact';
import { errorMessage } from '../api/client';
import { contactActions as a } from './slice';

export function* sendContactSaga(action: PayloadAction<{ email: string; message: string }>) {
  try {
    yield call(sendContact, action.payload.email, action.payload.message);
    yield put(a.sent());
  } catch (e) {
    yield put(a.failed(errorMessage(e)));
  }
}

export default function* contactSaga() {
  yield takeLatest(a.send.type, sendContactSaga);
}

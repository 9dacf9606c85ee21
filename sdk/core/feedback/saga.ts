import { call, put, takeEvery } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { sendFeedback } from '../api/feedback';
import { feedbackActions as a } from './slice';

export function* sendFeedbackSaga(action: PayloadAction<string>) {
  try {
    yield call(sendFeedback, action.payload);
    yield put(a.sent());
  } catch {
    yield put(a.failed());
  }
}

export default function* feedbackSaga() {
  yield takeEvery(a.send.type, sendFeedbackSaga);
}

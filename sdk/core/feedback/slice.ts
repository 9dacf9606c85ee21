import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export const FEEDBACK_MAX = 512;
export const FEEDBACK_SUCCESS = 'Thank you for your feedback';
export const FEEDBACK_FAILURE = 'Uh Oh! Something went wrong';

export interface Toast {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

export interface FeedbackState {
  sending: boolean;
  toast: Toast | null;
}

const initialState: FeedbackState = { sending: false, toast: null };
let toastId = 0;

export const feedbackSlice = createSlice({
  name: 'feedback',
  initialState,
  reducers: {
    send(state, _action: PayloadAction<string>) {
      state.sending = true;
    },
    sent: {
      reducer(state, action: PayloadAction<Toast>) {
        state.sending = false;
        state.toast = action.payload;
      },
      prepare: () => ({ payload: { id: ++toastId, kind: 'success' as const, text: FEEDBACK_SUCCESS } }),
    },
    failed: {
      reducer(state, action: PayloadAction<Toast>) {
        state.sending = false;
        state.toast = action.payload;
      },
      prepare: () => ({ payload: { id: ++toastId, kind: 'error' as const, text: FEEDBACK_FAILURE } }),
    },
    dismissToast(state, action: PayloadAction<number | undefined>) {
      if (action.payload === undefined || state.toast?.id === action.payload) state.toast = null;
    },
  },
});

export const feedbackActions = feedbackSlice.actions;
export default feedbackSlice.reducer;

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface ContactState {
  sending: boolean;
  success: boolean;
  /** Stored, never displayed (D1-048/049). */
  error: string | null;
}

const initialState: ContactState = { sending: false, success: false, error: null };

export const contactSlice = createSlice({
  name: 'contact',
  initialState,
  reducers: {
    send(state, _action: PayloadAction<{ email: string; message: string }>) {
      state.sending = true;
      state.success = false;
      state.error = null;
    },
    sent(state) {
      state.sending = false;
      state.success = true;
    },
    failed(state, action: PayloadAction<string>) {
      state.sending = false;
      state.error = action.payload;
    },
    reset() {
      return initialState;
    },
  },
});

export const contactActions = contactSlice.actions;
export default contactSlice.reducer;

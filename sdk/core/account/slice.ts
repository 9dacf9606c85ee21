import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Profile, User } from '../api/types';

export interface AccountState {
  user: User | null;
  loading: boolean;
  saving: boolean;
  /** Load errors only; a failed save is silent (D1-042). */
  loadError: string | null;
  /** Bumped on every successful save so a form can tell "saved" from "still editing". */
  savedCount: number;
}

const initialState: AccountState = { user: null, loading: false, saving: false, loadError: null, savedCount: 0 };

export const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {
    load(state) {
      state.loading = true;
      state.loadError = null;
    },
    loaded(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.loading = false;
    },
    loadFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.loadError = action.payload;
    },
    save(state, _action: PayloadAction<Profile>) {
      state.saving = true;
    },
    saved(state, action: PayloadAction<Profile>) {
      state.saving = false;
      state.savedCount += 1;
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
    saveFailed(state) {
      state.saving = false;
    },
  },
});

export const accountActions = accountSlice.actions;
export default accountSlice.reducer;

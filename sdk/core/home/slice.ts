import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { sessionActions } from '../session/slice';
import type { HomeOverview } from '../api/studies';

export interface HomeState {
  overview: HomeOverview | null;
  loading: boolean;
  error: string | null;
}

const initialState: HomeState = { overview: null, loading: false, error: null };

export const homeSlice = createSlice({
  name: 'home',
  initialState,
  reducers: {
    load(state) {
      state.loading = true;
      state.error = null;
    },
    loaded(state, action: PayloadAction<HomeOverview>) {
      state.loading = false;
      state.overview = action.payload;
    },
    failed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
  },
  // Another user or acting company must never see this one's data.
  extraReducers: (b) => {
    b.addMatcher(isAnyOf(sessionActions.signedOut, sessionActions.expiredCleared, sessionActions.switchCompany), () => initialState);
  },
});

export const homeActions = homeSlice.actions;
export default homeSlice.reducer;

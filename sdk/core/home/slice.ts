import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionChanged } from '../session/slice';
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
  extraReducers: (b) => {
    b.addMatcher(sessionChanged, () => initialState);
  },
});

export const homeActions = homeSlice.actions;
export default homeSlice.reducer;

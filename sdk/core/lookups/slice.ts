import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionChanged } from '../session/slice';
import type { LookupItem, LookupListName } from '../api/lookups';

export interface LookupsState {
  /** Loaded lists by name; a list is fetched once per page and shared by every element. */
  lists: Partial<Record<LookupListName, LookupItem[]>>;
  loading: Partial<Record<LookupListName, boolean>>;
  errors: Partial<Record<LookupListName, string>>;
}

const initialState: LookupsState = { lists: {}, loading: {}, errors: {} };

export const lookupsSlice = createSlice({
  name: 'lookups',
  initialState,
  reducers: {
    /** Ask for a list; no request when it is loaded or already on its way. */
    request(_state, _action: PayloadAction<LookupListName>) {},
    started(state, action: PayloadAction<LookupListName>) {
      state.loading[action.payload] = true;
      delete state.errors[action.payload];
    },
    loaded(state, action: PayloadAction<{ name: LookupListName; items: LookupItem[] }>) {
      state.loading[action.payload.name] = false;
      state.lists[action.payload.name] = action.payload.items;
    },
    failed(state, action: PayloadAction<{ name: LookupListName; error: string }>) {
      state.loading[action.payload.name] = false;
      state.errors[action.payload.name] = action.payload.error;
    },
  },
  extraReducers: (b) => {
    b.addMatcher(sessionChanged, () => initialState);
  },
});

export const lookupsActions = lookupsSlice.actions;
export default lookupsSlice.reducer;

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionChanged } from '../session/slice';
import type { FlagFilter, StudyListItem, StudyListQuery, StudyListResponse } from '../api/studies';

/** Defaults of the study list (D1-089..091). */
export const DEFAULT_STUDY_QUERY: StudyListQuery = {
  results_per_page: 25,
  page_num: 1,
  order_by: 'name_asc',
  filter_name: '',
  filter_live: '-1',
  filter_completed: '-1',
  filter_media_id: 0,
  filter_environment_id: 0,
};

export interface StudyFilters {
  filter_live: FlagFilter;
  filter_completed: FlagFilter;
  filter_media_id: number;
  filter_environment_id: number;
}

export interface StudiesState {
  query: StudyListQuery;
  items: StudyListItem[];
  totalLive: number;
  totalCompleted: number;
  totalPages: number;
  loading: boolean;
  loaded: boolean;
  error: string | null;
}

const initialState: StudiesState = {
  query: DEFAULT_STUDY_QUERY,
  items: [],
  totalLive: 0,
  totalCompleted: 0,
  totalPages: 1,
  loading: false,
  loaded: false,
  error: null,
};

// Every query change below is also a fetch trigger (the saga listens to all of them, D1-103).
export const studiesSlice = createSlice({
  name: 'studies',
  initialState,
  reducers: {
    load(state) {
      state.loading = true;
    },
    search(state, action: PayloadAction<string>) {
      state.query.filter_name = action.payload;
      state.query.page_num = 1;
      state.loading = true;
    },
    sort(state, action: PayloadAction<string>) {
      state.query.order_by = action.payload;
      state.loading = true;
    },
    /** Changing the page size resets to page 1 (D1-102). */
    setPageSize(state, action: PayloadAction<number>) {
      state.query.results_per_page = action.payload;
      state.query.page_num = 1;
      state.loading = true;
    },
    setPage(state, action: PayloadAction<number>) {
      state.query.page_num = Math.max(1, action.payload);
      state.loading = true;
    },
    /** A narrower or wider list starts again at page 1. */
    setFilters(state, action: PayloadAction<Partial<StudyFilters>>) {
      Object.assign(state.query, action.payload);
      state.query.page_num = 1;
      state.loading = true;
    },
    loaded(state, action: PayloadAction<StudyListResponse>) {
      const r = action.payload;
      state.loading = false;
      state.loaded = true;
      state.error = null;
      state.items = Array.isArray(r.data) ? r.data : [];
      state.totalLive = Number(r.total_live) || 0;
      state.totalCompleted = Number(r.total_completed) || 0;
      state.totalPages = Math.max(1, Number(r.total_page_num) || 1);
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

export const studiesActions = studiesSlice.actions;
export default studiesSlice.reducer;

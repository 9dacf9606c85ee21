import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionChanged } from '../session/slice';
import type {
  DemographicFilterItem, DemographicFilterKind, DemographicFilters, DemographicSummary, DemographicSummaryResponse,
} from '../api/demographics';

/** Recorded when the summary cannot be fetched, spelt so (D1-124). */
export const DEMOGRAPHICS_ERROR = 'Somethign went wrong';

export type FilterField = keyof DemographicFilters;

/** Filter kind (list endpoint) → the request field carrying its ids. */
export const FILTER_FIELDS: Record<DemographicFilterKind, FilterField> = {
  age: 'age_group_ids',
  family: 'family_group_ids',
  earnings: 'earnings_group_ids',
  gender: 'genders_group_ids',
};

export const emptyFilters = (): DemographicFilters => ({
  age_group_ids: [],
  family_group_ids: [],
  earnings_group_ids: [],
  genders_group_ids: [],
});

export interface DemographicsState {
  studyId: number | null;
  studyName: string | null;
  summary: DemographicSummary | null;
  total: number | null;
  limitToEyetracking: boolean;
  /** Filters the summary was (or is being) fetched with. */
  filters: DemographicFilters;
  /** Filters being edited in the modal; applied by submitFilters. */
  draft: DemographicFilters;
  modalOpen: boolean;
  filterLists: Partial<Record<DemographicFilterKind, DemographicFilterItem[]>>;
  loading: boolean;
  error: string | null;
}

const initialState: DemographicsState = {
  studyId: null,
  studyName: null,
  summary: null,
  total: null,
  limitToEyetracking: false,
  filters: emptyFilters(),
  draft: emptyFilters(),
  modalOpen: false,
  filterLists: {},
  loading: false,
  error: null,
};

// load, setLimitToEyetracking, submitFilters and clearFilters each refetch the summary (D1-121).
export const demographicsSlice = createSlice({
  name: 'demographics',
  initialState,
  reducers: {
    load(state, action: PayloadAction<number>) {
      if (state.studyId !== action.payload) {
        // Another study: its own filters, and no figures of the previous one on screen.
        Object.assign(state, { studyId: action.payload, studyName: null, summary: null, total: null, filters: emptyFilters(), draft: emptyFilters() });
      }
      state.loading = true;
      state.error = null;
    },
    setLimitToEyetracking(state, action: PayloadAction<boolean>) {
      state.limitToEyetracking = action.payload;
      state.loading = true;
    },
    openFilters(state) {
      state.draft = { ...state.filters };
      state.modalOpen = true;
    },
    closeFilters(state) {
      state.modalOpen = false;
    },
    /** Adds the id when absent, removes it when present (D1-118). */
    toggleFilter(state, action: PayloadAction<{ field: FilterField; id: number }>) {
      const { field, id } = action.payload;
      const list = state.draft[field];
      state.draft[field] = list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
    },
    /** Applies the edited filters and closes the modal (D1-119). */
    submitFilters(state) {
      state.filters = { ...state.draft };
      state.modalOpen = false;
      state.loading = true;
    },
    /** Removes every filter (D1-120). */
    clearFilters(state) {
      state.filters = emptyFilters();
      state.draft = emptyFilters();
      state.loading = true;
    },
    loaded(state, action: PayloadAction<DemographicSummaryResponse>) {
      state.loading = false;
      state.error = null;
      state.summary = action.payload.summary;
      state.total = action.payload.total;
      if (action.payload.studyName) state.studyName = action.payload.studyName;
    },
    failed(state) {
      state.loading = false;
      state.error = DEMOGRAPHICS_ERROR;
    },
    loadFilterLists() {},
    filterListLoaded(state, action: PayloadAction<{ kind: DemographicFilterKind; items: DemographicFilterItem[] }>) {
      state.filterLists[action.payload.kind] = action.payload.items;
    },
  },
  extraReducers: (b) => {
    b.addMatcher(sessionChanged, () => initialState);
  },
});

export const demographicsActions = demographicsSlice.actions;
export default demographicsSlice.reducer;

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

/** What one study's <gaze-demographics> shows; several studies can sit side by side on a page. */
export interface StudyDemographics {
  studyName: string | null;
  summary: DemographicSummary | null;
  total: number | null;
  limitToEyetracking: boolean;
  /** Filters the summary was (or is being) fetched with. */
  filters: DemographicFilters;
  /** Filters being edited in the modal; applied by submitFilters. */
  draft: DemographicFilters;
  modalOpen: boolean;
  loading: boolean;
  error: string | null;
  /**
   * Number of the latest fetch; an answer carrying another number is stale and dropped, so a
   * slow answer never overwrites a newer one of the same study.
   */
  request: number;
}

export interface DemographicsState {
  byStudy: Record<number, StudyDemographics>;
  /** The filter lists are global (not per study), so every element shares them. */
  filterLists: Partial<Record<DemographicFilterKind, DemographicFilterItem[]>>;
  /**
   * Last fetch number handed out. It survives a session change so an answer still in flight from
   * the previous session can never match a fetch of the next one.
   */
  lastRequest: number;
}

export const emptyStudyDemographics = (): StudyDemographics => ({
  studyName: null,
  summary: null,
  total: null,
  limitToEyetracking: false,
  filters: emptyFilters(),
  draft: emptyFilters(),
  modalOpen: false,
  loading: false,
  error: null,
  request: 0,
});

const initialState: DemographicsState = { byStudy: {}, filterLists: {}, lastRequest: 0 };

/** The study's slot, made on first use (the modal may be touched before the first answer). */
function slot(state: DemographicsState, studyId: number): StudyDemographics {
  return (state.byStudy[studyId] ??= emptyStudyDemographics());
}

function refetching(state: DemographicsState, s: StudyDemographics): void {
  s.loading = true;
  s.request = ++state.lastRequest;
}

export type StudyAnswer = DemographicSummaryResponse & { studyId: number; request: number };

// load, setLimitToEyetracking, submitFilters and clearFilters each refetch the summary (D1-121).
// Study-only actions take the study id as payload; the others carry it as `studyId`.
export const demographicsSlice = createSlice({
  name: 'demographics',
  initialState,
  reducers: {
    /** Keeps the study's filters and figures when it is loaded again (e.g. on a company switch). */
    load(state, action: PayloadAction<number>) {
      const s = slot(state, action.payload);
      refetching(state, s);
      s.error = null;
    },
    setLimitToEyetracking(state, action: PayloadAction<{ studyId: number; limit: boolean }>) {
      const s = slot(state, action.payload.studyId);
      s.limitToEyetracking = action.payload.limit;
      refetching(state, s);
    },
    openFilters(state, action: PayloadAction<number>) {
      const s = slot(state, action.payload);
      s.draft = { ...s.filters };
      s.modalOpen = true;
    },
    closeFilters(state, action: PayloadAction<number>) {
      slot(state, action.payload).modalOpen = false;
    },
    /** Adds the id when absent, removes it when present (D1-118). */
    toggleFilter(state, action: PayloadAction<{ studyId: number; field: FilterField; id: number }>) {
      const { studyId, field, id } = action.payload;
      const s = slot(state, studyId);
      const list = s.draft[field];
      s.draft[field] = list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
    },
    /** Applies the edited filters and closes the modal (D1-119). */
    submitFilters(state, action: PayloadAction<number>) {
      const s = slot(state, action.payload);
      s.filters = { ...s.draft };
      s.modalOpen = false;
      refetching(state, s);
    },
    /** Removes every filter (D1-120). */
    clearFilters(state, action: PayloadAction<number>) {
      const s = slot(state, action.payload);
      s.filters = emptyFilters();
      s.draft = emptyFilters();
      refetching(state, s);
    },
    loaded(state, action: PayloadAction<StudyAnswer>) {
      const { studyId, request, summary, total, studyName } = action.payload;
      const s = state.byStudy[studyId];
      // Gone (sign-out) or superseded by a newer request of the same study.
      if (!s || s.request !== request) return;
      s.loading = false;
      s.error = null;
      s.summary = summary;
      s.total = total;
      if (studyName) s.studyName = studyName;
    },
    failed(state, action: PayloadAction<{ studyId: number; request: number }>) {
      const s = state.byStudy[action.payload.studyId];
      if (!s || s.request !== action.payload.request) return;
      s.loading = false;
      s.error = DEMOGRAPHICS_ERROR;
    },
    loadFilterLists() {},
    filterListLoaded(state, action: PayloadAction<{ kind: DemographicFilterKind; items: DemographicFilterItem[] }>) {
      state.filterLists[action.payload.kind] = action.payload.items;
    },
  },
  extraReducers: (b) => {
    b.addMatcher(sessionChanged, (state) => ({ ...initialState, lastRequest: state.lastRequest }));
  },
});

export const demographicsActions = demographicsSlice.actions;
export default demographicsSlice.reducer;

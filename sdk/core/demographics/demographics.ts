// Participant demographics of a study (D1-108..124). The summary is a keyed resource over the
// study, the limit and the filters (and the element's config), so several <gaze-demographics> sit
// side by side, each refetching only its own key; what the modal is editing is the element's own
// view state (viewReducer).
import {
  fetchDemographicFilterList, fetchDemographicSummary, type DemographicFilterItem, type DemographicFilterKind,
  type DemographicFilters, type DemographicSummaryRequest, type DemographicSummaryAnswer,
} from '../api/demographics';
import { createResource } from '../resource/resource';
import { refusalOr } from '../api/client';
import { buildPies, type Pie } from './pies';

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

export const FILTER_KINDS = Object.keys(FILTER_FIELDS) as DemographicFilterKind[];

export const emptyFilters = (): DemographicFilters => ({
  age_group_ids: [],
  family_group_ids: [],
  earnings_group_ids: [],
  genders_group_ids: [],
});

export interface SummaryParams extends DemographicSummaryRequest {
  studyId: number;
}

export const demographicSummary = createResource<SummaryParams, DemographicSummaryAnswer>({
  name: 'demographics/summary',
  fetch: (api, { studyId, ...body }) => fetchDemographicSummary(api, studyId, body),
  errorText: refusalOr(DEMOGRAPHICS_ERROR),
});

/** The four filter lists are the same for every study: fetched once per page and scope. */
export const demographicFilterList = createResource<DemographicFilterKind, DemographicFilterItem[]>({
  name: 'demographics/filter-list',
  fetch: fetchDemographicFilterList,
  once: true,
});

/** What one element is showing and editing. */
export interface DemographicsView {
  limitToEyetracking: boolean;
  /** Filters the summary is fetched with. */
  filters: DemographicFilters;
  /** Filters being edited in the modal; applied by 'submit'. */
  draft: DemographicFilters;
  modalOpen: boolean;
}

export const initialView = (): DemographicsView => ({
  limitToEyetracking: false,
  filters: emptyFilters(),
  draft: emptyFilters(),
  modalOpen: false,
});

export type ViewAction =
  | { type: 'limit'; limit: boolean }
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'toggle'; field: FilterField; id: number }
  | { type: 'submit' }
  | { type: 'clear' }
  /** The filters given from outside (a report element's `filters` attribute). */
  | { type: 'set'; filters: DemographicFilters };

// 'limit', 'submit' and 'clear' change the summary's key, hence refetch it (D1-121).
export function viewReducer(v: DemographicsView, action: ViewAction): DemographicsView {
  switch (action.type) {
    case 'limit':
      return { ...v, limitToEyetracking: action.limit };
    case 'open':
      return { ...v, draft: { ...v.filters }, modalOpen: true };
    case 'close':
      return { ...v, modalOpen: false };
    /** Adds the id when absent, removes it when present (D1-118). */
    case 'toggle': {
      const list = v.draft[action.field];
      return { ...v, draft: { ...v.draft, [action.field]: list.includes(action.id) ? list.filter((x) => x !== action.id) : [...list, action.id] } };
    }
    /** Applies the edited filters and closes the modal (D1-119). */
    case 'submit':
      return { ...v, filters: { ...v.draft }, modalOpen: false };
    /** Removes every filter (D1-120). */
    case 'clear':
      return { ...v, filters: emptyFilters(), draft: emptyFilters() };
    case 'set':
      return { ...v, filters: { ...action.filters }, draft: { ...action.filters } };
  }
}

export function summaryParams(studyId: number, v: DemographicsView): SummaryParams {
  return { studyId, limit_to_eyetracking: v.limitToEyetracking, ...v.filters };
}

export function activeFilterCount(v: DemographicsView): number {
  return Object.values(v.filters).reduce((n, ids) => n + ids.length, 0);
}

const pieMemo = new WeakMap<DemographicSummaryAnswer, Pie[]>();
const NO_PIES = buildPies(null, null);
/** The six pies with their 'Other' slices, memoised per answer (elements of other studies never evict them). */
export function piesOf(answer: DemographicSummaryAnswer | null): Pie[] {
  if (!answer) return NO_PIES;
  let pies = pieMemo.get(answer);
  if (!pies) pieMemo.set(answer, (pies = buildPies(answer.summary, answer.total)));
  return pies;
}

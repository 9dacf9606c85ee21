// My Studies (D1-083..107): the list is a keyed resource over the query, and the query itself is
// the element's own state (studyQueryReducer), so two lists on one page page and filter apart.
import { fetchStudies, fetchStudyOwner, type FlagFilter, type StudyListQuery, type StudyListResponse, type StudyPageSize } from '../api/studies';
import { createResource } from '../resource/resource';
import type { StudyOwner } from '../../../contract/studies';

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

export const studyList = createResource<StudyListQuery, StudyListResponse>({
  name: 'studies/list',
  fetch: fetchStudies,
});

/** Super users: which company owns a study (a link to another company's study offers the switch). */
export const studyOwner = createResource<number, StudyOwner>({
  name: 'studies/owner',
  fetch: fetchStudyOwner,
});

export type StudyQueryAction =
  | { type: 'search'; text: string }
  | { type: 'sort'; orderBy: string }
  | { type: 'pageSize'; size: StudyPageSize }
  | { type: 'page'; page: number }
  | { type: 'filters'; filters: Partial<StudyFilters> };

/** Every change is a new key, hence a fetch (D1-103). */
export function studyQueryReducer(q: StudyListQuery, action: StudyQueryAction): StudyListQuery {
  switch (action.type) {
    case 'search':
      return { ...q, filter_name: action.text, page_num: 1 };
    case 'sort':
      return { ...q, order_by: action.orderBy };
    /** Changing the page size resets to page 1 (D1-102). */
    case 'pageSize':
      return { ...q, results_per_page: action.size, page_num: 1 };
    case 'page':
      return { ...q, page_num: Math.max(1, action.page) };
    /** A narrower or wider list starts again at page 1. */
    case 'filters':
      return { ...q, ...action.filters, page_num: 1 };
  }
}

/** The filters currently narrowing the list (to badge the filter toggle). */
export function activeStudyFilterCount(q: StudyListQuery): number {
  return [q.filter_live === '1', q.filter_completed === '1', q.filter_media_id !== 0, q.filter_environment_id !== 0].filter(Boolean).length;
}

export interface StudyListView {
  items: StudyListResponse['data'];
  totalLive: number;
  totalCompleted: number;
  totalPages: number;
}

/** The answer as the element shows it (missing or odd numbers read as 0 / 1 page). */
export function studyListView(r: StudyListResponse | null): StudyListView {
  return {
    items: r && Array.isArray(r.data) ? r.data : [],
    totalLive: Number(r?.total_live) || 0,
    totalCompleted: Number(r?.total_completed) || 0,
    totalPages: Math.max(1, Number(r?.total_page_num) || 1),
  };
}

import type { StudiesState } from './slice';

type S = { studies: StudiesState };

export const selectStudyQuery = (s: S) => s.studies.query;
export const selectStudies = (s: S) => s.studies.items;
export const selectStudiesLoading = (s: S) => s.studies.loading;
export const selectStudiesLoaded = (s: S) => s.studies.loaded;
export const selectStudiesError = (s: S) => s.studies.error;
export const selectStudyTotalLive = (s: S) => s.studies.totalLive;
export const selectStudyTotalCompleted = (s: S) => s.studies.totalCompleted;
export const selectStudyPage = (s: S) => s.studies.query.page_num;
export const selectStudyTotalPages = (s: S) => s.studies.totalPages;
export const selectStudyPageSize = (s: S) => s.studies.query.results_per_page;
/** The filters currently narrowing the list (to badge the filter toggle). */
export const selectActiveStudyFilterCount = (s: S) => {
  const q = s.studies.query;
  return [q.filter_live === '1', q.filter_completed === '1', q.filter_media_id !== 0, q.filter_environment_id !== 0].filter(Boolean).length;
};

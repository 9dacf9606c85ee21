import { createSelector } from '@reduxjs/toolkit';
import type { DemographicFilterKind } from '../api/demographics';
import type { DemographicsState } from './slice';
import { buildPies } from './pies';

type S = { demographics: DemographicsState };

export const selectDemographicsStudyName = (s: S) => s.demographics.studyName;
export const selectDemographicsError = (s: S) => s.demographics.error;
export const selectDemographicsLoading = (s: S) => s.demographics.loading;
export const selectLimitToEyetracking = (s: S) => s.demographics.limitToEyetracking;
export const selectDraftFilters = (s: S) => s.demographics.draft;
export const selectFilterModalOpen = (s: S) => s.demographics.modalOpen;
export const selectFilterLists = (s: S) => s.demographics.filterLists;
export const selectFilterList = (kind: DemographicFilterKind) => (s: S) => s.demographics.filterLists[kind];
export const selectActiveFilterCount = (s: S) => Object.values(s.demographics.filters).reduce((n, ids) => n + ids.length, 0);

/** The six pies with their 'Other' slices (memoised: a new array only when the summary changes). */
export const selectPies = createSelector(
  [(s: S) => s.demographics.summary, (s: S) => s.demographics.total],
  (summary, total) => buildPies(summary, total),
);

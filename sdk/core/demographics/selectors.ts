import { createSelector } from '@reduxjs/toolkit';
import type { DemographicFilterKind } from '../api/demographics';
import { emptyStudyDemographics, type DemographicsState, type StudyDemographics } from './slice';
import { buildPies } from './pies';

type S = { demographics: DemographicsState };

// One frozen empty slot, so a study not loaded yet reads the same object every time (no re-render).
const NONE: StudyDemographics = Object.freeze(emptyStudyDemographics());

/** One study's demographics; every per-study selector below takes the study id. */
export const selectStudyDemographics = (s: S, studyId: number): StudyDemographics => s.demographics.byStudy[studyId] ?? NONE;

export const selectDemographicsStudyName = (s: S, studyId: number) => selectStudyDemographics(s, studyId).studyName;
export const selectDemographicsError = (s: S, studyId: number) => selectStudyDemographics(s, studyId).error;
export const selectDemographicsLoading = (s: S, studyId: number) => selectStudyDemographics(s, studyId).loading;
export const selectLimitToEyetracking = (s: S, studyId: number) => selectStudyDemographics(s, studyId).limitToEyetracking;
export const selectDraftFilters = (s: S, studyId: number) => selectStudyDemographics(s, studyId).draft;
export const selectFilterModalOpen = (s: S, studyId: number) => selectStudyDemographics(s, studyId).modalOpen;
export const selectActiveFilterCount = (s: S, studyId: number) =>
  Object.values(selectStudyDemographics(s, studyId).filters).reduce((n, ids) => n + ids.length, 0);

// The filter lists are shared by every study.
export const selectFilterLists = (s: S) => s.demographics.filterLists;
export const selectFilterList = (kind: DemographicFilterKind) => (s: S) => s.demographics.filterLists[kind];

/**
 * The six pies of a study with their 'Other' slices. Memoised per (summary, total) by reselect's
 * default weakMapMemoize, so elements of different studies do not evict each other's pies.
 */
export const selectPies = createSelector(
  [(s: S, studyId: number) => selectStudyDemographics(s, studyId).summary, (s: S, studyId: number) => selectStudyDemographics(s, studyId).total],
  (summary, total) => buildPies(summary, total),
);

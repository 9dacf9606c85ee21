import type { HomeState } from './slice';

type S = { home: HomeState };

export const selectOverview = (s: S) => s.home.overview;
export const selectHomeLoading = (s: S) => s.home.loading;
export const selectHomeError = (s: S) => s.home.error;

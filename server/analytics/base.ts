// The report base E and the request options every report shares: which stims, which demographic
// filters, whether to limit to eye-tracked respondents. The SQL that applies them lives in
// server/repositories/reports.ts; the filter model itself in server/domain/demographics.ts.

export { NO_FILTERS, readFilters, type DemographicFilters } from '../domain/demographics.js';

export interface StimRef {
  cellId: number;
  stepId: number;
  stimId: number;
}


/** 'video' for video and VAST stims (2 s viewability rule, played rather than shown), else 'image'. */
export function stimKind(stimType: string | null | undefined): 'video' | 'image' {
  return stimType === 'v' || stimType === 'va' || stimType === 'vx' ? 'video' : 'image';
}

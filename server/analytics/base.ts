// The report base E and the request options every report shares: which stims, which demographic
// filters, whether to limit to eye-tracked respondents. The SQL that applies them lives in
// server/repositories/reports.ts; the filter model itself in server/domain/demographics.ts.

export { NO_FILTERS, readFilters, type DemographicFilters } from '../domain/demographics.js';

export interface StimRef {
  cellId: number;
  stepId: number;
  stimId: number;
}

const idList = { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 100 } as const;

/** JSON-schema properties of the grouped filters (also accepted at the top level of a body). */
export const filterProperties = {
  age_group_ids: idList,
  family_group_ids: idList,
  earnings_group_ids: idList,
  genders_group_ids: idList,
  // Singular spelling some clients send; same meaning.
  gender_group_ids: idList,
} as const;

/** Body properties shared by every report request. */
export const reportBodyProperties = {
  filters: { type: ['object', 'null'], properties: filterProperties },
  ...filterProperties,
  limit_to_eyetracking: { type: 'boolean' },
} as const;

/** 'video' for video and VAST stims (2 s viewability rule, played rather than shown), else 'image'. */
export function stimKind(stimType: string | null | undefined): 'video' | 'image' {
  return stimType === 'v' || stimType === 'va' || stimType === 'vx' ? 'video' : 'image';
}

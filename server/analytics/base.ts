// The report base E and the request options every report shares: which stims, which demographic
// filters, whether to limit to eye-tracked respondents. The SQL that applies them lives in
// server/repositories/reports.ts; this file only reads and validates requests.

export interface DemographicFilters {
  ageGroupIds: number[];
  familyGroupIds: number[];
  earningsGroupIds: number[];
  genderGroupIds: number[];
}

export interface StimRef {
  cellId: number;
  stepId: number;
  stimId: number;
}

export const NO_FILTERS: DemographicFilters = { ageGroupIds: [], familyGroupIds: [], earningsGroupIds: [], genderGroupIds: [] };

const FILTER_KEYS = {
  age_group_ids: 'ageGroupIds',
  family_group_ids: 'familyGroupIds',
  earnings_group_ids: 'earningsGroupIds',
  genders_group_ids: 'genderGroupIds',
} as const;

type FilterBody = Partial<Record<keyof typeof FILTER_KEYS | 'gender_group_ids', number[] | null>>;

/**
 * Grouped filters win; top-level lists are merged in so a client may send either shape.
 * OR within a kind, AND across kinds (applied in SQL).
 */
export function readFilters(body: unknown): DemographicFilters {
  const b = (body ?? {}) as FilterBody & { filters?: FilterBody | null };
  const out: DemographicFilters = { ageGroupIds: [], familyGroupIds: [], earningsGroupIds: [], genderGroupIds: [] };
  for (const src of [b, b.filters ?? {}]) {
    for (const [key, field] of Object.entries(FILTER_KEYS)) {
      const list = src[key as keyof FilterBody];
      if (Array.isArray(list)) out[field].push(...list);
    }
    if (Array.isArray(src.gender_group_ids)) out.genderGroupIds.push(...src.gender_group_ids);
  }
  for (const k of Object.keys(out) as (keyof DemographicFilters)[]) out[k] = [...new Set(out[k].map(Number))];
  return out;
}

/** 'video' for video and VAST stims (2 s viewability rule, played rather than shown), else 'image'. */
export function stimKind(stimType: string | null | undefined): 'video' | 'image' {
  return stimType === 'v' || stimType === 'va' || stimType === 'vx' ? 'video' : 'image';
}

// Participant demographics of a study (spec D1 §3, §7).
import { request, type ApiConfig } from './client';
import { unwrapList } from './lookups';

/** Filter kinds with a list endpoint: /dashboard/data/demographics/{kind}_list. */
export type DemographicFilterKind = 'age' | 'family' | 'earnings' | 'gender';

export interface DemographicFilterItem {
  id: number;
  name: string;
}

export interface DemographicGroupCount {
  id: number | null;
  name: string;
  count: number;
}

export const SUMMARY_GROUPS = [
  'gender_group',
  'age_group',
  'family_group',
  'earnings_group',
  'socialgrade_group',
  'ethnicity_group',
] as const;
export type SummaryGroup = (typeof SUMMARY_GROUPS)[number];

export type DemographicSummary = Record<SummaryGroup, DemographicGroupCount[]>;

export interface DemographicFilters {
  age_group_ids: number[];
  family_group_ids: number[];
  earnings_group_ids: number[];
  genders_group_ids: number[];
}

export interface DemographicSummaryRequest extends DemographicFilters {
  limit_to_eyetracking: boolean;
}

export interface DemographicSummaryResponse {
  summary: DemographicSummary;
  /** Present when the server sends it (Gazeboard does): the title of the page. */
  studyName: string | null;
  /** Respondents counted; those with no group of a kind form that pie's 'Other' slice. */
  total: number | null;
}

export async function fetchDemographicSummary(api: ApiConfig, studyId: number, body: DemographicSummaryRequest): Promise<DemographicSummaryResponse> {
  const data = await request<{ data?: unknown; study_name?: unknown; total?: unknown } | null>(api, { method: 'POST', url: `/studies/${studyId}/participant_demographic_summary`, data: body });
  const raw = (data?.data ?? {}) as Partial<Record<SummaryGroup, DemographicGroupCount[]>>;
  const summary = Object.fromEntries(
    SUMMARY_GROUPS.map((g) => [g, Array.isArray(raw[g]) ? raw[g]!.map((e) => ({ ...e, count: Number(e.count) || 0 })) : []]),
  ) as DemographicSummary;
  return {
    summary,
    studyName: typeof data?.study_name === 'string' ? data.study_name : null,
    total: typeof data?.total === 'number' ? data.total : null,
  };
}

export async function fetchDemographicFilterList(api: ApiConfig, kind: DemographicFilterKind): Promise<DemographicFilterItem[]> {
  return unwrapList<DemographicFilterItem>(await request(api, { url: `/dashboard/data/demographics/${kind}_list` }));
}

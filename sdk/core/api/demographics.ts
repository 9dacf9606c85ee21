// Participant demographics of a study (spec D1 §3, §7). Wire types come from the contract.
import type { DEMOGRAPHIC_KINDS, DemographicSummary, SummaryBody, SummaryResponse } from '../../../contract/demographics';
import type { LookupItem, LookupListResponse } from '../../../contract/lookups';
import { request, type ApiConfig } from './client';

export type { DemographicSummary, GroupCount as DemographicGroupCount } from '../../../contract/demographics';

/** Filter kinds with a list endpoint: /dashboard/data/demographics/{kind}_list. */
export type DemographicFilterKind = 'age' | 'family' | 'earnings' | 'gender';
export type DemographicFilterItem = Pick<LookupItem, 'id' | 'name'>;
export type SummaryGroup = (typeof DEMOGRAPHIC_KINDS)[number];

type FilterField = Exclude<keyof SummaryBody, 'limit_to_eyetracking'>;
/** The summary's filters as the SDK sends them: every id list present (possibly empty). */
export type DemographicFilters = { [K in FilterField]-?: NonNullable<SummaryBody[K]> };
export type DemographicSummaryRequest = DemographicFilters & { limit_to_eyetracking: boolean };

export interface DemographicSummaryAnswer {
  summary: DemographicSummary;
  studyName: string;
  /** Respondents counted; those with no group of a kind form that pie's 'Other' slice. */
  total: number;
}

export async function fetchDemographicSummary(api: ApiConfig, studyId: number, body: DemographicSummaryRequest): Promise<DemographicSummaryAnswer> {
  const sent: SummaryBody = body;
  const res = await request<SummaryResponse>(api, { method: 'POST', url: `/studies/${studyId}/participant_demographic_summary`, data: sent });
  return { summary: res.data, studyName: res.study_name, total: res.total };
}

export async function fetchDemographicFilterList(api: ApiConfig, kind: DemographicFilterKind): Promise<DemographicFilterItem[]> {
  return (await request<LookupListResponse>(api, { url: `/dashboard/data/demographics/${kind}_list` })).data;
}

// Participant demographics of a study (spec D1 §3, §7). Wire types come from the contract; the
// summary arrives in the legacy client's shape (data[0].age[{age_group, count}] …) and is read
// here into one list per kind, which is what the pies and the CSV use.
import type { GroupCount, SummaryBody, SummaryResponse } from '../../../contract/demographics';
import { DEMOGRAPHIC_KINDS, SUMMARY_KEYS } from '../../../contract/values/demographics';
import type { LookupItem } from '../../../contract/lookups';
import { fetchEnvelopedList } from './lookups';
import { request, type ApiConfig } from './client';

export type { GroupCount as DemographicGroupCount } from '../../../contract/demographics';

/** Filter kinds with a list endpoint: /dashboard/data/demographics/{kind}_list. */
export type DemographicFilterKind = 'age' | 'family' | 'earnings' | 'gender';
export type DemographicFilterItem = Pick<LookupItem, 'id' | 'name'>;
export type SummaryGroup = (typeof DEMOGRAPHIC_KINDS)[number];
/** Every group of each kind with its count (0 when none), in list order. */
export type DemographicSummary = Record<SummaryGroup, GroupCount[]>;

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

/** The answer's data[0] as one {id, name, count} list per kind. */
export function readSummary(data: SummaryResponse['data']): DemographicSummary {
  const first = data[0];
  const out = {} as DemographicSummary;
  for (const kind of DEMOGRAPHIC_KINDS) {
    const entries = (first?.[SUMMARY_KEYS[kind]] ?? []) as GroupCount[];
    out[kind] = entries.map((e) => ({ id: e.id, name: e.name, count: e.count }));
  }
  return out;
}

/** The inverse of readSummary: per-kind lists as the answer's data (no cells); for stubs and tests. */
export function summaryData(summary: Partial<DemographicSummary>): SummaryResponse['data'] {
  const first: Record<string, unknown> = {};
  for (const kind of DEMOGRAPHIC_KINDS) {
    first[SUMMARY_KEYS[kind]] = (summary[kind] ?? []).map((g) => ({ ...g, [kind]: g.name }));
    first[`${SUMMARY_KEYS[kind]}_cell`] = [];
  }
  return [first as SummaryResponse['data'][number]];
}

export async function fetchDemographicSummary(api: ApiConfig, studyId: number, body: DemographicSummaryRequest): Promise<DemographicSummaryAnswer> {
  const sent: SummaryBody = body;
  const res = await request<SummaryResponse>(api, { method: 'POST', url: `/studies/${studyId}/participant_demographic_summary`, data: sent });
  return { summary: readSummary(res.data), studyName: res.study_name, total: res.total };
}

export async function fetchDemographicFilterList(api: ApiConfig, kind: DemographicFilterKind): Promise<DemographicFilterItem[]> {
  return fetchEnvelopedList<LookupItem>(api, `/dashboard/data/demographics/${kind}_list`);
}

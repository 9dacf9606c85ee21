// The demographic model, once for the whole server: which kinds exist, and the respondent filter
// every report, survey answer and demographic summary applies (SQL in repositories/sql.ts). The
// request schemas for it belong to the contract.

/** Every demographic kind. A kind names its lookup list and its participant column (`<kind>_id`). */
export const DEMOGRAPHIC_KINDS = [
  'age_group', 'gender_group', 'family_group', 'earnings_group', 'socialgrade_group', 'ethnicity_group',
] as const;
export type DemographicKind = (typeof DEMOGRAPHIC_KINDS)[number];

/**
 * A kind's own "Other" answer (ethnicity's 'Other ethnic group', a legacy list's plain 'Other').
 * Every demographic pie has one "Other" slice (spec D1-110: respondents without a listed group),
 * so such an answer is counted in that slice rather than listed beside it: one category, never
 * both 'Other ethnic group' and 'Other' (issue 38). Matched by name, so data recorded under any
 * of these labels stays readable.
 */
export const isOtherAnswer = (name: string): boolean => /^other\b/i.test(name.trim());

/** The participant column of a kind. */
export type DemographicColumn = `${DemographicKind}_id`;
export const demographicColumn = (kind: DemographicKind): DemographicColumn => `${kind}_id`;

/**
 * Which respondents count: per kind, those in any of the listed groups (OR); kinds combine with
 * AND; a missing or empty list does not filter.
 */
export type DemographicFilters = Partial<Record<DemographicKind, number[]>>;

export const NO_FILTERS: DemographicFilters = {};

/** The request fields that carry filters, per kind ('genders_group_ids' is the legacy client's spelling). */
export const FILTER_FIELDS = {
  age_group_ids: 'age_group',
  family_group_ids: 'family_group',
  earnings_group_ids: 'earnings_group',
  genders_group_ids: 'gender_group',
  // Singular spelling some clients send; same meaning.
  gender_group_ids: 'gender_group',
} as const satisfies Record<string, DemographicKind>;

type FilterBody = Partial<Record<keyof typeof FILTER_FIELDS, number[] | null>>;

/**
 * Filters from a request body: grouped under `filters` or at the top level (a client may send
 * either shape; both are merged). Ids are deduplicated.
 */
export function readFilters(body: unknown): DemographicFilters {
  const b = (body ?? {}) as FilterBody & { filters?: FilterBody | null };
  const out: DemographicFilters = {};
  for (const src of [b, b.filters ?? {}]) {
    for (const [field, kind] of Object.entries(FILTER_FIELDS) as [keyof FilterBody, DemographicKind][]) {
      const list = src[field];
      if (Array.isArray(list)) (out[kind] ??= []).push(...list.map(Number));
    }
  }
  for (const kind of Object.keys(out) as DemographicKind[]) out[kind] = [...new Set(out[kind])];
  return out;
}

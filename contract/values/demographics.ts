// TypeBox-free values of contract/demographics.ts: the limits, words and closed sets the SDK needs at run
// time. The schemas of ../demographics.ts are built from them and re-export them, so the server and
// OpenAPI read the same values; a browser bundle that imports these carries no schema and no
// TypeBox (issue 40 item 3; tests/lint/contract-values.test.mjs keeps it so). No imports but
// other files of this folder.

/** The six kinds, as the lookup lists and participant columns name them. */
export const DEMOGRAPHIC_KINDS = [
  'age_group', 'gender_group', 'family_group', 'earnings_group', 'socialgrade_group', 'ethnicity_group',
] as const;
export type DemographicKindName = (typeof DEMOGRAPHIC_KINDS)[number];

/** The summary's key of each kind (data[0].<key>, data[0].<key>_cell). */
export const SUMMARY_KEYS = {
  age_group: 'age', gender_group: 'gender', family_group: 'family', earnings_group: 'earnings',
  socialgrade_group: 'socialgrade', ethnicity_group: 'ethnicity',
} as const satisfies Record<DemographicKindName, string>;
export type SummaryKey = (typeof SUMMARY_KEYS)[DemographicKindName];

// Participant demographics of a study (server/routes/demographics; spec document 1 §3, §7).
// The answer is the legacy client's shape, which is also the spec's "one summary per group kind,
// each entry with a count": data[0].age[{age_group, count}], data[0].gender[{gender_group, count}]
// … and per cell data[0].age_cell[{cell_name, data[{description, count}]}] (docs/api.md "Legacy
// client compatibility"). Entries also carry the group's id and name.
import { Type, type Static, type TSchema } from 'typebox';
import { defineOperation, Id, IdList, Int4, Ok, STUDY_ROLES, StudyParams } from './common.js';
import { DEMOGRAPHIC_KINDS, type DemographicKindName, SUMMARY_KEYS, type SummaryKey } from './values/demographics.js';
export * from './values/demographics.js';

export const SummaryBody = Type.Object({
  limit_to_eyetracking: Type.Optional(Type.Unsafe<boolean | 0 | 1 | '1' | '0' | 'true' | 'false' | '' | null>({
    enum: [true, false, 1, 0, '1', '0', 'true', 'false', '', null],
    description: 'true / 1 / "true" limits to respondents with eye-tracking data',
  })),
  age_group_ids: Type.Optional(IdList),
  family_group_ids: Type.Optional(IdList),
  earnings_group_ids: Type.Optional(IdList),
  genders_group_ids: Type.Optional(IdList),
});
export type SummaryBody = Static<typeof SummaryBody>;

/** One group of a kind: {id, name, <kind>: name, count}, e.g. {id: 1, name: '18-24', age_group: '18-24', count: 20}. */
const groupEntry = (kind: DemographicKindName) => Type.Object({
  id: Id(),
  name: Type.String(),
  [kind]: Type.String({ description: 'The group’s name (the legacy client reads this field)' }),
  count: Int4(),
});
/** The kind-neutral view of an entry (what every entry has besides its `<kind>` field). */
export const GroupCount = Type.Object({ id: Id(), name: Type.String(), count: Int4() });
export type GroupCount = Static<typeof GroupCount>;

export const CellGroupCount = Type.Object({ id: Id(), description: Type.String(), count: Int4() });
export const CellSummary = Type.Object({
  cell_id: Id(),
  cell_name: Type.String(),
  data: Type.Array(CellGroupCount, { description: 'Every group of the kind, in list order, with this cell’s count' }),
});
export type CellSummary = Static<typeof CellSummary>;

const summaryProperties: Record<string, TSchema> = {};
for (const kind of DEMOGRAPHIC_KINDS) {
  summaryProperties[SUMMARY_KEYS[kind]] = Type.Array(groupEntry(kind));
  summaryProperties[`${SUMMARY_KEYS[kind]}_cell`] = Type.Array(CellSummary);
}
/** One summary per kind (every group of the kind, 0 when none) and its per-cell breakdown. */
export const DemographicSummary = Type.Unsafe<
  { [K in SummaryKey]: (GroupCount & Record<string, string | number>)[] } & { [K in `${SummaryKey}_cell`]: CellSummary[] }
>(Type.Object(summaryProperties));
export type DemographicSummary = Static<typeof DemographicSummary>;

export const SummaryResponse = Ok({
  data: Type.Array(DemographicSummary, { minItems: 1, maxItems: 1, description: 'One element: the summary (the legacy client reads data[0])' }),
  study_id: Id(),
  study_name: Type.String(),
  total: Int4({ description: 'Respondents counted (complete, not test: the study list’s participants_returned when unfiltered); those without a group of a kind form its "Other" share' }),
});
export type SummaryResponse = Static<typeof SummaryResponse>;

export const summary = defineOperation({
  operationId: 'getDemographicSummary',
  method: 'POST',
  path: '/v1.0/studies/:id/participant_demographic_summary',
  summary: "Counts of a study's respondents per demographic group, overall and per cell",
  description: 'data[0] holds, per kind (age, gender, family, earnings, socialgrade, ethnicity), every group as {id, name, <kind>_group: name, count} (0 when none; a kind\'s own Other answer, e.g. \'Other ethnic group\', is not listed: it is part of total − Σ listed, the Other slice), and under <kind>_cell one entry per cell {cell_id, cell_name, data[{id, description, count}]}. Counted: complete, non-test respondents (the study list\'s participants_returned). Filters combine with AND across kinds and OR within a kind; empty lists do not filter. The body is optional.',
  tags: ['studies', 'demographics'],
  access: 'read',
  roles: STUDY_ROLES,
  embed: { reportTypes: ['demographics'] },
  params: StudyParams,
  body: SummaryBody,
  optionalBody: true,
  response: { 200: SummaryResponse },
  errors: [404],
});

export const operations = { summary };

// Participant demographics of a study (server/routes/demographics; spec document 1 §3, §7).
import { Type, type Static } from 'typebox';
import { defineOperation, Id, IdList, Int4, Ok, STUDY_ROLES, StudyParams } from './common.js';

export const DEMOGRAPHIC_KINDS = [
  'age_group', 'gender_group', 'family_group', 'earnings_group', 'socialgrade_group', 'ethnicity_group',
] as const;

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

export const GroupCount = Type.Object({ id: Id(), name: Type.String(), count: Int4() });
export type GroupCount = Static<typeof GroupCount>;

export const DemographicSummary = Type.Object(
  Object.fromEntries(DEMOGRAPHIC_KINDS.map((k) => [k, Type.Array(GroupCount)])) as Record<(typeof DEMOGRAPHIC_KINDS)[number], ReturnType<typeof Type.Array<typeof GroupCount>>>,
);
export type DemographicSummary = Static<typeof DemographicSummary>;

export const SummaryResponse = Ok({
  data: DemographicSummary,
  study_id: Id(),
  study_name: Type.String(),
  total: Int4({ description: 'Respondents counted; those without a group of a kind form its "Other" share' }),
});
export type SummaryResponse = Static<typeof SummaryResponse>;

export const summary = defineOperation({
  operationId: 'getDemographicSummary',
  method: 'POST',
  path: '/v1.0/studies/:id/participant_demographic_summary',
  summary: "Counts of a study's respondents per demographic group",
  description: 'Each group list holds every group of its kind as {id, name, count} (0 when none). Test respondents are left out. Filters combine with AND across kinds and OR within a kind; empty lists do not filter. The body is optional.',
  tags: ['studies', 'demographics'],
  access: 'read',
  roles: STUDY_ROLES,
  params: StudyParams,
  body: SummaryBody,
  optionalBody: true,
  response: { 200: SummaryResponse },
  errors: [404],
});

export const operations = { summary };

// Respondents' privacy (issue 41 items 2 and 3): data-subject requests — find one respondent by
// the reference their panel knows them by, export everything stored for them as JSON, erase it —
// for one study or the whole acting company, and the company's retention periods (raw gaze, whole
// studies after completion) that the daily retention job applies (server/jobs/retention.ts).
//
// The reference travels in the body, never in the URL: URLs end up in access logs and browser
// histories, and the reference is the respondent's personal data.
import { Type, type Static } from 'typebox';
import { areaTag, COMPANY_ADMIN_ROLES, defineOperation, Id, Int4, Nullable, Ok, SIGNED_IN, STUDY_ROLES, StudyParams, Text } from './common.js';
import { REFERENCE_MAX, RETENTION_MAX_DAYS } from './values/privacy.js';
export * from './values/privacy.js';

declare module './common.js' {
  interface AreaTags { privacy: true }
}
const TAG = areaTag('privacy');

export const RespondentBody = Type.Object({
  reference: Text(REFERENCE_MAX, { minLength: 1, description: "The respondent's reference from the panel (the take link's participant parameter), exact" }),
});
export type RespondentBody = Static<typeof RespondentBody>;

export const EraseBody = Type.Object({
  ...RespondentBody.properties,
  confirm: Type.Literal('ERASE', { description: 'Typed by the person erasing: an erasure cannot be undone' }),
});
export type EraseBody = Static<typeof EraseBody>;

/** One stored session of the respondent (a participant row), without its data. */
export const RespondentMatch = Type.Object({
  participant_id: Id(),
  study_id: Id(),
  study_name: Type.String(),
  panel_name: Nullable(Type.String()),
  cell_id: Nullable(Id()),
  status: Type.String({ description: 'complete | screenout | quota_full | duplicate' }),
  is_test: Type.Boolean(),
  created_at: Type.String({ description: 'ISO 8601: when the session was stored' }),
  exposures: Int4({ description: 'Stims seen' }),
  gaze_exposures: Int4({ description: 'Exposures with raw gaze still stored' }),
  answers: Int4(),
});
export type RespondentMatch = Static<typeof RespondentMatch>;

export const FindResponse = Ok({ reference: Type.String(), data: Type.Array(RespondentMatch) });
export type FindResponse = Static<typeof FindResponse>;

const Row = Type.Record(Type.String(), Type.Unknown(), { description: 'The stored row, column by column' });

export const ExportedExposure = Type.Object({
  exposure: Row,
  stim_name: Type.String(),
  viewability: Type.Array(Type.Unknown(), { description: 'The viewable intervals as observed in the page' }),
  gaze_samples: Nullable(Type.Array(Type.Array(Type.Number()), { description: '[t_ms, x, y] page pixels; null once removed under retention' })),
  fixations: Nullable(Type.Array(Type.Array(Type.Number()), { description: '[start_ms, duration_ms, x, y]' })),
  aois: Type.Array(Row),
  features: Type.Array(Row),
});
export const ExportedSession = Type.Object({
  participant: Row,
  study: Type.Object({ id: Id(), name: Type.String() }),
  panel_name: Nullable(Type.String()),
  demographics: Type.Record(Type.String(), Nullable(Type.String()), { description: 'Kind → the group as named in the reports' }),
  answers: Type.Array(Type.Object({ question: Type.String(), answer: Type.String(), answer_option_id: Nullable(Id()) })),
  exposures: Type.Array(ExportedExposure),
  consent: Nullable(Row),
});
export const ExportResponse = Ok({
  reference: Type.String(),
  exported_at: Type.String({ description: 'ISO 8601' }),
  scope: Type.String({ description: "'company' or 'study <id>'" }),
  sessions: Type.Array(ExportedSession),
});
export type ExportResponse = Static<typeof ExportResponse>;

export const EraseResponse = Ok({
  erased: Int4({ description: 'Sessions (participant rows) erased with everything recorded for them' }),
  studies: Type.Array(Id(), { description: 'Studies whose reports were rebuilt' }),
});
export type EraseResponse = Static<typeof EraseResponse>;

export const RetentionSettings = Type.Object({
  raw_gaze_days: Nullable(Type.Integer({ minimum: 1, maximum: RETENTION_MAX_DAYS, description: 'Raw gaze samples older than this are removed; null: kept' })),
  study_days: Nullable(Type.Integer({ minimum: 1, maximum: RETENTION_MAX_DAYS, description: "A completed study's respondent data is removed this long after completion; null: kept" })),
});
export type RetentionSettings = Static<typeof RetentionSettings>;
export const RetentionResponse = Ok({ ...RetentionSettings.properties, can_edit: Type.Boolean({ description: 'The caller may change them (company administrators)' }) });
export type RetentionResponse = Static<typeof RetentionResponse>;

const study = {
  tags: [TAG], roles: STUDY_ROLES, method: 'POST', params: StudyParams, errors: [404],
} as const;
const company = { tags: [TAG], roles: COMPANY_ADMIN_ROLES, method: 'POST', errors: [404] } as const;

export const findStudyRespondent = defineOperation({
  ...study, access: 'read', operationId: 'findStudyRespondent', path: '/v1.0/studies/:id/respondents/find', body: RespondentBody,
  summary: "A respondent's stored sessions in the study, found by panel reference (404 when none)",
  response: { 200: FindResponse },
});
export const exportStudyRespondent = defineOperation({
  ...study, access: 'read', operationId: 'exportStudyRespondent', path: '/v1.0/studies/:id/respondents/export', body: RespondentBody,
  summary: 'Everything stored for a respondent of the study (sessions, gaze, viewability, answers, demographics, consent) as JSON',
  response: { 200: ExportResponse },
});
export const eraseStudyRespondent = defineOperation({
  ...study, access: 'write', operationId: 'eraseStudyRespondent', path: '/v1.0/studies/:id/respondents/erase', body: EraseBody,
  summary: "Erases a respondent's data in the study, in one transaction that also rebuilds the reports; the timeline notes it without the reference",
  response: { 200: EraseResponse },
});
export const findCompanyRespondent = defineOperation({
  ...company, access: 'read', operationId: 'findCompanyRespondent', path: '/v1.0/company/respondents/find', body: RespondentBody,
  summary: "A respondent's stored sessions in every study of the acting company; company administrators and super users",
  response: { 200: FindResponse },
});
export const exportCompanyRespondent = defineOperation({
  ...company, access: 'read', operationId: 'exportCompanyRespondent', path: '/v1.0/company/respondents/export', body: RespondentBody,
  summary: 'Everything stored for a respondent in every study of the acting company, as JSON; company administrators and super users',
  response: { 200: ExportResponse },
});
export const eraseCompanyRespondent = defineOperation({
  ...company, access: 'write', operationId: 'eraseCompanyRespondent', path: '/v1.0/company/respondents/erase', body: EraseBody,
  summary: "Erases a respondent's data in every study of the acting company (one transaction); company administrators and super users",
  response: { 200: EraseResponse },
});
export const getRetention = defineOperation({
  tags: [TAG], access: 'read', roles: SIGNED_IN, method: 'GET', operationId: 'getRetention', path: '/v1.0/company/retention',
  summary: "The acting company's retention periods (raw gaze; whole studies after completion)",
  response: { 200: RetentionResponse },
});
export const setRetention = defineOperation({
  tags: [TAG], access: 'write', roles: COMPANY_ADMIN_ROLES, method: 'PUT', operationId: 'setRetention', path: '/v1.0/company/retention',
  body: RetentionSettings,
  summary: "Sets the acting company's retention periods; the daily retention job applies them; company administrators and super users",
  response: { 200: RetentionResponse },
});

export const operations = {
  findStudyRespondent, exportStudyRespondent, eraseStudyRespondent,
  findCompanyRespondent, exportCompanyRespondent, eraseCompanyRespondent,
  getRetention, setRetention,
};

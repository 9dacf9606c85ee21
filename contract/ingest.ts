// Respondent-session ingestion (public, authenticated by the study's collection key) and the
// study user's call that issues that key (server/routes/ingest; docs/metrics.md "Collection").
import { Type, type Static } from 'typebox';
import { defineOperation, Id, Nullable, Ok, StudyParams, Text } from './common.js';

const optionalId = Type.Optional(Nullable(Id()));
const optionalNumber = Type.Optional(Nullable(Type.Number({ minimum: 0 })));

export const ViewInterval = Type.Object({
  start_ms: Type.Number({ minimum: 0 }),
  end_ms: Type.Number({ minimum: 0 }),
  fraction: Type.Number({ minimum: 0, maximum: 1 }),
});

export const SessionStim = Type.Object({
  stim_id: Id(),
  x: Type.Number(),
  y: Type.Number(),
  width: Type.Number({ exclusiveMinimum: 0 }),
  height: Type.Number({ exclusiveMinimum: 0 }),
  viewability: Type.Array(ViewInterval, { maxItems: 100_000 }),
});

export const SessionAnswer = Type.Object({
  question_id: Id(),
  answer_option_id: optionalId,
  text: Type.Optional(Nullable(Text(10_000))),
});

export const SessionStep = Type.Object({
  step_id: Id(),
  page_dwell_ms: Type.Number({ minimum: 0 }),
  stims: Type.Array(SessionStim, { maxItems: 100 }),
  // 10 minutes at 120 Hz; each sample [t_ms, x, y] from the step's start, page px.
  gaze: Type.Optional(Type.Array(Type.Array(Type.Number(), { minItems: 3, maxItems: 3 }), { maxItems: 72_000 })),
  answers: Type.Optional(Type.Array(SessionAnswer, { maxItems: 1000 })),
});

export const SessionParticipant = Type.Object({
  reference: Text(200, { minLength: 1 }),
  cell_id: Id(),
  panel_id: optionalId,
  age_group_id: optionalId,
  family_group_id: optionalId,
  earnings_group_id: optionalId,
  gender_group_id: optionalId,
  socialgrade_group_id: optionalId,
  ethnicity_group_id: optionalId,
  has_eyetracking: Type.Boolean(),
  calibration_accuracy_px: optionalNumber,
  calibration_precision_px: optionalNumber,
  frame_rate: optionalNumber,
  connection_speed_kbps: optionalNumber,
  status: Type.Union([Type.Literal('complete'), Type.Literal('screenout'), Type.Literal('quota_full')]),
  is_test: Type.Boolean(),
});

export const SessionBody = Type.Object({
  study_id: Id(),
  session_id: Text(200, { minLength: 1 }),
  participant: SessionParticipant,
  steps: Type.Array(SessionStep, { maxItems: 500 }),
});
export type SessionBody = Static<typeof SessionBody>;

export const SessionResponse = Ok({
  duplicate: Type.Boolean({ description: 'true when this session_id was stored before (nothing stored again)' }),
  participant_id: Id(),
});
export type SessionResponse = Static<typeof SessionResponse>;

export const collectSession = defineOperation({
  operationId: 'collectSession',
  method: 'POST',
  path: '/v1.0/collect/session',
  summary: "Store one respondent's session (X-Collection-Key of the study)",
  description: 'Needs X-Collection-Key (from POST /studies/{id}/collection-key) instead of a token: without one the answer is 401 before the body is read; a wrong one 403. Re-sending a stored session_id stores nothing and answers duplicate:true.',
  tags: ['ingest'],
  access: 'write',
  roles: ['collection_key'],
  body: SessionBody,
  response: { 200: SessionResponse },
  errors: [401, 403],
});

export const CollectionKeyResponse = Ok({ data: Type.Object({ study_id: Id(), collection_key: Type.String() }) });
export type CollectionKeyResponse = Static<typeof CollectionKeyResponse>;

export const issueCollectionKey = defineOperation({
  operationId: 'issueCollectionKey',
  method: 'POST',
  path: '/v1.0/studies/:id/collection-key',
  summary: "Issue a new collection key for a study's respondent sessions (replaces the previous one)",
  description: 'Study users and super users only. The key is shown once; only its hash is stored.',
  tags: ['ingest', 'studies'],
  access: 'write',
  roles: ['study_user', 'super_user'],
  params: StudyParams,
  response: { 200: CollectionKeyResponse },
  errors: [404],
});

export const operations = { collectSession, issueCollectionKey };

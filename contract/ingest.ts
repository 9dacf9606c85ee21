// Respondent-session ingestion (public, authenticated by the study's collection key) and the
// study user's call that issues that key (server/routes/ingest; docs/metrics.md "Collection").
import { Type, type Static } from 'typebox';
import { defineOperation, Id, Nullable, Ok, SESSION_BODY_LIMIT, STUDY_ROLES, StudyParams, Text } from './common.js';

// ---- bounds (docs/metrics.md "Bounds") ----------------------------------------------------------
// Every number of a session is finite and inside these; a JSON 1e400 parses as Infinity and fails
// them. The bounds that depend on other fields (an interval or a sample inside its page's dwell,
// samples in time order, at most MAX_SAMPLE_HZ) are checked by server/analytics/session.ts.

/** One page (step) seen for at most an hour. */
export const MAX_PAGE_DWELL_MS = 3_600_000;
/** Page coordinates (stims and gaze), either side of the page origin. */
export const MAX_PAGE_PX = 1_000_000;
/** A stim's rendered width or height. */
export const MAX_STIM_PX = 100_000;
/** Camera frame rate and gaze sample rate. */
export const MAX_SAMPLE_HZ = 120;
/** Gaze samples of one step, hence of each of its exposures: 10 minutes at 120 Hz. */
export const MAX_SAMPLES = 72_000;
/** Calibration accuracy / precision, px. */
export const MAX_CALIBRATION_PX = 10_000;
/** 100 Gbit/s. */
export const MAX_CONNECTION_KBPS = 100_000_000;

const optionalId = Type.Optional(Nullable(Id()));
const optionalNumber = (maximum: number) => Type.Optional(Nullable(Type.Number({ minimum: 0, maximum })));
const pageMs = () => Type.Number({ minimum: 0, maximum: MAX_PAGE_DWELL_MS });
const pagePx = () => Type.Number({ minimum: -MAX_PAGE_PX, maximum: MAX_PAGE_PX });

export const ViewInterval = Type.Object({
  start_ms: pageMs(),
  end_ms: pageMs(),
  fraction: Type.Number({ minimum: 0, maximum: 1 }),
  playing: Type.Optional(Type.Boolean({ description: 'Video stims: false while the video was paused or not started (only playing time counts towards viewability); absent = playing' })),
});

export const SessionStim = Type.Object({
  stim_id: Id(),
  x: pagePx(),
  y: pagePx(),
  width: Type.Number({ exclusiveMinimum: 0, maximum: MAX_STIM_PX }),
  height: Type.Number({ exclusiveMinimum: 0, maximum: MAX_STIM_PX }),
  viewability: Type.Array(ViewInterval, { maxItems: 100_000 }),
});

export const SessionAnswer = Type.Object({
  question_id: Id(),
  answer_option_id: optionalId,
  text: Type.Optional(Nullable(Text(10_000))),
});

export const SessionStep = Type.Object({
  step_id: Id(),
  page_dwell_ms: pageMs(),
  stims: Type.Array(SessionStim, { maxItems: 100 }),
  // Each sample [t_ms, x, y]: ms from the step's start, page px; in time order.
  gaze: Type.Optional(Type.Array(Type.Tuple([pageMs(), pagePx(), pagePx()]), { maxItems: MAX_SAMPLES })),
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
  calibration_accuracy_px: optionalNumber(MAX_CALIBRATION_PX),
  calibration_precision_px: optionalNumber(MAX_CALIBRATION_PX),
  frame_rate: optionalNumber(MAX_SAMPLE_HZ),
  connection_speed_kbps: optionalNumber(MAX_CONNECTION_KBPS),
  status: Type.Union([Type.Literal('complete'), Type.Literal('screenout'), Type.Literal('quota_full')]),
  is_test: Type.Boolean(),
  consented_at: Type.Optional(Nullable(Text(40, {
    description: "ISO 8601: when the respondent agreed to take part (the collector's attestation of informed consent). Required when the study asks for consent (consent_required, the default); docs/privacy.md",
  }))),
  consent_version: Type.Optional(Nullable(Id({ description: "The version of the study's consent text the respondent agreed to, when the collector showed ours; omitted: the collector's own text" }))),
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
  description: 'Needs X-Collection-Key (from POST /studies/{id}/collection-key) instead of a token: without one the answer is 401 and with a key no study has 403 "Invalid collection key", both before the body is read (so a wrong key costs no parsing); a key of another study than study_id, and an unknown study_id, get the same 403 (no study id is revealed). Re-sending a stored session_id stores nothing and answers duplicate:true. A session outside the bounds (every number finite and bounded; intervals and samples inside their page dwell; samples in time order, at most 120 Hz; steps of the participant\'s cell, stims of their step) is refused whole with 400 naming the field. A completed study refuses real (not test) sessions with 409, except the retry of one stored before. A completion of a panel reference that completed the study before is stored with status duplicate and never counted. A study that asks for consent (the default) refuses a session without participant.consented_at (400), the collector\'s attestation that the respondent agreed; consent_version, when given, must be one of the study\'s consent texts.',
  tags: ['ingest'],
  access: 'write',
  roles: ['collection_key'],
  body: SessionBody,
  bodyLimit: SESSION_BODY_LIMIT,
  response: { 200: SessionResponse },
  errors: [401, 403, 409],
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
  roles: STUDY_ROLES,
  params: StudyParams,
  response: { 200: CollectionKeyResponse },
  errors: [404],
});

export const operations = { collectSession, issueCollectionKey };

// The respondent runner (issue 22; server/routes/take, runner/): the take-study page the signed
// links open (`/take/{study}?…`, server/domain/take-link.ts), and the two calls its script makes.
// Credentials: the signed link starts a session; the start answer's session token (signed, bound to
// study, cell, panel, test flag, respondent and session id, expiring) is the only thing that may
// store it. The study's collection key never reaches the browser: the server ingests on the
// token's behalf through the same ingestion service (docs/decisions.md "Respondent runner").
import { Type, type Static } from 'typebox';
import { areaTag, defineOperation, Id, IdParam, Nullable, Ok, SESSION_BODY_LIMIT, Text } from './common.js';
import { MAX_CONNECTION_KBPS, SessionStep } from './ingest.js';
import { STEP_TYPES, type StepType } from './board.js';

declare module './common.js' {
  interface AreaTags {
    take: true;
  }
}
const tags = [areaTag('take')] as const;

/** A session token stays valid this long after the start (a respondent may pause, or leave for an External step). */
export const TAKE_SESSION_TTL_SECONDS = 24 * 3600;
export const TAKE_LINK_INVALID = 'This study link is not valid';
export const TAKE_SESSION_INVALID = 'This session is not valid or has expired: open the study link again';
export const TAKE_STUDY_CLOSED = 'This study is not collecting responses';
export const TAKE_NO_CELLS = 'This study has no cells to take';

export const GAZE_SOURCES = ['mouse', 'simulated', 'webcam'] as const;
export type GazeSource = (typeof GAZE_SOURCES)[number];
export const NEXT_BUTTONS = ['standard', 'floating', 'none'] as const;
export type NextButton = (typeof NEXT_BUTTONS)[number];

const StepTypeSchema = Type.Unsafe<StepType>({ type: 'string', enum: [...STEP_TYPES] });

export const TakeParams = Type.Object({ id: IdParam({ description: 'Study id' }) });

/** The link's own query; the panel appends its respondent id under its participant parameter. */
export const TakeLinkQuery = Type.Object({
  cell: Type.Optional(IdParam()),
  panel: Type.Optional(IdParam()),
  test: Type.Optional(Type.Literal('1')),
  sig: Type.Optional(Text(64)),
  autostart: Type.Optional(Text(8)),
  resume: Type.Optional(Text(100)),
  source: Type.Optional(Type.Unsafe<GazeSource>({ type: 'string', enum: [...GAZE_SOURCES] })),
}, { additionalProperties: Text(200) });

export const runnerPage = defineOperation({
  operationId: 'takeStudyPage',
  method: 'GET',
  path: '/take/:id',
  summary: 'The respondent runner page a take-study link opens (HTML)',
  description: 'Checks the signature first: a bad one answers 403 with a page saying so. The page loads /take/assets/runner.js, which starts the session (POST /v1.0/take/{id}/start).',
  tags, access: 'read', roles: ['signed_url'],
  params: TakeParams, querystring: TakeLinkQuery,
  response: { 200: Type.Unsafe<unknown>({ description: 'The runner page', content: { 'text/html': { schema: { type: 'string' } } } }) },
  errors: [403],
});

export const runnerScript = defineOperation({
  operationId: 'takeRunnerScript',
  method: 'GET',
  path: '/take/assets/:file',
  summary: "The runner's built script (dist/runner)",
  tags, access: 'read', roles: ['public'],
  params: Type.Object({ file: Type.String({ pattern: '^[\\w.-]{1,80}\\.(js|css|map)$' }) }),
  response: { 200: Type.Unsafe<unknown>({ description: 'JavaScript module', content: { 'text/javascript': { schema: { type: 'string' } } } }) },
  errors: [404],
  hidden: true,
});

// ---- start -----------------------------------------------------------------------------------------

export const StartBody = Type.Object({
  query: Text(4000, { description: "The take link's query string as the page got it (location.search, with or without '?')" }),
});
export type StartBody = Static<typeof StartBody>;

export const TakeStim = Type.Object({
  stim_id: Id(),
  name: Type.String(),
  stim_type: Type.String({ description: "'i' image, 'v' video, 's' script, 'va' VAST URL, 'vx' VAST XML" }),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  src: Nullable(Type.String({ description: 'Image or video file (signed URL)' })),
  frame_src: Nullable(Type.String({ description: 'Script and VAST: the preview page on the files origin, for a sandboxed iframe only' })),
  x: Type.Optional(Type.Integer({ description: 'Cache page placements: page px' })),
  y: Type.Optional(Type.Integer()),
});
export type TakeStim = Static<typeof TakeStim>;

export const TakeQuestion = Type.Object({
  question_id: Id(),
  text: Type.String(),
  type: Type.String({ description: "single_choice | multiple_choice | open_text | brand_recall | …" }),
  options: Type.Array(Type.Object({ id: Id(), text: Type.String() })),
});
export type TakeQuestion = Static<typeof TakeQuestion>;

export const TakeStep = Type.Object({
  step_id: Id(),
  type: StepTypeSchema,
  name: Type.String(),
  seconds_before_show_next: Type.Number(),
  seconds_before_move_next: Type.Number(),
  next_button: Type.Unsafe<NextButton>({ type: 'string', enum: [...NEXT_BUTTONS] }),
  instruction: Type.Optional(Type.Object({ title: Type.String(), text: Type.String() })),
  stim: Type.Optional(TakeStim),
  page: Type.Optional(Type.Object({
    frame_src: Nullable(Type.String({ description: 'The stored snapshot on the files origin (sandboxed iframe); null while not cached' })),
    original_url: Type.String(),
    stims: Type.Array(TakeStim),
  })),
  questions: Type.Optional(Type.Object({ title: Type.String(), text: Type.String(), items: Type.Array(TakeQuestion) })),
  external: Type.Optional(Type.Object({ url: Type.String({ description: 'With the member insert parameter filled' }) })),
  command: Type.Optional(Type.Object({ name: Type.String({ description: 'Calibrate, Recalibrate, Start camera or Stop camera' }) })),
  embedded: Type.Optional(Type.Object({ url: Type.String({ description: 'The third-party page, with the member insert parameter filled (a sandboxed iframe)' }) })),
});
export type TakeStep = Static<typeof TakeStep>;

export const StartResponse = Ok({
  state: Type.Union([Type.Literal('run'), Type.Literal('quota_full')]),
  study_id: Id(),
  study_name: Type.String(),
  is_test: Type.Boolean(),
  cell_id: Id(),
  panel_id: Nullable(Id()),
  reference: Type.String({ description: "The respondent's reference: the panel's participant parameter, or one made up for our own panel" }),
  session_id: Type.String(),
  token: Type.String({ description: 'Stores this session (POST /v1.0/take/{id}/session); expires after a day' }),
  steps: Type.Array(TakeStep),
  redirect_url: Nullable(Type.String({ description: "quota_full: the panel's quota-full redirect with the participant parameter (null for our own panel)" })),
});
export type StartResponse = Static<typeof StartResponse>;

export const startSession = defineOperation({
  operationId: 'takeStart',
  method: 'POST',
  path: '/v1.0/take/:id/start',
  summary: 'Starts a respondent session from a signed take-study link: the cell, the steps to play and a session token',
  description: "403 for a bad signature or a link of another study; 409 when a live link's study is not live, or has no cells. The cell is the link's, or the one with the fewest counted respondents. Quota: participants_requested spread over the cells (test links never count and are never refused); a full cell answers state quota_full, stores the respondent as quota_full and names the panel's quota-full redirect.",
  tags, access: 'write', roles: ['signed_url'],
  params: TakeParams, body: StartBody,
  // Holds the 4,000-character query even with every character escaped or 3 bytes of UTF-8.
  bodyLimit: 16 * 1024,
  response: { 200: StartResponse },
  errors: [403, 409],
});

// ---- raw calibration (issue 22 item 4: the server measures) ----------------------------------------

const Px = (description?: string) => Type.Number({ minimum: -1_000_000, maximum: 1_000_000, ...(description ? { description } : {}) });
const Ms = (description?: string) => Type.Number({ minimum: 0, maximum: 86_400_000, ...(description ? { description } : {}) });

/** One calibration dot: where it was, when its points were collected, and the points (server/domain/gaze-quality.ts CalibrationTarget). */
export const CalibrationTarget = Type.Object({
  target: Type.Object({ x: Px(), y: Px() }, { description: 'The dot centre, viewport px' }),
  start_ms: Ms('Collection window start, ms on the calibration clock'),
  end_ms: Ms(),
  samples: Type.Array(Type.Tuple([Ms(), Px(), Px()]), { maxItems: 2000, description: '[t_ms, x, y]: the gaze points collected for this dot (viewport px)' }),
});

export const CalibrationData = Type.Object({
  area: Type.Object({ x: Px(), y: Px(), width: Px(), height: Px() }, { description: 'The area the 3 × 3 grid is laid out in (viewport px): dots at 10 %, 50 %, 90 % of each axis' }),
  targets: Type.Array(CalibrationTarget, { maxItems: 20 }),
}, { description: 'The latest calibration or validation, raw: the server computes accuracy, precision and frame rate from it and checks it is plausible (missing or implausible: the gate fails with the reason)' });
export type CalibrationData = Static<typeof CalibrationData>;

export const QualityFailure = Type.Object({
  measure: Type.String({ description: 'calibration_accuracy_px | calibration_precision_px | frame_rate | connection_speed_kbps | calibration_data (the raw calibration is missing or implausible)' }),
  value: Nullable(Type.Number({ description: 'null: required but not measured' })),
  threshold: Nullable(Type.Number({ description: 'null for calibration_data' })),
  message: Type.String(),
});

const IGNORED = "Ignored: the server computes it from 'calibration' (kept for older runners)";

// ---- delivery ---------------------------------------------------------------------------------------

export const DeliverBody = Type.Object({
  token: Text(1000),
  status: Type.Union([Type.Literal('complete'), Type.Literal('screenout')]),
  gaze_source: Type.Unsafe<GazeSource>({ type: 'string', enum: [...GAZE_SOURCES] }),
  calibration: Type.Optional(Nullable(CalibrationData)),
  calibration_accuracy_px: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 10_000, description: IGNORED }))),
  calibration_precision_px: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 10_000, description: IGNORED }))),
  frame_rate: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 120, description: IGNORED }))),
  connection_speed_kbps: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: MAX_CONNECTION_KBPS, description: 'The download speed of GET /v1.0/take/probe' }))),
  steps: Type.Array(SessionStep, { maxItems: 500 }),
});
export type DeliverBody = Static<typeof DeliverBody>;

export const DeliverResponse = Ok({
  duplicate: Type.Boolean({ description: 'true: this session was stored before (a retry); nothing stored again' }),
  participant_id: Id(),
  redirect_url: Nullable(Type.String({ description: "The panel's complete / screen-out redirect with the participant parameter; null for our own panel" })),
  status: Type.Union([Type.Literal('complete'), Type.Literal('screenout')], { description: "What the server decided: a 'complete' whose measures fail the study's thresholds is screenout" }),
  failures: Type.Array(QualityFailure),
});
export type DeliverResponse = Static<typeof DeliverResponse>;

export const deliverSession = defineOperation({
  operationId: 'takeDeliver',
  method: 'POST',
  path: '/v1.0/take/:id/session',
  summary: "Stores the session the token names (the ingestion service, as POST /collect/session would); retries are safe",
  description: 'The token fixes study, cell, panel, test flag, respondent and session id: the body cannot change them. 403 for a bad or expired token; 400 (naming the field) for a session outside the ingestion bounds. Re-sending answers duplicate:true and stores nothing.',
  tags, access: 'write', roles: ['signed_url'],
  params: TakeParams, body: DeliverBody, bodyLimit: SESSION_BODY_LIMIT,
  response: { 200: DeliverResponse },
  errors: [403],
});

// ---- quality gate (issue 22 item 4) -------------------------------------------------------------------

/** The known-size download the runner times for its connection speed (random, incompressible bytes). */
export const PROBE_BYTES = 256 * 1024;
export const QUALITY_STAGES = ['connection', 'calibration', 'validation'] as const;
export type QualityStage = (typeof QUALITY_STAGES)[number];

export const speedProbe = defineOperation({
  operationId: 'takeSpeedProbe',
  method: 'GET',
  path: '/v1.0/take/probe',
  summary: `${PROBE_BYTES} random bytes, never cached: the runner times their download for the connection speed`,
  tags, access: 'read', roles: ['public'],
  response: { 200: Type.Unsafe<unknown>({ description: 'application/octet-stream', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }) },
  hidden: true,
});

export const QualityBody = Type.Object({
  token: Text(1000),
  stage: Type.Unsafe<QualityStage>({ type: 'string', enum: [...QUALITY_STAGES], description: 'connection: after the speed probe (connection_speed_kbps); calibration / validation: after that step (the raw calibration)' }),
  gaze_source: Type.Unsafe<GazeSource>({ type: 'string', enum: [...GAZE_SOURCES] }),
  calibration: Type.Optional(Nullable(CalibrationData)),
  calibration_accuracy_px: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 10_000, description: IGNORED }))),
  calibration_precision_px: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 10_000, description: IGNORED }))),
  frame_rate: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 120, description: IGNORED }))),
  connection_speed_kbps: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: MAX_CONNECTION_KBPS }))),
  steps: Type.Optional(Type.Array(SessionStep, { maxItems: 500, description: 'The steps played so far: stored with a failed session' })),
});
export type QualityBody = Static<typeof QualityBody>;


export const QualityResponse = Ok({
  pass: Type.Boolean(),
  failures: Type.Array(QualityFailure),
  participant_id: Nullable(Id({ description: 'A failure: the respondent stored as screenout (null on a pass, nothing stored)' })),
  redirect_url: Nullable(Type.String({ description: "A failure: the panel's screen-out redirect with the participant parameter (null for our own panel)" })),
});
export type QualityResponse = Static<typeof QualityResponse>;

export const checkQuality = defineOperation({
  operationId: 'takeQuality',
  method: 'POST',
  path: '/v1.0/take/:id/quality',
  summary: "The quality gate: the server measures the runner's raw calibration, compares the measures with the study's thresholds and answers pass or fail",
  description: "Accuracy, precision and frame rate are computed by the server from 'calibration' (the browser's own figures are ignored); after a calibration or validation stage the raw data are required, and missing or implausible data fail (measure calibration_data, with the reason) whatever the thresholds. Thresholds not set always pass. A failure stores the token's session at once as status screenout (with the measures and the steps sent, counted, never in the metrics) and names the panel's screen-out redirect; a retry answers the same. The delivery (POST …/session) checks the measures again and stores a failing 'complete' as screenout. 403 for a bad or expired token.",
  tags, access: 'write', roles: ['signed_url'],
  params: TakeParams, body: QualityBody, bodyLimit: SESSION_BODY_LIMIT,
  response: { 200: QualityResponse },
  errors: [403],
});

export const operations = { runnerPage, runnerScript, startSession, deliverSession, speedProbe, checkQuality };

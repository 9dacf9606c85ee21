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
export * from './values/take.js';

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
export const TAKE_STUDY_PAUSED = 'This study is paused: it is not collecting responses at the moment';
export const TAKE_STUDY_FULL = 'This study is full: enough people have taken part already';
export const TAKE_ALREADY_COMPLETED = 'You have already completed this study';
export const TAKE_SIMULATED_LIVE = 'The simulated gaze source is only for test links: open the link without source=simulated';
export const TAKE_TOO_MANY_STARTS = 'Too many starts of this study link from your address: please try again in a few minutes';
export const TAKE_CONSENT_REQUIRED = "This session has no recorded consent: the respondent has to agree to the study's consent text before anything is stored";
export const TAKE_CONSENT_VERSION = "This is not a version of this study's consent text";

// ---- informed consent (issue 41; docs/privacy.md) ------------------------------------------------------

/**
 * Why a respondent cannot take (or finish) the study: the study is completed or not live
 * ('closed'), its fieldwork is paused ('paused'), or the panel reference completed it before
 * ('duplicate'). Each sends the respondent back to the panel (docs/api.md "Take-study links").
 */
export const TAKE_REFUSALS = ['closed', 'paused', 'duplicate'] as const;
export type TakeRefusal = (typeof TAKE_REFUSALS)[number];
const Refusal = (description: string) => Type.Unsafe<TakeRefusal>({ type: 'string', enum: [...TAKE_REFUSALS], description });

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

export const START_STATES = ['run', 'quota_full', ...TAKE_REFUSALS] as const;
export type StartState = (typeof START_STATES)[number];

export const StartResponse = Ok({
  state: Type.Unsafe<StartState>({
    type: 'string', enum: [...START_STATES],
    description: "run: play the steps. Anything else: show 'message' and follow redirect_url (quota_full and closed / paused: the panel's quota-full redirect; duplicate: its screen-out redirect)",
  }),
  message: Nullable(Type.String({ description: 'What to tell the respondent when the state is not run' })),
  study_id: Id(),
  study_name: Type.String(),
  is_test: Type.Boolean(),
  cell_id: Nullable(Id({ description: 'null when closed, paused or duplicate (no cell was assigned)' })),
  panel_id: Nullable(Id()),
  reference: Type.String({ description: "The respondent's reference: the panel's participant parameter, or one made up for our own panel" }),
  session_id: Nullable(Type.String()),
  token: Nullable(Type.String({ description: 'Stores this session (POST /v1.0/take/{id}/session); valid for a day. null unless state is run or quota_full' })),
  steps: Type.Array(TakeStep),
  redirect_url: Nullable(Type.String({ description: "The panel's redirect with the participant parameter when the respondent cannot take the study (null for our own panel)" })),
  consent: Nullable(Type.Object({
    version: Id({ description: "The version of the study's consent text (agree to this one: POST /v1.0/take/{id}/consent)" }),
    text: Type.String({ description: 'Plain text; paragraphs separated by blank lines' }),
  }, { description: 'The consent text to show before anything else (no camera, no measurement before the answer). null: the study does not ask for consent, or the state is not run' })),
});
export type StartResponse = Static<typeof StartResponse>;

export const startSession = defineOperation({
  operationId: 'takeStart',
  method: 'POST',
  path: '/v1.0/take/:id/start',
  summary: 'Starts a respondent session from a signed take-study link: the cell, the steps to play and a session token',
  description: "403 for a bad signature, a link of another study, or source=simulated on a live link (nothing reserved); 409 when the study has no cells; 429 (Retry-After) beyond TAKE_START_LIMIT live starts of one link from one client address in TAKE_START_WINDOW_MINUTES. A live link whose study is completed or not live answers state closed, paused fieldwork state paused, a panel reference that completed the study before state duplicate: nothing is reserved or stored, and redirect_url sends the respondent back to the panel. The cell is the link's, or the one with the fewest counted respondents plus live reservations (a reservation lasts TAKE_RESERVATION_MINUTES unless the session is delivered first; the quality gate renews it). Quota: participants_requested spread over the cells (test links never count and are never refused); a full cell answers state quota_full and names the panel's quota-full redirect; the respondent is stored as quota_full once per panel reference (a start without a panel reference stores nothing).",
  tags, access: 'write', roles: ['signed_url'],
  params: TakeParams, body: StartBody,
  // Holds the 4,000-character query even with every character escaped or 3 bytes of UTF-8.
  bodyLimit: 16 * 1024,
  response: { 200: StartResponse },
  errors: [403, 409, 429],
});

// ---- consent (issue 41) -------------------------------------------------------------------------------

export const ConsentBody = Type.Object({
  token: Text(1000, { description: "The start's session token" }),
  agree: Type.Boolean({ description: 'true: the respondent agreed to the text; false: declined' }),
  version: Type.Optional(Id({ description: 'The consent text version shown (required when agreeing)' })),
});
export type ConsentBody = Static<typeof ConsentBody>;

export const ConsentResponse = Ok({
  agreed: Type.Boolean(),
  token: Nullable(Type.String({ description: 'Agreed: the session token carrying the consent (version and time); use it for every later call. null when declined' })),
  consent_version: Nullable(Id()),
  consented_at: Nullable(Type.String({ description: 'ISO 8601: when the server recorded the agreement' })),
  redirect_url: Nullable(Type.String({ description: "Declined: the panel's screen-out redirect with the participant parameter (null for our own panel)" })),
});
export type ConsentResponse = Static<typeof ConsentResponse>;

export const recordConsent = defineOperation({
  operationId: 'takeConsent',
  method: 'POST',
  path: '/v1.0/take/:id/consent',
  summary: "The respondent's answer to the study's consent text: agreed (a session token carrying the version and time) or declined (counted, nothing else kept)",
  description: "Agreeing answers a new session token carrying the consent text's version and the server's time; the delivery stores them with the participant (consent_version, consented_at), and without them a study that asks for consent refuses the quality gate and the delivery (403). The version must be one of the study's (400 otherwise). Declining releases the cell's reservation, adds one to the refusal count of the study and cell (live links only) and stores nothing else; redirect_url is the panel's screen-out redirect with the participant parameter. 403 for a bad or expired token.",
  tags, access: 'write', roles: ['signed_url'],
  params: TakeParams, body: ConsentBody, bodyLimit: 16 * 1024,
  response: { 200: ConsentResponse },
  errors: [400, 403],
});

// ---- raw calibration (issue 22 item 4: the server measures) ----------------------------------------

const Px = (description?: string) => Type.Number({ minimum: -1_000_000, maximum: 1_000_000, ...(description ? { description } : {}) });
const Ms = (description?: string) => Type.Number({ minimum: 0, maximum: 86_400_000, ...(description ? { description } : {}) });

/** One calibration dot: where it was, when its points were collected, and the points (shared/gaze-quality.ts CalibrationTarget). */
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

export const QUALITY_MEASURES = ['calibration_accuracy_px', 'calibration_precision_px', 'frame_rate', 'connection_speed_kbps', 'calibration_data'] as const;
export type QualityFailureMeasure = (typeof QUALITY_MEASURES)[number];
export const QualityFailure = Type.Object({
  measure: Type.Unsafe<QualityFailureMeasure>({ type: 'string', enum: [...QUALITY_MEASURES], description: 'calibration_data: the raw calibration is missing or implausible' }),
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

export const DELIVER_STATUSES = ['complete', 'screenout', ...TAKE_REFUSALS] as const;
export type DeliverStatus = (typeof DELIVER_STATUSES)[number];

export const DeliverResponse = Ok({
  duplicate: Type.Boolean({ description: 'true: this session was stored before (a retry); nothing stored again' }),
  participant_id: Nullable(Id({ description: 'null when refused (closed or paused): nothing stored' })),
  redirect_url: Nullable(Type.String({ description: "The panel's complete / screen-out (duplicate too) / quota-full (closed, paused) redirect with the participant parameter; null for our own panel" })),
  status: Type.Unsafe<DeliverStatus>({
    type: 'string', enum: [...DELIVER_STATUSES],
    description: "What the server decided: a 'complete' whose measures fail the study's thresholds is screenout; closed / paused: the study stopped collecting since the start, nothing stored; duplicate: the panel reference had completed the study before, stored as duplicate and never counted",
  }),
  message: Nullable(Type.String({ description: 'What to tell the respondent when the status is closed, paused or duplicate' })),
  failures: Type.Array(QualityFailure),
});
export type DeliverResponse = Static<typeof DeliverResponse>;

export const deliverSession = defineOperation({
  operationId: 'takeDeliver',
  method: 'POST',
  path: '/v1.0/take/:id/session',
  summary: "Stores the session the token names (the ingestion service, as POST /collect/session would); retries are safe",
  description: 'The token fixes study, cell, panel, test flag, respondent, session id and consent: the body cannot change them. 403 for a bad or expired token, and for a token without consent when the study asks for it (POST …/consent first); 400 (naming the field) for a session outside the ingestion bounds. Re-sending answers duplicate:true and stores nothing. A live session whose study was completed, made not live or paused since the start is refused (status closed / paused, nothing stored, the panel\'s quota-full redirect); a completion of a panel reference that completed the study before is stored as duplicate and never counted.',
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
  refused: Nullable(Refusal("Not a quality failure: the study stopped collecting since the start (closed, paused); nothing stored, follow redirect_url (the panel's quota-full redirect)")),
  message: Nullable(Type.String({ description: 'What to tell the respondent when refused' })),
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
  description: "Accuracy, precision and frame rate are computed by the server from 'calibration' (the browser's own figures are ignored); after a calibration or validation stage the raw data are required, and missing or implausible data fail (measure calibration_data, with the reason) whatever the thresholds. Thresholds not set always pass. A failure stores the token's session at once as status screenout (with the measures and the steps sent, counted, never in the metrics) and names the panel's screen-out redirect; a retry answers the same. The delivery (POST …/session) checks the measures again and stores a failing 'complete' as screenout. 403 for a bad or expired token, and for a token without consent when the study asks for it.",
  tags, access: 'write', roles: ['signed_url'],
  params: TakeParams, body: QualityBody, bodyLimit: SESSION_BODY_LIMIT,
  response: { 200: QualityResponse },
  errors: [403],
});

export const operations = { runnerPage, runnerScript, startSession, recordConsent, deliverSession, speedProbe, checkQuality };

// One study as a place to work in (server/routes/study; spec document 2 §2.1, §3.1–3.6, §4.1–4.2,
// §5, §6, §7.2): details and their edit, the overview, panels (audience), panel links, files,
// completion, subscriptions, run-throughs, the order timeline and the phase a super user advances.
// Every call is a POST on /v1.0/studies/{id}/…, scoped to the acting company (404 otherwise).
import { Type, type Static } from 'typebox';
import { RunThroughCellCheck } from './validations.js';
import {
  areaTag, defineOperation, Id, IdParam, Int4, IntLike, Nullable, Ok, STUDY_ROLES, StudyParams, Text,
} from './common.js';
import { COMPLETE_FROM_PHASE, STUDY_STATUSES, LAUNCH_CHECK_IDS, STUDY_NAME_MAX, SHORT_TEXT_MAX, STUDY_EVENT_KINDS, type QualityField, qualityRangeMessage } from './values/study.js';
export * from './values/study.js';

declare module './common.js' {
  interface AreaTags { study: true }
}
const TAG = areaTag('study');

// ---- shared pieces ---------------------------------------------------------------------------------

const IsoTime = (description = 'ISO 8601 timestamp') => Type.String({ description });
const Success = { success: Type.Literal(true) };

export const PanelParams = Type.Object({
  id: IdParam({ description: 'Study id' }),
  panelId: IdParam({ description: 'Panel id' }),
});
export type PanelParams = Static<typeof PanelParams>;

/** A POST read with nothing to send: any object (or no body) is accepted. */
export const EmptyBody = Type.Object({}, { description: 'Nothing is read from the body' });

// ---- details and edit (§3.6, §7.2) ----------------------------------------------------------------

// The schema only bounds the magnitude; the range is checked by the route so the answer names it
// in words (errors.<field>: qualityRangeMessage) rather than as a schema keyword.
const NumberOrNull = (f: QualityField) =>
  Nullable(Type.Number({ minimum: -1e9, maximum: 1e9, description: `${qualityRangeMessage(f).replace('must be ', '')}; null clears it` }));

export const QuestionGroupChoice = Type.Object({ id: Type.Integer({ minimum: 0 }), group_name: Type.String() });

export const StudyDetails = Type.Object({
  ...Success,
  id: Id(),
  name: Type.String(),
  project_location: Nullable(Type.String({ description: 'Location code (projectlocations_list code)' })),
  project_location_id: Nullable(Id()),
  language: Nullable(Type.String({ description: 'Language name (studylanguages_list name)' })),
  language_id: Nullable(Id({ description: 'Legacy form field' })),
  media: Nullable(Type.String({ description: 'Read-only' })),
  media_id: Nullable(Id()),
  environment: Nullable(Type.String({ description: 'Read-only' })),
  environment_id: Nullable(Id()),
  proposal_signoff_date: Nullable(IsoTime('Date, YYYY-MM-DD')),
  proposed_data_collection_start: Nullable(IsoTime('Date, YYYY-MM-DD')),
  proposed_data_collection_end: Nullable(IsoTime('Date, YYYY-MM-DD')),
  debrief_date: Nullable(IsoTime('Date, YYYY-MM-DD')),
  methodology: Type.String(),
  study_duration: Type.String(),
  incentive: Type.String(),
  objective: Type.String(),
  decision_to_inform: Type.String(),
  notes: Type.String(),
  brief: Type.String(),
  pre_assign_question_group: QuestionGroupChoice,
  demographic_survey_url: Type.String(),
  demographic_survey_insert_parameter: Type.String(),
  min_connection_speed: Nullable(Type.Number({ description: 'kbps' })),
  min_calibration_frame_rate: Nullable(Type.Number({ description: 'fps' })),
  max_accuracy: Nullable(Type.Number({ description: 'pixels' })),
  max_precision: Nullable(Type.Number({ description: 'pixels' })),
  max_gaze_duration: Nullable(Type.Number()),
  max_dwell_ms: Nullable(Type.Number()),
  min_dwell_ms: Nullable(Type.Number()),
  consent_required: Type.Boolean({ description: 'Take links show the consent text first; no session is stored without agreement (issue 41; docs/privacy.md)' }),
  consent_text: Type.String({ description: 'The consent text shown now: the latest version, or the default naming the company (version 0)' }),
  consent_version: Int4({ description: 'The version consent_text is; 0: the default, stored as version 1 by the first take-link start' }),
});
export type StudyDetails = Static<typeof StudyDetails>;

/** A date value: YYYY-MM-DD or a full ISO timestamp; null or '' clears it. */
const DateValue = Nullable(Type.String({ maxLength: 40, description: 'YYYY-MM-DD or ISO 8601; null or empty clears the date' }));

/**
 * Every field optional: a field left out keeps its value (the legacy form sends a few fields).
 * media and environment are read-only and ignored when sent.
 */
export const StudyEditBody = Type.Object({
  name: Type.Optional(Text(1000, { description: `Required, at most ${STUDY_NAME_MAX} characters` })),
  project_location: Type.Optional(Nullable(Text(20, { description: 'Location code' }))),
  project_location_id: Type.Optional(Nullable(IntLike(0))),
  language: Type.Optional(Nullable(Text(100, { description: 'Language name' }))),
  language_id: Type.Optional(Nullable(IntLike(0, { description: 'Legacy form: the language id' }))),
  media: Type.Optional(Type.Unknown({ description: 'Read-only: ignored' })),
  environment: Type.Optional(Type.Unknown({ description: 'Read-only: ignored' })),
  proposal_signoff_date: Type.Optional(DateValue),
  proposed_data_collection_start: Type.Optional(DateValue),
  proposed_data_collection_end: Type.Optional(DateValue),
  debrief_date: Type.Optional(DateValue),
  methodology: Type.Optional(Nullable(Text(5000))),
  study_duration: Type.Optional(Nullable(Text(1000, { description: `At most ${SHORT_TEXT_MAX} characters` }))),
  incentive: Type.Optional(Nullable(Text(1000, { description: `At most ${SHORT_TEXT_MAX} characters` }))),
  objective: Type.Optional(Nullable(Text(5000))),
  decision_to_inform: Type.Optional(Nullable(Text(5000))),
  notes: Type.Optional(Nullable(Text(5000))),
  brief: Type.Optional(Nullable(Text(5000))),
  pre_assign_question_group: Type.Optional(Nullable(IntLike(0, { description: 'Question group id; 0 = None' }))),
  demographic_survey_url: Type.Optional(Nullable(Text(2000, { description: 'http(s) URL or empty' }))),
  demographic_survey_insert_parameter: Type.Optional(Nullable(Text(100))),
  min_connection_speed: Type.Optional(NumberOrNull('min_connection_speed')),
  min_calibration_frame_rate: Type.Optional(NumberOrNull('min_calibration_frame_rate')),
  max_accuracy: Type.Optional(NumberOrNull('max_accuracy')),
  max_precision: Type.Optional(NumberOrNull('max_precision')),
  max_gaze_duration: Type.Optional(NumberOrNull('max_gaze_duration')),
  max_dwell_ms: Type.Optional(NumberOrNull('max_dwell_ms')),
  min_dwell_ms: Type.Optional(NumberOrNull('min_dwell_ms')),
  consent_required: Type.Optional(Type.Boolean()),
  consent_text: Type.Optional(Text(20_000, { description: 'A changed text becomes the next version (past versions are kept); required, at most 10,000 characters' })),
});
export type StudyEditBody = Static<typeof StudyEditBody>;

// ---- panels (§3.3, §4.2) ---------------------------------------------------------------------------

export const Panel = Type.Object({
  id: Id(),
  name: Type.String(),
  code: Type.String(),
  success_redirect_url: Type.String(),
  screenout_redirect_url: Type.String(),
  quota_full_redirect_url: Type.String(),
  participant_insert_parameter: Type.String(),
});
export type Panel = Static<typeof Panel>;

/** Every field required and non-blank (the messages of PANEL_MESSAGES name what is missing); the redirects http(s) URLs (PANEL_URL_MESSAGE). */
export const PanelBody = Type.Object({
  name: Text(200),
  code: Text(50),
  success_redirect_url: Text(2000),
  screenout_redirect_url: Text(2000),
  quota_full_redirect_url: Text(2000),
  participant_insert_parameter: Text(50, { description: 'The query parameter the panel fills with its respondent id' }),
});
export type PanelBody = Static<typeof PanelBody>;

export const PanelResponse = Type.Object({ ...Success, panel: Panel });
export type PanelResponse = Static<typeof PanelResponse>;

export const AudienceOverview = Type.Object({
  ...Success,
  participants_requested: Int4(),
  panels: Type.Array(Panel),
  data: Nullable(Panel),
});
export type AudienceOverview = Static<typeof AudienceOverview>;

// ---- links (§3.4) ----------------------------------------------------------------------------------

export const CellLink = Type.Object({
  cell_id: Id(), cell_name: Type.String(),
  short_name: Type.String({ description: "The cell's short name (the legacy links table's column heading)" }),
  standard: Type.String(),
  auto_start: Type.String({ description: 'The same link, starting without the welcome screen (the legacy per-cell live link)' }),
});
export const PanelLinks = Type.Object({
  panel_id: Id(),
  panel_name: Type.String(),
  standard: Type.String(),
  cell_links: Type.Array(CellLink),
});
export const LinkSet = Type.Object({
  standard: Type.String({ description: 'Our own panel: the runner assigns a cell' }),
  auto_start: Type.String({ description: 'Legacy field: the same link, starting without the welcome screen' }),
  cell_links: Type.Array(CellLink),
  panel_links: Type.Array(PanelLinks),
});
export const LinksResponse = Type.Object({ ...Success, testing_links: LinkSet, live_links: LinkSet });
export type CellLink = Static<typeof CellLink>;
export type PanelLinks = Static<typeof PanelLinks>;
export type LinkSet = Static<typeof LinkSet>;
export type LinksResponse = Static<typeof LinksResponse>;

// ---- files (§3.5) ----------------------------------------------------------------------------------

export const StudyFile = Type.Object({
  id: Id(),
  name: Type.String(),
  description: Type.String(),
  type: Type.String(),
  url: Nullable(Type.String({ description: 'Signed, expiring /files URL, or the external link' })),
});
export const FilesResponse = Type.Object({ ...Success, data: Type.Array(StudyFile) });
export type StudyFile = Static<typeof StudyFile>;
export type FilesResponse = Static<typeof FilesResponse>;

// ---- actions, run-throughs, timeline -------------------------------------------------------------

export const StudyActionView = Type.Object({
  id: Id(),
  name: Type.String(),
  type: Type.String(),
  assignments: Type.Array(Type.Object({ email: Type.String() })),
});
export type StudyActionView = Static<typeof StudyActionView>;

export const RUN_THROUGH_STATUSES = ['queued', 'running', 'passed', 'failed'] as const;
export const RunThrough = Type.Object({
  id: Id(),
  status: Type.String({ description: "queued until the run-through job starts it (server/jobs/run-through.ts); then running, passed or failed" }),
  result: Nullable(Type.String()),
  is_test: Type.Boolean(),
  requested_by: Nullable(Type.String({ description: "Requester's e-mail (or username)" })),
  created_at: IsoTime(),
  cells: Type.Optional(Type.Array(RunThroughCellCheck, { description: 'Once finished: per cell and per step, passed or failed with the reason' })),
});
export type RunThrough = Static<typeof RunThrough>;
export const RunThroughsResponse = Type.Object({ ...Success, data: Type.Array(RunThrough) });
export const RunThroughResponse = Type.Object({ ...Success, run_through: RunThrough });
export type RunThroughsResponse = Static<typeof RunThroughsResponse>;

export const TimelineEvent = Type.Object({
  id: Int4({ description: '0 for the creation entry taken from the study row' }),
  kind: Type.String({ description: STUDY_EVENT_KINDS.join(', ') }),
  text: Type.String({ description: 'What happened, in words' }),
  at: IsoTime(),
  by: Nullable(Type.String({ description: 'Who did it (e-mail), when a user did' })),
});
export type TimelineEvent = Static<typeof TimelineEvent>;

// ---- overview (§2.1, §3.1) -------------------------------------------------------------------------

export const OverviewStim = Type.Object({ id: Id(), name: Type.String() });

export const LaunchCheck = Type.Object({
  id: Type.String({ description: LAUNCH_CHECK_IDS.join(', ') }),
  label: Type.String({ description: 'What is checked, in words' }),
  passed: Type.Boolean(),
  message: Nullable(Type.String({ description: 'Why it is unmet (null when passed); the launch answers it under errors[id]' })),
});
export type LaunchCheck = Static<typeof LaunchCheck>;

export const StudyOverview = Type.Object({
  ...Success,
  id: Id(),
  study_name: Type.String(),
  brief: Type.String(),
  methodology: Type.String(),
  language: Nullable(Type.String()),
  environment: Nullable(Type.String()),
  media: Nullable(Type.String()),
  data_collection_start: Nullable(IsoTime('Actual fieldwork start: the first counted live session (null until then)')),
  data_collection_end: Nullable(IsoTime('Actual fieldwork end: when the study was completed (null: pending)')),
  planned_data_collection_start: Nullable(IsoTime('The proposed start (study details)')),
  planned_data_collection_end: Nullable(IsoTime('The proposed end (study details)')),
  status: Type.String({ description: STUDY_STATUSES.join(', ') }),
  live: Type.Boolean({ description: 'Launched and not yet closed (true while paused)' }),
  paused: Type.Boolean({ description: "Fieldwork paused: take links answer 'paused'" }),
  completed: Type.Boolean(),
  launch_checks: Type.Array(LaunchCheck, { description: 'What launching needs, each passed or with why not' }),
  phase_id: Type.Integer({ minimum: 1, maximum: 5 }),
  phase_name: Type.String(),
  has_files: Type.Boolean(),
  has_results: Type.Boolean({ description: 'Measured (complete, non-test) participants exist' }),
  cell_step_stim_overview: Type.Object({ cell_count: Int4(), stim_count: Int4(), step_count: Int4(), participants_requested: Int4() }),
  survey_overview: Type.Object({ has_survey: Type.Boolean(), has_demographics: Type.Boolean(), num_questions: Int4() }),
  audience_overview: Type.Object({
    participants_requested: Int4(),
    participants_returned: Int4(),
    consent_refusals: Int4({ description: 'Respondents who declined the consent text (live links; nothing else is kept about them)' }),
    panels: Type.Array(Type.Object({ id: Id(), name: Type.String(), code: Type.String() })),
  }),
  actions: Type.Array(StudyActionView),
  /** The caller's own subscription state and address (the subscribe dialog names it). */
  subscribed: Type.Boolean(),
  user_email: Nullable(Type.String()),
  run_throughs: Type.Array(RunThrough),
  timeline: Type.Array(TimelineEvent),
  stims: Type.Array(OverviewStim),
});
export type StudyOverview = Static<typeof StudyOverview>;

// ---- operations ------------------------------------------------------------------------------------

const base = { tags: [TAG, 'studies'], roles: STUDY_ROLES, method: 'POST', params: StudyParams, errors: [404] } as const;
const read = { ...base, access: 'read', body: EmptyBody, optionalBody: true } as const;

export const details = defineOperation({
  ...read, operationId: 'getStudyDetails', path: '/v1.0/studies/:id/details',
  summary: "A study's editable details (spec doc 2 §3.6)",
  response: { 200: StudyDetails },
});

export const edit = defineOperation({
  ...base, access: 'write', operationId: 'editStudyDetails', path: '/v1.0/studies/:id/edit',
  summary: "Edits a study's details; answers the details as stored",
  description: 'Fields left out keep their value. Dates as YYYY-MM-DD (or ISO), question group as its id (0 = None), location as its code, language as its name (language_id also accepted). ' +
    `name is required and at most ${STUDY_NAME_MAX} characters; study_duration and incentive at most ${SHORT_TEXT_MAX}; demographic_survey_url an http(s) URL. ` +
    'A change of the proposed collection dates is written to the order timeline. 400 names each bad field with the form\'s message.',
  body: StudyEditBody,
  response: { 200: StudyDetails },
});

export const ConsentVersion = Type.Object({
  version: Id(),
  text: Type.String(),
  created_at: IsoTime(),
  created_by: Nullable(Type.String({ description: 'Who saved it (e-mail); null for the default text stored by the first start' })),
  respondents: Int4({ description: 'Stored respondents who agreed to this version' }),
});
export type ConsentVersion = Static<typeof ConsentVersion>;
export const ConsentVersionsResponse = Type.Object({ ...Success, data: Type.Array(ConsentVersion) });
export type ConsentVersionsResponse = Static<typeof ConsentVersionsResponse>;

export const consentVersions = defineOperation({
  ...read, operationId: 'getStudyConsentVersions', path: '/v1.0/studies/:id/consent_versions',
  summary: "Every version of the study's consent text, oldest first, with how many respondents agreed to each (issue 41)",
  response: { 200: ConsentVersionsResponse },
});

export const overview = defineOperation({
  ...read, operationId: 'getStudyOverview', path: '/v1.0/studies/:id/overview',
  summary: 'Everything the study overview shows (spec doc 2 §2.1, §3.1)',
  description: 'Reading it also moves the phase forward when the facts say so (see docs/api.md "Study phases"). Dates: data_collection_* are the actual ones, planned_data_collection_* the proposed ones.',
  response: { 200: StudyOverview },
});

export const audienceOverview = defineOperation({
  ...read, operationId: 'getAudienceOverview', path: '/v1.0/studies/:id/audience/overview',
  summary: "The study's panels",
  description: 'With a JSON body (even {}): {panels: every panel, participants_requested, data: the first panel or null}. ' +
    'Without a body, as the legacy client posts it, the bare array of panels: its edit-audience page reads response.data[0].name.',
  response: { 200: Type.Union([AudienceOverview, Type.Array(Panel, { description: 'No body (the legacy client): the bare array of panels' })]) },
});

export const createPanel = defineOperation({
  ...base, access: 'write', operationId: 'createPanel', path: '/v1.0/studies/:id/audience/create',
  summary: 'Adds a panel to the study',
  description: 'Every field is required and non-blank (400 with the form messages). Written to the order timeline.',
  body: PanelBody,
  response: { 200: PanelResponse },
});

export const panelDetails = defineOperation({
  ...read, operationId: 'getPanel', path: '/v1.0/studies/:id/audience/:panelId/details', params: PanelParams,
  summary: 'One panel of the study',
  response: { 200: PanelResponse },
});

export const editPanel = defineOperation({
  ...base, access: 'write', operationId: 'editPanel', path: '/v1.0/studies/:id/audience/:panelId/edit', params: PanelParams,
  summary: 'Edits a panel of the study',
  body: PanelBody,
  response: { 200: PanelResponse },
});

export const deletePanel = defineOperation({
  ...base, access: 'write', operationId: 'deletePanel', path: '/v1.0/studies/:id/audience/:panelId/delete', params: PanelParams,
  body: EmptyBody, optionalBody: true,
  summary: 'Removes a panel from the study',
  description: "Respondents who came through it keep their data (their panel is cleared). Written to the order timeline.",
  response: { 200: Ok({}) },
});

export const links = defineOperation({
  ...read, operationId: 'getStudyLinks', path: '/v1.0/studies/:id/links',
  summary: "The study's take-study links: testing and live, per cell and per panel",
  description: 'Signed /take/{study} URLs of this server, stable per study (see docs/api.md "Take-study links").',
  response: { 200: LinksResponse },
});

export const files = defineOperation({
  ...read, operationId: 'getStudyFiles', path: '/v1.0/studies/:id/files',
  summary: "The study's files (signed URLs)",
  response: { 200: FilesResponse },
});

export const complete = defineOperation({
  ...base, access: 'write', operationId: 'completeStudy', path: '/v1.0/studies/:id/complete',
  body: EmptyBody, optionalBody: true, errors: [404, 409],
  summary: 'Ends a live study: live false, completed true, phase 5, the actual fieldwork end now',
  description: `Allowed from phase ${COMPLETE_FROM_PHASE} (data collection) on, paused or not; a completed study answers 409 and nothing changes. Written to the timeline with who and when; subscribers are notified.`,
  response: { 200: Type.Object({ ...Success, phase_id: Type.Literal(5), live: Type.Literal(false), completed: Type.Literal(true) }) },
});

export const LaunchBody = Type.Object({
  override: Type.Optional(Type.Boolean({ default: false, description: 'Super users only: launch although checks are unmet (they are named in the timeline)' })),
});
export type LaunchBody = Static<typeof LaunchBody>;
const LifecycleResponse = Type.Object({
  ...Success, phase_id: Type.Integer({ minimum: 1, maximum: 5 }), live: Type.Boolean(), paused: Type.Boolean(), completed: Type.Boolean(),
});
export type LifecycleResponse = Static<typeof LifecycleResponse>;

export const launch = defineOperation({
  ...base, access: 'write', operationId: 'launchStudy', path: '/v1.0/studies/:id/launch',
  body: LaunchBody, optionalBody: true, errors: [403, 404, 409],
  summary: 'Launches a study: Setup → Quality Assurance → Data Collection, live true, live links open',
  description: 'Every cell has steps, a panel exists and a test run passed (a passed run-through or a completed test session): ' +
    "otherwise 409 'The study cannot be launched yet' with each unmet check under errors (cells, steps, panel, test_run). " +
    'override: true launches anyway for super users (403 for anyone else). A launched, analysed or completed study answers 409. ' +
    'Written to the timeline with who and when; subscribers are notified.',
  response: { 200: LifecycleResponse },
});

export const pause = defineOperation({
  ...base, access: 'write', operationId: 'pauseStudy', path: '/v1.0/studies/:id/pause',
  body: EmptyBody, optionalBody: true, errors: [404, 409],
  summary: "Pauses a live study's fieldwork: its take links answer 'paused' and send respondents to the panel's screen-out redirect",
  description: "live stays true (the study is launched and not closed); paused true. 409 when the study is not live or already paused. Timeline and subscribers as launch.",
  response: { 200: LifecycleResponse },
});

export const resume = defineOperation({
  ...base, access: 'write', operationId: 'resumeStudy', path: '/v1.0/studies/:id/resume',
  body: EmptyBody, optionalBody: true, errors: [404, 409],
  summary: 'Resumes a paused study: live links take respondents again',
  description: '409 when the study is not paused. Timeline and subscribers as launch.',
  response: { 200: LifecycleResponse },
});

export const AssignBody = Type.Object({
  action_ids: Type.Optional(Type.Array(Id(), { maxItems: 20, description: 'Actions to follow; all of them when left out' })),
  subscribe: Type.Optional(Type.Boolean({ default: true, description: 'false: stop following them' })),
});
export type AssignBody = Static<typeof AssignBody>;

export const assignToAction = defineOperation({
  ...base, access: 'write', operationId: 'subscribeToStudy', path: '/v1.0/studies/:id/assign_to_action',
  body: AssignBody, optionalBody: true,
  summary: "Subscribes the caller (their e-mail) to the study's updates",
  description: 'Idempotent. Phase changes and completion then write one notification per subscriber to the outbox, e-mailed when SMTP_URL is set.',
  response: { 200: Type.Object({ ...Success, subscribed: Type.Boolean(), email: Type.String(), actions: Type.Array(StudyActionView) }) },
});

export const orderRunThrough = defineOperation({
  ...base, access: 'write', roles: ['super_user'], operationId: 'orderRunThrough', path: '/v1.0/studies/:id/order_study_runthrough',
  body: EmptyBody, optionalBody: true,
  summary: 'Orders an automated run-through of the study (super users only)',
  description: "Recorded with who and when, status 'queued', and queued as a job: every cell's test link is played in headless Chromium (CHROME_PATH) with the simulated gaze source; the status then moves to running, then passed or failed with per-step reasons. Without Chromium it fails with that reason (never a made-up pass).",
  response: { 200: RunThroughResponse },
});

export const runThroughs = defineOperation({
  ...read, operationId: 'listRunThroughs', path: '/v1.0/studies/:id/studyrunthroughs',
  summary: "The study's run-throughs, newest first",
  response: { 200: RunThroughsResponse },
});

export const AdvancePhaseBody = Type.Object({ phase_id: Type.Integer({ minimum: 2, maximum: 4 }) });
export const advancePhase = defineOperation({
  ...base, access: 'write', roles: ['super_user'], operationId: 'advanceStudyPhase', path: '/v1.0/studies/:id/phase',
  body: AdvancePhaseBody, errors: [404, 409],
  summary: 'Moves a study to a later phase (super users only; e.g. to analysis before fieldwork ends)',
  description: 'Forward only: a phase at or below the current one answers 409. Phase 5 goes through complete. ' +
    'To 3 launches the study (live, whatever the launch checks); to 4 closes fieldwork (not live, the actual end now).',
  response: { 200: Type.Object({ ...Success, phase_id: Type.Integer() }) },
});

export const timeline = defineOperation({
  ...read, operationId: 'getStudyTimeline', path: '/v1.0/studies/:id/timeline',
  summary: "The study's order timeline, oldest first",
  response: { 200: Type.Object({ ...Success, data: Type.Array(TimelineEvent) }) },
});

export const operations = {
  details, edit, consentVersions, overview, audienceOverview, createPanel, panelDetails, editPanel, deletePanel, links, files,
  complete, assignToAction, orderRunThrough, runThroughs, advancePhase, timeline, launch, pause, resume,
};

// TypeBox-free values of contract/study.ts: the limits, words and closed sets the SDK needs at run
// time. The schemas of ../study.ts are built from them and re-export them, so the server and
// OpenAPI read the same values; a browser bundle that imports these carries no schema and no
// TypeBox (issue 40 item 3; tests/lint/contract-values.test.mjs keeps it so). No imports but
// other files of this folder.

// ---- constants the UI and the server share -------------------------------------------------------

/** Spec document 2 §4.1. */
export const PHASES = [
  { id: 1, name: 'Setup' },
  { id: 2, name: 'Quality Assurance' },
  { id: 3, name: 'Data Collection' },
  { id: 4, name: 'Analysis & Reporting' },
  { id: 5, name: 'Study Complete' },
] as const;
export type PhaseId = 1 | 2 | 3 | 4 | 5;
/** Complete is allowed from this phase on (data collection). */
export const COMPLETE_FROM_PHASE = 3;

/** Study-details limits (spec document 2 §5, §9) and their messages, word for word. */
/**
 * The life-cycle status (overview `status`): live (launched, collecting), paused (launched, links
 * answer 'paused'; `live` stays true), completed, processing (anything else: set-up, QA, analysis).
 */
export const STUDY_STATUSES = ['live', 'paused', 'completed', 'processing'] as const;
export type StudyStatus = (typeof STUDY_STATUSES)[number];
/** Launch checks (server/domain/study-phase.ts), by id. */
export const LAUNCH_CHECK_IDS = ['cells', 'steps', 'panel', 'test_run'] as const;

export const STUDY_NAME_MAX = 50;
export const SHORT_TEXT_MAX = 50;
export const DETAILS_MESSAGES = {
  nameRequired: 'Name required',
  tooLong: 'Too Long!',
  languageRequired: 'Language required',
  locationRequired: 'Location required',
  url: '* Must be a valid URL',
  consentText: 'Consent text required',
} as const;
/** Panel form messages (spec document 2 §5), word for word. */
export const PANEL_MESSAGES = {
  name: 'Name required',
  code: 'Code required',
  success_redirect_url: 'Complete redirect required',
  screenout_redirect_url: 'disqualify redirect required',
  quota_full_redirect_url: 'Overquota redirect required',
  participant_insert_parameter: 'Parameter required',
} as const;
export const PANEL_FIELDS = Object.keys(PANEL_MESSAGES) as (keyof typeof PANEL_MESSAGES)[];
/** The panel's redirects: respondents are sent there when they finish, so http(s) addresses only (issue 35). */
export const PANEL_REDIRECT_FIELDS = ['success_redirect_url', 'screenout_redirect_url', 'quota_full_redirect_url'] as const;
/** Spec document 2 §5's message for an address that is not one. */
export const PANEL_URL_MESSAGE = 'Please enter a valid URL';
/** An absolute http or https URL with a host and no spaces: the rule the form and the server apply to panel redirects. */
export function isRedirectUrl(value: string | null | undefined): boolean {
  const s = (value ?? '').trim();
  if (!s || /\s/.test(s) || !/^https?:\/\//i.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** What the order timeline records (study_event.kind). */
export const STUDY_EVENT_KINDS = [
  'created', 'details_edited', 'fieldwork_dates', 'panel_added', 'panel_edited', 'panel_removed',
  'run_through_ordered', 'run_through_result', 'first_live_session', 'phase_changed', 'completed', 'subscribed',
  'design_unlocked', 'launched', 'paused', 'resumed',
  // issue 41: data-subject erasures and retention (counts only, never a reference)
  'respondent_erased', 'raw_gaze_removed', 'retention_removed',
] as const;
export type StudyEventKind = (typeof STUDY_EVENT_KINDS)[number];

/**
 * The quality thresholds' ranges (0 to max, in unit): the server refuses a value outside them and
 * the details form says so before it sends. Wide enough for any real setup (8K screens, 240 fps
 * cameras, one-hour dwell), narrow enough to catch a slipped digit.
 */
export const QUALITY_LIMITS = {
  min_connection_speed: { max: 1_000_000, unit: 'kbps' },
  min_calibration_frame_rate: { max: 240, unit: 'fps' },
  max_accuracy: { max: 10_000, unit: 'pixels' },
  max_precision: { max: 10_000, unit: 'pixels' },
  max_gaze_duration: { max: 3_600_000, unit: '' },
  max_dwell_ms: { max: 3_600_000, unit: 'ms' },
  min_dwell_ms: { max: 3_600_000, unit: 'ms' },
} as const;
export type QualityField = keyof typeof QUALITY_LIMITS;
/** The message for a threshold outside its range (the form's and the server's). */
export const qualityRangeMessage = (f: QualityField) =>
  `must be a number from 0 to ${QUALITY_LIMITS[f].max}${QUALITY_LIMITS[f].unit ? ` ${QUALITY_LIMITS[f].unit}` : ''}`;
export const MIN_DWELL_ABOVE_MAX_MESSAGE = 'must not be more than the maximum dwell';

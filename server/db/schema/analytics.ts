// Respondents and what they did: participants, answers, exposures (participant × step × stim)
// with per-exposure summaries, raw gaze packed per exposure, and the analysis parameters used.
// Gaze tables are keyed by study_id so they can be partitioned / distributed by study.
import {
  pgTable, serial, integer, text, boolean, timestamp, doublePrecision, jsonb, index, uniqueIndex,
  customType,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { study, cell, panel, step, stim, aoi, question, answerOption, runThrough } from './study.js';

/** bytea as a Node Buffer / Uint8Array on both PGlite and pg. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** Fixation-detection parameters; every exposure summary records the config it was computed with. */
export const analysisConfig = pgTable('analysis_config', {
  id: serial('id').primaryKey(),
  /** 'idt' | 'ivt' */
  algorithm: text('algorithm').notNull(),
  params: jsonb('params').notNull(),
  active: boolean('active').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // At most one active config, so concurrent first ingests cannot both create one.
  uniqueIndex('analysis_config_active_uq').on(t.active).where(sql`active`),
]);

export const participant = pgTable('participant', {
  id: serial('id').primaryKey(),
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  cellId: integer('cell_id').references(() => cell.id, { onDelete: 'set null' }),
  panelId: integer('panel_id').references(() => panel.id, { onDelete: 'set null' }),
  /** The respondent's reference from the panel (participant_reference in reports). */
  reference: text('reference').notNull(),
  /** Client-chosen session id; re-sending a session never duplicates it. */
  sessionId: text('session_id').notNull(),
  ageGroupId: integer('age_group_id'),
  familyGroupId: integer('family_group_id'),
  earningsGroupId: integer('earnings_group_id'),
  genderGroupId: integer('gender_group_id'),
  socialgradeGroupId: integer('socialgrade_group_id'),
  ethnicityGroupId: integer('ethnicity_group_id'),
  hasEyetracking: boolean('has_eyetracking').notNull().default(false),
  calibrationAccuracyPx: doublePrecision('calibration_accuracy_px'),
  calibrationPrecisionPx: doublePrecision('calibration_precision_px'),
  frameRate: doublePrecision('frame_rate'),
  connectionSpeedKbps: doublePrecision('connection_speed_kbps'),
  /** complete | screenout | quota_full | duplicate (a second completion of the same panel reference: never counted) */
  status: text('status').notNull().default('complete'),
  isTest: boolean('is_test').notNull().default(false),
  /** The Automate run that took this test session: My Validations shows the run, not the session too. */
  runThroughId: integer('run_through_id').references(() => runThrough.id, { onDelete: 'set null' }),
  /** webcam | mouse (the cursor as gaze, respondent runner) | simulated; null: not said (collector, demo). */
  gazeSource: text('gaze_source'),
  /**
   * The respondent's informed consent (issue 41, docs/privacy.md): the version of the study's
   * consent text agreed to (study_consent_text.version; null: consent attested by a collector
   * import without one of our texts, or none recorded) and when, as the server recorded it.
   */
  consentVersion: integer('consent_version'),
  consentedAt: timestamp('consented_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('participant_session_uq').on(t.studyId, t.sessionId),
  index('participant_study_idx').on(t.studyId),
  // The respondents that count (real and complete: repositories/sql.ts countedSql) per study and
  // cell: the study list's participants_returned and the quota counts read only this index
  // (index-only), not every respondent's row, at every request.
  index('participant_counted_idx').on(t.studyId, t.cellId).where(sql`is_test = false and status = 'complete'`),
  // A panel reference completes a study at most once (issue 35 item 3, issue 36 item 3): ingestion
  // stores a second completion as 'duplicate'; this index makes two racing ones impossible.
  uniqueIndex('participant_complete_reference_uq').on(t.studyId, t.panelId, t.reference)
    .where(sql`status = 'complete' and is_test = false and panel_id is not null`),
]);

export const participantAnswer = pgTable('participant_answer', {
  id: serial('id').primaryKey(),
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  participantId: integer('participant_id').notNull().references(() => participant.id, { onDelete: 'cascade' }),
  questionId: integer('question_id').notNull().references(() => question.id),
  answerOptionId: integer('answer_option_id').references(() => answerOption.id),
  /** Free text, or the option's text at answer time. */
  text: text('text').notNull(),
}, (t) => [index('participant_answer_q_idx').on(t.studyId, t.questionId)]);

/**
 * One stim seen on one step by one participant. Summary columns are computed at ingest (and by
 * the recompute command) so reports never read raw samples.
 */
export const exposure = pgTable('exposure', {
  id: serial('id').primaryKey(),
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  participantId: integer('participant_id').notNull().references(() => participant.id, { onDelete: 'cascade' }),
  cellId: integer('cell_id').references(() => cell.id, { onDelete: 'set null' }),
  stepId: integer('step_id').notNull().references(() => step.id, { onDelete: 'cascade' }),
  stimId: integer('stim_id').notNull().references(() => stim.id),
  /** Where the stim sat on the page, page pixels. */
  stimX: doublePrecision('stim_x').notNull().default(0),
  stimY: doublePrecision('stim_y').notNull().default(0),
  stimWidth: doublePrecision('stim_width').notNull(),
  stimHeight: doublePrecision('stim_height').notNull(),
  pageDwellMs: doublePrecision('page_dwell_ms').notNull(),
  /** [{start_ms, end_ms, fraction}] as observed in the page. */
  viewabilityIntervals: jsonb('viewability_intervals').notNull(),
  eyetracked: boolean('eyetracked').notNull().default(false),
  // Summaries (see docs/metrics.md)
  viewable: boolean('viewable').notNull().default(false),
  viewableMs: doublePrecision('viewable_ms').notNull().default(0),
  firstViewableMs: doublePrecision('first_viewable_ms'),
  viewed: boolean('viewed').notNull().default(false),
  dwellMs: doublePrecision('dwell_ms').notNull().default(0),
  timeToFirstViewMs: doublePrecision('time_to_first_view_ms'),
  fixationCount: integer('fixation_count').notNull().default(0),
  /** Median spacing of the step's gaze samples (ms); null when not eye-tracked. */
  gazePeriodMs: doublePrecision('gaze_period_ms'),
  /** Sampled too sparsely for fixation detection (gazePeriodMs > max_gap_ms): outside the base E. */
  insufficientGaze: boolean('insufficient_gaze').notNull().default(false),
  /** Right-censoring for Kaplan–Meier curves: still looking at the stim / stim still in view when the page ended. */
  dwellCensored: boolean('dwell_censored').notNull().default(false),
  viewableCensored: boolean('viewable_censored').notNull().default(false),
  analysisConfigId: integer('analysis_config_id').references(() => analysisConfig.id),
}, (t) => [
  index('exposure_study_stim_idx').on(t.studyId, t.stimId, t.stepId),
  index('exposure_participant_idx').on(t.participantId),
  // The report aggregates' freshness check reads a study's largest exposure id (issue 21).
  index('exposure_study_id_idx').on(t.studyId, t.id),
]);

/**
 * Raw gaze and detected fixations, packed: samples as little-endian Float32 triples (t_ms, x, y),
 * fixations as Float32 quadruples (start_ms, duration_ms, x, y), page pixels.
 */
export const exposureGaze = pgTable('exposure_gaze', {
  exposureId: integer('exposure_id').primaryKey().references(() => exposure.id, { onDelete: 'cascade' }),
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  sampleCount: integer('sample_count').notNull(),
  samples: bytea('samples').notNull(),
  fixations: bytea('fixations').notNull(),
}, (t) => [index('exposure_gaze_study_idx').on(t.studyId)]);

/** Per-exposure, per-AOI summary for feature metrics and view order. */
export const exposureAoi = pgTable('exposure_aoi', {
  id: serial('id').primaryKey(),
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  exposureId: integer('exposure_id').notNull().references(() => exposure.id, { onDelete: 'cascade' }),
  aoiId: integer('aoi_id').notNull().references(() => aoi.id, { onDelete: 'cascade' }),
  dwellMs: doublePrecision('dwell_ms').notNull(),
  firstFixationMs: doublePrecision('first_fixation_ms'),
  fixationCount: integer('fixation_count').notNull(),
}, (t) => [uniqueIndex('exposure_aoi_uq').on(t.exposureId, t.aoiId), index('exposure_aoi_study_idx').on(t.studyId, t.aoiId)]);

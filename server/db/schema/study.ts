// Studies and everything a study is built from: cells, steps, stims, AOIs, panels, pages,
// questions, files, actions, run-throughs, batches and dashboard reports.
import {
  pgTable, serial, integer, text, boolean, timestamp, doublePrecision, jsonb, index, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { company, appUser, brand, adAssetType, adTypeGroup, adType } from './core.js';

export const questionGroup = pgTable('question_group', {
  id: serial('id').primaryKey(),
  /** null: a product question set offered to every company. */
  companyId: integer('company_id').references(() => company.id),
  name: text('name').notNull(),
  text: text('text').notNull().default(''),
  comment: text('comment').notNull().default(''),
  /** 'ex' external survey platform, 'lu' the product's own question platform. */
  questionSystem: text('question_system').notNull().default('lu'),
  /** Screening (pre-assign) group rather than a study question group. */
  isPreassign: boolean('is_preassign').notNull().default(false),
});

export const study = pgTable('study', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => company.id),
  name: text('name').notNull(),
  studyTypeId: integer('study_type_id'),
  mediaId: integer('media_id'),
  environmentId: integer('environment_id'),
  languageId: integer('language_id'),
  locationId: integer('location_id'),
  phaseId: integer('phase_id').notNull().default(1),
  live: boolean('live').notNull().default(false),
  completed: boolean('completed').notNull().default(false),
  /** Fieldwork paused by the researcher: take links answer 'paused' and send respondents to the panel. */
  paused: boolean('paused').notNull().default(false),
  /** Take links show the consent text first and no session is stored without the respondent's agreement (issue 41; docs/privacy.md). */
  consentRequired: boolean('consent_required').notNull().default(true),
  allowStepEditing: boolean('allow_step_editing').notNull().default(true),
  participantsRequested: integer('participants_requested').notNull().default(0),
  dataCollectionStart: timestamp('data_collection_start', { withTimezone: true }),
  dataCollectionEnd: timestamp('data_collection_end', { withTimezone: true }),
  brief: text('brief'),
  notes: text('notes'),
  objective: text('objective'),
  methodology: text('methodology'),
  studyDuration: text('study_duration'),
  decisionToInform: text('decision_to_inform'),
  incentive: text('incentive'),
  proposalSignoffDate: timestamp('proposal_signoff_date', { withTimezone: true }),
  proposedDataCollectionStart: timestamp('proposed_data_collection_start', { withTimezone: true }),
  proposedDataCollectionEnd: timestamp('proposed_data_collection_end', { withTimezone: true }),
  debriefDate: timestamp('debrief_date', { withTimezone: true }),
  preAssignQuestionGroupId: integer('pre_assign_question_group_id').references(() => questionGroup.id),
  demographicSurveyUrl: text('demographic_survey_url'),
  demographicSurveyInsertParameter: text('demographic_survey_insert_parameter'),
  // Quality thresholds: participants outside them are excluded from report bases.
  minConnectionSpeed: doublePrecision('min_connection_speed'),
  minCalibrationFrameRate: doublePrecision('min_calibration_frame_rate'),
  maxAccuracy: doublePrecision('max_accuracy'),
  maxPrecision: doublePrecision('max_precision'),
  maxGazeDuration: doublePrecision('max_gaze_duration'),
  maxDwellMs: doublePrecision('max_dwell_ms'),
  minDwellMs: doublePrecision('min_dwell_ms'),
  /** SHA-256 of the per-study collection key that authenticates respondent-session ingestion. */
  collectionKeyHash: text('collection_key_hash'),
  /** The creation wizard's values as submitted (type-specific fields included). */
  formValues: jsonb('form_values'),
  /** When the retention job last removed raw gaze of this study's sessions (the heatmap and replay notices). */
  rawGazeRemovedAt: timestamp('raw_gaze_removed_at', { withTimezone: true }),
  /** When the retention job removed every respondent's data of this (completed) study. */
  respondentDataRemovedAt: timestamp('respondent_data_removed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('study_company_idx').on(t.companyId),
  // POST /collect/session finds the study by its key before reading the body (issue 36).
  index('study_collection_key_idx').on(t.collectionKeyHash),
]);

export const cell = pgTable('cell', {
  id: serial('id').primaryKey(),
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  position: integer('position').notNull().default(0),
}, (t) => [index('cell_study_idx').on(t.studyId)]);

/** Instruction screens; company null = the product's standard instructions. */
export const instruction = pgTable('instruction', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').references(() => company.id),
  name: text('name').notNull(),
  text: text('text').notNull().default(''),
});

export const cachePage = pgTable('cache_page', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => company.id),
  name: text('name').notNull(),
  originalSource: text('original_source').notNull(),
  cachedSource: text('cached_source'),
  /** ordered → cached (or failed) */
  status: text('status').notNull().default('ordered'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('cache_page_company_idx').on(t.companyId)]);

/** External (redirect) and embedded (iframe) pages share one shape. */
export const externalPage = pgTable('external_page', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => company.id),
  kind: text('kind').notNull(), // 'external' | 'embedded'
  name: text('name').notNull(),
  url: text('url').notNull(),
  memberInsert: text('member_insert'),
}, (t) => [index('external_page_company_idx').on(t.companyId, t.kind)]);

export const stim = pgTable('stim', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => company.id),
  /** Set when the stim was made for one study (study-specific stims). */
  studyId: integer('study_id').references(() => study.id, { onDelete: 'set null' }),
  brandId: integer('brand_id').references(() => brand.id),
  name: text('name').notNull(),
  /** 's' script, 'va' VAST URL, 'vx' VAST XML, 'i' image, 'v' video */
  stimType: text('stim_type').notNull(),
  adAssetTypeId: integer('ad_asset_type_id').references(() => adAssetType.id),
  adTypeGroupId: integer('ad_type_group_id').references(() => adTypeGroup.id),
  adTypeId: integer('ad_type_id').references(() => adType.id),
  mediaId: integer('media_id'),
  source: text('source'),
  lowQualitySource: text('low_quality_source'),
  fileName: text('file_name'),
  tag: text('tag'),
  width: integer('width'),
  height: integer('height'),
  durationMs: integer('duration_ms'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [index('stim_company_idx').on(t.companyId), index('stim_study_idx').on(t.studyId)]);

/** Areas of interest on a stim, in stim pixels; shape 'rect' uses x/y/width/height, 'polygon' uses points. */
export const aoi = pgTable('aoi', {
  id: serial('id').primaryKey(),
  stimId: integer('stim_id').notNull().references(() => stim.id, { onDelete: 'cascade' }),
  tag: text('tag').notNull(),
  shape: text('shape').notNull().default('rect'),
  x: doublePrecision('x').notNull().default(0),
  y: doublePrecision('y').notNull().default(0),
  width: doublePrecision('width').notNull().default(0),
  height: doublePrecision('height').notNull().default(0),
  points: jsonb('points'),
}, (t) => [index('aoi_stim_idx').on(t.stimId)]);

export const question = pgTable('question', {
  id: serial('id').primaryKey(),
  questionGroupId: integer('question_group_id').notNull().references(() => questionGroup.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  text: text('text').notNull().default(''),
  /** e.g. 'single_choice', 'multiple_choice', 'open_text', 'brand_recall' */
  formattedType: text('formatted_type').notNull(),
  position: integer('position').notNull().default(0),
});

export const answerOption = pgTable('answer_option', {
  id: serial('id').primaryKey(),
  questionId: integer('question_id').notNull().references(() => question.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  position: integer('position').notNull().default(0),
});

/**
 * One placement in a cell (the spec's step_order_id is this id). The type-specific reference
 * lives in the matching column; exactly one is set for types that reference something.
 */
export const step = pgTable('step', {
  id: serial('id').primaryKey(),
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  cellId: integer('cell_id').notNull().references(() => cell.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  /** instruction | validation | calibration | command | stim | cache | embedded | external | question */
  stepType: text('step_type').notNull(),
  name: text('name').notNull().default(''),
  instructionId: integer('instruction_id').references(() => instruction.id),
  cachePageId: integer('cache_page_id').references(() => cachePage.id),
  stimId: integer('stim_id').references(() => stim.id),
  externalPageId: integer('external_page_id').references(() => externalPage.id),
  questionGroupId: integer('question_group_id').references(() => questionGroup.id),
  commandId: integer('command_id'),
  secondsBeforeShowNext: doublePrecision('seconds_before_show_next').notNull().default(0),
  secondsBeforeMoveNext: doublePrecision('seconds_before_move_next').notNull().default(0),
  nextTypeId: integer('next_type_id'),
}, (t) => [index('step_cell_idx').on(t.cellId, t.position), index('step_study_idx').on(t.studyId)]);

/** Stims placed on a cache page or embedded page step (a page can hold several ads). */
export const stepStim = pgTable('step_stim', {
  id: serial('id').primaryKey(),
  stepId: integer('step_id').notNull().references(() => step.id, { onDelete: 'cascade' }),
  stimId: integer('stim_id').notNull().references(() => stim.id),
  /** Placement of the stim in the page, page pixels. */
  x: integer('x').notNull().default(0),
  y: integer('y').notNull().default(0),
}, (t) => [uniqueIndex('step_stim_uq').on(t.stepId, t.stimId)]);

export const panel = pgTable('panel', {
  id: serial('id').primaryKey(),
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  code: text('code').notNull(),
  successRedirectUrl: text('success_redirect_url').notNull().default(''),
  screenoutRedirectUrl: text('screenout_redirect_url').notNull().default(''),
  quotaFullRedirectUrl: text('quota_full_redirect_url').notNull().default(''),
  participantInsertParameter: text('participant_insert_parameter').notNull().default(''),
  /** 0 full panel details, 1 basic redirect (code 'rd') */
  panelType: integer('panel_type').notNull().default(0),
}, (t) => [index('panel_study_idx').on(t.studyId)]);

export const studyFile = pgTable('study_file', {
  id: serial('id').primaryKey(),
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  type: text('type').notNull(),
  storageKey: text('storage_key'),
  url: text('url'),
});

export const studyAction = pgTable('study_action', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull(),
});

export const actionSubscription = pgTable('action_subscription', {
  id: serial('id').primaryKey(),
  actionId: integer('action_id').notNull().references(() => studyAction.id),
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => appUser.id),
  email: text('email').notNull(),
}, (t) => [uniqueIndex('action_subscription_uq').on(t.actionId, t.studyId, t.userId)]);

export const runThrough = pgTable('run_through', {
  id: serial('id').primaryKey(),
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  requestedBy: integer('requested_by').notNull().references(() => appUser.id),
  isTest: boolean('is_test').notNull().default(true),
  status: text('status').notNull().default('queued'),
  result: text('result'),
  /** Per cell and per step pass/fail with the reason (domain/run-through.ts CellCheck[]), once the run finished. */
  results: jsonb('results'),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const vendor = pgTable('vendor', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => company.id),
  internalId: text('internal_id').notNull().unique(),
  name: text('name').notNull(),
});

/** A vendor's batch of in-the-wild measurements; its respondents and exposures live in a backing study. */
export const batch = pgTable('batch', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => company.id),
  vendorId: integer('vendor_id').notNull().references(() => vendor.id),
  studyId: integer('study_id').references(() => study.id),
  internalId: text('internal_id').notNull().unique(),
  batchLabel: text('batch_label').notNull(),
  name: text('name'),
  estimatedBatchSize: integer('estimated_batch_size').notNull().default(0),
  live: boolean('live').notNull().default(false),
  completed: boolean('completed').notNull().default(false),
  dataCollectionStart: timestamp('data_collection_start', { withTimezone: true }),
  dataCollectionEnd: timestamp('data_collection_end', { withTimezone: true }),
  reportGeneratedDate: timestamp('report_generated_date', { withTimezone: true }),
}, (t) => [index('batch_company_idx').on(t.companyId)]);

export const batchStim = pgTable('batch_stim', {
  id: serial('id').primaryKey(),
  batchId: integer('batch_id').notNull().references(() => batch.id, { onDelete: 'cascade' }),
  stimId: integer('stim_id').notNull().references(() => stim.id),
  stepId: integer('step_id').references(() => step.id),
  identifier: text('identifier').notNull(),
  url: text('url'),
  externalSource: text('external_source'),
  discoveredDate: timestamp('discovered_date', { withTimezone: true }),
});

export const reportRow = pgTable('report_row', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => company.id),
  studyId: integer('study_id').references(() => study.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

export const reportPanel = pgTable('report_panel', {
  id: serial('id').primaryKey(),
  reportRowId: integer('report_row_id').notNull().references(() => reportRow.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** What the panel shows: a report path the server signs on request. */
  target: text('target').notNull(),
  position: integer('position').notNull().default(0),
});

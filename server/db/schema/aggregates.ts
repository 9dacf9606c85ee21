// Pre-aggregated report inputs (issue 21 item 1; docs/metrics.md "Pre-aggregated reports"): per
// study, stim placement (step, stim) and respondent cell, the counts, sums and sums of squares the
// attention reports average, and fixed-bin histograms on the survival curves' default grids. A
// report reads a few rows per cell instead of one per exposure. Maintained by ingestion in the
// session's transaction and rebuilt per study by the recompute paths (repositories/aggregates.ts);
// `report_aggregate_state` says what a study's rows were built from, so a read can tell they are
// current (and rebuild them when not).
import { pgTable, integer, boolean, doublePrecision, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { study } from './study.js';

/**
 * The respondent cell: demographic ids (0 = none given, never a lookup id) and the flags that
 * place an exposure in or out of a report base (docs/metrics.md "Report base E").
 *
 * No foreign keys on these derived tables: ingestion inserts dozens of their rows per session, and
 * three key checks per row (each locking the study, step and stim rows) were a fifth of a
 * session's cost. Their rows are only ever read through a study's steps, a rebuild deletes them
 * by study, and removing a step deletes its rows (repositories/aggregates.ts deleteStepAggregates).
 */
const cellColumns = () => ({
  studyId: integer('study_id').notNull(),
  stepId: integer('step_id').notNull(),
  stimId: integer('stim_id').notNull(),
  ageGroupId: integer('age_group_id').notNull(),
  familyGroupId: integer('family_group_id').notNull(),
  earningsGroupId: integer('earnings_group_id').notNull(),
  genderGroupId: integer('gender_group_id').notNull(),
  socialgradeGroupId: integer('socialgrade_group_id').notNull(),
  ethnicityGroupId: integer('ethnicity_group_id').notNull(),
  isTest: boolean('is_test').notNull(),
  /** participant.status = 'complete'. */
  complete: boolean('complete').notNull(),
  /** The participant has eye tracking and sent gaze for the step. */
  eyetracked: boolean('eyetracked').notNull(),
  /** Eye-tracked and inside the study's quality thresholds (as built: see report_aggregate_state.thresholds). */
  quality: boolean('quality').notNull(),
  /** exposure.insufficient_gaze: with quality, counted beside E, never in it. */
  insufficient: boolean('insufficient').notNull(),
});

const cellKey = ['studyId', 'stepId', 'stimId', 'ageGroupId', 'familyGroupId', 'earningsGroupId', 'genderGroupId',
  'socialgradeGroupId', 'ethnicityGroupId', 'isTest', 'complete', 'eyetracked', 'quality', 'insufficient'] as const;

export const reportAggregate = pgTable('report_aggregate', {
  ...cellColumns(),
  n: integer('n').notNull(),
  viewableN: integer('viewable_n').notNull(),
  /** Viewable and viewed (viewed implies viewable; the reports' W). */
  viewedN: integer('viewed_n').notNull(),
  pageDwellSum: doublePrecision('page_dwell_sum').notNull(),
  pageDwellSq: doublePrecision('page_dwell_sq').notNull(),
  /** Over viewable exposures. */
  viewableMsSum: doublePrecision('viewable_ms_sum').notNull(),
  viewableMsSq: doublePrecision('viewable_ms_sq').notNull(),
  /** Over viewed exposures. */
  dwellSum: doublePrecision('dwell_sum').notNull(),
  dwellSq: doublePrecision('dwell_sq').notNull(),
  ttfvN: integer('ttfv_n').notNull(),
  ttfvSum: doublePrecision('ttfv_sum').notNull(),
  ttfvSq: doublePrecision('ttfv_sq').notNull(),
  /** Σ min(viewable_ms / page_dwell_ms, 1) over every exposure of the cell (percent_viewable). */
  shareSum: doublePrecision('share_sum').notNull(),
  shareSq: doublePrecision('share_sq').notNull(),
  dwellCensoredN: integer('dwell_censored_n').notNull(),
  viewableCensoredN: integer('viewable_censored_n').notNull(),
}, (t) => [uniqueIndex('report_aggregate_uq').on(t.studyId, ...cellKey.slice(1).map((k) => t[k]))]);

/**
 * Fixed-bin histograms of the survival curves' values on their default grids (graph type 1 dwell
 * 100 ms to 5 s over viewed exposures, 2 page dwell 1 s to 60 s over all, 3 viewable time 0.5 s to
 * 15 s over viewable ones). Bin 0 holds values ≤ 0, bin k values in ((k−1)·segment, k·segment],
 * bin max/segment + 1 everything above the grid. Only bins with members have a row.
 */
export const reportHistogram = pgTable('report_histogram', {
  ...cellColumns(),
  graphType: smallint('graph_type').notNull(),
  bin: integer('bin').notNull(),
  n: integer('n').notNull(),
  /** Members whose value was cut short by the page end (dwell_censored / viewable_censored). */
  censoredN: integer('censored_n').notNull(),
}, (t) => [uniqueIndex('report_histogram_uq').on(t.studyId, ...cellKey.slice(1).map((k) => t[k]), t.graphType, t.bin)]);

/** What a study's aggregate rows were built from: the exposures up to an id and the quality thresholds. */
export const reportAggregateState = pgTable('report_aggregate_state', {
  studyId: integer('study_id').primaryKey().references(() => study.id, { onDelete: 'cascade' }),
  /** The study's largest exposure id included (ingestion moves it on when it was current). */
  maxExposureId: integer('max_exposure_id').notNull(),
  /** The study's quality thresholds the quality flags were judged with. */
  thresholds: text('thresholds').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Per cell, placement and feature tag (the tag of the AOIs as built): the feature_attention
 * report's inputs over viewed exposures that fixated an AOI of the tag — exposure_aoi joined to
 * aoi, one viewer per (exposure, tag) with the summed dwell and the earliest first fixation.
 * Only viewed exposures have rows (no other exposure is ever counted in a feature base).
 */
export const reportFeatureAggregate = pgTable('report_feature_aggregate', {
  ...cellColumns(),
  tag: text('tag').notNull(),
  viewers: integer('viewers').notNull(),
  dwellSum: doublePrecision('dwell_sum').notNull(),
  dwellSq: doublePrecision('dwell_sq').notNull(),
  /** Viewers with a first fixation time (the mean's denominator, as avg() skips nulls). */
  firstFixN: integer('first_fix_n').notNull(),
  firstFixSum: doublePrecision('first_fix_sum').notNull(),
}, (t) => [uniqueIndex('report_feature_aggregate_uq').on(t.studyId, ...cellKey.slice(1).map((k) => t[k]), t.tag)]);

/**
 * Per cell, placement and exposure_feature tag (issue 23's AOI metrics): the sums the AOI-metric
 * report and its norms average, over viewed exposures (one exposure_feature row per exposure and tag).
 */
export const reportAoiMetricAggregate = pgTable('report_aoi_metric_aggregate', {
  ...cellColumns(),
  tag: text('tag').notNull(),
  viewers: integer('viewers').notNull(),
  firstFixationSum: doublePrecision('first_fixation_sum').notNull(),
  firstFixationViewableN: integer('first_fixation_viewable_n').notNull(),
  firstFixationViewableSum: doublePrecision('first_fixation_viewable_sum').notNull(),
  fixationSum: integer('fixation_sum').notNull(),
  dwellSum: doublePrecision('dwell_sum').notNull(),
  revisitSum: integer('revisit_sum').notNull(),
  /** Viewers whose first fixated feature this was (entry_rank = 1). */
  firstN: integer('first_n').notNull(),
}, (t) => [uniqueIndex('report_aoi_metric_aggregate_uq').on(t.studyId, ...cellKey.slice(1).map((k) => t[k]), t.tag)]);

/**
 * Per cell, placement, feature tag and entry rank (the aggregate scanpath, issue 23): viewed
 * exposures that entered the feature at that position (exposure_feature.entry_rank), counting only
 * tags drawn on the stim when built. The row with tag '' and rank 0 counts the exposures that
 * entered any such feature (the scanpath's viewers: features entered together share a rank).
 */
export const reportScanpathAggregate = pgTable('report_scanpath_aggregate', {
  ...cellColumns(),
  tag: text('tag').notNull(),
  rank: integer('rank').notNull(),
  viewers: integer('viewers').notNull(),
}, (t) => [uniqueIndex('report_scanpath_aggregate_uq').on(t.studyId, ...cellKey.slice(1).map((k) => t[k]), t.tag, t.rank)]);

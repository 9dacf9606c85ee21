// Per-exposure, per-feature (AOI tag) summary behind the AOI metrics and the aggregate scanpath
// (issue 23; docs/metrics.md "AOI metrics"). Written at ingest in the session's transaction and
// rewritten by the recompute-aois job and `npm run recompute`, like exposure_aoi; keyed by the tag
// because a feature's revisits and entry order depend on all of its AOIs at once.
import { pgTable, serial, integer, text, doublePrecision, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { study } from './study.js';
import { exposure } from './analytics.js';

export const exposureFeature = pgTable('exposure_feature', {
  id: serial('id').primaryKey(),
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  exposureId: integer('exposure_id').notNull().references(() => exposure.id, { onDelete: 'cascade' }),
  tag: text('tag').notNull(),
  fixationCount: integer('fixation_count').notNull(),
  dwellMs: doublePrecision('dwell_ms').notNull(),
  /** ms from the stim's onset (the step's start). */
  firstFixationMs: doublePrecision('first_fixation_ms').notNull(),
  /** ms from the stim's first viewable moment, ≥ 0; null when never viewable. */
  firstFixationViewableMs: doublePrecision('first_fixation_viewable_ms'),
  visits: integer('visits').notNull(),
  /** 1 = the first feature fixated in this exposure (ties share a rank). */
  entryRank: integer('entry_rank').notNull(),
}, (t) => [
  uniqueIndex('exposure_feature_uq').on(t.exposureId, t.tag),
  index('exposure_feature_study_idx').on(t.studyId),
]);

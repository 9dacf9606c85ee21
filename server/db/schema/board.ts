// The step board's own bookkeeping (issue 12): the per-study duplicate counter and the outcome of
// each cache-page fetch. Cells, steps and pages themselves live in study.ts.
import { pgTable, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { study, cachePage } from './study.js';

/**
 * The n of '{cellName} Copy {n}', counted per study on the server (checklist resolution 20) so two
 * browsers or two tabs never hand out the same number.
 */
export const cellDuplicateCounter = pgTable('cell_duplicate_counter', {
  studyId: integer('study_id').primaryKey().references(() => study.id, { onDelete: 'cascade' }),
  lastN: integer('last_n').notNull().default(0),
});

/**
 * What the cache-page job did with an order: the job that fetches it, the address it finally read
 * (after redirects), the snapshot's size, and why it failed. cache_page.status and
 * cache_page.cached_source (the snapshot's storage key) say whether it is ready.
 */
export const cachePageFetch = pgTable('cache_page_fetch', {
  cachePageId: integer('cache_page_id').primaryKey().references(() => cachePage.id, { onDelete: 'cascade' }),
  jobId: integer('job_id'),
  finalUrl: text('final_url'),
  bytes: integer('bytes'),
  failureReason: text('failure_reason'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }),
});

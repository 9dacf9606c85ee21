// My Reports, My Downloads and embed tokens (issue 19; report rows and panels live in study.ts).
import { pgTable, serial, integer, text, timestamp, jsonb, index } from 'drizzle-orm/pg-core';
import { appUser, company } from './core.js';
import { reportPanel, study } from './study.js';

/**
 * A read-only credential an embedded report page carries instead of a sign-in token. Only its
 * SHA-256 is stored (the token is shown once, inside the URL). Scopes narrow what it opens: the
 * study (always), the report panel it was issued for, the report kinds and its stims; `origins`
 * are the pages that may use it (issue 20: null or empty means our own pages only).
 */
export const embedToken = pgTable('embed_token', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => company.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by').notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  reportPanelId: integer('report_panel_id').references(() => reportPanel.id, { onDelete: 'cascade' }),
  reportKind: text('report_kind'),
  /** What the researcher called it in the Share / Embed dialog (null for My Reports URLs). */
  name: text('name'),
  /** Report types it opens (contract/embed.ts EMBED_REPORT_FAMILIES); null: every report type. */
  reportKinds: jsonb('report_kinds').$type<string[] | null>(),
  /** Stim ids the token may read per-stim reports of; null: every stim of the study. */
  stimIds: jsonb('stim_ids').$type<number[] | null>(),
  origins: jsonb('origins').$type<string[] | null>(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('embed_token_panel_idx').on(t.reportPanelId), index('embed_token_study_idx').on(t.companyId, t.studyId)]);

/**
 * One file a user downloaded or asked to be exported. CSVs built in the browser are recorded as
 * 'done' with their size; a large export is 'queued' → 'running' (progress 0–100) → 'done' with
 * its storage key, or 'failed' with a reason.
 */
export const downloadRecord = pgTable('download_record', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => company.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  studyId: integer('study_id').references(() => study.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  // The contract's closed sets (contract/downloads.ts DOWNLOAD_KINDS, DOWNLOAD_STATUSES): the API publishes them as enums.
  kind: text('kind').$type<'csv' | 'visual' | 'export'>().notNull(),
  status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('done'),
  sizeBytes: integer('size_bytes'),
  progress: integer('progress').notNull().default(100),
  storageKey: text('storage_key'),
  jobId: integer('job_id'),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('download_record_user_idx').on(t.userId, t.createdAt)]);

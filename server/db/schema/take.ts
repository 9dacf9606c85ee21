// The respondent runner's cell reservations (issue 22; services/take.ts): a live start reserves
// its cell at once, under a per-study advisory lock, so simultaneous starts balance exactly and
// never overrun a cell's quota. The delivery (or a failed quality gate) turns the reservation into
// the stored participant and removes it; an abandoned one stops counting when it expires (minutes:
// TAKE_RESERVATION_MINUTES, renewed while the respondent passes the quality gate). Reports never read this table: a reservation is not a respondent.
import { pgTable, serial, integer, text, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { cell, study } from './study.js';

export const takeReservation = pgTable('take_reservation', {
  id: serial('id').primaryKey(),
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  cellId: integer('cell_id').notNull().references(() => cell.id, { onDelete: 'cascade' }),
  /** The session the start handed out (participant.session_id once stored). */
  sessionId: text('session_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('take_reservation_session_uq').on(t.studyId, t.sessionId),
  index('take_reservation_study_idx').on(t.studyId, t.expiresAt),
]);

/**
 * Live starts of a take link from one client address (issue 36 item 3): the start rate limit
 * counts them over its window (TAKE_START_LIMIT per TAKE_START_WINDOW_MINUTES). Rows older than
 * the window are removed by the next start of the study, so the table holds at most the limit per
 * link and address.
 */
export const takeStart = pgTable('take_start', {
  id: serial('id').primaryKey(),
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  /** The link's identity within the study: `c{cell}-p{panel}` (empty when the link names none). */
  link: text('link').notNull(),
  address: text('address').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('take_start_key_idx').on(t.studyId, t.link, t.address, t.startedAt),
  index('take_start_study_idx').on(t.studyId, t.startedAt),
]);

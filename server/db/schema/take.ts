// The respondent runner's cell reservations (issue 22; services/take.ts): a live start reserves
// its cell at once, under a per-study advisory lock, so simultaneous starts balance exactly and
// never overrun a cell's quota. The delivery (or a failed quality gate) turns the reservation into
// the stored participant and removes it; an abandoned one stops counting when it expires (the
// session token's lifetime). Reports never read this table: a reservation is not a respondent.
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

// Study management beyond the study row itself: the order timeline (an event log per study) and
// the notification outbox subscribers' e-mails go through. Panels, files, actions, subscriptions
// and run-throughs already live in study.ts.
import { pgTable, serial, integer, text, timestamp, jsonb, index } from 'drizzle-orm/pg-core';
import { appUser } from './core.js';
import { study } from './study.js';

/**
 * One fact in a study's life, shown by the overview's order timeline. kind is one of
 * STUDY_EVENT_KINDS (contract/study.ts); detail holds the kind's values (panel name, phase ids, …).
 * `at` is when the fact happened (a first live session's own time, not when it was noticed).
 */
export const studyEvent = pgTable('study_event', {
  id: serial('id').primaryKey(),
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  userId: integer('user_id').references(() => appUser.id, { onDelete: 'set null' }),
  detail: jsonb('detail'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('study_event_study_idx').on(t.studyId, t.at)]);

/**
 * One notification to one subscriber. Written in the transaction of the change it announces;
 * status 'recorded' when no SMTP server is configured (the outbox is then the record), else
 * 'pending' until the mail job sends it ('sent') or gives up ('failed').
 */
export const notificationOutbox = pgTable('notification_outbox', {
  id: serial('id').primaryKey(),
  /** Null for account mail (a password reset link), which belongs to no study. */
  studyId: integer('study_id').references(() => study.id, { onDelete: 'cascade' }),
  eventId: integer('event_id').references(() => studyEvent.id, { onDelete: 'set null' }),
  userId: integer('user_id').references(() => appUser.id, { onDelete: 'set null' }),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  status: text('status').notNull().default('recorded'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
}, (t) => [index('notification_outbox_study_idx').on(t.studyId), index('notification_outbox_status_idx').on(t.status)]);

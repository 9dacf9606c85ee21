// Respondents' informed consent (issue 41; docs/privacy.md). Each study's consent text is
// versioned: every edit adds a version, none is ever changed or removed, so the text a respondent
// agreed to (participant.consent_version, participant.consented_at) can always be shown again. A
// respondent who declines leaves nothing but one more refusal in their cell's count.
import { pgTable, serial, integer, text, timestamp, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { appUser } from './core.js';
import { cell, study } from './study.js';

export const studyConsentText = pgTable('study_consent_text', {
  id: serial('id').primaryKey(),
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  /** 1, 2, …: the study's versions in order; the highest is the one shown. */
  version: integer('version').notNull(),
  text: text('text').notNull(),
  /** Who saved it (null: the default text, stored by the first take-link start). */
  createdBy: integer('created_by').references(() => appUser.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('study_consent_text_version_uq').on(t.studyId, t.version)]);

/** Respondents who declined the consent text, counted per study and cell; nothing else about them is kept. */
export const consentRefusal = pgTable('consent_refusal', {
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  cellId: integer('cell_id').notNull().references(() => cell.id, { onDelete: 'cascade' }),
  refusals: integer('refusals').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.studyId, t.cellId] })]);

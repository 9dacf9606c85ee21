// The quick study's panel assignment (issue 17, spec D3 §2.7, §3 quick_task_data): which panel and
// panelist role the study is offered to, the short description panelists read, the reward and the
// window it is open in. One row per quick study; its pages are ordinary external steps.
import { pgTable, serial, integer, text, doublePrecision, timestamp, index } from 'drizzle-orm/pg-core';
import { study } from './study.js';

export const quickTask = pgTable('quick_task', {
  id: serial('id').primaryKey(),
  studyId: integer('study_id').notNull().references(() => study.id, { onDelete: 'cascade' }),
  /** Lookup panelist_role (1 desktop, 2 mobile: desktop or mobile is chosen by panel). */
  panelistRoleId: integer('panelist_role_id').notNull(),
  /** Lookup recruitment_panel. */
  panelId: integer('panel_id').notNull(),
  shortDescription: text('short_description').notNull(),
  /** A number (typically 100); the unit is the panel's. */
  reward: doublePrecision('reward').notNull(),
  startDate: timestamp('start_date', { withTimezone: true }),
  expiryDate: timestamp('expiry_date', { withTimezone: true }),
}, (t) => [index('quick_task_study_idx').on(t.studyId)]);

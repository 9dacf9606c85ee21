// Embedding (issue 20): the origins a company lets call the API from a browser (CORS) and embed
// its tokens in. Embed tokens themselves live in my-reports.ts (issue 19 made the one table).
import { pgTable, serial, integer, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { appUser, company } from './core.js';

/** One allowed origin of a company: an exact `scheme://host[:port]`, never a wildcard or `null`. */
export const companyOrigin = pgTable('company_origin', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => company.id, { onDelete: 'cascade' }),
  origin: text('origin').notNull(),
  createdBy: integer('created_by').references(() => appUser.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [unique('company_origin_company_origin_key').on(t.companyId, t.origin)]);

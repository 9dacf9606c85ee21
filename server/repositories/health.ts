// What GET /readyz asks the database: that it answers, and that every migration this build
// ships has been applied (drizzle's own ledger, drizzle.__drizzle_migrations).
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rows } from './sql.js';

/** The newest migration this build ships (`when` of the last journal entry; drizzle applies by it). */
export const SHIPPED_MIGRATION_AT: number = (() => {
  const journal = JSON.parse(readFileSync(new URL('../db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
})();

/** One round trip; throws when the database does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** created_at of the newest applied migration (0 when none); throws when the ledger is missing. */
export async function appliedMigrationAt(db: Db): Promise<number> {
  const [row] = await rows<{ at: string | number | null }>(db, sql`select max(created_at) as at from drizzle.__drizzle_migrations`);
  return row?.at == null ? 0 : Number(row.at);
}

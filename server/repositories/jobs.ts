// app_job: who owns each background job and how far it got (server/jobs). pg-boss keeps the
// state itself in its own schema; the one query here that reads it (unfinished jobs of a kind)
// goes through its documented job table.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appJob } from '../db/schema/index.js';

export interface JobRow {
  id: number;
  bossId: string;
  kind: string;
  companyId: number;
  key: string | null;
  done: number;
  total: number;
  message: string;
}

const columns = {
  id: appJob.id, bossId: appJob.bossId, kind: appJob.kind, companyId: appJob.companyId, key: appJob.key,
  done: appJob.done, total: appJob.total, message: appJob.message,
};

export async function insertJob(db: Db, row: { bossId: string; kind: string; companyId: number; key?: string | null }): Promise<number> {
  const [r] = await db.insert(appJob).values({ ...row, key: row.key ?? null }).returning({ id: appJob.id });
  return r.id;
}

export async function deleteJobRow(db: Db, id: number): Promise<void> {
  await db.delete(appJob).where(eq(appJob.id, id));
}

/** The job when it belongs to companyId; null otherwise (callers answer 404, never 403). */
export async function findCompanyJob(db: Db, id: number, companyId: number): Promise<JobRow | null> {
  const rows = await db.select(columns).from(appJob).where(and(eq(appJob.id, id), eq(appJob.companyId, companyId))).limit(1);
  return rows[0] ?? null;
}

export async function findJobByBossId(db: Db, bossId: string): Promise<JobRow | null> {
  const rows = await db.select(columns).from(appJob).where(eq(appJob.bossId, bossId)).limit(1);
  return rows[0] ?? null;
}

/** The newest job of a kind with this key (any state). */
export async function latestJobWithKey(db: Db, kind: string, key: string): Promise<JobRow | null> {
  const rows = await db.select(columns).from(appJob).where(and(eq(appJob.kind, kind), eq(appJob.key, key)))
    .orderBy(desc(appJob.id)).limit(1);
  return rows[0] ?? null;
}

export async function setJobProgress(db: Db, bossId: string, p: { done: number; total: number; message: string }): Promise<void> {
  await db.update(appJob).set({ ...p, updatedAt: sql`now()` }).where(eq(appJob.bossId, bossId));
}

/**
 * pg-boss ids of jobs in state 'active' for these queues. Used at start-up where one process owns
 * the database (PGlite): an active job there was left by a process that died.
 */
export async function activeBossJobs(db: Db, schema: string, kinds: string[]): Promise<{ id: string; name: string }[]> {
  if (!kinds.length) return [];
  // The schema name is ours (a constant), not input; identifiers cannot be bound parameters.
  const table = sql.raw(`${schema}.job`);
  const rows = (await db.execute(sql`select id::text as id, name from ${table} where state = 'active' and name in ${kinds}`)) as unknown as
    { rows: { id: string; name: string }[] };
  return rows.rows;
}

// A fingerprint of everything the database holds: one md5 per table over its rows in a stable
// order. Two snapshots are equal exactly when no row was added, removed or changed. Tables that
// change without any request (the job queue's own bookkeeping) are left out, and so is
// login_attempt: a failed sign-in (400, wrong credentials) is recorded on purpose, for the limits.
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.js';

const VOLATILE = /^(pgboss|job|app_job|login_attempt)/;

async function rows<T>(db: Db, q: string): Promise<T[]> {
  return ((await db.execute(sql.raw(q))) as unknown as { rows: T[] }).rows;
}

export async function snapshot(db: Db): Promise<Record<string, string>> {
  const tables = (await rows<{ t: string }>(db,
    "select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1"))
    .map(({ t }) => t).filter((t) => !VOLATILE.test(t));
  if (!tables.length) return {};
  // One statement for all tables: on PGlite each statement's round trip cost more than the hashing
  // (62 statements ~80 ms, one ~30 ms); the fuzz suite takes four snapshots per operation.
  const hashed = await rows<{ t: string; n: number; h: string }>(db, tables.map((t) =>
    `select '${t}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as h from "${t}" x`).join(' union all '));
  return Object.fromEntries(hashed.map((r) => [r.t, `${r.n}:${r.h}`]));
}

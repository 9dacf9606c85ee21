// Helpers for the job and concurrency tests: bounded polling (no wall-clock assertions), gates, a
// wait for another connection's lock wait, and a database whose pg-boss connection can be cut, to
// play a server process that dies mid-job.
import { sql } from 'drizzle-orm';
import type { Database, Db, SqlResult } from '../../db/client.js';
import { rows } from '../../repositories/sql.js';

/** Polls check until it returns a value (not undefined/false); gives up after `tries` polls. */
export async function until<T>(what: string, check: () => Promise<T | undefined | false>, tries = 300, everyMs = 100): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/**
 * Waits until a connection to db's database waits for a lock (PostgreSQL). By the waiter's
 * connection: a row lock's wait shows no database in pg_locks, and test files running beside
 * this one use other databases of the same server.
 */
export async function untilLockWaits(db: Db, what: string): Promise<void> {
  await until(what, async () => {
    const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from pg_locks l
      join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()`);
    return r.n > 0;
  });
}

/** A gate a handler waits at; open() lets it through. */
export function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => { open = resolve; });
  return { wait, open };
}

/**
 * The same database, but kill() makes every later pg-boss statement hang forever, as if the
 * process had died: the queue can neither complete, fail nor fetch anything any more.
 */
export function killable(database: Database): { database: Database; kill: () => void } {
  let dead = false;
  return {
    database: {
      ...database,
      executeSql: (text: string, values?: unknown[]): Promise<SqlResult> =>
        (dead ? new Promise<SqlResult>(() => {}) : database.executeSql(text, values)),
    },
    kill: () => { dead = true; },
  };
}

// Named prepared statements for the hottest statements: ingestion's (insertSessions, whose planning
// took ~5 ms on PostgreSQL and ~8.5 ms on PGlite of a session's ~18 / ~25 ms, EXPLAIN ANALYZE,
// issue 21), every request's token lookup, the study list and the reports' fixed reads, where
// building and planning per request more than halved the requests/s (the API bench).
// Prepared once per connection, a statement is planned once (a generic plan once PostgreSQL finds
// it no worse than custom ones) instead of at every call.
import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** What drizzle's database and transaction objects hold (not in its public types). */
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: { client: PgClient | PgliteClient };
}
interface PgClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
interface PgliteClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<{ rows: unknown[] }[]>;
}

/**
 * Statements prepared (or being prepared) on a PGlite client. A prepared statement outlives the
 * transaction that prepared it (even one rolled back) and nothing deallocates one, so once seen it
 * need not be looked up again; calls that arrive together (a report's reads run side by side) wait
 * for one preparation instead of each preparing it. A transaction has its own client object: its
 * first use of a statement still asks pg_prepared_statements.
 */
const preparedOn = new WeakMap<PgliteClient, Map<string, Promise<void>>>();

function prepareOnce(client: PgliteClient, name: string, text: string): Promise<void> {
  let known = preparedOn.get(client);
  if (!known) preparedOn.set(client, (known = new Map()));
  let ready = known.get(name);
  if (!ready) {
    ready = (async () => {
      const found = await client.query('select 1 from pg_prepared_statements where name = $1', [name]);
      if (!found.rows.length) await client.exec(`prepare ${name} as ${text}`);
    })();
    known.set(name, ready);
    // A failed preparation (a broken statement, an aborted transaction) is tried again next time.
    ready.catch(() => known.delete(name));
  }
  return ready;
}

/**
 * A string as an SQL literal, as node-postgres' escapeLiteral writes it (quotes doubled; with a
 * backslash, an E'' literal with backslashes doubled), but with native replaceAll: its loop that
 * appends a character at a time took ~285 ms for a 1.6 MB parameter (ingestion's JSON rows of a
 * group of sessions), where this takes well under a millisecond.
 */
export function escapeLiteral(value: string): string {
  const quoted = value.replaceAll("'", "''");
  return value.includes('\\') ? ` E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}

/** A parameter as an SQL literal, typed by the prepared statement's parameter (PGlite's EXECUTE). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return escapeLiteral(String(value));
  }
  throw new Error(`a prepared statement's parameter must be a string, number, boolean or null, not ${typeof value}`);
}

interface Compiled {
  name: string;
  text: string;
  params: unknown[];
}

/** The statement's text and parameters; the name is a hash of the text, so a statement whose text changes (another version, other thresholds) is another statement. */
function compile(db: Db, query: SQL): Compiled {
  const { sql: text, params } = (db as unknown as DrizzleInternals).dialect.sqlToQuery(query);
  return { name: `gz_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text, params };
}

async function run<T>(db: Db, { name, text }: Compiled, params: unknown[]): Promise<T[]> {
  const client = (db as unknown as DrizzleInternals).session.client;
  if (!('exec' in client)) {
    // node-postgres parses a named statement once per connection and remembers where it did.
    return (await client.query({ name, text, values: params })).rows as T[];
  }
  // PGlite's query() binds parameters only to its unnamed statement, so the statement is prepared
  // and executed in SQL, with the parameters as literals (escapeLiteral).
  await prepareOnce(client, name, text);
  // EXECUTE takes no parentheses when there is nothing to pass.
  const args = params.length ? `(${params.map(literal).join(', ')})` : '';
  const results = await client.exec(`execute ${name}${args}`);
  return (results.at(-1)?.rows ?? []) as T[];
}

/**
 * A named prepared statement whose SQL is built once: `build` puts sql.placeholder(name) wherever a
 * value goes, and each call runs it on db's connection (a transaction's, inside one) with the
 * placeholders filled from `values` (a missing one throws), answering its rows. Building ingestion's
 * statement in drizzle took ~0.75 ms of a session's ~9.5 ms (CPU profile, issue 21), for a text
 * that never changes.
 */
export function preparedStatement<T>(build: () => SQL): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  let compiled: Compiled | undefined;
  return async (db, values) => {
    compiled ??= compile(db, build());
    return run<T>(db, compiled, fillPlaceholders(compiled.params, values));
  };
}

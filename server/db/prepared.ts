// Named prepared statements for the hottest statement of all, ingestion's one statement per session
// (insertSession): planning it took ~5 ms on PostgreSQL and ~8.5 ms on PGlite of a session's
// ~18 / ~25 ms (EXPLAIN ANALYZE, issue 21). Prepared once per connection, it is planned once (a
// generic plan once PostgreSQL finds it no worse than custom ones) instead of at every session.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
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

let escapeLiteral: ((value: string) => string) | undefined;

/** A parameter as an SQL literal, typed by the prepared statement's parameter (PGlite's EXECUTE). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return escapeLiteral!(String(value));
  }
  throw new Error(`a prepared statement's parameter must be a string, number, boolean or null, not ${typeof value}`);
}

/**
 * Runs `query` as a named prepared statement on db's connection (a transaction's, inside one) and
 * answers its rows. The name is a hash of the text, so a statement whose text changes (another
 * version, other thresholds) is another statement.
 */
export async function executePrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `gz_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  const client = session.client;
  if (!('exec' in client)) {
    // node-postgres parses a named statement once per connection and remembers where it did.
    return (await client.query({ name, text, values: params })).rows as T[];
  }
  // PGlite's query() binds parameters only to its unnamed statement, so the statement is prepared
  // and executed in SQL, with the parameters as literals (escaped by node-postgres' escapeLiteral).
  escapeLiteral ??= (await import('pg')).default.escapeLiteral;
  const known = await client.query('select 1 from pg_prepared_statements where name = $1', [name]);
  if (!known.rows.length) await client.exec(`prepare ${name} as ${text}`);
  const results = await client.exec(`execute ${name}(${params.map(literal).join(', ')})`);
  return (results.at(-1)?.rows ?? []) as T[];
}

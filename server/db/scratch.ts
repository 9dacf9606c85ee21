// A throw-away PostgreSQL database on the server at baseUrl: created empty, migrated, and dropped
// again by close(). Tests (TEST_DATABASE_URL) and benchmarks (BENCH_DATABASE_URL) use it so runs
// never share tables.
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from './client.js';

async function admin(baseUrl: string, statement: string): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `url` names the scratch database, for a second process (a real server in the crash suite). */
export async function openScratchPostgres(baseUrl: string, prefix: string): Promise<Database & { url: string }> {
  // Random hex only: the name is spliced into DDL, which cannot take a bound parameter.
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await admin(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

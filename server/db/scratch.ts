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

/** baseUrl with another database name. */
function urlOf(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Random hex only: the name is spliced into DDL, which cannot take a bound parameter. */
const scratchName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;
const SAFE_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * `url` names the scratch database, for a second process (a real server in the crash suite).
 * `template`: a migrated database (createPostgresTemplate) copied by CREATE DATABASE … TEMPLATE,
 * a file copy of ~0.3 s instead of running every migration (seconds a database; the test suites
 * open about a hundred). The migrations still run on the copy: a no-op then.
 */
export async function openScratchPostgres(baseUrl: string, prefix: string, template?: string): Promise<Database & { url: string }> {
  if (template !== undefined && !SAFE_NAME.test(template)) throw new Error(`not a template database name: ${template}`);
  const name = scratchName(prefix);
  await admin(baseUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = urlOf(baseUrl, name);
  const database = await openDatabase({ databaseUrl: url });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await admin(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A migrated, empty database to copy scratch databases from (openScratchPostgres's `template`);
 * no connection stays open to it (PostgreSQL copies only an unused template). Answers its name and
 * the function that drops it.
 */
export async function createPostgresTemplate(baseUrl: string, prefix: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = scratchName(prefix);
  await admin(baseUrl, `CREATE DATABASE ${name}`);
  try {
    const database = await openDatabase({ databaseUrl: urlOf(baseUrl, name) });
    await database.close();
  } catch (err) {
    await admin(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw err;
  }
  return { name, drop: () => admin(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

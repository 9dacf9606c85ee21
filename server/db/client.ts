// Opens the database: PGlite in DATA_DIR when DATABASE_URL is unset, PostgreSQL otherwise.
// Both are driven through the same drizzle schema, so repositories are written once.
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';
import { holdDataDir } from './data-dir.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Rows of a raw statement; the last statement's when text holds several. */
export interface SqlResult {
  rows: Record<string, unknown>[];
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Raw SQL on the same connection(s) as db, for libraries that bring their own SQL (the job
   * queue, pg-boss). Without values, text may hold several statements (pg-boss migrations).
   */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  /**
   * PGlite in a folder: a crash-consistent gzipped tarball of the data directory, taken between
   * statements by the process that holds it (the live backup, server/db/data-dir.ts).
   */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  /** postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite files; when absent too, PGlite runs in memory (tests). */
  dataDir?: string;
  /**
   * PGlite only: start from this dumped data directory (`dumpDataDir()` of a migrated database)
   * instead of running initdb and the migrations, which cost ~2.6 s of one core in memory and
   * 10–17 s in a folder. With `dataDir`, only a new folder starts from it (an existing database is
   * opened as it is). The test suites make one per run (server/test/global-setup.ts); migrations
   * still run (a no-op then).
   */
  template?: Blob;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // bigint sums and counts come back as strings from pg; repositories cast in SQL (::int / ::float8).
    const pool = new pg.default.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection that PostgreSQL ends (restart, failover, pg_terminate_backend, a test's
    // DROP DATABASE … WITH (FORCE)) makes the pool emit 'error'; with no listener Node ends the
    // whole process. The pool has already dropped that client and the next query opens a new one.
    pool.on('error', (err) => {
      if ((err as { code?: string }).code !== '57P01') console.warn(`database: idle connection lost: ${err.message}`);
    });
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    const executeSql = async (text: string, values?: unknown[]): Promise<SqlResult> => {
      // Several statements come back as one result each (simple query protocol).
      const r = (await pool.query(text, values)) as unknown as SqlResult | SqlResult[];
      return Array.isArray(r) ? (r.at(-1) ?? { rows: [] }) : r;
    };
    return { db: db as unknown as Db, kind: 'postgres', executeSql, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client;
  let release = () => {};
  if (opts.dataDir) {
    const dir = path.resolve(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    // One process at a time (a second one could corrupt the folder): refuses a folder a live server holds.
    release = holdDataDir(path.resolve(opts.dataDir));
    const fresh = opts.template && !existsSync(path.join(dir, 'PG_VERSION'));
    client = fresh ? new PGlite({ dataDir: dir, loadDataDir: opts.template }) : new PGlite(dir);
  } else {
    client = new PGlite(opts.template ? { loadDataDir: opts.template } : {});
  }
  const db = drizzle(client, { schema });
  try {
    await migrate(db, { migrationsFolder });
  } catch (err) {
    await client.close().catch(() => undefined);
    release();
    throw err;
  }
  const pglite = client;
  const executeSql = async (text: string, values?: unknown[]): Promise<SqlResult> => {
    // query() takes one statement with parameters; exec() takes several without.
    if (values?.length) return (await pglite.query(text, values)) as SqlResult;
    return ((await pglite.exec(text)).at(-1) ?? { rows: [] }) as SqlResult;
  };
  const dump = opts.dataDir ? async () => {
    // A checkpoint first writes the changes so far into the data files, so the copy's recovery has little WAL to replay.
    await pglite.exec('CHECKPOINT');
    return pglite.dumpDataDir('gzip');
  } : undefined;
  const close = async () => {
    try {
      await client.close();
    } finally {
      release();
    }
  };
  return { db: db as unknown as Db, kind: 'pglite', executeSql, dump, close };
}

/** A migrated, empty PGlite data directory, dumped: the `template` of many in-memory databases. */
export async function migratedPgliteTemplate(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite();
  try {
    await migrate(drizzle(client, { schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

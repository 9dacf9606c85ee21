// Test harness: a fresh database per test file (in-memory PGlite, or a fresh schema on
// PostgreSQL when TEST_DATABASE_URL is set) and an app built on it.
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../db/client.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { FastifyInstance } from 'fastify';

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

/** A database nobody else uses: PGlite in memory, or a throw-away PostgreSQL database. */
export async function freshDatabase(): Promise<Database> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openDatabase({});
  const pg = (await import('pg')).default;
  const name = `gazeboard_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export async function testApp(database?: Database): Promise<{ app: FastifyInstance; database: Database }> {
  const db = database ?? (await freshDatabase());
  const config = { ...loadConfig({}), seed: false, dataDir: '' };
  const app = await buildApp({ database: db, config });
  await app.ready();
  return { app, database: db };
}

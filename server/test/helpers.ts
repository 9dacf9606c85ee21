// Test harness: a fresh database per test file (in-memory PGlite, or a fresh schema on
// PostgreSQL when TEST_DATABASE_URL is set) and an app built on it.
import { openDatabase, type Database } from '../db/client.js';
import { openScratchPostgres } from '../db/scratch.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { TEST_SCRYPT_LOG_N } from './fixtures.js';

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

/** A database nobody else uses: PGlite in memory, or a throw-away PostgreSQL database. */
export async function freshDatabase(): Promise<Database> {
  const base = process.env.TEST_DATABASE_URL;
  return base
    ? openScratchPostgres(base, 'gazeboard_test', inject('postgresTemplate') || undefined)
    : openDatabase({ template: await pgliteTemplate() });
}

/**
 * A PGlite folder (a server's DATA_DIR) opened in this process; a new folder starts from the run's
 * migrated template, as in-memory databases do, instead of 10–17 s of initdb and migrations.
 */
export async function openDataDir(dataDir: string): Promise<Database> {
  return openDatabase({ dataDir, template: await pgliteTemplate() });
}

/** A new DATA_DIR holding a migrated, empty database, for a server process to start on. */
export async function migratedDataDir(dataDir: string): Promise<void> {
  await (await openDataDir(dataDir)).close();
}

/** The run's migrated PGlite (server/test/global-setup.ts), read once per test file. */
let template: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  template ??= readFile(file).then((b) => new Blob([b]));
  return template;
}

export async function testApp(database?: Database): Promise<{ app: FastifyInstance; database: Database }> {
  const db = database ?? (await freshDatabase());
  const config = { ...loadConfig({}), seed: false, dataDir: '', scryptLogN: TEST_SCRYPT_LOG_N };
  const app = await buildApp({ database: db, config });
  await app.ready();
  return { app, database: db };
}

/** Every stim id an answer names (`stim_id` / `stimulus_id` at any depth): the embed-scope tests' own walk, independent of the server's row filter. */
export function stimIdsIn(v: unknown, out = new Set<number>()): Set<number> {
  if (Array.isArray(v)) v.forEach((x) => stimIdsIn(x, out));
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if ((k === 'stim_id' || k === 'stimulus_id') && typeof x === 'number') out.add(x);
      stimIdsIn(x, out);
    }
  }
  return out;
}

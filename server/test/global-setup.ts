// Vitest global set-up of the database suites: one migrated, empty PGlite data directory dumped to
// a file, so each test's fresh in-memory database loads it (~0.8 s) instead of running initdb and
// the migrations (~3.4 s). With some 90 databases per run that is minutes of CI on two cores.
// With TEST_DATABASE_URL, likewise one migrated PostgreSQL database that every scratch database
// is copied from (CREATE DATABASE … TEMPLATE, ~0.3 s instead of 2–5 s of migrations each).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteTemplate } from '../db/client.js';
import { createPostgresTemplate } from '../db/scratch.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the dumped, migrated PGlite data directory (see freshDatabase). */
    pgliteTemplate: string;
    /** Name of the migrated PostgreSQL template database ('' without TEST_DATABASE_URL). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gazeboard-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  const base = process.env.TEST_DATABASE_URL;
  const [dump, postgres] = await Promise.all([
    migratedPgliteTemplate(),
    base ? createPostgresTemplate(base, 'gazeboard_template') : undefined,
  ]);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', postgres?.name ?? '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await postgres?.drop();
  };
}

// Vitest global set-up of the database suites: one migrated, empty PGlite data directory dumped to
// a file, so each test's fresh in-memory database loads it (~0.8 s) instead of running initdb and
// the migrations (~3.4 s). With some 90 databases per run that is minutes of CI on two cores.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteTemplate } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the dumped, migrated PGlite data directory (see freshDatabase). */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gazeboard-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await (await migratedPgliteTemplate()).arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}

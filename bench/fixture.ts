// The benchmark's study (ten stims in one cell, two AOIs each, 30 listed studies) and how a
// database is opened for a section: shared by run.ts, profile-ingest.ts and the 50,000 loader.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database, type Db } from '../server/db/client.js';
import { openScratchPostgres } from '../server/db/scratch.js';
import { company, appUser, study, cell, step, stim, aoi } from '../server/db/schema/index.js';
import { issueToken } from '../server/repositories/tokens.js';

/** The ten stims: the common display sizes, a billboard (30 % rule) and two videos (2 s rule). */
export const STIMS: [name: string, type: string, w: number, h: number][] = [
  ['MPU', 'i', 300, 250], ['Leaderboard', 'i', 728, 90], ['Skyscraper', 'i', 160, 600], ['Billboard', 'i', 970, 250],
  ['Half page', 'i', 300, 600], ['Mobile banner', 'i', 320, 50], ['Social feed', 'i', 500, 500], ['Large MPU', 'i', 336, 280],
  ['Pre-roll', 'v', 640, 360], ['Outstream', 'v', 640, 360],
];

/**
 * A database for one section. PGlite: a fresh data dir under the system temp folder.
 * PostgreSQL: a scratch database created on the server and dropped afterwards, or, with
 * BENCH_PG_REUSE=1, the URL's own database, emptied first (its schemas dropped and migrated
 * again) — for a machine where you have one database of your own.
 */
export async function openBenchDatabase(kind: 'pglite' | 'postgres', pgUrl?: string, prefix = 'gazeboard_bench'): Promise<{ database: Database; url?: string; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'gazeboard-bench-'));
    const database = await openDatabase({ dataDir: dir });
    return { database, cleanup: async () => { await database.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  if (process.env.BENCH_PG_REUSE === '1') {
    await resetPostgres(pgUrl!);
    const database = await openDatabase({ databaseUrl: pgUrl! });
    return { database, url: pgUrl, cleanup: () => database.close() };
  }
  const database = await openScratchPostgres(pgUrl!, prefix);
  return { database, url: database.url, cleanup: () => database.close() };
}

/** Drops everything in the database at url (BENCH_PG_REUSE): public and drizzle's schema. */
export async function resetPostgres(url: string): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; drop schema public cascade; create schema public');
  } finally {
    await client.end();
  }
}

export async function buildStudy(db: Db, name = 'Benchmark study', listed = 30) {
  const [co] = await db.insert(company).values({ name: 'Bench Co', internalId: `bench-${randomBytes(3).toString('hex')}` }).returning();
  const [user] = await db.insert(appUser).values({ companyId: co.id, username: `bench-${co.id}`, passwordHash: 'x', userTypeId: 1 }).returning();
  const [s] = await db.insert(study).values({
    companyId: co.id, name, participantsRequested: 10_000, completed: true, phaseId: 5, environmentId: 1,
  }).returning();
  const [c] = await db.insert(cell).values({ studyId: s.id, name: 'Cell 1', shortName: 'C1' }).returning();
  const stims = await db.insert(stim).values(STIMS.map(([n, stimType, width, height]) => ({
    companyId: co.id, studyId: s.id, name: n, stimType, width, height, durationMs: stimType === 'v' ? 10_000 : null,
  }))).returning();
  await db.insert(aoi).values(stims.flatMap((x) => [
    { stimId: x.id, tag: 'logo', x: 0, y: 0, width: (x.width ?? 300) / 2, height: (x.height ?? 250) / 2 },
    { stimId: x.id, tag: 'cta', x: (x.width ?? 300) / 2, y: (x.height ?? 250) / 2, width: (x.width ?? 300) / 2, height: (x.height ?? 250) / 2 },
  ]));
  const steps = await db.insert(step).values(stims.map((x, i) => ({ studyId: s.id, cellId: c.id, position: i, stepType: 'stim', stimId: x.id }))).returning();
  // More studies so the list answers a full page of 25.
  if (listed) {
    await db.insert(study).values(Array.from({ length: listed }, (_, i) => ({
      companyId: co.id, name: `Listed study ${String(i + 1).padStart(2, '0')}`, participantsRequested: 100, live: i % 3 === 0, phaseId: 1, environmentId: 1 + (i % 2),
    })));
  }
  const token = await issueToken(db, user.id, 24);
  return { companyId: co.id, studyId: s.id, cellId: c.id, refs: steps.map((st) => ({ cell_id: c.id, step_id: st.id, stim_id: st.stimId! })), token };
}
export type BenchStudy = Awaited<ReturnType<typeof buildStudy>>;

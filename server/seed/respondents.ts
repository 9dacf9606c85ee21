// Demo respondents for seeded studies: synthetic sessions from the analytics simulator, stored
// through ingestSession (the path real respondents take), so every summary, packed gaze and AOI
// row is made exactly as in production. Idempotent per study: a study that already has
// participants is skipped, so an interrupted background seed resumes where it stopped.
import type { Db } from '../db/client.js';
import { ingestSession } from '../services/ingest.js';
import { respondentTarget, simulateSession } from '../analytics/simulator.js';
import { getActiveConfig } from '../repositories/analysis-config.js';
import { countParticipants, loadStudyContext } from '../repositories/ingest.js';

export interface SeedRespondentsOptions {
  studyIds: number[];
  /** Called after each study: studies done, studies in total. */
  onProgress?: (done: number, total: number) => void;
}

export async function seedRespondents(db: Db, opts: SeedRespondentsOptions): Promise<void> {
  const total = opts.studyIds.length;
  const config = await getActiveConfig(db);
  let done = 0;
  for (const studyId of opts.studyIds) {
    await simulateStudy(db, studyId, { config });
    done += 1;
    opts.onProgress?.(done, total);
  }
}

/** Generates a study's respondents unless it already has some; returns how many were stored. */
export async function simulateStudy(
  db: Db,
  studyId: number,
  opts: { count?: number; config?: Awaited<ReturnType<typeof getActiveConfig>> } = {},
): Promise<number> {
  if ((await countParticipants(db, studyId)) > 0) return 0;
  const context = await loadStudyContext(db, studyId);
  if (!context) return 0;
  const config = opts.config ?? (await getActiveConfig(db));
  const n = opts.count ?? respondentTarget(context);
  for (let i = 0; i < n; i++) {
    await ingestSession(db, simulateSession(context, i), { context, config });
    // Seeding runs in the background of a serving process (PGlite shares its thread): give
    // waiting requests their turn after every session rather than after every study.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return n;
}

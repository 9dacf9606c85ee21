// AOIs of batch stims (/analysis/tpstimuli): saving replaces the stim's AOIs in one transaction;
// the feature summaries of every study that measured the stim are then rebuilt from the raw
// samples (recomputeStudy, the code `npm run recompute` runs) by the job recompute-batch-aois.
import type { Db } from '../db/client.js';
import { getActiveConfig } from '../repositories/analysis-config.js';
import { studiesWithStim } from '../repositories/batches.js';
import { replaceAois, type AoiRow } from '../repositories/aoi.js';
import { recomputeStudy } from './recompute.js';
import type { AnalysisConfig } from '../analytics/config.js';

export type AoiInput = Omit<AoiRow, 'id' | 'points'> & { id?: number | null; points?: [number, number][] | null };

export async function saveBatchStimAois(db: Db, stimId: number, aois: AoiInput[]): Promise<{ studies: number[] }> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await replaceAois(tx, stimId, aois.map((a) => ({ ...a, points: a.points ?? null })));
    return { studies: await studiesWithStim(tx, stimId) };
  });
}

/** Rebuilds the summaries (and so the feature metrics) of each study, one transaction per study. */
export async function recomputeStudies(db: Db, studyIds: number[], onStudy?: (done: number) => Promise<void>): Promise<number> {
  const config = (await getActiveConfig(db)) as AnalysisConfig & { id: number };
  let exposures = 0;
  for (const [i, studyId] of studyIds.entries()) {
    exposures += await db.transaction(async (txRaw) => recomputeStudy(txRaw as unknown as Db, studyId, config));
    await onStudy?.(i + 1);
  }
  return exposures;
}

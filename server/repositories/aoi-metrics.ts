// Writes of exposure_feature (the per-exposure feature rows behind the AOI metrics): at ingest,
// by the recompute-aois job and by `npm run recompute`. Callers pass their transaction as `db`.
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { exposureFeature } from '../db/schema/index.js';
import type { FeatureSummary } from '../analytics/aoi-metrics.js';

export type NewExposureFeature = FeatureSummary & { studyId: number; exposureId: number };

export async function insertExposureFeatures(db: Db, rows: NewExposureFeature[]): Promise<void> {
  // Bounded statement size: a page of a recompute can hold thousands of rows.
  for (let i = 0; i < rows.length; i += 1000) await db.insert(exposureFeature).values(rows.slice(i, i + 1000));
}

/** Replaces the feature rows of a batch of exposures (call inside the transaction that rewrites their exposure_aoi). */
export async function rewriteExposureFeatures(db: Db, exposureIds: number[], rows: NewExposureFeature[]): Promise<void> {
  if (!exposureIds.length) return;
  await db.delete(exposureFeature).where(inArray(exposureFeature.exposureId, exposureIds));
  await insertExposureFeatures(db, rows);
}

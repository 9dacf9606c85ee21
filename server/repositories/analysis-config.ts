// The active analysis configuration (fixation algorithm + parameters). Exactly one row is active;
// the first caller creates it from the defaults, `npm run recompute` replaces it.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { analysisConfig } from '../db/schema/index.js';
import { DEFAULT_ALGORITHM, DEFAULT_PARAMS, normalizeParams, type AnalysisConfig, type AnalysisParams, type Algorithm } from '../analytics/config.js';

function toConfig(row: { id: number; algorithm: string; params: unknown }): AnalysisConfig {
  return { id: row.id, algorithm: row.algorithm === 'ivt' ? 'ivt' : 'idt', params: normalizeParams(row.params as Partial<AnalysisParams>) };
}

export async function findActiveConfig(db: Db): Promise<AnalysisConfig | null> {
  const rows = await db.select().from(analysisConfig).where(eq(analysisConfig.active, true)).limit(1);
  return rows[0] ? toConfig(rows[0]) : null;
}

/** The active config, created from the defaults when there is none yet. */
export async function getActiveConfig(db: Db): Promise<AnalysisConfig> {
  const found = await findActiveConfig(db);
  if (found) return found;
  // The partial unique index turns a concurrent second insert into a no-op.
  await db.insert(analysisConfig).values({ algorithm: DEFAULT_ALGORITHM, params: DEFAULT_PARAMS, active: true }).onConflictDoNothing();
  const created = await findActiveConfig(db);
  if (!created) throw new Error('no active analysis configuration');
  return created;
}

/** Makes a new config the active one (the previous rows stay, for the exposures that cite them). */
export async function activateNewConfig(db: Db, algorithm: Algorithm, params: AnalysisParams): Promise<AnalysisConfig> {
  return db.transaction(async (tx) => {
    await tx.update(analysisConfig).set({ active: false }).where(eq(analysisConfig.active, true));
    const [row] = await tx.insert(analysisConfig).values({ algorithm, params, active: true }).returning();
    return toConfig(row);
  });
}

export async function findConfig(db: Db, id: number): Promise<AnalysisConfig | null> {
  const rows = await db.select().from(analysisConfig).where(eq(analysisConfig.id, id)).limit(1);
  return rows[0] ? toConfig(rows[0]) : null;
}


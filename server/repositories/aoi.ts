// Areas of interest of a stim and what the AOI recompute writes: the exposure_aoi rows of the
// stim's exposures (it reads them, every study, through ingest.ts's loadExposurePage).
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { aoi, exposureAoi, stim } from '../db/schema/index.js';
import { insertExposureAois, type NewExposureAoi } from './ingest.js';
import { rows } from './sql.js';

export interface AoiRow {
  id: number;
  tag: string;
  shape: 'rect' | 'polygon';
  x: number;
  y: number;
  width: number;
  height: number;
  points: [number, number][] | null;
}

export async function listAois(db: Db, stimId: number): Promise<AoiRow[]> {
  const r = await db.select().from(aoi).where(eq(aoi.stimId, stimId)).orderBy(asc(aoi.id));
  return r.map((a) => ({
    id: a.id, tag: a.tag, shape: a.shape === 'polygon' ? 'polygon' : 'rect', x: a.x, y: a.y, width: a.width, height: a.height,
    points: Array.isArray(a.points) ? (a.points as unknown[]).map((p) => (Array.isArray(p) ? [Number(p[0]), Number(p[1])] : [Number((p as { x: number }).x), Number((p as { y: number }).y)]) as [number, number]) : null,
  }));
}

export type AoiInput = Omit<AoiRow, 'id'> & { id?: number | null };

/**
 * Replaces the stim's AOIs (call inside a transaction; it locks the stim): ids of this stim are
 * updated in place (their exposure_aoi rows stay until the recompute rewrites them), others
 * deleted (their rows cascade), the rest inserted. An id of another stim is treated as new.
 */
export async function replaceAois(db: Db, stimId: number, input: AoiInput[]): Promise<void> {
  // Waits for sessions of this stim being stored (they share-lock it: lockSessionInputs), and
  // makes those that start now wait for the new AOIs.
  await db.select({ id: stim.id }).from(stim).where(eq(stim.id, stimId)).for('no key update');
  const existing = new Set((await db.select({ id: aoi.id }).from(aoi).where(eq(aoi.stimId, stimId))).map((r) => r.id));
  const kept = input.filter((a) => a.id && existing.has(a.id));
  const keptIds = kept.map((a) => a.id!);
  await db.delete(aoi).where(keptIds.length ? and(eq(aoi.stimId, stimId), notInArray(aoi.id, keptIds)) : eq(aoi.stimId, stimId));
  const values = (a: AoiInput) => ({ tag: a.tag, shape: a.shape, x: a.x, y: a.y, width: a.width, height: a.height, points: a.shape === 'polygon' ? a.points : null });
  for (const a of kept) await db.update(aoi).set(values(a)).where(eq(aoi.id, a.id!));
  const fresh = input.filter((a) => !(a.id && existing.has(a.id)));
  if (fresh.length) await db.insert(aoi).values(fresh.map((a) => ({ stimId, ...values(a) })));
}

export async function countStimExposures(db: Db, stimId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from exposure where stim_id = ${stimId}`);
  return Number(r?.n ?? 0);
}

/** Rewrites the exposure_aoi rows of a batch of exposures (call inside a transaction). */
export async function rewriteExposureAois(db: Db, exposureIds: number[], aois: NewExposureAoi[]): Promise<void> {
  if (!exposureIds.length) return;
  await db.delete(exposureAoi).where(inArray(exposureAoi.exposureId, exposureIds));
  await insertExposureAois(db, aois);
}

/** Where the stim was last measured (for its heatmap), or null. */
export async function latestPlacement(db: Db, stimId: number): Promise<{ studyId: number; stepId: number } | null> {
  const [r] = await rows<{ studyId: number; stepId: number }>(db, sql`select study_id as "studyId", step_id as "stepId"
    from exposure where stim_id = ${stimId} order by id desc limit 1`);
  return r ? { studyId: Number(r.studyId), stepId: Number(r.stepId) } : null;
}

/** Tags of the company's AOIs with how often each is used. */
export async function companyTags(db: Db, companyId: number): Promise<{ name: string; count: number }[]> {
  const r = await rows<{ name: string; count: number }>(db, sql`select a.tag as name, count(*)::int as count
    from aoi a join stim s on s.id = a.stim_id where s.company_id = ${companyId} and s.deleted_at is null
    group by a.tag order by count(*) desc, lower(a.tag) asc limit 200`);
  return r.map((t) => ({ name: t.name, count: Number(t.count) }));
}

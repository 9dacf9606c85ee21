// SQL the study-creation service needs beyond what the board, stims, brands and study-management
// repositories offer: the study row itself, ad types and screening groups by name, a stim placed
// on a page step, a panel's type, the social ad test's ad. Callers pass their transaction as `db`.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { adType, adTypeGroup, panel, questionGroup, quickTask, socialAd, stepStim, study } from '../db/schema/index.js';

export type NewStudy = Omit<typeof study.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertStudy(db: Db, values: NewStudy): Promise<number> {
  const [row] = await db.insert(study).values(values).returning({ id: study.id });
  return row.id;
}

/** An ad type with its group and asset type, by id or by name (case-insensitive). */
export async function findAdType(db: Db, by: { id?: number; name?: string }): Promise<{ id: number; name: string; groupId: number; assetTypeId: number } | null> {
  if (by.id === undefined && !by.name) return null;
  const cond = by.id !== undefined ? eq(adType.id, by.id) : sql`lower(${adType.name}) = lower(${by.name})`;
  const rows = await db.select({ id: adType.id, name: adType.name, groupId: adType.adTypeGroupId, assetTypeId: adTypeGroup.adAssetTypeId })
    .from(adType).innerJoin(adTypeGroup, eq(adTypeGroup.id, adType.adTypeGroupId)).where(cond).orderBy(adType.id).limit(1);
  return rows[0] ?? null;
}

/** A screening group the company may use, by id or name (case-insensitive). */
export async function findPreassignGroup(db: Db, companyId: number, by: { id?: number; name?: string }): Promise<{ id: number; name: string } | null> {
  if (by.id === undefined && !by.name) return null;
  const cond = by.id !== undefined ? eq(questionGroup.id, by.id) : sql`lower(${questionGroup.name}) = lower(${by.name})`;
  const rows = await db.select({ id: questionGroup.id, name: questionGroup.name }).from(questionGroup)
    .where(and(cond, eq(questionGroup.isPreassign, true), or(isNull(questionGroup.companyId), eq(questionGroup.companyId, companyId))))
    .orderBy(questionGroup.id).limit(1);
  return rows[0] ?? null;
}

/** Places a stim on a page step (the board shows it under the page). */
export async function placeStim(db: Db, stepId: number, stimId: number): Promise<void> {
  await db.insert(stepStim).values({ stepId, stimId }).onConflictDoNothing();
}

export async function setPanelType(db: Db, panelId: number, panelType: number): Promise<void> {
  await db.update(panel).set({ panelType }).where(eq(panel.id, panelId));
}

export type NewSocialAd = Omit<typeof socialAd.$inferInsert, 'id'>;

/** The social ad test's in-context site, ad type and type-specific fields. */
export async function insertSocialAd(db: Db, values: NewSocialAd): Promise<number> {
  const [row] = await db.insert(socialAd).values(values).returning({ id: socialAd.id });
  return row.id;
}

export type NewQuickTask = Omit<typeof quickTask.$inferInsert, 'id'>;

/** The quick study's panel assignment (panelist role, panel, description, reward, dates). */
export async function insertQuickTask(db: Db, values: NewQuickTask): Promise<number> {
  const [row] = await db.insert(quickTask).values(values).returning({ id: quickTask.id });
  return row.id;
}

export async function quickTaskOf(db: Db, studyId: number): Promise<typeof quickTask.$inferSelect | null> {
  const rows = await db.select().from(quickTask).where(eq(quickTask.studyId, studyId)).limit(1);
  return rows[0] ?? null;
}

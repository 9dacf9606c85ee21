// SQL of embedding (issue 20): the Share / Embed dialog's embed tokens of a study and a company's
// allowed origins. Issuing and resolving tokens stays in repositories/my-reports.ts (one table).
// Every read and write is scoped by the company it is given.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appUser, companyOrigin, embedToken } from '../db/schema/index.js';

export interface SharedTokenRow {
  id: number;
  name: string | null;
  studyId: number;
  reportKinds: string[] | null;
  stimIds: number[] | null;
  origins: string[] | null;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  createdBy: string;
}

const creatorName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${appUser.firstName}, ${appUser.lastName})), ''), ${appUser.username})`;

/** Tokens made in the dialog (My Reports' hourly panel URLs are not listed), newest first; `id` narrows to one. */
export async function sharedTokens(db: Db, companyId: number, studyId: number, id?: number): Promise<SharedTokenRow[]> {
  return db.select({
    id: embedToken.id, name: embedToken.name, studyId: embedToken.studyId, reportKinds: embedToken.reportKinds, stimIds: embedToken.stimIds,
    origins: embedToken.origins, createdAt: embedToken.createdAt, expiresAt: embedToken.expiresAt, revokedAt: embedToken.revokedAt, createdBy: creatorName,
  }).from(embedToken).innerJoin(appUser, eq(appUser.id, embedToken.createdBy))
    .where(and(eq(embedToken.companyId, companyId), eq(embedToken.studyId, studyId), isNull(embedToken.reportPanelId), id === undefined ? undefined : eq(embedToken.id, id)))
    .orderBy(desc(embedToken.createdAt), desc(embedToken.id));
}

/** Revokes one of the company's tokens; false when there is none (or it was revoked already). */
export async function revokeToken(db: Db, companyId: number, tokenId: number): Promise<'revoked' | 'already' | 'missing'> {
  const r = await db.update(embedToken).set({ revokedAt: new Date() })
    .where(and(eq(embedToken.companyId, companyId), eq(embedToken.id, tokenId), isNull(embedToken.revokedAt)))
    .returning({ id: embedToken.id });
  if (r.length) return 'revoked';
  const exists = await db.select({ id: embedToken.id }).from(embedToken).where(and(eq(embedToken.companyId, companyId), eq(embedToken.id, tokenId))).limit(1);
  return exists.length ? 'already' : 'missing';
}

// ---- allowed origins --------------------------------------------------------------------------------

export interface OriginRow { id: number; origin: string; createdAt: Date }

export async function companyOrigins(db: Db, companyId: number): Promise<OriginRow[]> {
  return db.select({ id: companyOrigin.id, origin: companyOrigin.origin, createdAt: companyOrigin.createdAt })
    .from(companyOrigin).where(eq(companyOrigin.companyId, companyId)).orderBy(companyOrigin.origin);
}

/** Adds the origin; null when the company has it already. */
export async function addOrigin(db: Db, companyId: number, origin: string, createdBy: number): Promise<OriginRow | null> {
  const r = await db.insert(companyOrigin).values({ companyId, origin, createdBy }).onConflictDoNothing()
    .returning({ id: companyOrigin.id, origin: companyOrigin.origin, createdAt: companyOrigin.createdAt });
  return r[0] ?? null;
}

export async function countOrigins(db: Db, companyId: number): Promise<number> {
  const r = await db.select({ n: sql<number>`count(*)::int` }).from(companyOrigin).where(eq(companyOrigin.companyId, companyId));
  return r[0]?.n ?? 0;
}

export async function removeOrigin(db: Db, companyId: number, id: number): Promise<boolean> {
  const r = await db.delete(companyOrigin).where(and(eq(companyOrigin.companyId, companyId), eq(companyOrigin.id, id))).returning({ id: companyOrigin.id });
  return r.length > 0;
}

/** Whether any company allows the origin (what a CORS preflight, which carries no token, can know). */
export async function originAllowedAnywhere(db: Db, origin: string): Promise<boolean> {
  const r = await db.select({ id: companyOrigin.id }).from(companyOrigin).where(eq(companyOrigin.origin, origin)).limit(1);
  return r.length > 0;
}

/** Whether one of these companies allows the origin. */
export async function originAllowedFor(db: Db, companyIds: number[], origin: string): Promise<boolean> {
  const r = await db.select({ id: companyOrigin.id }).from(companyOrigin)
    .where(and(inArray(companyOrigin.companyId, companyIds), eq(companyOrigin.origin, origin))).limit(1);
  return r.length > 0;
}

// Sign-in tokens: random 32 bytes shown once, stored as SHA-256, expiring and revocable.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appUser, authToken, company } from '../db/schema/index.js';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(db: Db, userId: number, ttlHours: number): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await db.insert(authToken).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlHours * 3600_000),
  });
  return token;
}

export interface TokenUser {
  tokenId: number;
  userId: number;
  companyId: number;
  userTypeId: number;
  superUser: boolean;
  /** Whether the company asked for (X-Company-Id) exists; false when none was asked for. */
  actingCompanyExists: boolean;
}

/**
 * Every authenticated request runs this: one round trip for the token, its user and the company a
 * super user asks to act for, as a named prepared statement (PostgreSQL parses and plans it once
 * per connection; PGlite runs it as a plain query). One per Db instance.
 */
const prepared = new WeakMap<Db, ReturnType<typeof prepareTokenUser>>();
function prepareTokenUser(db: Db) {
  return db
    .select({
      tokenId: authToken.id,
      userId: appUser.id,
      companyId: appUser.companyId,
      userTypeId: appUser.userTypeId,
      superUser: appUser.superUser,
      actingCompanyExists: sql<boolean>`exists (select 1 from ${company} where ${company.id} = ${sql.placeholder('actingCompanyId')})`,
    })
    .from(authToken)
    .innerJoin(appUser, eq(appUser.id, authToken.userId))
    .where(and(
      eq(authToken.tokenHash, sql.placeholder('tokenHash')),
      isNull(authToken.revokedAt),
      sql`${authToken.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
    ))
    .limit(1)
    .prepare('find_token_user');
}

/**
 * The user behind a live token, or null when unknown, expired or revoked. actingCompanyId (a
 * checked int4, X-Company-Id) is looked up in the same query.
 */
export async function findTokenUser(db: Db, token: string, actingCompanyId?: number): Promise<TokenUser | null> {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = prepareTokenUser(db)));
  const rows = await query.execute({ tokenHash: hashToken(token), now: new Date().toISOString(), actingCompanyId: actingCompanyId ?? 0 });
  const row = rows[0];
  return row ? { ...row, actingCompanyExists: Boolean(row.actingCompanyExists) } : null;
}

export async function revokeToken(db: Db, tokenId: number): Promise<void> {
  await db.update(authToken).set({ revokedAt: new Date() }).where(eq(authToken.id, tokenId));
}

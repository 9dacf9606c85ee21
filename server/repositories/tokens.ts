// Sign-in tokens: random 32 bytes shown once, stored as SHA-256, expiring and revocable.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appUser, authToken } from '../db/schema/index.js';

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
}

/** The user behind a live token, or null when unknown, expired or revoked. */
export async function findTokenUser(db: Db, token: string): Promise<TokenUser | null> {
  const rows = await db
    .select({
      tokenId: authToken.id,
      userId: appUser.id,
      companyId: appUser.companyId,
      userTypeId: appUser.userTypeId,
      superUser: appUser.superUser,
    })
    .from(authToken)
    .innerJoin(appUser, eq(appUser.id, authToken.userId))
    .where(and(eq(authToken.tokenHash, hashToken(token)), isNull(authToken.revokedAt), gt(authToken.expiresAt, new Date())))
    .limit(1);
  return rows[0] ?? null;
}

export async function revokeToken(db: Db, tokenId: number): Promise<void> {
  await db.update(authToken).set({ revokedAt: new Date() }).where(eq(authToken.id, tokenId));
}

// Sign-in tokens: random 32 bytes shown once, stored as SHA-256, expiring and revocable.
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { preparedStatement } from '../db/prepared.js';
import type { Db } from '../db/client.js';
import { authToken } from '../db/schema/index.js';

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
  companyAdmin: boolean;
  /** Whether the company asked for (X-Company-Id) exists; false when none was asked for. */
  actingCompanyExists: boolean;
}

/**
 * Every authenticated request runs this: one round trip for the token, its user and the company a
 * super user asks to act for, as a named prepared statement built once (db/prepared.ts): parsed and
 * planned once per connection on PostgreSQL and once per database on PGlite.
 */
const tokenUser = preparedStatement<Omit<TokenUser, 'actingCompanyExists'> & { actingCompanyExists: unknown }>(() => {
  const p = sql.placeholder;
  return sql`
    select t.id as "tokenId", u.id as "userId", u.company_id as "companyId", u.user_type_id as "userTypeId",
      u.super_user as "superUser", u.company_admin as "companyAdmin", exists (select 1 from company c where c.id = ${p('actingCompanyId')}::int) as "actingCompanyExists"
    from auth_token t join app_user u on u.id = t.user_id
    where t.token_hash = ${p('tokenHash')}::text and t.revoked_at is null and t.expires_at > ${p('now')}::timestamptz
    limit 1`;
});

/**
 * The user behind a live token, or null when unknown, expired or revoked. actingCompanyId (a
 * checked int4, X-Company-Id) is looked up in the same query.
 */
export async function findTokenUser(db: Db, token: string, actingCompanyId?: number): Promise<TokenUser | null> {
  const rows = await tokenUser(db, { tokenHash: hashToken(token), now: new Date().toISOString(), actingCompanyId: actingCompanyId ?? 0 });
  const row = rows[0];
  return row ? { ...row, actingCompanyExists: Boolean(row.actingCompanyExists) } : null;
}

export async function revokeToken(db: Db, tokenId: number): Promise<void> {
  await db.update(authToken).set({ revokedAt: new Date() }).where(eq(authToken.id, tokenId));
}

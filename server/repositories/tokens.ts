// Sign-in tokens: random 32 bytes shown once, stored as SHA-256, expiring (TOKEN_TTL_HOURS after
// sign-in, or TOKEN_IDLE_MINUTES after last use) and revocable.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
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
  /** When the token was last recorded as used (ms since the epoch; recorded at most once a minute). */
  lastUsedMs: number;
}

/**
 * last_used_at is written at most this often per token: idle expiry needs minutes, not the exact
 * request, and the lookup runs on every request (no write per request; see bench/).
 */
export const TOKEN_TOUCH_INTERVAL_MS = 60_000;

/**
 * Every authenticated request runs this: one round trip for the token, its user and the company a
 * super user asks to act for, as a named prepared statement built once (db/prepared.ts): parsed and
 * planned once per connection on PostgreSQL and once per database on PGlite.
 */
const tokenUser = preparedStatement<Omit<TokenUser, 'actingCompanyExists' | 'lastUsedMs'> & { actingCompanyExists: unknown; lastUsedMs: unknown }>(() => {
  const p = sql.placeholder;
  return sql`
    select t.id as "tokenId", u.id as "userId", u.company_id as "companyId", u.user_type_id as "userTypeId",
      u.super_user as "superUser", u.company_admin as "companyAdmin", exists (select 1 from company c where c.id = ${p('actingCompanyId')}::int) as "actingCompanyExists",
      (extract(epoch from t.last_used_at) * 1000)::float8 as "lastUsedMs"
    from auth_token t join app_user u on u.id = t.user_id
    where t.token_hash = ${p('tokenHash')}::text and t.revoked_at is null and t.expires_at > ${p('now')}::timestamptz
      and t.last_used_at > ${p('idleSince')}::timestamptz
    limit 1`;
});

/**
 * The user behind a live token, or null when unknown, expired, idle for longer than idleMinutes
 * (0: no idle expiry) or revoked. actingCompanyId (a checked int4, X-Company-Id) is looked up in
 * the same query. A token last recorded as used more than a minute ago is recorded as used now.
 */
export async function findTokenUser(db: Db, token: string, actingCompanyId?: number, idleMinutes = 0): Promise<TokenUser | null> {
  const now = Date.now();
  const idleSince = idleMinutes > 0 ? new Date(now - idleMinutes * 60_000).toISOString() : '-infinity';
  const rows = await tokenUser(db, { tokenHash: hashToken(token), now: new Date(now).toISOString(), idleSince, actingCompanyId: actingCompanyId ?? 0 });
  const row = rows[0];
  if (!row) return null;
  const lastUsedMs = Number(row.lastUsedMs);
  if (now - lastUsedMs >= TOKEN_TOUCH_INTERVAL_MS) await touchToken(db, row.tokenId, new Date(now));
  return { ...row, actingCompanyExists: Boolean(row.actingCompanyExists), lastUsedMs };
}

/** Records a use; parallel requests of one stale token write once (the condition fails for the rest). */
async function touchToken(db: Db, tokenId: number, now: Date): Promise<void> {
  await db.update(authToken).set({ lastUsedAt: now })
    .where(and(eq(authToken.id, tokenId), lt(authToken.lastUsedAt, new Date(now.getTime() - TOKEN_TOUCH_INTERVAL_MS))));
}

export async function revokeToken(db: Db, tokenId: number): Promise<void> {
  await db.update(authToken).set({ revokedAt: new Date() }).where(eq(authToken.id, tokenId));
}

// Rows that only grow and stop mattering: expired or revoked sign-in tokens and sign-in failures
// older than any limit window. Removed by the housekeeping job (server/jobs/housekeeping.ts).
import { lt, or, and, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authToken, loginAttempt } from '../db/schema/index.js';

/** Tokens that expired or were revoked before `before`; answers how many went. */
export async function deleteDeadTokens(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(authToken)
    .where(or(lt(authToken.expiresAt, before), and(isNotNull(authToken.revokedAt), lt(authToken.revokedAt, before))))
    .returning({ id: authToken.id });
  return rows.length;
}

/** Sign-in failures recorded before `before`. */
export async function deleteOldLoginAttempts(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(loginAttempt).where(lt(loginAttempt.attemptedAt, before)).returning({ id: loginAttempt.id });
  return rows.length;
}

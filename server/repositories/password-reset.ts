// Password reset links: random 32 bytes shown once (in the e-mail or to the administrator),
// stored as SHA-256 like sign-in tokens, working once and for a limited time.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appUser, authToken, notificationOutbox, passwordReset } from '../db/schema/index.js';
import { hashToken } from './tokens.js';

export interface ResetUser {
  id: number;
  username: string;
  email: string | null;
  firstName: string | null;
  companyId: number;
  superUser: boolean;
}

const resetUserColumns = {
  id: appUser.id, username: appUser.username, email: appUser.email, firstName: appUser.firstName,
  companyId: appUser.companyId, superUser: appUser.superUser,
};

/** The accounts whose e-mail is this address (trimmed, case-insensitive); e-mails are not unique. */
export async function usersByEmail(db: Db, email: string): Promise<ResetUser[]> {
  const address = email.trim().toLowerCase();
  if (!address) return [];
  return db.select(resetUserColumns).from(appUser)
    .where(sql`lower(trim(${appUser.email})) = ${address}`)
    .orderBy(asc(appUser.id)).limit(10);
}

/** A user of one company (null for another company's or an unknown id). */
export async function companyUser(db: Db, companyId: number, userId: number): Promise<ResetUser | null> {
  const rows = await db.select(resetUserColumns).from(appUser)
    .where(and(eq(appUser.id, userId), eq(appUser.companyId, companyId))).limit(1);
  return rows[0] ?? null;
}

export async function listCompanyUsers(db: Db, companyId: number) {
  return db.select({
    id: appUser.id, username: appUser.username, first_name: appUser.firstName, last_name: appUser.lastName,
    email: appUser.email, user_type_id: appUser.userTypeId, company_admin: appUser.companyAdmin, super_user: appUser.superUser,
  }).from(appUser).where(eq(appUser.companyId, companyId)).orderBy(asc(appUser.username));
}

/** Creates a reset link for a user; answers the token (shown once) and when it expires. */
export async function createResetToken(db: Db, userId: number, minutes: number, createdBy: number | null, now = new Date()) {
  const token = randomBytes(32).toString('hex');
  const expiresAt = new Date(now.getTime() + minutes * 60_000);
  await db.insert(passwordReset).values({ userId, tokenHash: hashToken(token), createdBy, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** The user of a live (unused, unexpired) reset token, or null. */
export async function resetTokenUser(db: Db, token: string, now = new Date()): Promise<{ resetId: number; user: ResetUser } | null> {
  const rows = await db.select({ resetId: passwordReset.id, ...resetUserColumns }).from(passwordReset)
    .innerJoin(appUser, eq(appUser.id, passwordReset.userId))
    .where(and(eq(passwordReset.tokenHash, hashToken(token)), isNull(passwordReset.usedAt), gt(passwordReset.expiresAt, now)))
    .limit(1);
  const r = rows[0];
  if (!r) return null;
  const { resetId, ...user } = r;
  return { resetId, user };
}

/**
 * Uses a reset token and sets the password, in one transaction: the token is claimed by a
 * conditional update (two parallel uses: one wins, the other answers false), every other open
 * link of the account is closed and every sign-in token revoked.
 */
export async function useResetToken(db: Db, resetId: number, userId: number, passwordHash: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const claimed = await tx.update(passwordReset).set({ usedAt: now })
      .where(and(eq(passwordReset.id, resetId), isNull(passwordReset.usedAt), gt(passwordReset.expiresAt, now)))
      .returning({ id: passwordReset.id });
    if (!claimed.length) return false;
    await setPassword(tx, userId, passwordHash, now);
    return true;
  });
}

/** Sets a password: open reset links of the account are closed and its sign-in tokens revoked. */
export async function setPassword(db: Db, userId: number, passwordHash: string, now = new Date()): Promise<void> {
  await db.update(appUser).set({ passwordHash }).where(eq(appUser.id, userId));
  await db.update(passwordReset).set({ usedAt: now }).where(and(eq(passwordReset.userId, userId), isNull(passwordReset.usedAt)));
  await db.update(authToken).set({ revokedAt: now }).where(and(eq(authToken.userId, userId), isNull(authToken.revokedAt)));
}

/** Sets a password in a transaction of its own (the administrator's temporary password). */
export async function replacePassword(db: Db, userId: number, passwordHash: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => setPassword(tx as unknown as Db, userId, passwordHash, now));
}

/** An account e-mail (no study) in the notification outbox; answers its id for the mail job. */
export async function queueAccountMail(db: Db, m: { userId: number; email: string; subject: string; body: string; pending: boolean }): Promise<number> {
  const [row] = await db.insert(notificationOutbox).values({
    studyId: null, userId: m.userId, email: m.email, subject: m.subject, body: m.body,
    status: m.pending ? 'pending' : 'recorded',
  }).returning({ id: notificationOutbox.id });
  return row.id;
}

/** After a reset mail is sent (or given up): its link leaves the outbox, which is only a record. */
export async function redactAccountMail(db: Db, outboxId: number): Promise<void> {
  await db.update(notificationOutbox).set({ body: '(a password reset link, removed once the mail was handled)' })
    .where(and(eq(notificationOutbox.id, outboxId), isNull(notificationOutbox.studyId)));
}

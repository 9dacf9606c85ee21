// Password reset (issue 38): Forgot password e-mails a one-time link through the notification
// outbox and the mail job when SMTP is configured; a company administrator can issue a link or
// set a temporary password otherwise. The rule for a new password is the contract's
// (passwordProblem), the same the reset page applies.
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/password.js';
import * as repo from '../repositories/password-reset.js';
import type { Db } from '../db/client.js';

/**
 * The contract's rules and texts (contract/auth.ts), passed in by the route: services do not
 * import contract/ (docs/architecture.md).
 */
export interface ResetRules {
  /** Minutes a link works. */
  minutes: number;
  /** The dashboard page a link opens. */
  pagePath: string;
  /** Why a password is refused, or null. */
  passwordProblem: (password: string, username: string) => string | null;
  /** The answer for an unknown, used or expired link. */
  invalidLink: string;
}

export const resetLink = (origin: string, pagePath: string, token: string) => `${origin.replace(/\/+$/, '')}${pagePath}?token=${token}`;

function mailBody(user: repo.ResetUser, link: string, minutes: number): string {
  return [
    `Hello${user.firstName ? ` ${user.firstName}` : ''},`,
    '',
    `Someone (we hope you) asked to reset the Gazeboard password of the account "${user.username}".`,
    `Open this link within ${minutes} minutes to choose a new password (it works once):`,
    '',
    link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ].join('\n');
}

/**
 * Forgot password: one link per account using the address, queued in the outbox. Answers the
 * outbox ids the mail job must send (none without SMTP, or for an unknown address). `origin` is
 * the server's configured origin, never the request's Host (a forged Host must not put its own
 * site in the link: reset poisoning).
 */
export async function requestReset(db: Db, email: string, mail: { smtp: boolean; origin: string }, rules: ResetRules, now = new Date()): Promise<{ outboxId: number; companyId: number }[]> {
  if (!mail.smtp) return [];
  const users = (await repo.usersByEmail(db, email)).filter((u) => u.email);
  const ids: { outboxId: number; companyId: number }[] = [];
  for (const user of users) {
    const id = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const { token } = await repo.createResetToken(tx, user.id, rules.minutes, null, now);
      return repo.queueAccountMail(tx, {
        userId: user.id, email: user.email!.trim(), subject: 'Reset your Gazeboard password',
        body: mailBody(user, resetLink(mail.origin, rules.pagePath, token), rules.minutes), pending: true,
      });
    });
    ids.push({ outboxId: id, companyId: user.companyId });
  }
  return ids;
}

export type ConfirmResult = { ok: true } | { ok: false; message: string; field?: 'password' };

/** Sets the new password of a live link's account; the link then stops working. */
export async function confirmReset(db: Db, token: string, password: string, logN: number, rules: ResetRules, now = new Date()): Promise<ConfirmResult> {
  const found = /^[0-9a-f]{64}$/.test(token) ? await repo.resetTokenUser(db, token, now) : null;
  if (!found) return { ok: false, message: rules.invalidLink };
  const problem = rules.passwordProblem(password, found.user.username);
  if (problem) return { ok: false, message: problem, field: 'password' };
  const used = await repo.useResetToken(db, found.resetId, found.user.id, await hashPassword(password, logN), now);
  return used ? { ok: true } : { ok: false, message: rules.invalidLink };
}

/** A readable random password that meets the rules: 16 characters of an unambiguous alphabet. */
export function temporaryPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(16);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export type AdminResetResult =
  | { ok: true; mode: 'link'; link: string; expiresAt: Date }
  | { ok: true; mode: 'temporary'; temporaryPassword: string }
  | { ok: false; status: 403 | 404; message: string };

/** An administrator's reset of a user of the company it acts for. */
export async function adminReset(
  db: Db, actor: { userId: number; superUser: boolean }, companyId: number, userId: number,
  mode: 'link' | 'temporary', origin: string, logN: number, rules: ResetRules, now = new Date(),
): Promise<AdminResetResult> {
  const user = await repo.companyUser(db, companyId, userId);
  if (!user) return { ok: false, status: 404, message: 'User not found' };
  // A company's administrator cannot take over the provider's super users.
  if (user.superUser && !actor.superUser) return { ok: false, status: 403, message: 'Only a super user may reset the password of a super user' };
  if (mode === 'link') {
    const { token, expiresAt } = await repo.createResetToken(db, user.id, rules.minutes, actor.userId, now);
    return { ok: true, mode, link: resetLink(origin, rules.pagePath, token), expiresAt };
  }
  const temporary = temporaryPassword();
  await repo.replacePassword(db, user.id, await hashPassword(temporary, logN), now);
  return { ok: true, mode, temporaryPassword: temporary };
}

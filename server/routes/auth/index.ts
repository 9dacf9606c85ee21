// Sign-in and sign-out. POST /auth-token is the only public call of the API. Repeated failures
// are slowed per username and address and per address, with counts kept in the database
// (stateless servers): a few free failures, then a wait that doubles with each further failure
// (429 with Retry-After). No limit refuses a username everywhere: whoever guesses cannot lock its
// owner out. Each attempt reserves its place before the password is checked, atomically, so
// parallel attempts cannot pass more than the limits allow.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../../contract/auth.js';
import { route } from '../common.js';
import { issueToken, revokeToken } from '../../repositories/tokens.js';
import {
  findCredentials, releaseSignInAttempt, replacePasswordHash, reserveSignInAttempt, type BackOff, type SignInLimits,
} from '../../repositories/users.js';
import { hashPassword, needsRehash, unmatchableHash, verifyPassword } from '../../auth/password.js';
import { badRequest, HttpError } from '../../errors.js';
import { resetRules } from './reset-rules.js';
import { confirmReset, requestReset } from '../../services/password-reset.js';
import { mailNotificationJob } from '../../jobs/mail.js';
import { ownOrigin } from '../../config.js';

/** Failures older than this no longer count (and no back-off is longer). */
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** The first wait past the free failures: 15 s, then 30 s, 1 min, 2, 4, 8, at most 15 min. */
export const BACKOFF_BASE_MS = 15_000;
/** 5 free failures for a username from one address. */
export const ACCOUNT_ADDRESS_BACKOFF: BackOff = { free: 5, baseMs: BACKOFF_BASE_MS, maxMs: LOGIN_WINDOW_MS };
/** 20 free failures from one address, whatever the usernames (spraying). */
export const ADDRESS_BACKOFF: BackOff = { free: 20, baseMs: BACKOFF_BASE_MS, maxMs: LOGIN_WINDOW_MS };
/**
 * 20 failures of one username from all addresses: distributed guessing. Each address then has one
 * free failure for that username (then the back-off); an address that has not failed for it is
 * always let try, so the owner from a new address is never refused.
 */
export const ACCOUNT_UNDER_ATTACK = 20;
export const UNDER_ATTACK_FREE = 1;
export const INVALID_CREDENTIALS = 'Invalid username or password';
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please wait and try again later.';

export const signInLimits = (now: number): SignInLimits => ({
  since: new Date(now - LOGIN_WINDOW_MS),
  perAccountAddress: ACCOUNT_ADDRESS_BACKOFF,
  perAddress: ADDRESS_BACKOFF,
  accountUnderAttack: ACCOUNT_UNDER_ATTACK,
  underAttackFree: UNDER_ATTACK_FREE,
});

/**
 * Forgot password counts like sign-in failures, under its own key per address asked for: 3 free
 * requests for one address from one client, 20 from a client in all (with its sign-in failures).
 * Every request counts (nothing is released): each may send an e-mail.
 */
export const resetRequestLimits = (now: number): SignInLimits => ({
  ...signInLimits(now),
  perAccountAddress: { free: 3, baseMs: BACKOFF_BASE_MS, maxMs: LOGIN_WINDOW_MS },
});
/** Setting a password hashes it (scrypt, 128 MiB): 10 free tries per client, then the back-off. */
export const resetConfirmLimits = (now: number): SignInLimits => ({
  ...signInLimits(now),
  perAccountAddress: { free: 10, baseMs: BACKOFF_BASE_MS, maxMs: LOGIN_WINDOW_MS },
});
const RESET_REQUEST_KEY = (email: string) => `password-reset:${email.trim().toLowerCase()}`;
const RESET_CONFIRM_KEY = 'password-reset:confirm';

export default async function authRoutes(app: FastifyInstance) {
  route(app, contract.signIn, async (request, reply) => {
    const { username, password } = request.body;
    const now = Date.now();
    const reserved = await reserveSignInAttempt(app.db, username, request.ip, signInLimits(now), new Date(now));
    if (!reserved.ok) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(reserved.retryAfterMs / 1000))));
      throw new HttpError(429, TOO_MANY_ATTEMPTS);
    }
    const logN = app.config.scryptLogN;
    const user = await findCredentials(app.db, username);
    // An unknown username costs one scrypt of the configured cost too (no enumeration by timing).
    const ok = await verifyPassword(password, user?.passwordHash ?? unmatchableHash(logN));
    // A failure keeps its reservation: it is the recorded failure.
    if (!user || !ok) throw new HttpError(401, INVALID_CREDENTIALS);
    await releaseSignInAttempt(app.db, username, request.ip);
    // Hashes made with older (cheaper) parameters are redone now, while the password is known.
    if (needsRehash(user.passwordHash, logN)) {
      await replacePasswordHash(app.db, user.id, user.passwordHash, await hashPassword(password, logN));
    }
    const token = await issueToken(app.db, user.id, app.config.tokenTtlHours);
    return { token };
  });

  const tooMany = (reply: { header: (k: string, v: string) => unknown }, retryAfterMs: number, message: string) => {
    reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
    return new HttpError(429, message);
  };

  route(app, contract.requestPasswordReset, async (request, reply) => {
    const now = Date.now();
    const reserved = await reserveSignInAttempt(app.db, RESET_REQUEST_KEY(request.body.email), request.ip, resetRequestLimits(now), new Date(now));
    if (!reserved.ok) throw tooMany(reply, reserved.retryAfterMs, contract.TOO_MANY_RESETS);
    const smtp = Boolean(app.config.smtpUrl);
    // The link points at the configured origin, never at the request's Host (reset poisoning).
    const queued = await requestReset(app.db, request.body.email, { smtp, origin: ownOrigin(app.config) }, resetRules);
    for (const { outboxId, companyId } of queued) {
      try {
        await app.jobs.enqueue(mailNotificationJob, { outboxId }, { companyId });
      } catch (err) {
        request.log.error({ err, outboxId }, 'could not queue a password reset e-mail');
      }
    }
    // The same answer whether or not an account uses the address.
    return { success: true as const, emailed: smtp, message: smtp ? contract.RESET_REQUESTED : contract.RESET_BY_ADMIN };
  });

  route(app, contract.confirmPasswordReset, async (request, reply) => {
    const now = Date.now();
    const reserved = await reserveSignInAttempt(app.db, RESET_CONFIRM_KEY, request.ip, resetConfirmLimits(now), new Date(now));
    if (!reserved.ok) throw tooMany(reply, reserved.retryAfterMs, contract.TOO_MANY_RESETS);
    const result = await confirmReset(app.db, request.body.token, request.body.password, app.config.scryptLogN, resetRules, new Date(now));
    if (!result.ok) throw badRequest(result.message, result.field ? { [result.field]: result.message } : { token: result.message });
    await releaseSignInAttempt(app.db, RESET_CONFIRM_KEY, request.ip);
    return { success: true as const, message: contract.RESET_DONE };
  });

  const revoke = async (request: FastifyRequest) => {
    await revokeToken(app.db, request.auth.tokenId);
    return { success: true as const };
  };
  route(app, contract.signOutPost, revoke);
  route(app, contract.signOutDelete, revoke);
}

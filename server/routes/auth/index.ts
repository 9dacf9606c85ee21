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
import { HttpError } from '../../errors.js';

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

  const revoke = async (request: FastifyRequest) => {
    await revokeToken(app.db, request.auth.tokenId);
    return { success: true as const };
  };
  route(app, contract.signOutPost, revoke);
  route(app, contract.signOutDelete, revoke);
}

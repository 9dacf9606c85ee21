// Sign-in and sign-out. POST /auth-token is the only public call of the API; repeated failures
// are limited per username and address, per address and per username, with counts kept in the
// database (stateless servers). Each attempt reserves its place before the password is checked,
// atomically, so parallel attempts cannot pass more than the limits allow.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../../contract/auth.js';
import { route } from '../common.js';
import { issueToken, revokeToken } from '../../repositories/tokens.js';
import {
  findCredentials, releaseSignInAttempt, reserveSignInAttempt, type FailureWindow,
} from '../../repositories/users.js';
import { verifyPassword } from '../../auth/password.js';
import { HttpError } from '../../errors.js';

export const LOGIN_WINDOW_MS = 15 * 60_000;
/**
 * Failures allowed inside the window; the next attempt is refused until the oldest one expires.
 * One address may fail 5 times for a username (then that username is refused from that address
 * only: someone guessing elsewhere cannot lock the account's owner out) and 20 times in all; a
 * username is refused from everywhere after 20 failures from any addresses (distributed guessing).
 */
export const MAX_USERNAME_FAILURES = 5;
export const MAX_IP_FAILURES = 20;
export const MAX_ACCOUNT_FAILURES = 20;
export const INVALID_CREDENTIALS = 'Invalid username or password';
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please wait and try again later.';

// Compared against when the username is unknown, so both cases cost one scrypt and take
// about as long (no user enumeration by timing).
const DUMMY_HASH = 'scrypt$00000000000000000000000000000000$0000000000000000000000000000000000000000000000000000000000000000';

function retryAfterSeconds(w: FailureWindow, now: number): number {
  const until = (w.oldest?.getTime() ?? now) + LOGIN_WINDOW_MS;
  return Math.max(1, Math.ceil((until - now) / 1000));
}

export default async function authRoutes(app: FastifyInstance) {
  route(app, contract.signIn, async (request, reply) => {
    const { username, password } = request.body;
    const now = Date.now();
    const reserved = await reserveSignInAttempt(app.db, username, request.ip, {
      since: new Date(now - LOGIN_WINDOW_MS),
      perAccountAddress: MAX_USERNAME_FAILURES,
      perAddress: MAX_IP_FAILURES,
      perAccount: MAX_ACCOUNT_FAILURES,
    }, new Date(now));
    if (!reserved.ok) {
      reply.header('retry-after', String(retryAfterSeconds(reserved.blocked, now)));
      throw new HttpError(429, TOO_MANY_ATTEMPTS);
    }
    const user = await findCredentials(app.db, username);
    const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    // A failure keeps its reservation: it is the recorded failure.
    if (!user || !ok) throw new HttpError(401, INVALID_CREDENTIALS);
    await releaseSignInAttempt(app.db, username, request.ip);
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

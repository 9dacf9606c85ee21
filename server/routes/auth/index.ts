// Sign-in and sign-out. POST /auth-token is the only public call of the API; repeated failures
// are slowed per username and per IP with counts kept in the database (stateless servers).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../../contract/auth.js';
import { route } from '../common.js';
import { issueToken, revokeToken } from '../../repositories/tokens.js';
import {
  clearFailedLogins, failuresForIp, failuresForUsername, findCredentials, recordFailedLogin,
  type FailureWindow,
} from '../../repositories/users.js';
import { verifyPassword } from '../../auth/password.js';
import { HttpError } from '../../errors.js';

export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Failures allowed inside the window; the next attempt is refused until the oldest one expires. */
export const MAX_USERNAME_FAILURES = 5;
export const MAX_IP_FAILURES = 20;
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
    const since = new Date(now - LOGIN_WINDOW_MS);
    const [byUser, byIp] = await Promise.all([
      failuresForUsername(app.db, username, since),
      failuresForIp(app.db, request.ip, since),
    ]);
    const blocked = byUser.count >= MAX_USERNAME_FAILURES ? byUser : byIp.count >= MAX_IP_FAILURES ? byIp : null;
    if (blocked) {
      reply.header('retry-after', String(retryAfterSeconds(blocked, now)));
      throw new HttpError(429, TOO_MANY_ATTEMPTS);
    }
    const user = await findCredentials(app.db, username);
    const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok) {
      await recordFailedLogin(app.db, username, request.ip);
      throw new HttpError(401, INVALID_CREDENTIALS);
    }
    await clearFailedLogins(app.db, username);
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

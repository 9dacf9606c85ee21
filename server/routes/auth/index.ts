// Sign-in and sign-out. POST /auth-token is the only public call of the API; repeated failures
// are slowed per username and per IP with counts kept in the database (stateless servers).
import type { FastifyInstance, FastifyReply } from 'fastify';
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

const tokenBody = {
  type: 'object',
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 255 },
    password: { type: 'string', minLength: 1, maxLength: 1024 },
  },
} as const;

export default async function authRoutes(app: FastifyInstance) {
  app.post<{ Body: { username: string; password: string } }>('/auth-token', {
    config: { public: true },
    schema: {
      summary: 'Sign in: exchange username and password for a token',
      description: `Answers {token}. Send it as "Authorization: Token <token>" on every other call. Wrong credentials answer 401 "${INVALID_CREDENTIALS}". After ${MAX_USERNAME_FAILURES} failures for a username (or ${MAX_IP_FAILURES} from one IP) within ${LOGIN_WINDOW_MS / 60_000} minutes, sign-in answers 429 with Retry-After until the window passes.`,
      tags: ['auth'],
      body: tokenBody,
    },
  }, async (request, reply: FastifyReply) => {
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

  const revoke = {
    schema: {
      summary: 'Sign out: revoke the token this request presents',
      description: 'Answers {success:true}; the token is refused from then on.',
      tags: ['auth'],
    },
  };
  const handler = async (request: { auth: { tokenId: number } }) => {
    await revokeToken(app.db, request.auth.tokenId);
    return { success: true };
  };
  app.post('/auth-token/revoke', revoke, handler);
  app.delete('/auth-token', revoke, handler);
}

// Authenticates every route except those marked `config: { public: true }`.
// `Authorization: Token <t>` (scheme matched case-insensitively). A super user may act for any
// company with `X-Company-Id`; anyone else sending it gets 403. Routes read request.auth and
// scope every query by request.auth.companyId.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findTokenUser } from '../repositories/tokens.js';
import { forbidden, unauthorized } from '../errors.js';

export interface Auth {
  tokenId: number;
  userId: number;
  /** The company whose data this request may see (the acting company for a super user). */
  companyId: number;
  /** The user's own company. */
  homeCompanyId: number;
  userTypeId: number;
  superUser: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth;
  }
  interface FastifyContextConfig {
    /** No token needed (sign-in, meta, ingestion with its own key, signed files). */
    public?: boolean;
  }
}

export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^token\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

export default fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('auth', null as unknown as Auth);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
    // Unknown routes fall through to the 404 handler without asking for a token.
    if (!request.routeOptions.url) return;
    const token = readToken(request);
    if (!token) throw unauthorized();
    const requested = request.headers['x-company-id'];
    const asked = requested !== undefined && requested !== '';
    const id = asked ? Number(Array.isArray(requested) ? requested[0] : requested) : undefined;
    const validId = id !== undefined && Number.isInteger(id) && id > 0 && id <= 2147483647 ? id : undefined;
    // One round trip: the token's user and, when one is asked for, whether that company exists.
    const user = await findTokenUser(app.db, token, validId);
    if (!user) throw unauthorized('Invalid or expired token');
    let companyId = user.companyId;
    if (asked) {
      if (!user.superUser) throw forbidden('Only super users may act for another company');
      if (validId === undefined || !user.actingCompanyExists) throw forbidden('Unknown company');
      companyId = validId;
    }
    request.auth = {
      tokenId: user.tokenId,
      userId: user.userId,
      companyId,
      homeCompanyId: user.companyId,
      userTypeId: user.userTypeId,
      superUser: user.superUser,
    };
  });
});

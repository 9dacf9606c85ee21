// Authenticates every route except those marked `config: { public: true }`.
// `Authorization: Token <t>` (scheme matched case-insensitively). A super user may act for any
// company with `X-Company-Id` (a decimal id, else 400); anyone else sending it, even empty, gets 403. Routes read request.auth and
// scope every query by request.auth.companyId.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findTokenUser } from '../repositories/tokens.js';
import { badRequest, forbidden, unauthorized } from '../errors.js';
import { ID_PATTERN, PATTERN_MESSAGES } from '../../contract/common.js';
import { authenticateEmbed, isEmbedToken } from '../services/embed-tokens.js';

const ID_RE = new RegExp(ID_PATTERN);

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
    if (isEmbedToken(token)) {
      // Embedded report pages (services/embed-tokens.ts): read-only, one study's reports.
      const embed = await authenticateEmbed(app.db, token, { operation: request.routeOptions.config?.operation, params: request.params as Record<string, string> });
      if (!embed.ok) throw embed.status === 401 ? unauthorized(embed.message) : forbidden(embed.message);
      request.auth = embed.auth;
      return;
    }
    // Sent at all (even empty) counts as sent: only a super user may send it, and only a plain
    // decimal company id (never "0x2", "02", " 2" or "2.0", which Number() would all accept).
    const requested = request.headers['x-company-id'];
    const sent = requested !== undefined;
    const value = Array.isArray(requested) ? requested.join(',') : requested;
    const validId = value !== undefined && ID_RE.test(value) ? Number(value) : undefined;
    // One round trip: the token's user and, when one is asked for, whether that company exists.
    const user = await findTokenUser(app.db, token, validId);
    if (!user) throw unauthorized('Invalid or expired token');
    let companyId = user.companyId;
    if (sent) {
      if (!user.superUser) throw forbidden('Only super users may act for another company');
      if (validId === undefined) throw badRequest('Validation failed', { 'X-Company-Id': PATTERN_MESSAGES[ID_PATTERN] });
      if (!user.actingCompanyExists) throw forbidden('Unknown company');
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

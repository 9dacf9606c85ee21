// Authenticates every route except those marked `config: { public: true }`.
// `Authorization: Token <t>` (scheme matched case-insensitively). A super user may act for any
// company with `X-Company-Id` (a decimal id, else 400); anyone else sending it, even empty, gets 403. Routes read request.auth and
// scope every query by request.auth.companyId.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findTokenUser } from '../repositories/tokens.js';
import { badRequest, forbidden, unauthorized } from '../errors.js';
import { EMBED_STIM_ID_FIELDS, EMBED_STIM_PARAMS, ID_PATTERN, PATTERN_MESSAGES } from '../../contract/common.js';
import { authenticateEmbed, bodyStimsInScope, isEmbedToken, scopeRows, StimOutOfScope } from '../services/embed-tokens.js';
import { EMBED_MESSAGES } from '../../contract/embed.js';

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
  /** An administrator of its own company (company settings: allowed origins). */
  companyAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth;
    /** Set for a request carrying an embed token: the stims it may read (null: every stim of its study). */
    embedStims?: number[] | null;
    /** Set once the answer went through the embed row filter (scopeRows). */
    embedScoped?: boolean;
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
  app.decorateRequest('embedStims', undefined);
  app.decorateRequest('embedScoped', false);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
    // Unknown routes fall through to the 404 handler without asking for a token.
    if (!request.routeOptions.url) return;
    const token = readToken(request);
    if (!token) throw unauthorized();
    if (isEmbedToken(token)) {
      // Embedded reports (services/embed-tokens.ts): read-only, one study's reports, its origins.
      const origin = request.headers.origin;
      // The contract says which operations an embed token may call at all (`embed`, x-embed).
      const embed = await authenticateEmbed(app.db, token, {
        operation: request.routeOptions.config?.operation, stimParams: EMBED_STIM_PARAMS,
        params: request.params as Record<string, string>, origin: typeof origin === 'string' ? origin : undefined, host: request.host,
      });
      if (!embed.ok) {
        if (embed.reason === 'token') throw unauthorized('Invalid or expired token');
        throw forbidden(embed.reason === 'origin' ? EMBED_MESSAGES.wrongOrigin : EMBED_MESSAGES.outOfScope);
      }
      request.auth = embed.auth;
      request.embedStims = embed.stimIds;
      return;
    }
    // Sent at all (even empty) counts as sent: only a super user may send it, and only a plain
    // decimal company id (never "0x2", "02", " 2" or "2.0", which Number() would all accept).
    const requested = request.headers['x-company-id'];
    const sent = requested !== undefined;
    const value = Array.isArray(requested) ? requested.join(',') : requested;
    const validId = value !== undefined && ID_RE.test(value) ? Number(value) : undefined;
    // One round trip: the token's user and, when one is asked for, whether that company exists (plus
    // a write at most once a minute per token: its last use, for TOKEN_IDLE_MINUTES).
    const user = await findTokenUser(app.db, token, validId, app.config.tokenIdleMinutes);
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
      companyAdmin: user.companyAdmin,
    };
  });
  // Compare reads name their stims in the body, read after onRequest: an embed token limited to
  // some stims is refused any other (after validation, so the body is a checked shape).
  app.addHook('preHandler', async (request) => {
    if (request.embedStims && !bodyStimsInScope(request.embedStims, request.body, EMBED_STIM_ID_FIELDS)) throw forbidden(EMBED_MESSAGES.outOfScope);
  });
  // What it answers: every row of another stim is dropped here, whatever the route computed (the
  // study-wide downloads, the step's participant data, the stim tree), so no route has to remember.
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!request.embedStims) return payload;
    request.embedScoped = true;
    try {
      return scopeRows(payload, request.embedStims, EMBED_STIM_ID_FIELDS);
    } catch (err) {
      if (err instanceof StimOutOfScope) throw forbidden(EMBED_MESSAGES.outOfScope);
      throw err;
    }
  });
  // A success the row filter did not see (a route answering a string or a file) is not sent to a
  // stim-limited token: refused rather than trusted. The contract keeps files off embed operations.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.embedStims && !request.embedScoped && reply.statusCode < 300 && payload !== null && payload !== undefined && payload !== '') {
      throw forbidden(EMBED_MESSAGES.outOfScope);
    }
    return payload;
  });
});

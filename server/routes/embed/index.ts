// Embedding (contract/embed.ts): the Share / Embed dialog's embed tokens of a study (create, list,
// revoke; issued by services/embed-tokens, the one mechanism My Reports uses too) and the acting
// company's allowed origins (CORS, and the pages its embed tokens may be used on).
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/embed.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { companyStudy, route, toId } from '../common.js';
import * as repo from '../../repositories/embed.js';
import { studyStims } from '../../repositories/reports.js';
import { issueEmbedToken, normalizeOrigin } from '../../services/embed-tokens.js';
import { forgetOrigin } from '../../services/allowed-origins.js';

const DAY_MS = 24 * 3600 * 1000;

function view(t: repo.SharedTokenRow, now = new Date()): contract.EmbedTokenView {
  return {
    id: t.id, name: t.name ?? '', study_id: t.studyId, report_types: t.reportKinds, stim_ids: t.stimIds, origins: t.origins ?? [],
    created_at: t.createdAt.toISOString(), expires_at: t.expiresAt.toISOString(), revoked_at: t.revokedAt?.toISOString() ?? null,
    status: t.revokedAt ? 'revoked' : t.expiresAt <= now ? 'expired' : 'active', created_by: t.createdBy,
  };
}

const originView = (o: repo.OriginRow): contract.AllowedOriginView => ({ id: o.id, origin: o.origin, created_at: o.createdAt.toISOString() });

export default async function embedRoutes(app: FastifyInstance) {
  const db = app.db;

  route(app, contract.listEmbedTokens, async (request) => {
    const s = await companyStudy(app, request, toId(request.params.id));
    const now = new Date();
    return { success: true as const, data: (await repo.sharedTokens(db, request.auth.companyId, s.id)).map((t) => view(t, now)) };
  });

  route(app, contract.createEmbedToken, async (request) => {
    const s = await companyStudy(app, request, toId(request.params.id));
    const body = request.body;
    const errors: Record<string, string> = {};
    const name = body.name.trim();
    if (!name) errors.name = 'Name required';
    const stimIds = body.stim_ids ? [...new Set(body.stim_ids)] : null;
    if (stimIds) {
      const placed = new Set((await studyStims(db, s.id)).map((p) => p.stimId));
      const stray = stimIds.filter((id) => !placed.has(id));
      if (stray.length) errors.stim_ids = `Not stims of this study: ${stray.join(', ')}`;
    }
    const origins: string[] = [];
    const allowed = new Set((await repo.companyOrigins(db, request.auth.companyId)).map((o) => o.origin));
    for (const raw of body.origins) {
      const o = normalizeOrigin(raw);
      if (!o) errors.origins = `${raw} is not an origin such as https://intranet.example.com`;
      else if (!allowed.has(o)) errors.origins = `${o} ${contract.EMBED_MESSAGES.originNotAllowed}`;
      else if (!origins.includes(o)) origins.push(o);
    }
    if (Object.keys(errors).length) throw badRequest('Validation failed', errors);
    const days = body.expires_in_days ?? contract.EMBED_DEFAULT_DAYS;
    const { id, token } = await issueEmbedToken(db, {
      companyId: request.auth.companyId, createdBy: request.auth.userId, studyId: s.id, name,
      reportKinds: body.report_types ?? null, stimIds, origins,
    }, days * DAY_MS / 1000);
    const [row] = await repo.sharedTokens(db, request.auth.companyId, s.id, id);
    return { success: true as const, token, embed: view(row) };
  });

  route(app, contract.revokeEmbedToken, async (request) => {
    // Revoking twice is fine (the dialog may retry); a token of another company is not found.
    if ((await repo.revokeToken(db, request.auth.companyId, toId(request.params.tokenId))) === 'missing') throw notFound('Embed token not found');
    return { success: true as const };
  });

  route(app, contract.listAllowedOrigins, async (request) => ({
    success: true as const, data: (await repo.companyOrigins(db, request.auth.companyId)).map(originView),
  }));

  route(app, contract.addAllowedOrigin, async (request) => {
    const origin = normalizeOrigin(request.body.origin);
    if (!origin) throw badRequest('Validation failed', { origin: 'must be an origin such as https://intranet.example.com' });
    if ((await repo.countOrigins(db, request.auth.companyId)) >= contract.COMPANY_MAX_ORIGINS) {
      throw badRequest('Validation failed', { origin: `at most ${contract.COMPANY_MAX_ORIGINS} allowed origins` });
    }
    const row = await repo.addOrigin(db, request.auth.companyId, origin, request.auth.userId);
    if (!row) throw conflict(`${origin} is already an allowed origin`);
    forgetOrigin(db, origin);
    return { success: true as const, origin: originView(row) };
  });

  route(app, contract.removeAllowedOrigin, async (request) => {
    const list = await repo.companyOrigins(db, request.auth.companyId);
    const id = toId(request.params.originId);
    if (!(await repo.removeOrigin(db, request.auth.companyId, id))) throw notFound('Allowed origin not found');
    const gone = list.find((o) => o.id === id);
    if (gone) forgetOrigin(db, gone.origin);
    return { success: true as const };
  });
}

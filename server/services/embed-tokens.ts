// Embed tokens: the one credential embedded report pages carry (issue 19 builds the minimal form,
// the embedding issue adds scopes, origins and a dialog to the same table and functions).
//
// A token is `gze_` + 32 random bytes (base64url), shown once inside the report URL; only its
// SHA-256 is stored, so a database read does not hand out working tokens. It is read-only by
// construction: authenticateEmbed accepts it only for `access: 'read'` operations of the report
// areas, on its own study, and for per-stim paths only on its stims. Expired, revoked, altered or
// unknown tokens answer 401 like any other bad token.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import * as repo from '../repositories/my-reports.js';

export const EMBED_TOKEN_PREFIX = 'gze_';
/** How long a My Reports URL opens its report (the page asks for a fresh one each time it shows it). */
export const EMBED_TTL_SECONDS = 3600;
/** Report areas an embed token may read (tags of contract operations). Never my-reports itself: a token cannot mint tokens. */
export const EMBED_READABLE_TAGS: readonly string[] = ['reports', 'survey', 'demographics', 'lookups'];

export const isEmbedToken = (token: string): boolean => token.startsWith(EMBED_TOKEN_PREFIX);
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface EmbedScope {
  companyId: number;
  createdBy: number;
  studyId: number;
  reportPanelId?: number | null;
  reportKind?: string | null;
  stimIds?: number[] | null;
}

export async function issueEmbedToken(db: Db, scope: EmbedScope, ttlSeconds = EMBED_TTL_SECONDS, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = EMBED_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await repo.insertEmbedToken(db, {
    companyId: scope.companyId, createdBy: scope.createdBy, studyId: scope.studyId, reportPanelId: scope.reportPanelId ?? null,
    reportKind: scope.reportKind ?? null, stimIds: scope.stimIds?.length ? scope.stimIds : null, tokenHash: hash(token), expiresAt,
  });
  return { token, expiresAt };
}

/** What the request asks for, as authenticateEmbed needs it (fastify-free). */
export interface EmbedRequest {
  operation?: { access: string; path: string; tags: readonly string[] };
  params: Record<string, string | undefined>;
}

/** The auth an accepted embed token acts with: a plain study user of the token's company. */
export interface EmbedAuth {
  tokenId: number;
  userId: number;
  companyId: number;
  homeCompanyId: number;
  userTypeId: number;
  superUser: boolean;
}

export type EmbedOutcome = { ok: true; auth: EmbedAuth } | { ok: false; status: 401 | 403; message: string };

/**
 * Resolves an embed token for one request: 401 when it is not live, 403 when the operation lies
 * outside its scope (a write, another area, another study, another stim).
 */
export async function authenticateEmbed(db: Db, token: string, request: EmbedRequest, now = new Date()): Promise<EmbedOutcome> {
  const t = await repo.liveEmbedToken(db, hash(token), now);
  if (!t) return { ok: false, status: 401, message: 'Invalid or expired token' };
  const op = request.operation;
  const refuse = { ok: false, status: 403, message: 'This embed link only opens its own report' } as const;
  if (!op || op.access !== 'read' || !op.tags.some((tag) => EMBED_READABLE_TAGS.includes(tag))) return refuse;
  // Lookup lists are reference data of no company; everything else must be this token's study.
  if (!op.tags.includes('lookups')) {
    if (!op.path.includes('/studies/:id/') || request.params.id !== String(t.studyId)) return refuse;
  }
  const stim = request.params.stim ?? request.params.stimId;
  if (stim !== undefined && t.stimIds && !t.stimIds.includes(Number(stim))) return refuse;
  return {
    ok: true,
    auth: { tokenId: 0, userId: t.createdBy, companyId: t.companyId, homeCompanyId: t.companyId, userTypeId: 1, superUser: false },
  };
}

export const revokePanelEmbeds = (db: Db, companyId: number, panelId: number) => repo.revokePanelTokens(db, companyId, panelId);

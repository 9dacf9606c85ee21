// Embed tokens: the one credential embedded report pages carry (issue 19 builds the minimal form,
// the embedding issue adds scopes, origins and a dialog to the same table and functions).
//
// A token is `gze_` + 32 random bytes (base64url), shown once (inside the report URL, or once in
// the Share / Embed dialog); only its SHA-256 is stored, so a database read does not hand out
// working tokens. It is read-only by construction: authenticateEmbed accepts it only for
// operations whose contract carries `embed` (reads, contract/common.ts EmbedUse), on its own study,
// for per-stim reads only on its stims and only for its report types, and scopeRows drops every
// other stim's rows from what it answers; from a browser page only on its
// origins (which must still be allowed origins of its company) or our own pages. Expired, revoked,
// altered or unknown tokens answer 401 like any other bad token; a live one out of scope 403.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import * as repo from '../repositories/my-reports.js';
import { originAllowedFor } from '../repositories/embed.js';

export const EMBED_TOKEN_PREFIX = 'gze_';
/** How long a My Reports URL opens its report (the page asks for a fresh one each time it shows it). */
export const EMBED_TTL_SECONDS = 3600;

export const isEmbedToken = (token: string): boolean => token.startsWith(EMBED_TOKEN_PREFIX);
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface EmbedScope {
  companyId: number;
  createdBy: number;
  studyId: number;
  reportPanelId?: number | null;
  reportKind?: string | null;
  stimIds?: number[] | null;
  /** Report types it opens; a My Reports URL is limited to its panel's (reportKind). */
  reportKinds?: string[] | null;
  /** Page origins that may carry it besides our own (each an allowed origin of the company). */
  origins?: string[] | null;
  name?: string | null;
}

export async function issueEmbedToken(db: Db, scope: EmbedScope, ttlSeconds = EMBED_TTL_SECONDS, now = new Date()): Promise<{ id: number; token: string; expiresAt: Date }> {
  const token = EMBED_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  const id = await repo.insertEmbedToken(db, {
    companyId: scope.companyId, createdBy: scope.createdBy, studyId: scope.studyId, reportPanelId: scope.reportPanelId ?? null,
    reportKind: scope.reportKind ?? null, stimIds: scope.stimIds?.length ? scope.stimIds : null, tokenHash: hash(token), expiresAt,
    reportKinds: scope.reportKinds?.length ? scope.reportKinds : scope.reportKind ? [scope.reportKind] : null,
    origins: scope.origins?.length ? scope.origins : null, name: scope.name ?? null,
  });
  return { id, token, expiresAt };
}

/** What the request asks for, as authenticateEmbed needs it (fastify-free). */
export interface EmbedRequest {
  /** The contract operation: its path and `embed` mark (contract/common.ts EmbedUse; none: refused). */
  operation?: { path: string; embed?: { reportTypes: readonly string[] | 'any' } };
  /** Path parameters that name a stim (contract/common.ts EMBED_STIM_PARAMS). */
  stimParams: readonly string[];
  params: Record<string, string | undefined>;
  /** The Origin header, when the browser sent one. */
  origin?: string;
  /** The host the request was addressed to: an Origin of this host is one of our own pages. */
  host?: string;
}

/** The auth an accepted embed token acts with: a plain study user of the token's company. */
export interface EmbedAuth {
  tokenId: number;
  userId: number;
  companyId: number;
  homeCompanyId: number;
  userTypeId: number;
  superUser: boolean;
  companyAdmin: boolean;
}

/** Why a token was refused: `token` 401 (not live), `scope` and `origin` 403 (contract/embed.ts EMBED_MESSAGES words them). */
export type EmbedRefusal = 'token' | 'scope' | 'origin';
export type EmbedOutcome = { ok: true; auth: EmbedAuth; stimIds: number[] | null } | { ok: false; status: 401 | 403; reason: EmbedRefusal };

/**
 * Resolves an embed token for one request: 401 when it is not live, 403 when the operation lies
 * outside its scope (a write, another area, another study, another stim).
 */
export async function authenticateEmbed(db: Db, token: string, request: EmbedRequest, now = new Date()): Promise<EmbedOutcome> {
  const t = await repo.liveEmbedToken(db, hash(token), now);
  if (!t) return { ok: false, status: 401, reason: 'token' };
  const op = request.operation;
  const refuse = { ok: false, status: 403, reason: 'scope' } as const;
  if (request.origin !== undefined && !isOwnOrigin(request.origin, request.host)) {
    // Another site's page: only the token's origins, and only while its company still allows them.
    const origin = normalizeOrigin(request.origin);
    if (!origin || !t.origins?.includes(origin) || !(await originAllowedFor(db, [t.companyId], origin))) {
      return { ok: false, status: 403, reason: 'origin' };
    }
  }
  // Only operations the contract opens to embed tokens, and only for the token's report types.
  const types = op?.embed?.reportTypes;
  if (!types || (types !== 'any' && t.reportKinds && !types.some((type) => t.reportKinds!.includes(type)))) return refuse;
  // Lookup lists ('any') are reference data of no study; every other one reads the token's study.
  if (types !== 'any' && (!op!.path.includes('/studies/:id/') || request.params.id !== String(t.studyId))) return refuse;
  for (const name of request.stimParams) {
    const stim = request.params[name];
    if (stim !== undefined && t.stimIds && !t.stimIds.includes(Number(stim))) return refuse;
  }
  return {
    ok: true,
    stimIds: t.stimIds,
    auth: { tokenId: 0, userId: t.createdBy, companyId: t.companyId, homeCompanyId: t.companyId, userTypeId: 1, superUser: false, companyAdmin: false },
  };
}

export const revokePanelEmbeds = (db: Db, companyId: number, panelId: number) => repo.revokePanelTokens(db, companyId, panelId);

/**
 * `scheme://host[:port]` of an origin as browsers send it (lower-case host, default port dropped);
 * null for anything else (`null`, paths, wildcards, other schemes).
 */
export function normalizeOrigin(value: string): string | null {
  if (value.includes('*')) return null;
  try {
    const url = new URL(value);
    if (!/^https?:$/.test(url.protocol) || url.origin === 'null' || url.username || url.password) return null;
    if (url.pathname !== '/' || url.search || url.hash) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** An Origin of the host the request was addressed to (scheme aside: a TLS proxy may sit in front). */
export function isOwnOrigin(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const o = new URL(origin);
    // Parsed with the origin's scheme, so a default port written out (localhost:80) compares equal.
    return o.host === new URL(`${o.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/** The stim ids an object names in its own fields (`fields`: contract/common.ts EMBED_STIM_ID_FIELDS). */
function ownStimIds(o: Record<string, unknown>, fields: readonly string[]): unknown[] {
  return fields.filter((f) => f in o).map((f) => o[f]);
}
/** A plain JSON object (a Date, a Buffer or a class instance is a value, passed through untouched). */
const isRecord = (v: unknown): v is Record<string, unknown> => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * Whether every stim a request body names (a `stim_id` or `stimulus_id` at any depth: the compare
 * reports' `data[]`) is one of the token's; the path's stims are checked before the body is read.
 */
export function bodyStimsInScope(stimIds: readonly number[] | null, body: unknown, fields: readonly string[]): boolean {
  if (!stimIds) return true;
  const ok = (v: unknown): boolean => {
    if (Array.isArray(v)) return v.every(ok);
    if (!isRecord(v)) return true;
    return ownStimIds(v, fields).every((id) => stimIds.includes(Number(id))) && Object.values(v).every(ok);
  };
  return ok(body);
}

/** A stim id outside any list of an answer named another stim: the answer is refused, not sent. */
export class StimOutOfScope extends Error {}

/**
 * An answer as a token limited to `stimIds` may see it: every list element that names another
 * stim (its `stim_id` or `stimulus_id`) is dropped, at any depth, and so is an element whose own
 * list lost every entry that way (a step of the stim tree without any of the token's stims, then
 * its cell), so no other stim's id, name or rows, participant references included, come back.
 * Throws StimOutOfScope when another stim is named outside a list (which the path check rules out
 * for every operation the contract opens: contract/common.ts embedProblems).
 */
export function scopeRows<T>(payload: T, stimIds: readonly number[], fields: readonly string[]): T {
  const inScope = (id: unknown) => stimIds.includes(Number(id));
  const DROP = Symbol('drop');
  const walk = (v: unknown, inList: boolean): unknown => {
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      for (const item of v) {
        if (isRecord(item) && !ownStimIds(item, fields).every(inScope)) continue;
        const kept = walk(item, true);
        if (kept !== DROP) out.push(kept);
      }
      return out;
    }
    if (!isRecord(v)) return v;
    if (!ownStimIds(v, fields).every(inScope)) throw new StimOutOfScope();
    const out: Record<string, unknown> = {};
    for (const [k, child] of Object.entries(v)) {
      const kept = walk(child, false);
      // A list element whose own list held only other stims' rows goes with them.
      if (inList && Array.isArray(child) && child.length && Array.isArray(kept) && !kept.length) return DROP;
      out[k] = kept;
    }
    return out;
  };
  return walk(payload, false) as T;
}

/**
 * The page origins that may FRAME an /embed/* page opened with this token (issue 20 item 6): its
 * own origins that its company still allows. Nothing for a token that is not live (the page then
 * keeps the install-wide frame-ancestors only).
 */
export async function embedFrameOrigins(db: Db, token: string, now = new Date()): Promise<string[]> {
  if (!isEmbedToken(token)) return [];
  const t = await repo.liveEmbedToken(db, hash(token), now);
  if (!t?.origins?.length) return [];
  const out: string[] = [];
  for (const o of t.origins) if (await originAllowedFor(db, [t.companyId], o)) out.push(o);
  return out;
}

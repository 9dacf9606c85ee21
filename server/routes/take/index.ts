// The respondent runner (contract/take.ts): the page a signed take-study link opens, its built
// script (dist/runner, from runner/), and the start and delivery calls. The rules are
// services/take*.ts; this file maps requests, answers and URLs. The page's security headers are
// the 'runner' row of plugins/security.ts (/take/ prefix).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/take.js';
import { SNAPSHOT_PREFIX } from '../../../contract/board.js';
import { verifyTakeLink } from '../../domain/take-link.js';
import { randomBytes } from 'node:crypto';
import { checkTakeQuality, deliverTake, recordTakeConsent, startTake, type TakeDeps } from '../../services/take.js';
import { existingTakeLinkSecret } from '../../services/study-links.js';
import { publicUrl } from '../../storage/urls.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../errors.js';
import { parseTakeLimits } from '../../config.js';
import { route, toId } from '../common.js';

export const mount = 'root';

/** Where `vite build --config vite.runner.config.ts` writes the runner (RUNNER_DIR overrides, for tests). */
const runnerDir = () => process.env.RUNNER_DIR ?? fileURLToPath(new URL('../../../dist/runner/', import.meta.url));

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string, script: boolean): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><meta name="robots" content="noindex">
<style>html,body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d2433;background:#f6f7f9}
.gb-message{max-width:36rem;margin:15vh auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}</style>
</head><body>${body}${script ? '<script type="module" src="/take/assets/runner.js"></script>' : ''}</body></html>`;
}

const REFUSED_PAGE = page('Study link not valid', `<main class="gb-message"><h1>${contract.TAKE_LINK_INVALID}</h1>
<p>Please open the link exactly as you received it. If it still does not work, contact whoever sent it to you.</p></main>`, false);

const RUNNER_PAGE = page('Study', `<main id="gb-runner" aria-live="polite"><div class="gb-message"><p>Loading the study…</p></div></main>
<noscript><div class="gb-message"><p>This study needs JavaScript.</p></div></noscript>`, true);

/** What the runner tells a respondent who cannot take (or finish) the study. */
const STATE_MESSAGES: Record<contract.StartState, string | null> = {
  run: null,
  quota_full: contract.TAKE_STUDY_FULL,
  closed: contract.TAKE_STUDY_CLOSED,
  paused: contract.TAKE_STUDY_PAUSED,
  duplicate: contract.TAKE_ALREADY_COMPLETED,
};

export function takeDeps(app: FastifyInstance): TakeDeps {
  const files = app.config.filesOrigin ?? '';
  const take = app.config.take ?? parseTakeLimits({});
  return {
    db: app.db,
    urlSecret: app.config.urlSecret,
    sessionTtlSeconds: contract.TAKE_SESSION_TTL_SECONDS,
    reservationTtlSeconds: take.reservationMinutes * 60,
    startLimit: { limit: take.startLimit, windowSeconds: take.startWindowMinutes * 60 },
    urls: {
      file: (key) => publicUrl(app, key, contract.TAKE_SESSION_TTL_SECONDS),
      preview: (id) => `${files}${app.signer.sign(`/preview/stims/${id}`, contract.TAKE_SESSION_TTL_SECONDS)}`,
      snapshot: (id) => `${files}${app.signer.sign(`${SNAPSHOT_PREFIX}/${id}`, contract.TAKE_SESSION_TTL_SECONDS)}`,
    },
  };
}

export default async function takePages(app: FastifyInstance) {
  route(app, contract.runnerPage, async (request, reply) => {
    const id = toId(request.params.id);
    const url = request.raw.url ?? '';
    const q = url.indexOf('?');
    const secret = await existingTakeLinkSecret(app.db, app.config.urlSecret);
    const link = secret === null ? null : verifyTakeLink(secret, `/take/${id}${q === -1 ? '' : url.slice(q)}`);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (!link) return reply.code(403).send(REFUSED_PAGE as never);
    return reply.send(RUNNER_PAGE);
  });

  route(app, contract.runnerScript, async (request, reply) => {
    const file = request.params.file;
    const body = await readFile(path.join(runnerDir(), file)).catch(() => null);
    if (!body) throw notFound('Not built: run `npm run build`');
    const type = file.endsWith('.css') ? 'text/css' : file.endsWith('.map') ? 'application/json' : 'text/javascript';
    return reply.header('cache-control', 'no-cache').type(`${type}; charset=utf-8`).send(body);
  });
}

export async function v1(app: FastifyInstance) {
  route(app, contract.startSession, async (request, reply) => {
    const outcome = await startTake(takeDeps(app), toId(request.params.id), request.body.query, { address: request.ip });
    if (outcome.kind === 'invalid') throw forbidden(contract.TAKE_LINK_INVALID);
    if (outcome.kind === 'simulated_live') throw forbidden(contract.TAKE_SIMULATED_LIVE);
    if (outcome.kind === 'rate_limited') {
      reply.header('retry-after', String(outcome.retryAfterSeconds));
      throw tooManyRequests(contract.TAKE_TOO_MANY_STARTS);
    }
    if (outcome.kind === 'no_cells') throw conflict(contract.TAKE_NO_CELLS);
    return { ...outcome.answer, message: STATE_MESSAGES[outcome.answer.state] };
  });

  route(app, contract.recordConsent, async (request) => {
    const outcome = await recordTakeConsent(takeDeps(app), toId(request.params.id), request.body);
    if (outcome.kind === 'invalid') throw forbidden(contract.TAKE_SESSION_INVALID);
    if (outcome.kind === 'unknown_version') throw badRequest('Validation failed', { version: contract.TAKE_CONSENT_VERSION });
    if (outcome.kind === 'declined') {
      return { success: true as const, agreed: false, token: null, consent_version: null, consented_at: null, redirect_url: outcome.redirect };
    }
    return { success: true as const, agreed: true, token: outcome.token, consent_version: outcome.version, consented_at: outcome.at.toISOString(), redirect_url: null };
  });

  route(app, contract.deliverSession, async (request) => {
    const outcome = await deliverTake(takeDeps(app), toId(request.params.id), request.body);
    if (outcome.kind === 'invalid') throw forbidden(contract.TAKE_SESSION_INVALID);
    if (outcome.kind === 'no_consent') throw forbidden(contract.TAKE_CONSENT_REQUIRED);
    if (outcome.kind === 'refused') {
      return {
        success: true as const, duplicate: false, participant_id: null, redirect_url: outcome.redirect, status: outcome.state,
        message: STATE_MESSAGES[outcome.state], failures: [],
      };
    }
    return {
      success: true as const, duplicate: outcome.result.duplicate, participant_id: outcome.result.participant_id, redirect_url: outcome.redirect,
      status: outcome.status, message: outcome.status === 'duplicate' ? STATE_MESSAGES.duplicate : null, failures: outcome.failures,
    };
  });

  route(app, contract.checkQuality, async (request) => {
    const outcome = await checkTakeQuality(takeDeps(app), toId(request.params.id), request.body);
    if (outcome.kind === 'invalid') throw forbidden(contract.TAKE_SESSION_INVALID);
    if (outcome.kind === 'no_consent') throw forbidden(contract.TAKE_CONSENT_REQUIRED);
    if (outcome.kind === 'refused') {
      return {
        success: true as const, pass: false, refused: outcome.state, message: STATE_MESSAGES[outcome.state], failures: [],
        participant_id: null, redirect_url: outcome.redirect,
      };
    }
    return {
      success: true as const, pass: outcome.pass, refused: null, message: null, failures: outcome.failures,
      participant_id: outcome.participantId, redirect_url: outcome.redirect,
    };
  });

  // Random bytes (incompressible: no proxy or compression shortens the download being timed).
  // Never through @fastify/compress (it counts octet-stream as compressible): the probe went out
  // as content-encoding br, which Chromium failed to decode, and every speed was unmeasured.
  // no-transform asks proxies not to encode it either.
  const probe = randomBytes(contract.PROBE_BYTES);
  route(app, contract.speedProbe, async (_request, reply) =>
    reply.header('cache-control', 'no-store, no-transform').type('application/octet-stream').send(probe), { compress: false });
}

// Security headers and CORS for every response, as ONE table of policies per kind of route.
// Later issues add rows (or tighten them); a route never sets its own security headers, so what a
// response carries can be read here and is proven by tests/security/headers.
//
// How it works: @fastify/helmet is registered non-global and an onRequest hook classifies the
// URL into a kind and applies that kind's helmet options (reply.helmet). An onSend hook then
// enforces what must hold whatever a route set (files: attachment unless media, sandbox CSP).
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { corsOriginAllowed } from '../services/allowed-origins.js';
import { embedFrameOrigins } from '../services/embed-tokens.js';
import { DEFAULT_CORS_MAX_AGE } from '../config.js';

/** The kinds of route, by URL prefix (see KIND_PREFIXES). */
export type RouteKind = 'dashboard' | 'api' | 'sdk' | 'files' | 'visuals' | 'snapshot' | 'embed' | 'runner' | 'preview' | 'editor';

export interface SecurityOptions {
  /** Origins (besides our own) whose pages may call the API and frame embeddable pages. */
  allowedOrigins?: string[];
  /** PUBLIC_URL: HSTS is sent only when it is https (a plain-http install must stay reachable). */
  publicUrl?: string;
  /**
   * Every response of this instance is this kind (or the kind this function picks), whatever its
   * URL: the files origin (server/files-origin.ts) serves only 'preview' and 'snapshot' and must
   * never fall back to the dashboard's row.
   */
  kind?: RouteKind | ((url: string) => RouteKind);
  /** 'preview' and 'snapshot' on the files origin: the origins that may frame them (the dashboard's own, plus allowedOrigins). */
  frameAncestors?: string[];
  /** Access-Control-Max-Age of preflights in seconds (default config.corsMaxAge, else DEFAULT_CORS_MAX_AGE). */
  corsMaxAge?: number;
  /** Origins our pages may frame besides their own: the files origin (default config.filesOrigin). */
  frameSources?: string[];
}

/** First match wins; anything else is the dashboard (its pages, assets and client routes). */
const KIND_PREFIXES: [RegExp, RouteKind][] = [
  // /dashboard-feedback: the legacy client posts feedback outside /v1.0 (routes/feedback).
  [/^\/v1\.0(\/|$)|^\/meta\.json$|^\/dashboard-feedback\/?$/, 'api'],
  [/^\/sdk\//, 'sdk'],
  [/^\/files\//, 'files'],
  [/^\/visuals\//, 'visuals'],
  [/^\/snapshots\//, 'snapshot'],
  // Placeholders until the embedding and respondent issues add these pages; they must take the
  // prefix named here (or change it here), never set headers themselves.
  [/^\/embed\//, 'embed'],
  // The legacy front end's AOI editor addresses (issue 39; dashboard/pages/aoi-frame): the
  // dashboard page, framed from ALLOWED_ORIGINS.
  [/^\/stimuli\/(stimulus\/feature-editor|tpstimulus\/tpstimuli-feature-editor)\/?$/, 'editor'],
  [/^\/run\//, 'runner'],
  // The respondent runner (routes/take): the take-study page, its script and nothing else there.
  [/^\/take\//, 'runner'],
];

export function routeKind(url: string): RouteKind {
  const path = url.split('?')[0].replace(/\/{2,}/g, '/');
  for (const [re, kind] of KIND_PREFIXES) if (re.test(path)) return kind;
  return 'dashboard';
}

type Directives = Record<string, string[]>;

interface Policy {
  /** Content-Security-Policy directives; null sends none (a script file: CSP would mean nothing). */
  csp: ((allowed: string[], frameSources?: string[]) => Directives) | null;
  /** X-Frame-Options for browsers without frame-ancestors; false when a list of origins may frame. */
  frameOptions: 'deny' | 'sameorigin' | false;
  referrer: 'no-referrer' | 'same-origin' | 'strict-origin-when-cross-origin';
  /** Who may load it as a no-cors subresource (<img>, <script>) from another origin. */
  resourcePolicy: 'same-origin' | 'cross-origin';
  permissions: string;
}

/** Powerful features: off everywhere; the respondent runner alone may use the camera. */
const NO_FEATURES = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), display-capture=()';
const RUNNER_FEATURES = NO_FEATURES.replace('camera=()', 'camera=(self)');

/**
 * The dashboard's page policy: no inline or foreign script. Styles may be inline (styled-components
 * and Highcharts inject <style> and style attributes), never scripts. Stim images and videos may
 * come from any https URL (a stim's source can be absolute); nothing else leaves our origin.
 */
const pageDirectives = (frameAncestors: string[], frameSources: string[] = []): Directives => ({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'media-src': ["'self'", 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  // The files origin's sandboxed previews of script and VAST stims (FILES_ORIGIN).
  'frame-src': ["'self'", ...frameSources],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': frameAncestors,
});

/** Nothing loads, nothing runs, no framing: JSON and stored bytes. */
const inertDirectives = (): Directives => ({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });

/**
 * Previews of third-party markup (script and VAST stims; cached pages may follow), served only by
 * the files origin (FILES_ORIGIN, server/files-origin.ts): ad scripts may load and run anything,
 * but always sandboxed (the CSP sandbox directive gives the page a unique origin even when opened
 * directly; no allow-same-origin, no popups, no top navigation, no forms), framed only by the
 * dashboard (and the allowed origins), never on the dashboard's origin.
 */
const previewDirectives = (frameAncestors: string[]): Directives => ({
  sandbox: ['allow-scripts'],
  'default-src': ['*', 'data:', 'blob:'],
  'script-src': ['*', 'data:', 'blob:', "'unsafe-inline'", "'unsafe-eval'"],
  'style-src': ['*', "'unsafe-inline'"],
  'img-src': ['*', 'data:', 'blob:'],
  'media-src': ['*', 'data:', 'blob:'],
  'font-src': ['*', 'data:'],
  'connect-src': ['*'],
  'frame-src': ['*'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': frameAncestors.length ? frameAncestors : ["'none'"],
});

/**
 * THE TABLE. docs/operations.md ("Security headers") mirrors it; tests/security/headers proves it.
 */
export const POLICIES: Record<RouteKind, Policy> = {
  dashboard: { csp: (_allowed, frames) => pageDirectives(["'none'"], frames), frameOptions: 'deny', referrer: 'same-origin', resourcePolicy: 'same-origin', permissions: NO_FEATURES },
  api: { csp: inertDirectives, frameOptions: 'deny', referrer: 'no-referrer', resourcePolicy: 'same-origin', permissions: NO_FEATURES },
  // Embedders load gazeboard.js from their own pages (CORS: Access-Control-Allow-Origin *, set by static.ts).
  sdk: { csp: null, frameOptions: 'deny', referrer: 'no-referrer', resourcePolicy: 'cross-origin', permissions: NO_FEATURES },
  // Signed URLs loaded by <img>/<video> in embedded elements on other origins: cross-origin
  // resource policy; the sandbox CSP and attachment rule are enforced in onSend below.
  files: { csp: () => ({ 'default-src': ["'none'"], sandbox: [], 'frame-ancestors': ["'none'"] }), frameOptions: 'deny', referrer: 'no-referrer', resourcePolicy: 'cross-origin', permissions: NO_FEATURES },
  visuals: { csp: () => ({ 'default-src': ["'none'"], sandbox: [], 'frame-ancestors': ["'none'"] }), frameOptions: 'deny', referrer: 'no-referrer', resourcePolicy: 'cross-origin', permissions: NO_FEATURES },
  // Cache-page snapshots (copies of third-party pages, routes/board): shown only in a sandboxed
  // iframe of our own pages — the sandbox directive makes them script-less with an opaque origin
  // even if opened directly; their images, styles and fonts load from the web.
  snapshot: {
    csp: (allowed) => ({
      'default-src': ["'none'"], 'img-src': ['http:', 'https:', 'data:'], 'style-src': ['http:', 'https:', "'unsafe-inline'"],
      'font-src': ['http:', 'https:', 'data:'], 'media-src': ['http:', 'https:'], sandbox: [], 'base-uri': ['http:', 'https:'],
      'form-action': ["'none'"], 'frame-ancestors': ["'self'", ...allowed],
    }),
    frameOptions: false, referrer: 'no-referrer', resourcePolicy: 'cross-origin', permissions: NO_FEATURES,
  },
  embed: { csp: (allowed, frames) => pageDirectives(["'self'", ...allowed], frames), frameOptions: false, referrer: 'same-origin', resourcePolicy: 'same-origin', permissions: NO_FEATURES },
  // The framed AOI editor: the dashboard's page policy, framed by our own pages and the install's
  // ALLOWED_ORIGINS only (not by embed tokens' origins: it writes, with a user's token).
  editor: { csp: (allowed, frames) => pageDirectives(["'self'", ...allowed], frames), frameOptions: false, referrer: 'same-origin', resourcePolicy: 'same-origin', permissions: NO_FEATURES },
  // The runner frames script / VAST stims and cache-page snapshots from the files origin, and an
  // Embedded step's third-party page (any http(s) page the study names; always sandboxed without
  // allow-same-origin, runner/src/main.ts embeddedView; http frames stay blocked on an https runner).
  runner: { csp: (_allowed, frames) => pageDirectives(["'none'"], [...(frames ?? []), 'https:', 'http:']), frameOptions: 'deny', referrer: 'same-origin', resourcePolicy: 'same-origin', permissions: RUNNER_FEATURES },
  // `allowed` here is the frame-ancestors list the files origin was given (SecurityOptions.frameAncestors).
  preview: { csp: (ancestors) => previewDirectives(ancestors), frameOptions: false, referrer: 'no-referrer', resourcePolicy: 'cross-origin', permissions: NO_FEATURES },
};

/** The CSP every stored file is served with (no script, no plugins, a unique origin if opened). */
export const FILE_CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";

/** Stored types a browser may show inline: raster images, video, audio. Everything else downloads. */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp|avif)|video\/[\w.+-]+|audio\/[\w.+-]+)(;|$)/i;

type HelmetOptions = Parameters<FastifyReply['helmet']>[0];

function helmetOptions(policy: Policy, allowed: string[], https: boolean, frameSources: string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: policy.csp ? { useDefaults: false, directives: policy.csp(allowed, frameSources) } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: policy.resourcePolicy },
    referrerPolicy: { policy: policy.referrer },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    xFrameOptions: policy.frameOptions ? { action: policy.frameOptions } : false,
  };
}

export default fp(async function security(app: FastifyInstance, opts: SecurityOptions = {}) {
  const allowed = opts.allowedOrigins ?? app.config?.allowedOrigins ?? [];
  const publicUrl = opts.publicUrl ?? app.config?.publicUrl ?? process.env.PUBLIC_URL ?? '';
  const https = /^https:\/\//i.test(publicUrl);
  const filesOrigin = app.config?.filesOrigin;
  const frameSources = opts.frameSources ?? (filesOrigin ? [filesOrigin] : []);
  const prepared = Object.fromEntries(
    Object.entries(POLICIES).map(([kind, p]) => [kind, {
      helmet: helmetOptions(p, kind === 'preview' ? opts.frameAncestors ?? [] : kind === 'snapshot' ? opts.frameAncestors ?? allowed : allowed, https, kind === 'preview' ? [] : frameSources), permissions: p.permissions,
    }]),
  ) as Record<RouteKind, { helmet: HelmetOptions; permissions: string }>;
  const kindOf = (url: string): RouteKind => (typeof opts.kind === 'function' ? opts.kind(url) : opts.kind ?? routeKind(url));

  // Same origin needs no CORS; other origins only when listed: the install's ALLOWED_ORIGINS or an
  // allowed origin of some company (issue 20, managed through /v1.0/company/allowed-origins; a
  // preflight carries no token, so the request itself is checked against its token's company).
  // Never `*`, never a reflected Origin, never `null` (sandboxed frames and file:// pages send
  // it), never credentials: the API reads its token from Authorization only, no cookie.
  const allowedSet = new Set(allowed);
  const companyOrigins = opts.kind === undefined && app.hasDecorator('db');
  await app.register(cors, {
    origin: (origin, cb) => {
      if (origin === undefined || origin === 'null') return cb(null, false);
      if (allowedSet.has(origin)) return cb(null, true);
      if (!companyOrigins) return cb(null, false);
      // An unreadable database answers "not allowed" rather than a 500 to a preflight.
      corsOriginAllowed(app.db, origin).then((ok) => cb(null, ok), () => cb(null, false));
    },
    credentials: false,
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Company-Id', 'X-Collection-Key'],
    // A front end on another origin sends a token header, so each call needs a preflight: let the
    // browser keep the answer (sent only on allowed preflights; 0 asks it not to).
    maxAge: opts.corsMaxAge ?? app.config?.corsMaxAge ?? DEFAULT_CORS_MAX_AGE,
  });

  await app.register(helmet, { global: false });
  app.addHook('onRequest', async (request, reply) => {
    const kind = kindOf(request.url);
    const policy = prepared[kind];
    const framers = kind === 'embed' && companyOrigins ? await tokenFramers(request.url) : [];
    // An /embed/* page opened with an embed token may also be framed by that token's origins
    // (those its company still allows), not only by the install's ALLOWED_ORIGINS.
    reply.helmet(framers.length ? helmetOptions(POLICIES.embed, [...new Set([...allowed, ...framers])], https, frameSources) : policy.helmet);
    reply.header('permissions-policy', policy.permissions);
  });

  /** The `token` query parameter's frame origins; none when absent, not an embed token, or unreadable. */
  async function tokenFramers(url: string): Promise<string[]> {
    const q = url.indexOf('?');
    if (q < 0) return [];
    const token = new URLSearchParams(url.slice(q + 1)).get('token');
    if (!token) return [];
    return embedFrameOrigins(app.db, token).catch(() => []);
  }

  app.addHook('onSend', async (request, reply, payload) => {
    const kind = kindOf(request.url);
    if (kind !== 'files') return payload;
    // Whatever the stored type claims: no script, and anything not plainly media is a download,
    // so uploaded HTML can never become a page of our origin.
    reply.header('content-security-policy', FILE_CSP);
    reply.header('x-content-type-options', 'nosniff');
    const type = String(reply.getHeader('content-type') ?? '');
    if ((reply.statusCode === 200 || reply.statusCode === 206) && !INLINE_TYPES.test(type)) {
      reply.header('content-disposition', 'attachment');
    }
    return payload;
  });
}, { name: 'security' });

// Builds the fastify app: external plugins → app services → routes. main.ts listens; tests
// call buildApp with their own database and use app.inject.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Database, Db } from './db/client.js';
import { listenerOptions, trustProxyOption, type Config } from './config.js';
import errors from './plugins/errors.js';
import { contractValidatorCompiler } from './plugins/validation.js';
import security from './plugins/security.js';
import auth from './plugins/auth.js';
import embedUrls from './plugins/embed-urls.js';
import routes, { loadAreas } from './routes/index.js';
import openapi from './plugins/openapi.js';
import staticFiles, { type StaticOptions } from './plugins/static.js';
import compression from './plugins/compress.js';
import requestLog from './plugins/request-log.js';
import { loadUrlSigner, type UrlSigner } from './storage/sign.js';
import { createStorage, type Storage } from './storage/index.js';
import { JobQueue, jobKinds } from './jobs/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    /** Signs media URLs (files, visuals) that browsers load without a token. */
    signer: UrlSigner;
    /** Where uploaded and generated files live (see server/storage). */
    storage: Storage;
    /** The background job queue (server/jobs). */
    jobs: JobQueue;
  }
}

export interface BuildOptions {
  database: Database;
  config: Config;
  /** fastify's logger option; main.ts passes logger.ts's fastifyLogger(). Tests: none. */
  logger?: boolean | { level: string; stream?: { write(s: string): void }; base?: undefined };
  /** Defaults to DATA_DIR/storage (memory when the config has no data dir). */
  storage?: Storage;
  /** A started job queue (main.ts); without one the app starts its own and stops it on close. */
  jobs?: JobQueue;
  /** Where the built dashboard and SDK are (default dist/app, dist/sdk); tests pass their own. */
  static?: StaticOptions;
}

/** The largest JSON body a route without its own contract limit reads (bulk writes, sessions). */
export const DEFAULT_BODY_LIMIT = 32 * 1024 * 1024;

/** The legacy client sends paths with a stray trailing space ("…/edit-toggle/ "); drop it. */
export function tolerantUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const rest = q === -1 ? '' : url.slice(q);
  const trimmed = path.replace(/(%20|\s|\+)+$/i, '');
  return (trimmed || '/') + rest;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  // Imported before any plugin starts, so the routes plugin's own start does no slow work.
  const areas = await loadAreas();
  const app = Fastify({
    // Each plugin's start is bounded (PLUGIN_TIMEOUT_MS; fastify's default 10 s failed on loaded hosts).
    pluginTimeout: opts.config.pluginTimeoutMs,
    logger: opts.logger ?? false,
    // fastify's two JSON lines per request would bury the start-up steps: one compact line at
    // debug instead (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    rewriteUrl: (req) => tolerantUrl(req.url ?? '/'),
    // The client address behind proxies: a hop count or the proxies' addresses, never the
    // left-most X-Forwarded-For entry (config.ts parseTrustProxy).
    trustProxy: trustProxyOption(opts.config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Signed-in routes check the token before reading a body (onRequest); public routes declare
    // their own, smaller limit in the contract (OperationSpec.bodyLimit).
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Header and request timeouts (REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS): a slow client is
    // answered 408 and disconnected instead of holding its connection forever.
    ...listenerOptions(opts.config.timeouts),
  });
  // Requests are checked by TypeBox against the contract's schemas (contract/), never coerced:
  // path and query ids are decimal strings by pattern (see plugins/validation.ts).
  app.setValidatorCompiler(contractValidatorCompiler);
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.decorate('config', opts.config);
  app.decorate('signer', await loadUrlSigner(opts.database.db, opts.config.urlSecret));
  app.decorate('storage', opts.storage ?? createStorage(opts.config));
  const jobs = opts.jobs ?? (await JobQueue.start(opts.database, { kinds: jobKinds, log: (m) => app.log.warn(m), storage: app.storage, urlSecret: opts.config.urlSecret }));
  app.decorate('jobs', jobs);
  if (!opts.jobs) app.addHook('onClose', async () => { await jobs.stop({ timeoutMs: 1000 }); });

  // external
  // security headers and CORS (server/plugins/security.ts: one policy per kind of route)
  await app.register(security);
  await app.register(requestLog);
  // brotli/gzip for every compressible answer; before routes and static files (plugins/compress.ts)
  await app.register(compression);
  // app services
  await app.register(errors);
  await app.register(auth);
  // absolute /files and /visuals URLs in answers to embed tokens (plugins/embed-urls.ts)
  await app.register(embedUrls);
  // routes (openapi first so it sees them; static files last, below every API path)
  await app.register(openapi);
  await app.register(routes, { areas });
  await app.register(staticFiles, opts.static ?? {});
  return app;
}

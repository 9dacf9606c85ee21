// The files origin (FILES_ORIGIN, a second port by default; issue 9 item 3): a second, minimal
// fastify instance that serves ONLY third-party markup: previews of script and VAST stims (the
// 'preview' row of the header policy table: sandboxed, scripts allowed) and cache-page snapshots
// (the 'snapshot' row: sandboxed, no script at all). The dashboard frames these pages in sandboxed
// iframes; because they come from another origin, an ad script never runs with the dashboard's
// origin, cookies, storage or CSP, and the dashboard's CSP never has to allow inline script.
import Fastify, { type FastifyInstance } from 'fastify';
import { listenerOptions, type Config } from './config.js';
import errors from './plugins/errors.js';
import security from './plugins/security.js';
import { contractValidatorCompiler } from './plugins/validation.js';
import { previewRoutes } from './routes/stims/preview.js';
import { SNAPSHOT_PREFIX, snapshotRoutes } from './routes/board/index.js';
import type { UrlSigner } from './storage/sign.js';

/** The origin(s) that may frame previews: the dashboard's own (PUBLIC_URL or host:port) and ALLOWED_ORIGINS. */
export function dashboardOrigins(config: Config): string[] {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const own = config.publicUrl ? new URL(config.publicUrl).origin : `http://${host}:${config.port}`;
  const local = own.replace('//127.0.0.1:', '//localhost:');
  return [...new Set([own, local, ...(config.allowedOrigins ?? [])])];
}

export async function buildFilesOriginApp(main: FastifyInstance, opts: { logger?: boolean | object } = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: opts.logger ?? false, routerOptions: { ignoreTrailingSlash: true }, ...listenerOptions(main.config.timeouts) });
  app.setValidatorCompiler(contractValidatorCompiler);
  app.decorate('db', main.db);
  app.decorate('config', main.config);
  app.decorate('signer', main.signer as UrlSigner);
  const kind = (url: string) => (url.startsWith(`${SNAPSHOT_PREFIX}/`) ? 'snapshot' as const : 'preview' as const);
  await app.register(security, { kind, frameAncestors: dashboardOrigins(main.config), allowedOrigins: [] });
  await app.register(errors);
  app.decorate('storage', main.storage);
  await app.register(previewRoutes);
  await app.register(snapshotRoutes);
  return app;
}

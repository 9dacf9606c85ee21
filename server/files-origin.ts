// The files origin (FILES_ORIGIN, a second port by default; issue 9 item 3): a second, minimal
// fastify instance that serves ONLY previews of third-party markup (script and VAST stims), with
// the 'preview' row of the header policy table. The dashboard frames these pages in sandboxed
// iframes; because they come from another origin, an ad script never runs with the dashboard's
// origin, cookies, storage or CSP, and the dashboard's CSP never has to allow inline script.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import errors from './plugins/errors.js';
import security from './plugins/security.js';
import { contractValidatorCompiler } from './plugins/validation.js';
import { previewRoutes } from './routes/stims/preview.js';
import type { UrlSigner } from './storage/sign.js';

/** The origin(s) that may frame previews: the dashboard's own (PUBLIC_URL or host:port) and ALLOWED_ORIGINS. */
export function dashboardOrigins(config: Config): string[] {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const own = config.publicUrl ? new URL(config.publicUrl).origin : `http://${host}:${config.port}`;
  const local = own.replace('//127.0.0.1:', '//localhost:');
  return [...new Set([own, local, ...(config.allowedOrigins ?? [])])];
}

export async function buildFilesOriginApp(main: FastifyInstance, opts: { logger?: boolean | object } = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: opts.logger ?? false, routerOptions: { ignoreTrailingSlash: true } });
  app.setValidatorCompiler(contractValidatorCompiler);
  app.decorate('db', main.db);
  app.decorate('config', main.config);
  app.decorate('signer', main.signer as UrlSigner);
  await app.register(security, { kind: 'preview', frameAncestors: dashboardOrigins(main.config), allowedOrigins: [] });
  await app.register(errors);
  await app.register(previewRoutes);
  return app;
}

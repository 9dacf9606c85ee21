// GET /meta.json: the running version, read by the dashboard's version check (outside /v1.0, public).
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import * as contract from '../../../contract/meta.js';
import { route } from '../common.js';
import { corsOriginAllowed } from '../../services/allowed-origins.js';
import { EMBED_MESSAGES } from '../../../contract/embed.js';

const pkg = createRequire(import.meta.url)('../../../package.json') as { version: string };

/** Served outside /v1.0 (server/routes/index.ts discovers areas). */
export const mount = 'root';

export default async function meta(app: FastifyInstance) {
  // Readable from any page (the point is to answer the pages CORS refuses); it says only what a
  // preflight from that origin already says.
  route(app, contract.originCheck, async (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('cache-control', 'no-store');
    reply.header('vary', 'Origin');
    const origin = typeof request.headers.origin === 'string' && request.headers.origin !== 'null' ? request.headers.origin : null;
    const listed = origin === null || (app.config?.allowedOrigins ?? []).includes(origin)
      || (app.hasDecorator('db') && await corsOriginAllowed(app.db, origin).catch(() => false));
    const allowed = Boolean(listed);
    return { success: true as const, origin, allowed, message: allowed ? null : EMBED_MESSAGES.wrongOrigin };
  });

  route(app, contract.meta, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const { productSite, products } = app.config;
    return {
      version: pkg.version,
      environment: 'prod',
      product_site: (productSite ?? contract.DEFAULT_PRODUCT_SITE).replace(/\/+$/, ''),
      products: products ?? [...contract.DEFAULT_PRODUCTS],
    };
  });
}

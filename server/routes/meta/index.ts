// GET /meta.json: the running version, read by the dashboard's version check (outside /v1.0, public).
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import * as contract from '../../../contract/meta.js';
import { route } from '../common.js';

const pkg = createRequire(import.meta.url)('../../../package.json') as { version: string };

/** Served outside /v1.0 (server/routes/index.ts discovers areas). */
export const mount = 'root';

export default async function meta(app: FastifyInstance) {
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

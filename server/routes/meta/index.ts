// GET /meta.json: the running version, read by the dashboard's version check (outside /v1.0, public).
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';

const pkg = createRequire(import.meta.url)('../../../package.json') as { version: string };

export default async function meta(app: FastifyInstance) {
  app.get('/meta.json', {
    config: { public: true },
    schema: {
      response: { 200: { type: 'object', properties: { version: { type: 'string' }, environment: { type: 'string' } } } },
    },
  }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { version: pkg.version, environment: 'prod' };
  });
}

// Every route area, registered under /v1.0 (plus the few public paths outside it).
// Each area is one folder with an index.ts exporting a fastify plugin; add one line per area.
import type { FastifyInstance } from 'fastify';
import meta from './meta/index.js';

export default async function routes(app: FastifyInstance) {
  await app.register(meta);
  await app.register(async (v1) => {
    // areas under /v1.0 go here
    v1.all('/*', { config: { public: true } }, async (request, reply) => {
      reply.status(404).send({ success: false, message: `No route ${request.method} ${request.url.split('?')[0]}` });
    });
  }, { prefix: '/v1.0' });
}

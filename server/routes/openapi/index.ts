// GET /v1.0/openapi.json: the API description generated from every route's schema.
import type { FastifyInstance } from 'fastify';

export default async function openapiRoutes(app: FastifyInstance) {
  app.get('/openapi.json', {
    config: { public: true },
    schema: { hide: true },
  }, async () => {
    // Present only when server/plugins/openapi.ts was registered before the routes.
    if (typeof app.swagger !== 'function') return { openapi: '3.0.3', info: { title: 'Gazeboard API', version: '0' }, paths: {} };
    return app.swagger();
  });
}

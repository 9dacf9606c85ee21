// GET /v1.0/openapi.json: the API description generated from every contract operation.
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/meta.js';
import { route } from '../common.js';

export default async function openapiRoutes(app: FastifyInstance) {
  route(app, contract.openapi, async () => {
    // Present only when server/plugins/openapi.ts was registered before the routes.
    if (typeof app.swagger !== 'function') return { openapi: '3.1.0', info: { title: 'Gazeboard API', version: '0' }, paths: {} };
    return app.swagger() as unknown as { openapi: string; info: Record<string, unknown>; paths: Record<string, unknown> };
  });
}

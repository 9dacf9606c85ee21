// One compact line per request at debug level ("GET /v1.0/studies 200 3.1 ms"), instead of
// fastify's two JSON lines at info. At the default level (info) nothing is added to a request's
// path: the hook is only registered when debug is on.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

const DEBUG_OR_LOWER = new Set(['trace', 'debug']);

export default fp(async function requestLog(app: FastifyInstance) {
  if (!DEBUG_OR_LOWER.has(String((app.log as { level?: string }).level))) return;
  app.addHook('onResponse', async (request, reply) => {
    const url = request.url.split('?')[0];
    request.log.debug(`${request.method} ${url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`);
  });
}, { name: 'request-log' });

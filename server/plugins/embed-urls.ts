// Absolute file and visual URLs for embedded reports. A widget pasted on an intranet page reads
// with an embed token, and the page's origin is not ours: a root-relative /files/… or /visuals/…
// URL in the answer would load from the intranet and 404. With PUBLIC_URL set every URL is
// absolute already; without it, an embed token's answer is built against the origin its request
// was addressed to (storage/urls.ts withUrlBase). Signed-in dashboard answers keep root-relative
// URLs (same origin, and they stay valid behind any proxy path).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { requestOrigin, withUrlBase } from '../storage/index.js';

export default fp(async function embedUrls(app: FastifyInstance) {
  // preHandler: after the auth plugin's onRequest has recognised the embed token. Callback style,
  // so the handler and everything it awaits run inside the context.
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.embedStims === undefined) return done();
    withUrlBase(requestOrigin(request), () => done());
  });
});

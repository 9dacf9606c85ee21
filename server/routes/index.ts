// Every route area, registered under /v1.0 (plus the few public paths outside it).
// Each area is one folder with an index.ts exporting a fastify plugin; add one line per area.
// Every route registers from a contract operation (contract/<area>.ts), or the server refuses to start.
import type { FastifyInstance } from 'fastify';
import meta from './meta/index.js';
import authRoutes from './auth/index.js';
import userRoutes from './user/index.js';
import studyRoutes from './studies/index.js';
import lookupRoutes from './lookups/index.js';
import demographicRoutes from './demographics/index.js';
import feedbackRoutes from './feedback/index.js';
import openapiRoutes from './openapi/index.js';
import files, { filesV1 } from './files/index.js';
import ingestRoutes from './ingest/index.js';
import reportRoutes from './reports/index.js';
import visualRoutes from './visuals/index.js';
import surveyRoutes from './survey/index.js';
import jobRoutes from './jobs/index.js';
import { requireOperation } from './common.js';

export default async function routes(app: FastifyInstance) {
  app.addHook('onRoute', requireOperation);
  await app.register(meta);
  await app.register(files);
  await app.register(visualRoutes);
  await app.register(async (v1) => {
    // areas under /v1.0 go here
    await v1.register(authRoutes);
    await v1.register(userRoutes);
    await v1.register(studyRoutes);
    await v1.register(demographicRoutes);
    await v1.register(lookupRoutes);
    await v1.register(feedbackRoutes);
    await v1.register(openapiRoutes);
    await v1.register(filesV1);
    await v1.register(ingestRoutes);
    await v1.register(reportRoutes);
    await v1.register(surveyRoutes);
    await v1.register(jobRoutes);
    // Unknown /v1.0 paths answer the JSON 404 (plugins/errors.ts), never the dashboard's fallback page.
    v1.all('/*', { config: { public: true, notAnOperation: true } }, (_request, reply) => reply.callNotFound());
  }, { prefix: '/v1.0' });
}

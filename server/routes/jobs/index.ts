// GET /v1.0/jobs/{id}: state and progress of a background job of the acting company.
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/jobs.js';
import { notFound } from '../../errors.js';
import { route, toId } from '../common.js';

export default async function jobRoutes(app: FastifyInstance) {
  route(app, contract.getJob, async (request, reply) => {
    const job = await app.jobs.getJob(toId(request.params.id), request.auth.companyId);
    if (!job) throw notFound('Job not found');
    // Progress changes while the job runs: never serve it from a cache.
    reply.header('cache-control', 'no-store');
    return { success: true as const, data: job };
  });
}

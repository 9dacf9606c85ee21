// GET /v1.0/jobs/{id}: state and progress of a background job of the acting company.
import type { FastifyInstance, FastifySchema } from 'fastify';
import { getJob } from '../../../contract/jobs.js';
import { notFound } from '../../errors.js';

export default async function jobRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>('/jobs/:id', {
    schema: {
      summary: getJob.summary,
      description: getJob.description,
      tags: [...getJob.tags],
      operationId: getJob.operationId,
      params: getJob.params,
      response: getJob.response,
      // Operation metadata (read/write, roles) until contract/common.ts's defineOperation carries it.
      'x-access': getJob.access,
      'x-roles': [...getJob.roles],
    } as FastifySchema,
  }, async (request, reply) => {
    const job = await app.jobs.getJob(Number(request.params.id), request.auth.companyId);
    if (!job) throw notFound('Job not found');
    // Progress changes while the job runs: never serve it from a cache.
    reply.header('cache-control', 'no-store');
    return { success: true as const, data: job };
  });
}

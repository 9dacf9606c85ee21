// GET /healthz and /readyz: probes outside /v1.0, public, never cached (contract/health.ts).
// Sign-in limits do not apply (they count only sign-in attempts); a probe costs one shared check.
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/health.js';
import { READY_CHECKS, ReadinessProbe } from '../../services/health.js';
import { route } from '../common.js';

/** Served outside /v1.0 (server/routes/index.ts discovers areas). */
export const mount = 'root';

export default async function health(app: FastifyInstance) {
  const probe = new ReadinessProbe({ db: app.db, storage: app.storage, jobsRunning: () => app.jobs.running });

  route(app, contract.healthz, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const };
  });

  route(app, contract.readyz, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const { ready, checks } = await probe.check();
    if (ready) return { success: true as const, checks };
    const failing = READY_CHECKS.filter((c) => checks[c] !== 'ok');
    const errors = Object.fromEntries(failing.map((c) => [c, contract.READY_FAILURES[c]]));
    return reply.code(503).send({ success: false as const, message: `Not ready: ${failing.join(', ')}`, errors });
  });
}

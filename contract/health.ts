// Probes for load balancers, orchestrators and monitors: public, outside /v1.0, tiny answers.
// docs/operations.md "Probes and stopping" says what each checks and when it fails.
import { Type, type Static } from 'typebox';
import { defineOperation, ErrorEnvelope } from './common.js';

export const Healthz = Type.Object({ success: Type.Literal(true) });
export type Healthz = Static<typeof Healthz>;

const CheckState = Type.Union([Type.Literal('ok'), Type.Literal('failing')]);
export const ReadyChecks = Type.Object({
  database: CheckState,
  migrations: CheckState,
  jobs: CheckState,
  storage: CheckState,
}, { description: 'Each check: the database answers; every migration of this build is applied; the job queue runs (not stopping); storage takes a write' });

export const Ready = Type.Object({ success: Type.Literal(true), checks: ReadyChecks });
export type Ready = Static<typeof Ready>;
/** 503: the error envelope; `errors` names each failing check with what failed. */
export const NotReady = { ...ErrorEnvelope, description: 'A check fails, or the server is stopping: send no traffic here. errors: failing check → what failed' } as typeof ErrorEnvelope;

/** What `errors` says for each failing check. */
export const READY_FAILURES = {
  database: 'The database does not answer',
  migrations: 'The database lacks migrations this version needs',
  jobs: 'The job queue is not running',
  storage: 'Storage does not take a write',
} as const;

export const healthz = defineOperation({
  operationId: 'getHealthz',
  method: 'GET',
  path: '/healthz',
  summary: 'Liveness: the process answers HTTP (no database or other check)',
  tags: ['meta'],
  access: 'read',
  roles: ['public'],
  response: { 200: Healthz },
});

export const readyz = defineOperation({
  operationId: 'getReadyz',
  method: 'GET',
  path: '/readyz',
  summary: 'Readiness: database, migrations, job queue and storage; 503 when one fails or the server is stopping',
  tags: ['meta'],
  access: 'read',
  roles: ['public'],
  response: { 200: Ready, 503: NotReady },
});

export const operations = { healthz, readyz };

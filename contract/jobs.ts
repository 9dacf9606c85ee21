// Background jobs: GET /v1.0/jobs/{id}, which elements poll for the state and progress of work
// they started (and people for the demo seeding). Pure schemas.
import { Type, type Static } from 'typebox';
import { defineOperation, IdParam, Nullable, Ok, SIGNED_IN } from './common.js';


export const JobState = Type.Union([
  Type.Literal('created'), Type.Literal('retry'), Type.Literal('active'),
  Type.Literal('completed'), Type.Literal('cancelled'), Type.Literal('failed'),
], {
  description: 'created: waiting; active: running; retry: failed, waiting for the next attempt; ' +
    'completed / failed (no attempts left) / cancelled: finished',
});

export const JobProgress = Type.Object({
  done: Type.Integer({ minimum: 0, description: 'Units done (the unit depends on the job: studies for the demo seeding)' }),
  total: Type.Integer({ minimum: 0, description: 'Units in all; 0 while the job does not know yet' }),
  message: Type.String({ description: 'What the job is doing, for people' }),
}, { description: 'As last reported by the job; kept across retries and restarts' });

const Timestamp = (description: string) => Nullable(Type.String({ format: 'date-time', description }));

export const Job = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: Type.String({ description: 'The job kind, e.g. "seed-respondents"' }),
  state: JobState,
  progress: JobProgress,
  created_on: Type.String({ format: 'date-time' }),
  started_on: Timestamp('When the latest attempt started; null before the first'),
  completed_on: Timestamp('When the job finished (completed, failed or cancelled); null before'),
  retry_count: Type.Integer({ minimum: 0, description: 'Attempts after the first one so far' }),
  retry_limit: Type.Integer({ minimum: 0, description: 'Attempts after the first one allowed' }),
  error: Type.Optional(Type.String({ description: 'Why the latest attempt failed (states retry and failed)' })),
  result: Type.Optional(Type.Unknown({ description: 'What the job returned (state completed), when it returns anything' })),
});
export type Job = Static<typeof Job>;

export const JobParams = Type.Object({ id: IdParam({ description: 'The job id' }) });

export const GetJobResponse = Ok({ data: Job });
export type GetJobResponse = Static<typeof GetJobResponse>;

/** GET /v1.0/jobs/{id}: a job of the acting company (404 for another company's job or an unknown id). */
export const getJob = defineOperation({
  operationId: 'getJob',
  method: 'GET',
  path: '/v1.0/jobs/:id',
  summary: 'State and progress of a background job',
  description: 'Answers for jobs owned by the acting company (a super user acts for another with X-Company-Id). ' +
    'Poll it while the state is created, active or retry.',
  tags: ['jobs'],
  access: 'read',
  roles: SIGNED_IN,
  params: JobParams,
  response: { 200: GetJobResponse },
  errors: [404],
});

export const operations = { getJob };

// Background jobs: GET /v1.0/jobs/{id}, which elements poll for the state and progress of work
// they started (and people for the demo seeding). Pure schemas.
// Self-contained until contract/common.ts lands: the id pattern and the error envelope below are
// the same as common.ts's ID_PATTERN / ErrorEnvelope, and getJob has the shape of its
// OperationSpec, so aligning is replacing the local copies with imports and wrapping getJob in
// defineOperation.
import { Type, type Static } from 'typebox';

/** 1 … 2147483647 in plain decimal ("0x2b", "043", "4.0" are refused, never coerced). */
const ID_PATTERN =
  '^(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}|2147[0-3][0-9]{5}|21474[0-7][0-9]{4}' +
  '|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|21474836[0-3][0-9]|214748364[0-7])$';

const ErrorEnvelope = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

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

const Timestamp = (description: string) => Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

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

export const JobParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN, maxLength: 10, description: 'The job id' }) });

export const GetJobResponse = Type.Object({ success: Type.Literal(true), data: Job });

/** GET /v1.0/jobs/{id}: a job of the acting company (404 for another company's job or an unknown id). */
export const getJob = {
  operationId: 'getJob',
  method: 'GET',
  path: '/v1.0/jobs/:id',
  summary: 'State and progress of a background job',
  description: 'Answers for jobs owned by the acting company (a super user acts for another with X-Company-Id). ' +
    'Poll it while the state is created, active or retry.',
  tags: ['jobs'],
  access: 'read',
  roles: ['study_user', 'batch_user', 'super_user'],
  params: JobParams,
  response: {
    200: GetJobResponse,
    400: { ...ErrorEnvelope, description: 'The id is not a decimal integer from 1 to 2147483647' },
    401: { ...ErrorEnvelope, description: 'No token, or an invalid or expired one' },
    403: { ...ErrorEnvelope, description: 'X-Company-Id from a non-super user, or an unknown company' },
    404: { ...ErrorEnvelope, description: 'No such job for the acting company' },
  },
} as const;

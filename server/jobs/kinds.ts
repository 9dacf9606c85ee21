// Every job kind the server runs, one line per kind (like routes/index.ts). A kind missing here
// can be defined but not enqueued: the queue refuses kinds it was not started with.
import type { JobKind } from './define.js';
import { seedRespondentsJob } from '../seed/respondents.js';
import { housekeepingJob } from './housekeeping.js';

export const jobKinds: readonly JobKind<never>[] = [
  seedRespondentsJob,
  housekeepingJob,
];

// Every job kind the server runs, one line per kind (like routes/index.ts). A kind missing here
// can be defined but not enqueued: the queue refuses kinds it was not started with.
import type { JobKind } from './define.js';
import { seedRespondentsJob } from '../seed/respondents.js';
import { mailNotificationJob } from './mail.js';
import { cachePageJob } from './cache-page.js';
import { recomputeAoisJob } from './recompute-aois.js';
import { housekeepingJob } from './housekeeping.js';
import { exportParticipantsJob } from './export-participants.js';
import { runThroughJob } from './run-through.js';
import { retentionJob } from './retention.js';

export const jobKinds: readonly JobKind<never>[] = [
  seedRespondentsJob,
  mailNotificationJob,
  cachePageJob,
  recomputeAoisJob,
  housekeepingJob,
  exportParticipantsJob,
  runThroughJob,
  retentionJob,
];

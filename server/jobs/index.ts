// Background jobs: define a kind (define.ts), list it in kinds.ts, enqueue through app.jobs.
export { defineJob, type JobContext, type JobHandler, type JobKind, type JobKindOptions, type JobProgress } from './define.js';
export { JobQueue, type EnqueueOptions, type JobQueueOptions, type JobView } from './queue.js';
export { jobKinds } from './kinds.js';

// retention (issue 41 item 3): applies every company's retention periods — raw gaze of sessions
// older than the company's raw gaze period, and all respondent data of studies completed longer
// ago than its study period (services/privacy.ts applyRetention; docs/privacy.md).
// Daily: queued by every server start under the day's key, and each run queues the next day's
// under that day's key, so restarts and several servers merge into one chain (the key
// deduplicates an unfinished job). Idempotent: a second run the same day removes nothing more.
import { defineJob } from './define.js';
import { applyRetention } from '../services/privacy.js';

const DAY_S = 24 * 3600;

/** The deduplication key of the run due on `at`'s day (UTC). */
export const retentionKey = (at: Date) => `retention:${at.toISOString().slice(0, 10)}`;

export interface RetentionData {
  /** Queue the next day's run when done (the server start sets it; a test runs it once without). */
  daily?: boolean;
}

export const retentionJob = defineJob<RetentionData>('retention', async (ctx) => {
  const now = new Date();
  const r = await applyRetention(ctx.db, now);
  const message = `removed raw gaze of ${r.rawGazeRemoved} exposures in ${r.gazeStudies} studies, ${r.respondentsRemoved} sessions of ${r.studiesEmptied} expired studies`;
  ctx.log(message);
  await ctx.setProgress({ done: 1, total: 1, message });
  if (ctx.data.daily) {
    await ctx.enqueue(retentionJob, { daily: true }, {
      companyId: ctx.companyId, key: retentionKey(new Date(now.getTime() + DAY_S * 1000)), startAfterSeconds: DAY_S,
    });
  }
  return r;
}, { retryLimit: 2, retryDelay: 60, expireInSeconds: 3600 });

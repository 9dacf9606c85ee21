// housekeeping: removes sign-in tokens dead for a day and sign-in failures older than a day (any
// limit window is far shorter). Queued by every server start (keyed: one at a time); on several
// servers sharing PostgreSQL, pg-boss hands each job to exactly one of them.
import { defineJob } from './define.js';
import { deleteDeadTokens, deleteOldLoginAttempts } from '../repositories/housekeeping.js';

export const HOUSEKEEPING_KEY = 'housekeeping';
const DAY_MS = 24 * 3600_000;

export const housekeepingJob = defineJob<Record<string, never>>('housekeeping', async (ctx) => {
  const before = new Date(Date.now() - DAY_MS);
  const tokens = await deleteDeadTokens(ctx.db, before);
  const attempts = await deleteOldLoginAttempts(ctx.db, before);
  ctx.log(`removed ${tokens} dead sign-in tokens and ${attempts} old sign-in failures`);
  await ctx.setProgress({ done: 1, total: 1, message: `removed ${tokens} tokens, ${attempts} failures` });
  return { tokens, attempts };
}, { retryLimit: 2, expireInSeconds: 600 });

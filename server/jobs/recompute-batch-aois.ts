// Job recompute-batch-aois: after the AOIs of a batch stim changed, rebuild the summaries of the
// studies that measured it (their feature metrics read the new AOIs). Idempotent: a retry
// recomputes the same studies from the same raw samples.
import { defineJob } from './define.js';
import { recomputeStudies } from '../services/batch-aois.js';

export const recomputeBatchAoisJob = defineJob<{ stimId: number; studyIds: number[] }>('recompute-batch-aois', async (ctx) => {
  const total = ctx.data.studyIds.length;
  await ctx.setProgress({ done: 0, total, message: `stim ${ctx.data.stimId}` });
  const exposures = await recomputeStudies(ctx.db, ctx.data.studyIds, (done) => ctx.setProgress({ done }));
  return { studies: total, exposures };
}, { retryLimit: 2 });

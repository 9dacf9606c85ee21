// recompute-aois: after a stim's AOIs are saved, rebuild the per-AOI summaries (exposure_aoi) of
// every exposure of that stim, so the feature report follows the AOIs without re-ingesting.
// Idempotent: a retry recomputes from the first exposure again.
import { defineJob } from './define.js';
import { recomputeStimAois } from '../services/aoi.js';

export interface RecomputeAoisData {
  stimId: number;
}

export const recomputeAoisJob = defineJob<RecomputeAoisData>('recompute-aois', async (ctx) => {
  await ctx.setProgress({ done: 0, message: `stim ${ctx.data.stimId}: starting` });
  const result = await recomputeStimAois(ctx.db, ctx.data.stimId, {
    signal: ctx.signal,
    onProgress: (p) => ctx.setProgress({ done: p.done, total: p.total, message: `stim ${ctx.data.stimId}: ${p.done}/${p.total} exposures` }),
  });
  await ctx.setProgress({ done: result.done, total: result.total, message: `stim ${ctx.data.stimId}: ${result.done} exposures recomputed` });
  return result;
}, { retryLimit: 2, retryDelay: 5, expireInSeconds: 3600 });

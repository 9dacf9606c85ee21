// AOIs of a stim: save (one transaction) and the recompute of every exposure's per-AOI summary
// that a save queues (job recompute-aois). The recompute runs the engine's own summarizeExposure
// on each exposure's stored samples with the analysis config that exposure was computed with, so
// the numbers are exactly those ingestion would have stored had the new AOIs been there from the
// start (the stored fixations are Float32-rounded and would not be). Only exposure_aoi is
// rewritten: the stim-level summaries do not depend on AOIs.
import type { Db } from '../db/client.js';
import { findConfig, getActiveConfig } from '../repositories/analysis-config.js';
import {
  countStimExposures, replaceAois, rewriteExposureAois, type AoiInput,
} from '../repositories/aoi.js';
import { loadAoisForStims, loadExposurePage, type NewExposureAoi } from '../repositories/ingest.js';
import type { AnalysisConfig } from '../analytics/config.js';
import { unpackFloat32 } from '../analytics/pack.js';
import { summarizeExposure, type ExposureInput } from '../analytics/summarize.js';
import { exposureFeatures } from '../analytics/aoi-metrics.js';
import { rewriteExposureFeatures, type NewExposureFeature } from '../repositories/aoi-metrics.js';
import { InvalidInput } from '../domain/errors.js';
import { clearStudyAggregates, refreshStimAggregates, staleStimAggregates } from '../repositories/aggregates.js';

/** A polygon needs three vertices; its x/y/width/height become its bounding box. */
export function normalizeAois(input: AoiInput[]): AoiInput[] {
  const errors: Record<string, string> = {};
  const out = input.map((a, i) => {
    const tag = a.tag.trim();
    if (!tag) errors[`aois.${i}.tag`] = 'is required';
    if (a.shape === 'polygon') {
      const pts = a.points ?? [];
      if (pts.length < 3) errors[`aois.${i}.points`] = 'a polygon needs at least 3 points';
      const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
      const x = xs.length ? Math.min(...xs) : 0, y = ys.length ? Math.min(...ys) : 0;
      return { ...a, tag, x, y, width: xs.length ? Math.max(...xs) - x : 0, height: ys.length ? Math.max(...ys) - y : 0, points: pts };
    }
    if (!(a.width > 0 && a.height > 0)) errors[`aois.${i}.width`] = 'a rectangle needs a width and a height';
    return { ...a, tag, points: null };
  });
  if (Object.keys(errors).length) throw new InvalidInput(errors);
  return out;
}

/** Replaces the AOIs in one transaction; answers how many exposures the recompute will touch. */
export async function saveAois(db: Db, stimId: number, input: AoiInput[]): Promise<{ exposures: number }> {
  const aois = normalizeAois(input);
  await db.transaction(async (tx) => {
    await replaceAois(tx as unknown as Db, stimId, aois);
    // The feature aggregates group exposure_aoi by these AOIs' tags (renamed in place, or rows
    // cascaded away): the stim's studies rebuild on their next read (issue 21).
    await staleStimAggregates(tx as unknown as Db, stimId);
  });
  return { exposures: await countStimExposures(db, stimId) };
}

export interface AoiRecomputeProgress {
  done: number;
  total: number;
}

/**
 * Rewrites exposure_aoi for every exposure of the stim, a page per transaction (a report reading
 * meanwhile sees each exposure either before or after, never half). Resumable from `after`.
 */
export async function recomputeStimAois(db: Db, stimId: number, opts: {
  batchSize?: number;
  after?: number;
  signal?: AbortSignal;
  onProgress?: (p: AoiRecomputeProgress & { lastId: number }) => Promise<void> | void;
} = {}): Promise<AoiRecomputeProgress> {
  const total = await countStimExposures(db, stimId);
  const configs = new Map<number, AnalysisConfig>();
  const active = await getActiveConfig(db);
  async function configOf(id: number | null): Promise<AnalysisConfig> {
    if (id === null) return active;
    if (!configs.has(id)) configs.set(id, (await findConfig(db, id)) ?? active);
    return configs.get(id)!;
  }
  let after = opts.after ?? 0;
  let done = 0;
  for (;;) {
    opts.signal?.throwIfAborted();
    const page = await loadExposurePage(db, { stimId }, after, opts.batchSize ?? 200);
    if (!page.length) break;
    // The AOIs as they are now (a later save re-queues the job anyway).
    const aois = (await loadAoisForStims(db, [stimId])).get(stimId) ?? [];
    const rows: NewExposureAoi[] = [];
    const features: NewExposureFeature[] = [];
    // Exposures whose raw gaze retention removed keep their AOI rows: none can be computed again.
    const kept = page.filter((e) => !e.gazeRemoved);
    for (const e of kept) {
      const samples = e.samples ? unpackFloat32(new Uint8Array(e.samples)) : new Float32Array(0);
      const input: ExposureInput = {
        stimType: e.stimType, naturalWidth: e.naturalWidth, naturalHeight: e.naturalHeight,
        rect: { x: e.stimX, y: e.stimY, width: e.stimWidth, height: e.stimHeight },
        intervals: e.intervals, samples, hasEyetracking: e.hasEyetracking, aois,
      };
      const r = summarizeExposure(input, await configOf(e.configId));
      for (const a of r.aois) rows.push({ ...a, studyId: e.studyId, exposureId: e.id });
      for (const f of exposureFeatures(input, r)) features.push({ ...f, studyId: e.studyId, exposureId: e.id });
    }
    await db.transaction(async (tx) => {
      await rewriteExposureAois(tx as unknown as Db, kept.map((e) => e.id), rows);
      // The AOI metrics' rows follow the same AOIs in the same transaction (tags included).
      await rewriteExposureFeatures(tx as unknown as Db, kept.map((e) => e.id), features);
      // The pages' studies' feature aggregates no longer match: a read meanwhile rebuilds them.
      for (const studyId of [...new Set(page.map((e) => e.studyId))].sort((a, b) => a - b)) await clearStudyAggregates(tx as unknown as Db, studyId);
    });
    done += page.length;
    after = page[page.length - 1].id;
    await opts.onProgress?.({ done, total, lastId: after });
  }
  // The report aggregates follow the rewritten rows once, rather than on the next read (issue 21).
  await refreshStimAggregates(db, stimId);
  return { done, total };
}

// The interactive visual's payload (issue 37 items 3–4; docs/api.md "Gaze points"): one placed
// stim's fixations binned per time slice and clustered, with its AOIs and their metrics. Shared by
// the study report path (.../stimuli/:stim/gaze_points) and the batch one (/batch/report-gaze-points)
// so a vendor's batch explorer and the study's KPI report draw the same numbers.
import type { FastifyInstance } from 'fastify';
import type { GazePointsResponse } from '../../../contract/reports.js';
import { stimKind } from '../../analytics/base.js';
import type { DemographicFilters } from '../../domain/demographics.js';
import { binGaze } from '../../analytics/gaze-points.js';
import { unpackFixations } from '../../analytics/visuals/render.js';
import { computeFeatures, type FeatureAggregate } from '../../analytics/features.js';
import * as repo from '../../repositories/reports.js';
import { stimSize } from '../../services/report-build.js';
import { sourceUrl } from './build.js';

/** The answer for one placed stim after the demographic filters (the report's, or none for a batch). */
export async function gazePointsAnswer(
  app: FastifyInstance, studyId: number, stim: repo.PlacedStim, filters: DemographicFilters, sliceMs: number | undefined,
): Promise<GazePointsResponse> {
  const db = app.db;
  const pair = [stim];
  const [size, exposures, aois, aggs, features] = await Promise.all([
    stimSize(db, stim),
    repo.baseFixations(db, studyId, stim.stepId, stim.stimId, filters),
    repo.stimAois(db, stim.stimId),
    repo.studyAggregates(db, studyId, pair, filters),
    repo.studyFeatureAggregates(db, studyId, pair, filters),
  ]);
  const video = stimKind(stim.stimType) === 'video';
  const videoMs = video && (stim.durationMs ?? 0) > 0 ? stim.durationMs! : null;
  const bins = binGaze(
    exposures.map((e) => ({ ...e, firstViewableMs: e.firstViewableMs ?? null, fixations: unpackFixations(e.fixations) })),
    size, { videoMs, sliceMs },
  );
  const key = repo.pairKey(stim.stepId, stim.stimId);
  const viewedN = aggs.get(key)?.viewedN ?? 0;
  const tags = [...new Set(aois.map((a) => a.tag))];
  const featureMetrics = computeFeatures(tags, features.get(key) ?? [], viewedN);
  const byTag = new Map((features.get(key) ?? []).map((f) => [f.tag, f]));
  return {
    success: true as const,
    stim_id: stim.stimId,
    stim_type: stimKind(stim.stimType),
    stim_source: sourceUrl(app, stim),
    stim_width: size.width,
    stim_height: size.height,
    duration_ms: videoMs,
    span_ms: bins.span_ms,
    slice_ms: bins.slice_ms,
    grid: bins.grid,
    base_size: bins.base_size,
    viewers: viewedN,
    fixation_count: bins.fixation_count,
    slices: bins.slices,
    clusters: bins.clusters,
    aois: aois.map((a) => {
      const shape = aoiOutline(a);
      const m = featureMetrics[a.tag];
      return {
        id: a.id, tag: a.tag, shape: shape.points.length ? 'polygon' : 'rect', ...shape.box, points: shape.points,
        panelist_viewed_percent: m.panelist_viewed_percent, avg_feature_dwell_time: m.avg_feature_dwell_time, view_order: m.view_order,
        // The mean first fixation the view order ranks by (ms from the stim's onset).
        time_to_first_fixation: firstFixationSeconds(byTag.get(a.tag)), viewers: byTag.get(a.tag)?.viewers ?? 0,
      };
    }),
  };
}

/** An AOI's bounding box and, for a polygon, its corners (stored as [x, y] pairs or {x, y}). */
function aoiOutline(a: repo.AoiShape): { box: { x: number; y: number; width: number; height: number }; points: { x: number; y: number }[] } {
  if (a.shape === 'polygon' && Array.isArray(a.points) && a.points.length) {
    const points = (a.points as unknown[]).slice(0, 1000).map((p) => (Array.isArray(p) ? { x: Number(p[0]), y: Number(p[1]) } : { x: Number((p as { x: unknown }).x), y: Number((p as { y: unknown }).y) }))
      .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
    if (points.length) {
      const xs = points.map((p) => p.x), ys = points.map((p) => p.y);
      const x = Math.min(...xs), y = Math.min(...ys);
      return { box: { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y }, points };
    }
  }
  return { box: { x: a.x, y: a.y, width: a.width, height: a.height }, points: [] };
}

function firstFixationSeconds(f: FeatureAggregate | undefined): number | null {
  return f && f.viewers > 0 && f.firstFixationAvgMs !== null ? Math.round(f.firstFixationAvgMs) / 1000 : null;
}

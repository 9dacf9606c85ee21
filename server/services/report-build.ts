// Report building (issue 40 item 5): repository aggregates turned into report payloads — the
// metrics and their intervals, the norms over each stim's comparison set, features, AOI metrics,
// survival curves — shared by the report, replay and visual routes. A service, not a route file:
// its per-norm-source caches live for the process (WeakMaps keyed by the cached norm source, so
// they go with it). URLs and the placement check stay with the routes (routes/reports/build.ts).
import type { Db } from '../db/client.js';
import type { DemographicFilters } from '../domain/demographics.js';
import { computeMetrics, meanMetrics, round6, type StimMetrics } from '../analytics/metrics.js';
import { featureStats, normStats, stimStats, type StimStats } from '../analytics/stats.js';
import { comparisonSet, type NormTypeId } from '../analytics/norms.js';
import { computeFeatures, featureNorms, viewOrder, type FeatureMetrics } from '../analytics/features.js';
import { aoiMetricNorms, computeAoiMetrics, computeScanpath, type AoiMetrics } from '../analytics/aoi-metrics.js';
import { curveFromCounts, kaplanMeier, timePoints, type GraphRequest } from '../analytics/survival.js';
import * as repo from '../repositories/reports.js';

/** A placement with the label reports show for it (contract/placements.ts; issue 37 item 5). */
export type LabelledStim = repo.PlacedStim & { label: string };

/** The label of a placement, its stim name when it came without one. */
export const labelOf = (s: repo.PlacedStim) => (s as Partial<LabelledStim>).label ?? s.name;

export async function stimMetrics(db: Db, studyId: number, stims: repo.PlacedStim[], filters: DemographicFilters): Promise<StimMetrics[]> {
  return (await stimMetricsWithStats(db, studyId, stims, filters)).map((x) => x.metrics);
}

/** The metrics and, beside them, the Wilson intervals of their shares and their bases (analytics/stats.ts). */
export async function stimMetricsWithStats(db: Db, studyId: number, stims: repo.PlacedStim[], filters: DemographicFilters): Promise<{ metrics: StimMetrics; stats: StimStats }[]> {
  const aggs = await repo.studyAggregates(db, studyId, stims, filters);
  return stims.map((s) => {
    const a = aggs.get(repo.pairKey(s.stepId, s.stimId))!;
    return { metrics: computeMetrics(a), stats: stimStats(a) };
  });
}

// Per-stim metrics of the norm source are computed once per cached source.
const normMetricCache = new WeakMap<repo.NormSource, Map<number, StimMetrics>>();
const normFeatureCache = new WeakMap<repo.NormSource, Map<number, Record<string, FeatureMetrics>>>();
const normAoiCache = new WeakMap<repo.NormSource, Map<number, Record<string, AoiMetrics>>>();

function sourceAoiMetrics(src: repo.NormSource, stimId: number): Record<string, AoiMetrics> {
  let m = normAoiCache.get(src);
  if (!m) normAoiCache.set(src, (m = new Map()));
  if (!m.has(stimId)) {
    const viewed = src.aggregates.get(stimId)?.viewedN ?? 0;
    m.set(stimId, computeAoiMetrics(src.tags.get(stimId) ?? [], src.aoiMetrics.get(stimId) ?? [], viewed));
  }
  return m.get(stimId)!;
}

function sourceMetrics(src: repo.NormSource, stimId: number): StimMetrics {
  let m = normMetricCache.get(src);
  if (!m) normMetricCache.set(src, (m = new Map()));
  if (!m.has(stimId)) m.set(stimId, computeMetrics(src.aggregates.get(stimId)!));
  return m.get(stimId)!;
}

function sourceFeatures(src: repo.NormSource, stimId: number): Record<string, FeatureMetrics> {
  let m = normFeatureCache.get(src);
  if (!m) normFeatureCache.set(src, (m = new Map()));
  if (!m.has(stimId)) {
    const viewed = src.aggregates.get(stimId)?.viewedN ?? 0;
    m.set(stimId, computeFeatures(src.tags.get(stimId) ?? [], src.features.get(stimId) ?? [], viewed));
  }
  return m.get(stimId)!;
}

async function comparisonSets(db: Db, stimIds: number[], normType: NormTypeId) {
  const [src, profiles] = await Promise.all([repo.normSource(db), repo.stimProfiles(db, stimIds)]);
  const sets = new Map<number, number[]>();
  for (const id of stimIds) {
    const target = profiles.get(id);
    sets.set(id, target ? comparisonSet(target, src.profiles, normType) : []);
  }
  return { src, sets };
}

/** Norm of each stim: mean of every metric over its comparison set, plus norm_size. */
export async function stimNorms(db: Db, stimIds: number[], normType: NormTypeId) {
  const norms = await stimNormsWithStats(db, stimIds, normType);
  return new Map([...norms].map(([id, n]) => [id, n.norm_data]));
}

/** The norm and, beside it, each metric's standard error over the comparison set (analytics/stats.ts). */
export async function stimNormsWithStats(db: Db, stimIds: number[], normType: NormTypeId) {
  const { src, sets } = await comparisonSets(db, stimIds, normType);
  return new Map(stimIds.map((id) => {
    const rows = sets.get(id)!.map((c) => sourceMetrics(src, c));
    return [id, { norm_data: meanMetrics(rows), norm_stats: normStats(rows) }];
  }));
}

/**
 * Per stim: its features (feature_data, norms, stats) and, with `aoiMetrics` (issue 23, the feature
 * analysis), the AOI metrics of each feature, their norms over the same comparison set (stims with
 * a feature of the same tag) and the aggregate scanpath — one set of shared queries for both.
 */
export async function stimFeatures(db: Db, studyId: number, stims: repo.PlacedStim[], filters: DemographicFilters, normType: NormTypeId, opts: { aoiMetrics?: boolean } = {}) {
  const stimIds = [...new Set(stims.map((s) => s.stimId))];
  const [aggs, features, tags, { src, sets }, aoi, ranks] = await Promise.all([
    repo.studyAggregates(db, studyId, stims, filters),
    repo.studyFeatureAggregates(db, studyId, stims, filters),
    repo.aoiTags(db, stimIds),
    comparisonSets(db, stimIds, normType),
    opts.aoiMetrics ? repo.studyAoiMetricAggregates(db, studyId, stims, filters) : null,
    opts.aoiMetrics ? repo.studyScanpathCounts(db, studyId, stims, filters) : null,
  ]);
  return stims.map((s) => {
    const key = repo.pairKey(s.stepId, s.stimId);
    const stimTags = tags.get(s.stimId) ?? [];
    const viewedN = aggs.get(key)!.viewedN;
    const comparison = sets.get(s.stimId)!;
    const feature_data = computeFeatures(stimTags, features.get(key) ?? [], viewedN);
    const norm_data = featureNorms(stimTags, comparison.map((c) => sourceFeatures(src, c)));
    const feature_stats = featureStats(stimTags, features.get(key) ?? [], viewedN);
    // The one view order (features.ts): feature_data's view_order, the scanpath's words, the image.
    const order = viewOrder(stimTags, features.get(key) ?? []);
    const r = ranks?.get(key);
    const aoiMetrics = aoi && r ? {
      metrics: computeAoiMetrics(stimTags, aoi.get(key) ?? [], viewedN),
      norms: aoiMetricNorms(stimTags, comparison.map((c) => sourceAoiMetrics(src, c))),
      scanpath: computeScanpath(stimTags, r.counts, r.viewers, order),
    } : null;
    return { stim: s, tags: stimTags, metrics: computeMetrics(aggs.get(key)!), feature_data, norm_data, feature_stats, aoiMetrics, viewOrder: order };
  });
}

/**
 * One curve per stim: the spec's empirical curve, or with estimator 'km' the Kaplan–Meier curve
 * (analytics/survival.ts). Either way each carries its base n beside the spec's fields; the KM
 * one also how many of them were censored.
 */
export async function survivalCurves(db: Db, studyId: number, stims: repo.PlacedStim[], filters: DemographicFilters, g: GraphRequest) {
  const points = timePoints(g);
  const head = (s: repo.PlacedStim) => ({ stim_name: s.name, stim_label: labelOf(s), stim_id: s.stimId, cell_id: s.cellId, step_id: s.stepId });
  if (g.estimator === 'km') {
    const obs = await repo.survivalObservations(db, studyId, stims, filters, g.graphTypeId);
    return stims.map((s) => {
      const o = obs.get(repo.pairKey(s.stepId, s.stimId))!;
      const n = o.reduce((a, x) => a + x.count, 0);
      const censored = o.reduce((a, x) => a + (x.censored ? x.count : 0), 0);
      return { ...head(s), graph_data: kaplanMeier(points, o), base_size: n, censored };
    });
  }
  const counts = await repo.survivalCounts(db, studyId, stims, filters, g.graphTypeId, points);
  return stims.map((s) => {
    const c = counts.get(repo.pairKey(s.stepId, s.stimId))!;
    return { ...head(s), graph_data: curveFromCounts(points, c.counts, c.total), base_size: c.total };
  });
}

export async function stimSize(db: Db, s: repo.PlacedStim): Promise<{ width: number; height: number }> {
  if (s.width && s.height) return { width: s.width, height: s.height };
  return (await repo.shownSize(db, s.stimId)) ?? { width: 300, height: 250 };
}

/**
 * The legacy KPI field `panelist_viewed_over1_percent`: viewable exposures of E whose stim dwell
 * exceeds 1 s, of all viewable ones (× 100). The count is the dwell survival count at t = 1000 ms
 * (same base query as graph type 1), the denominator the metrics' viewable count.
 */
export async function viewedOver1Percent(db: Db, studyId: number, s: repo.PlacedStim, filters: DemographicFilters): Promise<number> {
  const [aggs, counts] = await Promise.all([
    repo.studyAggregates(db, studyId, [s], filters),
    repo.survivalCounts(db, studyId, [s], filters, 1, [1000]),
  ]);
  const viewable = aggs.get(repo.pairKey(s.stepId, s.stimId))?.viewableN ?? 0;
  const over = counts.get(repo.pairKey(s.stepId, s.stimId))?.counts.get(1000) ?? 0;
  return viewable > 0 ? round6((over / viewable) * 100) : 0;
}

/**
 * The size of every norm type's comparison set of each stim, overall and per feature tag, in one
 * pass over one norm source (issue 40 item 2): the report's norm selectors label all four norm
 * types from this instead of asking overall_attention and feature_attention once per norm type.
 * The numbers are exactly the norm_size those answers carry (same sets, same featureNorms).
 */
export async function normSetSizes(db: Db, stimIds: number[]) {
  const ids = [...new Set(stimIds)];
  const [src, profiles, tags] = await Promise.all([repo.normSource(db), repo.stimProfiles(db, ids), repo.aoiTags(db, ids)]);
  const NORM_IDS = [1, 2, 3, 4] as const satisfies readonly NormTypeId[];
  return new Map(ids.map((id) => {
    const target = profiles.get(id);
    const stimTags = tags.get(id) ?? [];
    const overall = {} as Record<NormTypeId, number>;
    const features = {} as Record<NormTypeId, Record<string, number>>;
    for (const n of NORM_IDS) {
      const set = target ? comparisonSet(target, src.profiles, n) : [];
      overall[n] = set.length;
      const norms = featureNorms(stimTags, set.map((c) => sourceFeatures(src, c)));
      features[n] = Object.fromEntries(Object.entries(norms).map(([tag, f]) => [tag, f.norm_size]));
    }
    return [id, { overall, features }];
  }));
}

// Feature (AOI) metrics of one stim. Denominator: the stim's viewers (viewed exposures of E).
// AOIs sharing a tag form one feature: a viewer's dwell in it is the sum over those AOIs and
// their first fixation is the earliest.
import { round6 } from './metrics.js';

/** Per stim × tag, aggregated in SQL over viewers who fixated the feature. */
export interface FeatureAggregate {
  tag: string;
  viewers: number;
  dwellSumMs: number;
  /** Σ dwell² over those viewers (ms²), for the standard error; absent where only means are needed (norms). */
  dwellSqSumMs?: number;
  /** Mean over those viewers of their first fixation in the feature (ms from exposure start). */
  firstFixationAvgMs: number | null;
}

export interface FeatureMetrics {
  /** Mean seconds in the feature over the viewers who fixated it. */
  avg_feature_dwell_time: number | null;
  /** Viewers with a fixation in the feature ÷ viewers of the stim × 100. */
  panelist_viewed_percent: number;
  /** 1 = looked at first on average; null when nobody fixated it. */
  view_order: number | null;
}

export function computeFeatures(tags: string[], aggs: FeatureAggregate[], viewedN: number): Record<string, FeatureMetrics> {
  const byTag = new Map(aggs.map((a) => [a.tag, a]));
  const ranked = aggs
    .filter((a) => a.viewers > 0 && a.firstFixationAvgMs !== null && tags.includes(a.tag))
    .sort((a, b) => (a.firstFixationAvgMs! - b.firstFixationAvgMs!) || a.tag.localeCompare(b.tag));
  const order = new Map(ranked.map((a, i) => [a.tag, i + 1]));
  const out: Record<string, FeatureMetrics> = {};
  for (const tag of tags) {
    const a = byTag.get(tag);
    const viewers = a?.viewers ?? 0;
    out[tag] = {
      avg_feature_dwell_time: viewers > 0 ? round6(a!.dwellSumMs / viewers / 1000) : null,
      panelist_viewed_percent: viewedN > 0 ? round6((viewers / viewedN) * 100) : 0,
      view_order: order.get(tag) ?? null,
    };
  }
  return out;
}

export interface FeatureNorm {
  avg_feature_dwell_time: number | null;
  panelist_viewed_percent: number | null;
  view_order: number | null;
  norm_size: number;
}

/** Per tag, the mean over the comparison stims that have a feature with the same tag (case-insensitive). */
export function featureNorms(tags: string[], comparison: Record<string, FeatureMetrics>[]): Record<string, FeatureNorm> {
  const out: Record<string, FeatureNorm> = {};
  const avg = (vals: (number | null)[]) => {
    const v = vals.filter((x): x is number => x !== null);
    return v.length ? round6(v.reduce((s, x) => s + x, 0) / v.length) : null;
  };
  for (const tag of tags) {
    const key = tag.toLowerCase();
    const matches: FeatureMetrics[] = [];
    for (const stimFeatures of comparison) {
      const hit = Object.entries(stimFeatures).find(([t]) => t.toLowerCase() === key);
      if (hit) matches.push(hit[1]);
    }
    out[tag] = {
      avg_feature_dwell_time: avg(matches.map((m) => m.avg_feature_dwell_time)),
      panelist_viewed_percent: avg(matches.map((m) => m.panelist_viewed_percent)),
      view_order: avg(matches.map((m) => m.view_order)),
      norm_size: matches.length,
    };
  }
  return out;
}

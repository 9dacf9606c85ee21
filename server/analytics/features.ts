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

/**
 * Fewer viewers than this who fixated a feature and its place in the view order is flagged
 * ('low base') wherever the order is shown: on the view-order image, in the feature page's words
 * and in the answer (docs/metrics.md "View order").
 */
export const MIN_VIEW_ORDER_BASE = 5;

export interface ViewOrderEntry {
  feature_name: string;
  /** 1 = fixated first on average. */
  rank: number;
  /** The base: viewers who fixated the feature (its mean first fixation is over them). */
  viewers: number;
  /** viewers < MIN_VIEW_ORDER_BASE: shown, but flagged as too few to rely on. */
  low_base: boolean;
}

/**
 * THE view order (issue 37 item 6; one definition for the view-order visual, the feature page's
 * order in words, the scanpath's typical order and feature_data[].view_order): the features
 * fixated by at least one viewer, ranked by their mean time to first fixation over those viewers
 * (earlier first; ties by tag), each with its base n.
 */
export function viewOrder(tags: string[], aggs: FeatureAggregate[], minBase = MIN_VIEW_ORDER_BASE): ViewOrderEntry[] {
  return aggs
    .filter((a) => a.viewers > 0 && a.firstFixationAvgMs !== null && tags.includes(a.tag))
    .sort((a, b) => (a.firstFixationAvgMs! - b.firstFixationAvgMs!) || a.tag.localeCompare(b.tag))
    .map((a, i) => ({ feature_name: a.tag, rank: i + 1, viewers: a.viewers, low_base: a.viewers < minBase }));
}

export function computeFeatures(tags: string[], aggs: FeatureAggregate[], viewedN: number): Record<string, FeatureMetrics> {
  const byTag = new Map(aggs.map((a) => [a.tag, a]));
  const order = new Map(viewOrder(tags, aggs).map((e) => [e.feature_name, e.rank]));
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

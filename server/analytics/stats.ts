// Honest statistics beside the spec's figures (issue 15 item 4): Wilson score intervals for the
// percentages, so a reader sees how far 3 of 4 (75 %) is from 750 of 1000 (75 %), and standard
// errors of the means. Pure; the
// engine's own numbers are untouched (docs/metrics.md "Uncertainty").
import { METRIC_NAMES, type MetricName, type StimAggregate, type StimMetrics } from './metrics.js';
import type { FeatureAggregate } from './features.js';
import { round6 } from './metrics.js';

/** z of a two-sided 95 % interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  /** Bounds in percent (0–100); null when n is 0 (no interval without a base). */
  low: number | null;
  high: number | null;
  /** Successes and the base the share is of. */
  k: number;
  n: number;
}

/**
 * Wilson score interval of k successes in n trials, in percent: centre (p + z²/2n) / (1 + z²/n),
 * half-width z·√(p(1−p)/n + z²/4n²) / (1 + z²/n). Unlike p ± z·√(p(1−p)/n) it stays inside
 * 0–100 and is not zero-width at 0 % or 100 %.
 */
export function wilson(k: number, n: number, z = Z95): Interval {
  if (!(n > 0) || k < 0 || k > n) return { low: null, high: null, k, n };
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { low: round6(Math.max(0, centre - half) * 100), high: round6(Math.min(1, centre + half) * 100), k, n };
}

/** A mean's standard error and the base it is over. */
export interface MeanStats {
  /** Standard error of the mean, in the metric's unit; null when n < 2 (no spread to estimate). */
  se: number | null;
  n: number;
}

/**
 * Standard error of a mean from n, Σx and Σx²: the sample standard deviation
 * √((Σx² − (Σx)²/n) / (n − 1)) over √n. The variance is floored at 0 (float cancellation when
 * every value is equal). `scale` converts units (ms → s is 1/1000).
 */
export function standardError(n: number, sum: number, sumSq: number, scale = 1): MeanStats {
  if (!(n >= 2)) return { se: null, n };
  const variance = Math.max(0, (sumSq - (sum * sum) / n) / (n - 1));
  return { se: round6(Math.sqrt(variance / n) * scale), n };
}

export interface StimStats {
  /** |E|, the measured base every eye-tracking percentage and attention per 1000 is of. */
  base_size: number;
  /** Exposures that passed the quality thresholds but were sampled too sparsely for fixations: beside E, not in it. */
  insufficient_gaze: number;
  panelist_viewable_percent: Interval;
  /** Of the viewable exposures (its base is the viewable count, not |E|). */
  panelist_viewed_percent: Interval;
  /** Of every exposure, eye-tracked or not. */
  panelist_viewable_script_percent: Interval;
  /** Over E, seconds. */
  avg_page_dwell_time: MeanStats;
  /** Over the viewable exposures of E, seconds. */
  avg_stim_viewable_time: MeanStats;
  /** Over the viewed exposures of E, seconds. */
  avg_stim_dwell_time: MeanStats;
  /** Over the viewed exposures of E with a time to first view, seconds. */
  avg_time_to_first_view: MeanStats;
  /** Over E, percent. */
  percent_viewable: MeanStats;
  /** Over the viewable exposures of E (non-viewers count 0 s), seconds. */
  avg_viewed_time: MeanStats;
  /** The mean over E of each exposure's dwell (0 when not viewed) × 1000, seconds. */
  attention_per_1000_impressions: MeanStats;
}

/**
 * Beside a stim's metrics: 95 % Wilson intervals of its shares and the standard error of each
 * mean, each with the base n it is over. Every mean's SE comes from the same sums as the mean.
 */
export function stimStats(a: StimAggregate): StimStats {
  const s = 1 / 1000;
  return {
    base_size: a.baseSize,
    insufficient_gaze: a.insufficientGazeN,
    panelist_viewable_percent: wilson(a.viewableN, a.baseSize),
    panelist_viewed_percent: wilson(a.viewedN, a.viewableN),
    panelist_viewable_script_percent: wilson(a.scriptViewableN, a.scriptN),
    avg_page_dwell_time: standardError(a.baseSize, a.pageDwellSumMs, a.pageDwellSqSum, s),
    avg_stim_viewable_time: standardError(a.viewableN, a.viewableMsSum, a.viewableMsSqSum, s),
    avg_stim_dwell_time: standardError(a.viewedN, a.dwellSumMs, a.dwellSqSum, s),
    avg_time_to_first_view: standardError(a.ttfvN, a.ttfvSumMs, a.ttfvSqSum, s),
    percent_viewable: standardError(a.baseSize, a.viewableShareSum, a.viewableShareSqSum, 100),
    // Non-viewers add 0 to both sums, so the viewed exposures' sums serve the wider bases.
    avg_viewed_time: standardError(a.viewableN, a.dwellSumMs, a.dwellSqSum, s),
    attention_per_1000_impressions: standardError(a.baseSize, a.dwellSumMs, a.dwellSqSum, 1),
  };
}

export interface FeatureStats {
  /** Viewers who fixated the feature of the stim's viewers (its n is the stim's viewers). */
  panelist_viewed_percent: Interval;
  /** Over the viewers who fixated the feature, seconds. */
  avg_feature_dwell_time: MeanStats;
}

/** Per feature tag: the Wilson interval of its viewed share and the standard error of its dwell. */
export function featureStats(tags: string[], aggs: FeatureAggregate[], viewedN: number): Record<string, FeatureStats> {
  const byTag = new Map(aggs.map((a) => [a.tag, a]));
  const out: Record<string, FeatureStats> = {};
  for (const tag of tags) {
    const a = byTag.get(tag);
    const viewers = a?.viewers ?? 0;
    out[tag] = {
      panelist_viewed_percent: wilson(viewers, viewedN),
      avg_feature_dwell_time: standardError(viewers, a?.dwellSumMs ?? 0, a?.dwellSqSumMs ?? 0, 1 / 1000),
    };
  }
  return out;
}

/**
 * A norm is a mean over the stims of its comparison set (each stim's figure over its own base), so
 * its standard error is over those stims: the spread between stims, n the stims with a value for
 * that metric. Already in each metric's display unit (seconds, percent).
 */
export function normStats(rows: StimMetrics[]): Record<MetricName, MeanStats> {
  const out = {} as Record<MetricName, MeanStats>;
  for (const k of METRIC_NAMES) {
    const vals = rows.map((r) => r[k]).filter((v): v is number => v !== null);
    out[k] = standardError(vals.length, vals.reduce((a, v) => a + v, 0), vals.reduce((a, v) => a + v * v, 0));
  }
  return out;
}

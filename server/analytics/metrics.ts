// Attention metrics of one stim from the sums and counts SQL aggregates over its base E
// (design.md §6; definitions, denominators and a worked example in docs/metrics.md).
import { METRIC_NAMES, type MetricName } from '../../contract/reports.js';

/** What the repository aggregates per stim (one grouped query, no per-exposure work here). */
export interface StimAggregate {
  /** |E|: measured exposures (eye-tracked, not test, complete, quality thresholds, filters). */
  baseSize: number;
  viewableN: number;
  viewedN: number;
  pageDwellSumMs: number;
  /** Over viewable exposures of E. */
  viewableMsSum: number;
  /** Over viewed exposures of E. */
  dwellSumMs: number;
  ttfvN: number;
  ttfvSumMs: number;
  /** Σ over E of min(viewable_ms / page_dwell_ms, 1). */
  viewableShareSum: number;
  /** Every exposure (eye-tracked or not; not test, complete, demographic filters). */
  scriptN: number;
  scriptViewableN: number;
  /**
   * Exposures that pass the quality thresholds but were sampled too sparsely for fixation
   * detection: outside E, counted beside it (docs/metrics.md "Insufficient gaze data").
   */
  insufficientGazeN: number;
  // Sums of squares for the standard errors of the means (analytics/stats.ts), same bases as the sums.
  pageDwellSqSum: number;
  viewableMsSqSum: number;
  dwellSqSum: number;
  ttfvSqSum: number;
  viewableShareSqSum: number;
}

// The metric names are the API's (contract/reports.ts): one list for the engine and the wire.
export { METRIC_NAMES, type MetricName };

/** Percents 0–100, times in seconds; averages are null when nobody qualifies for them. */
export type StimMetrics = Record<MetricName, number | null> & { base_size: number };

export const METRIC_LABELS: Record<MetricName, string> = {
  panelist_viewable_script_percent: 'Panelist viewable script percent',
  avg_page_dwell_time: 'Average page dwell time (s)',
  panelist_viewable_percent: '% Stim Viewable',
  avg_stim_viewable_time: 'Average Stim Viewable Time (s)',
  panelist_viewed_percent: '% Stim Viewed',
  avg_stim_dwell_time: 'Average Stim Dwell Time (s)',
  attention_per_1000_impressions: 'Attention Per 1000 Impressions (s)',
  avg_time_to_first_view: 'Average time to first view (s)',
  percent_viewable: 'Percent of page time viewable',
  avg_viewed_time: 'Average viewed time per viewable impression (s)',
};

/** Six decimals: removes float noise (0.30000000000000004) without losing precision anyone reads. */
export const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

const ratio = (num: number, den: number) => (den > 0 ? num / den : 0);
const mean = (sum: number, n: number) => (n > 0 ? sum / n : null);
const seconds = (ms: number | null) => (ms === null ? null : ms / 1000);

export function computeMetrics(a: StimAggregate): StimMetrics {
  const viewableFrac = ratio(a.viewableN, a.baseSize);
  const viewedFrac = ratio(a.viewedN, a.viewableN);
  const avgDwell = seconds(mean(a.dwellSumMs, a.viewedN));
  const out: StimMetrics = {
    panelist_viewable_script_percent: ratio(a.scriptViewableN, a.scriptN) * 100,
    avg_page_dwell_time: seconds(mean(a.pageDwellSumMs, a.baseSize)),
    panelist_viewable_percent: viewableFrac * 100,
    avg_stim_viewable_time: seconds(mean(a.viewableMsSum, a.viewableN)),
    panelist_viewed_percent: viewedFrac * 100,
    avg_stim_dwell_time: avgDwell,
    // = Σ dwell of viewed ÷ |E| × 1000: the factors cancel to total dwell per 1000 impressions.
    attention_per_1000_impressions: viewableFrac * viewedFrac * (avgDwell ?? 0) * 1000,
    avg_time_to_first_view: seconds(mean(a.ttfvSumMs, a.ttfvN)),
    percent_viewable: ratio(a.viewableShareSum, a.baseSize) * 100,
    avg_viewed_time: seconds(mean(a.dwellSumMs, a.viewableN)),
    base_size: a.baseSize,
  };
  for (const k of METRIC_NAMES) {
    const v = out[k];
    if (v !== null) out[k] = round6(v);
  }
  return out;
}

export const EMPTY_AGGREGATE: StimAggregate = {
  baseSize: 0, viewableN: 0, viewedN: 0, pageDwellSumMs: 0, viewableMsSum: 0, dwellSumMs: 0,
  ttfvN: 0, ttfvSumMs: 0, viewableShareSum: 0, scriptN: 0, scriptViewableN: 0,
  insufficientGazeN: 0, pageDwellSqSum: 0, viewableMsSqSum: 0, dwellSqSum: 0, ttfvSqSum: 0, viewableShareSqSum: 0,
};

/** Mean of each metric over a comparison set (nulls skipped per metric), with the set's size. */
export function meanMetrics(rows: StimMetrics[]): Record<MetricName, number | null> & { norm_size: number } {
  const out = { norm_size: rows.length } as Record<MetricName, number | null> & { norm_size: number };
  for (const k of METRIC_NAMES) {
    const vals = rows.map((r) => r[k]).filter((v): v is number => v !== null);
    out[k] = vals.length ? round6(vals.reduce((s, v) => s + v, 0) / vals.length) : null;
  }
  return out;
}

// Honest statistics shown beside a figure (issue 15 item 4; docs/metrics.md "Uncertainty"): the
// 95 % Wilson interval of a percentage or the standard error of a mean, and the base n it is over,
// from the answer's `stim_stats` (and `feature_stats` per feature). Nothing is shown when the answer has none (older servers).
import type { OverallAttentionResponse } from '../../core/api/reports';
import { formatNumber, formatPercent, formatSeconds, type MetricKind } from './format';

export type StimStats = NonNullable<OverallAttentionResponse['data'][number]['stim_stats']>;

type IntervalStat = { low: number | null; high: number | null; k: number; n: number };
type MeanStat = { se: number | null; n: number };

const isInterval = (s: unknown): s is IntervalStat => typeof s === 'object' && s !== null && 'low' in s && 'n' in s;
const isMean = (s: unknown): s is MeanStat => typeof s === 'object' && s !== null && 'se' in s && 'n' in s;

/**
 * '95% CI 38–96% · n 5' for a share, '± 0.6s SE · n 3' for a mean; null when there is nothing to say.
 * `stats` is a stim's `stim_stats` or one feature's entry of `feature_stats`.
 */
export function uncertaintyText(name: string, kind: MetricKind, stats: StimStats | object | null | undefined): string | null {
  const s = stats ? (stats as Record<string, unknown>)[name] : undefined;
  if (isInterval(s)) {
    if (s.low === null || s.high === null) return `n ${s.n}`;
    return `95% CI ${formatPercent(s.low).replace('%', '')}–${formatPercent(s.high)} · n ${s.n}`;
  }
  if (isMean(s)) return meanText(s, kind, `n ${s.n}`);
  return null;
}

function meanText(s: MeanStat, kind: MetricKind, base: string): string {
  if (s.se === null) return base;
  const se = kind === 'seconds' ? formatSeconds(s.se) : kind === 'percent' ? formatPercent(s.se) : formatNumber(s.se, 1);
  return `± ${se} SE · ${base}`;
}

/**
 * Under a norm: '± 0.4s SE · 12 stims'. A norm is a mean over its comparison set's stims, so its
 * standard error is over those stims (the answer's `norm_stats`); null when the answer has none.
 */
export function normUncertaintyText(name: string, kind: MetricKind, stats: object | null | undefined): string | null {
  const s = stats ? (stats as Record<string, unknown>)[name] : undefined;
  if (!isMean(s) || s.n === 0) return null;
  return meanText(s, kind, `${s.n} ${s.n === 1 ? 'stim' : 'stims'}`);
}

/** The measured base and what left it: 'n 3 · 1 left out: gaze sampled too sparsely (below 6.7 Hz)'. */
export function baseText(stats: StimStats | null | undefined): string | null {
  if (!stats) return null;
  const left = stats.insufficient_gaze;
  return left > 0
    ? `n ${stats.base_size} · ${left} left out: gaze sampled too sparsely (below 6.7 Hz)`
    : `n ${stats.base_size}`;
}

// Honest statistics beside the spec's figures (issue 15 item 4): Wilson score intervals for the
// percentages, so a reader sees how far 3 of 4 (75 %) is from 750 of 1000 (75 %). Pure; the
// engine's own numbers are untouched (docs/metrics.md "Uncertainty").
import type { StimAggregate } from './metrics.js';
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

export interface StimStats {
  /** |E|, the measured base every eye-tracking percentage and attention per 1000 is of. */
  base_size: number;
  panelist_viewable_percent: Interval;
  /** Of the viewable exposures (its base is the viewable count, not |E|). */
  panelist_viewed_percent: Interval;
  /** Of every exposure, eye-tracked or not. */
  panelist_viewable_script_percent: Interval;
}

/** 95 % Wilson intervals of a stim's three shares, with the base each one is of. */
export function stimStats(a: StimAggregate): StimStats {
  return {
    base_size: a.baseSize,
    panelist_viewable_percent: wilson(a.viewableN, a.baseSize),
    panelist_viewed_percent: wilson(a.viewedN, a.viewableN),
    panelist_viewable_script_percent: wilson(a.scriptViewableN, a.scriptN),
  };
}

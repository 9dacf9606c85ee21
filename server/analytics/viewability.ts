// Viewability of one exposure from the intervals the page observed ({start_ms, end_ms, fraction}
// of the stim's pixels in a focused viewport).
import { RULES, VIDEO_STIM_TYPES } from './config.js';

export interface ViewInterval {
  start_ms: number;
  end_ms: number;
  fraction: number;
}

export interface ViewabilityRule {
  threshold: number;
  runMs: number;
}

export interface ViewabilitySummary {
  viewable: boolean;
  viewableMs: number;
  firstViewableMs: number | null;
}

/** Threshold by stim area (rendered size on the page), run length by stim type. */
export function viewabilityRule(stimType: string, width: number, height: number): ViewabilityRule {
  return {
    threshold: width * height >= RULES.largeAreaPx ? RULES.largeThresholdFraction : RULES.thresholdFraction,
    runMs: VIDEO_STIM_TYPES.includes(stimType) ? RULES.videoRunMs : RULES.runMs,
  };
}

/** Intervals at or above the threshold, sorted, with overlapping and touching ones merged. */
export function inViewRuns(intervals: readonly ViewInterval[], threshold: number): [number, number][] {
  const kept = intervals
    .filter((i) => i.fraction >= threshold && i.end_ms > i.start_ms)
    .map((i) => [i.start_ms, i.end_ms] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  const runs: [number, number][] = [];
  for (const [s, e] of kept) {
    const last = runs[runs.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else runs.push([s, e]);
  }
  return runs;
}

export function summarizeViewability(intervals: readonly ViewInterval[], rule: ViewabilityRule): ViewabilitySummary {
  const runs = inViewRuns(intervals, rule.threshold);
  let total = 0;
  let viewable = false;
  for (const [s, e] of runs) {
    total += e - s;
    if (e - s >= rule.runMs) viewable = true;
  }
  return {
    viewable,
    viewableMs: Math.min(total, RULES.viewableCapMs),
    firstViewableMs: runs.length ? runs[0][0] : null,
  };
}

// Viewability of one exposure from the intervals the page observed ({start_ms, end_ms, fraction}
// of the stim's pixels in a focused viewport).
import { RULES, VIDEO_STIM_TYPES } from './config.js';

export interface ViewInterval {
  start_ms: number;
  end_ms: number;
  fraction: number;
  /** Video only: false while the video was paused or not yet started (absent = playing). */
  playing?: boolean;
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

/**
 * Display stims: 50 % of pixels for 1 s, 30 % when the rendered stim has ≥ 242,500 px. Video:
 * 50 % for 2 s whatever the size (checklist resolution 25: the large-ad rule is MRC's for display
 * only), counted only while playing (see playingIntervals).
 */
export function viewabilityRule(stimType: string, width: number, height: number): ViewabilityRule {
  if (VIDEO_STIM_TYPES.includes(stimType)) return { threshold: RULES.thresholdFraction, runMs: RULES.videoRunMs };
  return {
    threshold: width * height >= RULES.largeAreaPx ? RULES.largeThresholdFraction : RULES.thresholdFraction,
    runMs: RULES.runMs,
  };
}

/**
 * The intervals that count towards viewability: for video only those while it played (an
 * interval marked playing: false is a paused or not yet started video in view), for display
 * stims all of them.
 */
export function countedIntervals(stimType: string, intervals: readonly ViewInterval[]): readonly ViewInterval[] {
  return VIDEO_STIM_TYPES.includes(stimType) ? intervals.filter((i) => i.playing !== false) : intervals;
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

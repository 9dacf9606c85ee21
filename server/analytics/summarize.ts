// One exposure's summary (design.md §6, docs/metrics.md "Collection and per-exposure summaries"):
// viewability from the observed intervals, fixations from the samples, then what fell inside the
// stim and inside each of its AOIs. Pure: ingest and recompute both call it.
import { RULES, type AnalysisConfig } from './config.js';
import { detectFixations, medianSpacing, type Fixation } from './fixations.js';
import { packFloat32 } from './pack.js';
import { countedIntervals, inViewRuns, summarizeViewability, viewabilityRule, type ViewInterval } from './viewability.js';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An AOI as drawn on the stim (stim pixels). */
export interface AoiShape {
  id: number;
  shape: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** polygon vertices, [[x, y], …] or [{x, y}, …] */
  points?: unknown;
  /** The feature it belongs to (AOI metrics group by it); the per-AOI summaries ignore it. */
  tag?: string;
}

export interface ExposureInput {
  stimType: string;
  /** The stim's own size (AOIs are drawn in it); null when unknown → AOIs taken as page-sized. */
  naturalWidth: number | null;
  naturalHeight: number | null;
  /** Where the stim was rendered on the page, page px. */
  rect: Rect;
  intervals: readonly ViewInterval[];
  /** Flat (t, x, y) triples, page px, sorted by t; empty when not eye-tracked. */
  samples: ArrayLike<number>;
  /** participant.has_eyetracking */
  hasEyetracking: boolean;
  aois: readonly AoiShape[];
  /** The step's page dwell (ms): when the page ended, for censoring; else the last sample or interval end. */
  pageDwellMs?: number;
}

export interface ExposureSummary {
  eyetracked: boolean;
  viewable: boolean;
  viewableMs: number;
  firstViewableMs: number | null;
  viewed: boolean;
  dwellMs: number;
  timeToFirstViewMs: number | null;
  fixationCount: number;
  /** Median spacing of the step's samples (ms); null when not eye-tracked. */
  gazePeriodMs: number | null;
  /** Eye-tracked but sampled too sparsely to detect fixations: outside the measured base. */
  insufficientGaze: boolean;
  /** Viewed and still looking at the stim when the page ended: its dwell is a lower bound. */
  dwellCensored: boolean;
  /** Viewable and still in view when the page ended (or capped): its viewable time is a lower bound. */
  viewableCensored: boolean;
}

export interface AoiSummary {
  aoiId: number;
  dwellMs: number;
  firstFixationMs: number | null;
  fixationCount: number;
}

export interface ExposureResult {
  summary: ExposureSummary;
  /** Every fixation of the step, page px (stored in exposure_gaze). */
  fixations: Fixation[];
  /**
   * The step's fixations as they count for this stim: one on the stim keeps only its time while the
   * stim was viewable (start moved to its first viewable moment, duration the viewable part); one
   * on the stim that never was is moved off it (x, y NaN), so it counts nowhere. Feature metrics read these.
   */
  countedFixations: Fixation[];
  aois: AoiSummary[];
}

/**
 * The part of a fixation inside the in-view runs: its first moment in view and how long it was in
 * view, or null when never. Gaze on a stim counts only while the stim is viewable (issue 35 item 3):
 * a stim scrolled out of view, or a paused video, cannot be looked at.
 */
export function viewablePart(f: Fixation, runs: readonly (readonly [number, number])[]): { start: number; duration: number } | null {
  const end = f.start + f.duration;
  let first: number | null = null;
  let total = 0;
  for (const [s, e] of runs) {
    const a = Math.max(s, f.start);
    const b = Math.min(e, end);
    if (b <= a) continue;
    if (first === null) first = a;
    total += b - a;
  }
  return first === null ? null : { start: first, duration: total };
}

const inRect = (f: { x: number; y: number }, r: Rect) =>
  f.x >= r.x && f.x <= r.x + r.width && f.y >= r.y && f.y <= r.y + r.height;

function polygonPoints(points: unknown): [number, number][] {
  if (!Array.isArray(points)) return [];
  return points.flatMap((p): [number, number][] => {
    if (Array.isArray(p) && p.length >= 2) return [[Number(p[0]), Number(p[1])]];
    if (p && typeof p === 'object' && 'x' in p && 'y' in p) return [[Number((p as { x: unknown }).x), Number((p as { y: unknown }).y)]];
    return [];
  });
}

function inPolygon(x: number, y: number, poly: [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Is a page-px point inside an AOI drawn in stim px, with the stim scaled into rect? */
export function makeAoiTest(aoi: AoiShape, rect: Rect, naturalWidth: number | null, naturalHeight: number | null) {
  const sx = naturalWidth ? rect.width / naturalWidth : 1;
  const sy = naturalHeight ? rect.height / naturalHeight : 1;
  // Back to stim px: cheaper than scaling every polygon vertex, and the same test.
  const toStim = (f: { x: number; y: number }) => [(f.x - rect.x) / sx, (f.y - rect.y) / sy] as const;
  if (aoi.shape === 'polygon') {
    const poly = polygonPoints(aoi.points);
    return (f: { x: number; y: number }) => {
      if (poly.length < 3) return false;
      const [x, y] = toStim(f);
      return inPolygon(x, y, poly);
    };
  }
  return (f: { x: number; y: number }) => {
    const [x, y] = toStim(f);
    return x >= aoi.x && x <= aoi.x + aoi.width && y >= aoi.y && y <= aoi.y + aoi.height;
  };
}

/**
 * What a step's gaze gives every stim on its page: whether it is eye-tracked, its fixations (page
 * px, stored packed in exposure_gaze) and its sampling. Computed once per step and passed to
 * summarizeExposure for each of the step's stims (the same values it would compute itself).
 */
export interface StepGaze {
  eyetracked: boolean;
  fixations: Fixation[];
  gazePeriodMs: number | null;
  insufficientGaze: boolean;
  /** fixations as stored: (start, duration, x, y) Float32 tuples */
  packedFixations: Buffer;
}

export function stepGaze(samples: ArrayLike<number>, hasEyetracking: boolean, config: Pick<AnalysisConfig, 'algorithm' | 'params'>): StepGaze {
  const g = stepGazeFigures(samples, hasEyetracking, config);
  const packed = new Float64Array(g.fixations.length * 4);
  g.fixations.forEach((f, i) => { packed[i * 4] = f.start; packed[i * 4 + 1] = f.duration; packed[i * 4 + 2] = f.x; packed[i * 4 + 3] = f.y; });
  return { ...g, packedFixations: packFloat32(packed) };
}

function stepGazeFigures(samples: ArrayLike<number>, hasEyetracking: boolean, config: Pick<AnalysisConfig, 'algorithm' | 'params'>): Omit<StepGaze, 'packedFixations'> {
  const eyetracked = hasEyetracking && samples.length >= 3;
  const median = eyetracked ? medianSpacing(samples) : null;
  return {
    eyetracked,
    fixations: eyetracked ? detectFixations(samples, config) : [],
    gazePeriodMs: eyetracked ? median : null,
    insufficientGaze: eyetracked && (median === null || median > config.params.max_gap_ms),
  };
}

/** `step`: the step's stepGaze for input.samples when already computed (ingestion, one per page). */
export function summarizeExposure(input: ExposureInput, config: Pick<AnalysisConfig, 'algorithm' | 'params'>, step?: Omit<StepGaze, 'packedFixations'>): ExposureResult {
  const { rect } = input;
  const rule = viewabilityRule(input.stimType, rect.width, rect.height);
  const intervals = countedIntervals(input.stimType, input.intervals);
  const view = summarizeViewability(intervals, rule);
  const g = step ?? stepGazeFigures(input.samples, input.hasEyetracking, config);
  const eyetracked = g.eyetracked;
  const fixations = g.fixations;

  // Fixations on the stim, each cut to the time the stim was viewable (in view above the rule's
  // threshold, video while playing); a fixation never in view does not count.
  const runs = inViewRuns(intervals, rule.threshold);
  const countedFixations = fixations.map((f): Fixation => {
    if (!inRect(f, rect)) return f;
    const part = viewablePart(f, runs);
    return part ? { ...f, start: part.start, duration: part.duration } : { ...f, x: Number.NaN, y: Number.NaN };
  });
  const inside = countedFixations.filter((f) => inRect(f, rect));
  const dwellMs = inside.reduce((a, f) => a + f.duration, 0);
  const firstQualifying = inside.find((f) => f.duration >= RULES.viewedMinFixationMs);
  const viewed = view.viewable && firstQualifying !== undefined;
  const timeToFirstViewMs = viewed && view.firstViewableMs !== null
    ? Math.max(0, firstQualifying!.start - view.firstViewableMs)
    : null;

  const aois: AoiSummary[] = [];
  for (const aoi of input.aois) {
    const test = makeAoiTest(aoi, rect, input.naturalWidth, input.naturalHeight);
    let dwell = 0;
    let count = 0;
    let first: number | null = null;
    for (const f of inside) {
      if (!test(f)) continue;
      dwell += f.duration;
      count++;
      if (first === null) first = f.start;
    }
    if (count > 0) aois.push({ aoiId: aoi.id, dwellMs: dwell, firstFixationMs: first, fixationCount: count });
  }

  // Censoring (Kaplan–Meier curves): did the page end while the value was still growing?
  const nSamples = Math.floor(input.samples.length / 3);
  const lastSample = nSamples ? input.samples[(nSamples - 1) * 3] : 0;
  const lastInterval = input.intervals.reduce((m, i) => Math.max(m, i.end_ms), 0);
  const pageEnd = input.pageDwellMs ?? Math.max(lastSample, lastInterval);
  const viewableCensored = view.viewable
    && (view.viewableMs >= RULES.viewableCapMs || (runs.length > 0 && runs[runs.length - 1][1] >= pageEnd));
  // The step's last fixation is on the stim (while viewable) and no gap long enough to end it lies
  // before the page end.
  const lastFix = countedFixations[countedFixations.length - 1];
  const dwellCensored = viewed && lastFix !== undefined && inRect(lastFix, rect)
    && pageEnd - (lastFix.start + lastFix.duration) <= config.params.max_gap_ms;

  return {
    summary: {
      eyetracked,
      viewable: view.viewable,
      viewableMs: view.viewableMs,
      firstViewableMs: view.firstViewableMs,
      viewed,
      dwellMs,
      timeToFirstViewMs,
      fixationCount: inside.length,
      gazePeriodMs: g.gazePeriodMs,
      insufficientGaze: g.insufficientGaze,
      dwellCensored,
      viewableCensored,
    },
    fixations,
    countedFixations,
    aois,
  };
}

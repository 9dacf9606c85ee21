// The calibration measures of the respondent runner (issue 22 item 4), pure and shared: the
// runner (runner/src/calibration.ts) places its nine dots and collects its gaze points with these
// constants, and the server (services/take-quality.ts) computes accuracy, precision and frame rate
// from the raw points the runner sends, and checks that they are plausible. The browser's own
// figures are never trusted. What this cannot prove (docs/metrics.md "Quality gate"): a browser
// can still forge plausible raw points; these checks only make a forged *measure* impossible and a
// careless forgery visible.
//
// Imports nothing: the runner bundles this file as it is.

/** The dots' positions as fractions of the calibration area, per axis (3 × 3, row by row). */
export const CALIBRATION_GRID = [0.1, 0.5, 0.9] as const;
export const CALIBRATION_TARGETS = CALIBRATION_GRID.length ** 2;
/** How long gaze points are collected after each dot is clicked. */
export const CALIBRATION_COLLECT_MS = 500;
/** How often the runner samples the source during the collection. */
export const CALIBRATION_HZ = 30;
/** Bounds of the plausibility checks. */
export const CALIBRATION_LIMITS = {
  /** A target may be this far (px) from where the grid puts it (rounding, sub-pixel layout). */
  targetTolerancePx: 2,
  /** A collection window shorter than this is not the runner's (timers run late, never early). */
  minWindowMs: CALIBRATION_COLLECT_MS * 0.9,
  maxWindowMs: 60_000,
  /** The first and last points must be this close to the window's edges (a 30 Hz source: 33 ms). */
  edgeGapMs: 250,
  /** Points needed per target to measure it. */
  minPoints: 2,
  maxFrameRate: 120,
  minAreaPx: 100,
  maxAreaPx: 20_000,
} as const;

export interface Point {
  x: number;
  y: number;
}
export interface Area extends Point {
  width: number;
  height: number;
}

/** One dot: where it was (viewport px), its collection window and the points collected, `[t_ms, x, y]` (t on the window's clock). */
export interface CalibrationTarget {
  target: Point;
  start_ms: number;
  end_ms: number;
  samples: [number, number, number][];
}

/** A calibration or validation as the runner records it: the area the dots are laid out in (viewport px) and the nine targets. */
export interface CalibrationData {
  area: Area;
  targets: CalibrationTarget[];
}

export interface CalibrationMeasures {
  /** px; null: not measurable (no target with points). */
  accuracy_px: number | null;
  precision_px: number | null;
  /** Hz, from the points' timestamps. */
  frame_rate: number | null;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** The grid's nine points in the area, row by row. */
export function gridTargets(area: Area): Point[] {
  return CALIBRATION_GRID.flatMap((fy) => CALIBRATION_GRID.map((fx) => ({ x: area.x + fx * area.width, y: area.y + fy * area.height })));
}

/**
 * Accuracy (mean distance of each target's point centre from the target) and precision (mean RMS
 * spread of the points around their centre), px, over the targets that have points.
 */
export function calibrationQuality(perTarget: { target: Point; points: Point[] }[]): { accuracy: number | null; precision: number | null } {
  const used = perTarget.filter((t) => t.points.length);
  if (!used.length) return { accuracy: null, precision: null };
  let acc = 0;
  let prec = 0;
  for (const { target, points } of used) {
    const cx = points.reduce((s, p) => s + p.x, 0) / points.length;
    const cy = points.reduce((s, p) => s + p.y, 0) / points.length;
    acc += Math.hypot(cx - target.x, cy - target.y);
    prec += Math.sqrt(points.reduce((s, p) => s + (p.x - cx) ** 2 + (p.y - cy) ** 2, 0) / points.length);
  }
  return { accuracy: round1(acc / used.length), precision: round1(prec / used.length) };
}

/**
 * The source's sampling rate from the points' timestamps: the intervals between consecutive points
 * of each target over the time they span, rounded (null when no target has two points).
 */
export function frameRateOf(targets: Pick<CalibrationTarget, 'samples'>[]): number | null {
  let intervals = 0;
  let spanMs = 0;
  for (const t of targets) {
    if (t.samples.length < 2) continue;
    intervals += t.samples.length - 1;
    spanMs += t.samples[t.samples.length - 1][0] - t.samples[0][0];
  }
  if (!intervals) return null;
  return spanMs > 0 ? Math.round((intervals * 1000) / spanMs) : Infinity;
}

/** Accuracy, precision and frame rate of a recorded calibration. */
export function calibrationMeasures(d: CalibrationData): CalibrationMeasures {
  const q = calibrationQuality(d.targets.map((t) => ({ target: t.target, points: t.samples.map(([, x, y]) => ({ x, y })) })));
  const rate = frameRateOf(d.targets);
  return { accuracy_px: q.accuracy, precision_px: q.precision, frame_rate: rate === null ? null : Math.min(rate, CALIBRATION_LIMITS.maxFrameRate) };
}

const finite = (...v: number[]) => v.every((x) => typeof x === 'number' && Number.isFinite(x));

/** The one failure of a calibration without a single gaze point. */
export const CALIBRATION_NO_GAZE = 'No gaze was recorded at any calibration point';
/** The same with the webcam, which gives gaze only while it sees a face. */
export const CALIBRATION_NO_FACE = 'The camera did not see a face during the calibration, so no gaze was recorded';

/**
 * Why a recorded calibration is not one the runner could have produced (empty: plausible). The
 * targets must be the nine grid points of a screen-sized area, each collection window about as long
 * as the runner's and after the previous one, the points' timestamps increasing inside their window
 * and spanning it, at most 120 Hz, and enough points at every target. A gaze source other than the
 * mouse must also show some spread: real gaze (and the simulated source) is never perfectly still,
 * while a cursor held still on a dot is (so the mouse is not held to it).
 */
export function calibrationProblems(d: CalibrationData, source: string): string[] {
  const L = CALIBRATION_LIMITS;
  const out: string[] = [];
  const a = d.area;
  if (!finite(a.x, a.y, a.width, a.height) || a.width < L.minAreaPx || a.height < L.minAreaPx || a.width > L.maxAreaPx || a.height > L.maxAreaPx) {
    return [`The calibration area ${a.width} × ${a.height} px is not a plausible screen`];
  }
  // No gaze at all is one failure, not one per point (a touch screen whose taps were lost, a
  // webcam that never saw a face); an empty list of points is what the runner sends when the
  // respondent stops a webcam calibration that sees no face (runner/src/calibration.ts).
  if (!d.targets.some((t) => t.samples.length)) return [source === 'webcam' ? CALIBRATION_NO_FACE : CALIBRATION_NO_GAZE];
  if (d.targets.length !== CALIBRATION_TARGETS) return [`The calibration has ${d.targets.length} points, not ${CALIBRATION_TARGETS}`];
  const grid = gridTargets(a);
  let previousEnd = -Infinity;
  let moving = false;
  d.targets.forEach((t, i) => {
    const n = i + 1;
    if (Math.hypot(t.target.x - grid[i].x, t.target.y - grid[i].y) > L.targetTolerancePx) {
      out.push(`Calibration point ${n} is not where the 9-point grid puts it on the reported screen`);
    }
    const windowMs = t.end_ms - t.start_ms;
    if (!finite(t.start_ms, t.end_ms) || windowMs < L.minWindowMs || windowMs > L.maxWindowMs) {
      out.push(`Calibration point ${n} was collected for ${round1(windowMs)} ms (the runner collects for ${CALIBRATION_COLLECT_MS} ms)`);
    }
    if (t.start_ms < previousEnd) out.push(`Calibration point ${n} was collected before the previous point ended`);
    previousEnd = t.end_ms;
    const s = t.samples;
    if (s.length < L.minPoints) {
      out.push(`No gaze was recorded at calibration point ${n} (${s.length} of at least ${L.minPoints} points)`);
      return;
    }
    for (let k = 1; k < s.length; k++) {
      if (!(s[k][0] > s[k - 1][0])) { out.push(`The gaze timestamps at calibration point ${n} are not increasing`); break; }
    }
    if (s.some(([ts]) => ts < t.start_ms || ts > t.end_ms)) out.push(`Gaze at calibration point ${n} is timed outside its collection window`);
    else if (s[0][0] - t.start_ms > L.edgeGapMs || t.end_ms - s[s.length - 1][0] > L.edgeGapMs) {
      out.push(`The gaze at calibration point ${n} does not span its collection window`);
    }
    if (s.some(([, x, y]) => x !== s[0][1] || y !== s[0][2])) moving = true;
  });
  const rate = frameRateOf(d.targets);
  if (rate !== null && rate > L.maxFrameRate) {
    out.push(Number.isFinite(rate) ? `The gaze was sampled at ${rate} Hz, over the ${L.maxFrameRate} Hz any source reaches` : 'Several gaze points share one timestamp');
  }
  if (!moving && source !== 'mouse' && !out.length) out.push('The gaze did not move at all during the calibration: not a measured gaze');
  return out;
}

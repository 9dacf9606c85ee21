// The interactive visual's data (issue 37 items 3–4; docs/metrics.md "Interactive visual"): the
// base's fixations binned on a coarse grid over the stim per time slice of exposure time, and
// clustered over the whole exposure for the gaze plot. The browser blurs and colours the bins with
// the server's own scale (contract/heat-scale.ts); no image leaves the server for it.
import { MIN_SIGMA_PX, SIGMA_SHARE } from '../../contract/heat-scale.js';
import { GAZE_GRID_CELLS, GAZE_MAX_CLUSTERS, GAZE_MAX_SLICES } from '../../contract/reports.js';

/** Grid cells along the stim's longer side. */
export const GRID_CELLS = GAZE_GRID_CELLS;
/** At most this many time slices: a longer span gets wider slices. */
export const MAX_SLICES = GAZE_MAX_SLICES;
/** Slices are whole multiples of this (ms); the default slice is one second. */
export const SLICE_STEP_MS = 250;
export const DEFAULT_SLICE_MS = 1000;
/** Images: exposure time shown at most this long (later fixations fall in the last slice). */
export const MAX_SPAN_MS = 600_000;
/** At most this many fixation clusters (the heaviest by fixation time). */
export const MAX_CLUSTERS = GAZE_MAX_CLUSTERS;

export interface GazeExposure {
  /** The stim's box on the page (page pixels). */
  stimX: number;
  stimY: number;
  stimWidth: number;
  stimHeight: number;
  /** When the stim first became viewable (ms from page start): exposure time starts there. */
  firstViewableMs: number | null;
  fixations: { startMs: number; durationMs: number; x: number; y: number }[];
}

export interface GazeSlice {
  start_ms: number;
  end_ms: number;
  /** Row-major cell indexes (row × cols + col) with fixations in the slice, ascending. */
  index: number[];
  /** Fixation time (ms) per listed cell. */
  duration_ms: number[];
  /** Fixations per listed cell. */
  count: number[];
}

export interface GazeCluster {
  x: number;
  y: number;
  radius: number;
  fixations: number;
  respondents: number;
  duration_ms: number;
  /** Median start of its fixations, ms of exposure time. */
  median_ms: number;
  /** 1 = visited first (by median_ms): the gaze plot's numbering. */
  order: number;
}

export interface GazeGrid {
  cols: number;
  rows: number;
  /** Stim pixels per cell side. */
  cell_px: number;
  /** The heatmap kernel's sigma in stim pixels (the renderer's: SIGMA_SHARE × diagonal). */
  sigma_px: number;
}

export interface GazeBins {
  grid: GazeGrid;
  span_ms: number;
  slice_ms: number;
  slices: GazeSlice[];
  clusters: GazeCluster[];
  base_size: number;
  fixation_count: number;
}

export function gridFor(w: number, h: number): GazeGrid {
  // A stim shown at no size (a broken script tag) is a 1 px square: a finite grid, never a division by 0.
  const width = w > 0 && Number.isFinite(w) ? w : 1, height = h > 0 && Number.isFinite(h) ? h : 1;
  const cell = Math.max(width, height) / GRID_CELLS;
  return {
    cols: Math.max(1, Math.ceil(width / cell - 1e-9)),
    rows: Math.max(1, Math.ceil(height / cell - 1e-9)),
    cell_px: round3(cell),
    sigma_px: round3(Math.max(MIN_SIGMA_PX, SIGMA_SHARE * Math.hypot(width, height))),
  };
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** The slice width: asked (or 1 s) in SLICE_STEP_MS steps, widened so the span takes ≤ MAX_SLICES. */
export function sliceFor(spanMs: number, askedMs?: number): number {
  let slice = Math.max(SLICE_STEP_MS, Math.round((askedMs ?? DEFAULT_SLICE_MS) / SLICE_STEP_MS) * SLICE_STEP_MS);
  const least = Math.ceil(spanMs / MAX_SLICES / SLICE_STEP_MS) * SLICE_STEP_MS;
  if (least > slice) slice = least;
  return slice;
}

interface Point { x: number; y: number; t: number; d: number; who: number }

/**
 * Bins the exposures' fixations (stim pixels, exposure time from the first viewable moment).
 * `videoMs`: a video's length, which the span then is (fixations after it fall in the last slice,
 * the video's last frame); an image's span runs to its last fixation's start.
 */
export function binGaze(exposures: GazeExposure[], size: { width: number; height: number }, opts: { videoMs?: number | null; sliceMs?: number } = {}): GazeBins {
  const grid = gridFor(size.width, size.height);
  const width = size.width > 0 && Number.isFinite(size.width) ? size.width : 1;
  const height = size.height > 0 && Number.isFinite(size.height) ? size.height : 1;
  const points: Point[] = [];
  exposures.forEach((e, who) => {
    if (!(e.stimWidth > 0 && e.stimHeight > 0)) return;
    const sx = width / e.stimWidth, sy = height / e.stimHeight, t0 = e.firstViewableMs ?? 0;
    for (const f of e.fixations) {
      const x = (f.x - e.stimX) * sx, y = (f.y - e.stimY) * sy;
      if (!(x >= 0 && y >= 0 && x < width && y < height && f.durationMs > 0)) continue;
      points.push({ x, y, t: Math.max(0, f.startMs - t0), d: f.durationMs, who });
    }
  });
  const video = opts.videoMs && opts.videoMs > 0 ? Math.min(opts.videoMs, 3_600_000) : null;
  const last = points.reduce((m, p) => Math.max(m, p.t), 0);
  const rawSpan = video ?? Math.min(MAX_SPAN_MS, Math.max(1000, Math.ceil((last + 1) / 1000) * 1000));
  const slice = sliceFor(rawSpan, opts.sliceMs);
  const n = Math.max(1, Math.ceil(rawSpan / slice));
  const span = video ?? n * slice;
  const perSlice = Array.from({ length: n }, () => new Map<number, { d: number; c: number }>());
  for (const p of points) {
    const first = Math.min(n - 1, Math.floor(p.t / slice));
    const col = Math.min(grid.cols - 1, Math.floor(p.x / grid.cell_px)), row = Math.min(grid.rows - 1, Math.floor(p.y / grid.cell_px));
    const i = row * grid.cols + col;
    // Its time goes to every slice it lasts into (a respondent resting on the video's logo for
    // 6 s looked at it in each of those seconds, not only the first; time past the span goes to
    // the last slice); it counts once, in the slice of its start.
    for (let s = first; s < n; s++) {
      const from = Math.max(p.t, s * slice), to = s === n - 1 ? Math.max(p.t + p.d, from) : Math.min(p.t + p.d, (s + 1) * slice);
      if (to <= from && s > first) break;
      const bin = perSlice[s].get(i) ?? { d: 0, c: 0 };
      bin.d += to - from;
      if (s === first) bin.c += 1;
      perSlice[s].set(i, bin);
    }
  }
  const slices = perSlice.map((m, s) => {
    const keys = [...m.keys()].sort((a, b) => a - b);
    return {
      start_ms: s * slice, end_ms: Math.min(span, (s + 1) * slice),
      index: keys, duration_ms: keys.map((k) => Math.round(m.get(k)!.d)), count: keys.map((k) => m.get(k)!.c),
    };
  });
  return {
    grid, span_ms: span, slice_ms: slice, slices, clusters: clusterGaze(points, grid.sigma_px * 1.5),
    base_size: exposures.length, fixation_count: points.length,
  };
}

/**
 * Leader clustering: fixations, heaviest first, join the nearest cluster whose centre lies within
 * `reach` (its centre moves to the weighted mean), else start one. The MAX_CLUSTERS heaviest are
 * kept and numbered by their median start (the aggregate gaze plot).
 */
export function clusterGaze(points: Point[], reach: number): GazeCluster[] {
  type C = { sx: number; sy: number; w: number; n: number; who: Set<number>; ts: number[]; members: Point[] };
  const clusters: C[] = [];
  const sorted = [...points].sort((a, b) => b.d - a.d || a.t - b.t);
  for (const p of sorted) {
    let best: C | null = null, bestD = reach;
    for (const c of clusters) {
      const dist = Math.hypot(c.sx / c.w - p.x, c.sy / c.w - p.y);
      if (dist <= bestD) { best = c; bestD = dist; }
    }
    if (!best) clusters.push((best = { sx: 0, sy: 0, w: 0, n: 0, who: new Set(), ts: [], members: [] }));
    best.sx += p.x * p.d; best.sy += p.y * p.d; best.w += p.d; best.n += 1;
    best.who.add(p.who); best.ts.push(p.t); best.members.push(p);
  }
  const kept = clusters.sort((a, b) => b.w - a.w).slice(0, MAX_CLUSTERS).map((c) => {
    const x = c.sx / c.w, y = c.sy / c.w;
    const ts = c.ts.sort((a, b) => a - b);
    const median = ts.length % 2 ? ts[(ts.length - 1) / 2] : (ts[ts.length / 2 - 1] + ts[ts.length / 2]) / 2;
    const rms = Math.sqrt(c.members.reduce((a, p) => a + (p.x - x) ** 2 + (p.y - y) ** 2, 0) / c.n);
    return {
      x: round3(x), y: round3(y), radius: round3(Math.max(reach / 3, rms)), fixations: c.n, respondents: c.who.size,
      duration_ms: Math.round(c.w), median_ms: Math.round(median), order: 0,
    };
  });
  [...kept].sort((a, b) => a.median_ms - b.median_ms || b.duration_ms - a.duration_ms).forEach((c, i) => { c.order = i + 1; });
  return kept;
}

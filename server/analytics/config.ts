// The analysis parameters in one place. Defaults live here; the parameters actually used are a row
// of analysis_config (created from these defaults on first use, replaced by `npm run recompute`),
// and every exposure records the id of the row its summary was computed with.

export type Algorithm = 'idt' | 'ivt';

export interface AnalysisParams {
  /** I-DT: largest (max x − min x) + (max y − min y) of a fixation's samples, page px. */
  dispersion_px: number;
  /** I-VT: samples moving slower than this belong to a fixation, px per second. */
  velocity_px_per_s: number;
  /** Both: shorter fixations are dropped (ms). */
  min_duration_ms: number;
  /** Both: a hole in the samples longer than this (blink, lost face) ends a fixation (ms). */
  max_gap_ms: number;
}

export interface AnalysisConfig {
  /** analysis_config.id; null only for in-memory use (tests) before a row exists. */
  id: number | null;
  algorithm: Algorithm;
  params: AnalysisParams;
}

export const DEFAULT_ALGORITHM: Algorithm = 'idt';

/**
 * Webcam eye tracking at ~30 Hz: 50 px of dispersion is roughly 1.2° at laptop distance, 100 ms is
 * three samples (the shortest fixation the research literature counts), and 1,000 px/s stays well
 * above sample jitter (a few px per 33 ms) and well below a saccade (hundreds of px per sample).
 */
export const DEFAULT_PARAMS: AnalysisParams = {
  dispersion_px: 50,
  velocity_px_per_s: 1000,
  min_duration_ms: 100,
  max_gap_ms: 150,
};

export const ALGORITHMS: readonly Algorithm[] = ['idt', 'ivt'];

/** Viewability and "viewed" rules (design.md §6); constants, not tunable parameters. */
export const RULES = {
  /** Share of the stim's pixels that must be in view. */
  thresholdFraction: 0.5,
  /** Large stims (≥ largeAreaPx) need only this share. */
  largeThresholdFraction: 0.3,
  largeAreaPx: 242_500,
  /** Continuous time in view needed to count as viewable. */
  runMs: 1000,
  videoRunMs: 2000,
  /** Viewable time is capped so one idle tab cannot dominate an average. */
  viewableCapMs: 180_000,
  /** A stim is viewed when a fixation at least this long lands inside it. */
  viewedMinFixationMs: 100,
} as const;

export const VIDEO_STIM_TYPES: readonly string[] = ['v', 'va', 'vx'];

/** Fills missing params from the defaults and rejects nonsense (recompute CLI, stored rows). */
export function normalizeParams(input: Partial<AnalysisParams> | null | undefined): AnalysisParams {
  const p = { ...DEFAULT_PARAMS, ...(input ?? {}) };
  for (const [k, v] of Object.entries(p)) {
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw new Error(`analysis parameter ${k} must be a positive number`);
  }
  return p;
}

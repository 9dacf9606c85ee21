// Fixation detection from gaze samples given as flat (t_ms, x, y) triples sorted by t.
// I-DT (dispersion threshold, Salvucci & Goldberg 2000) is the default; I-VT (velocity threshold)
// is the alternative. A fixation lasts from its first sample to one sample period after its last,
// so N samples at 30 Hz make N × 33.3 ms, and gaps longer than max_gap_ms always split fixations.
import type { AnalysisConfig, AnalysisParams } from './config.js';

export interface Fixation {
  start: number;
  duration: number;
  x: number;
  y: number;
}

/** Median spacing of samples, ignoring gaps; what one sample "lasts". */
export function samplePeriod(s: ArrayLike<number>, maxGapMs: number): number {
  const n = s.length / 3;
  const d: number[] = [];
  for (let i = 1; i < n; i++) {
    const dt = s[i * 3] - s[(i - 1) * 3];
    if (dt > 0 && dt <= maxGapMs) d.push(dt);
  }
  if (!d.length) return 0;
  d.sort((a, b) => a - b);
  return d[Math.floor(d.length / 2)];
}

/**
 * Median spacing of consecutive samples, gaps included (ms); null without two distinct times.
 * Unlike samplePeriod it is not blind to sparse sampling: a tab switch adds one long gap and
 * leaves the median alone, a 5 Hz stream moves it to 200 ms.
 */
export function medianSpacing(s: ArrayLike<number>): number | null {
  const n = s.length / 3;
  const d: number[] = [];
  for (let i = 1; i < n; i++) {
    const dt = s[i * 3] - s[(i - 1) * 3];
    if (dt > 0) d.push(dt);
  }
  if (!d.length) return null;
  d.sort((a, b) => a - b);
  return d.length % 2 ? d[(d.length - 1) / 2] : (d[d.length / 2 - 1] + d[d.length / 2]) / 2;
}

/**
 * Too sparse for fixation detection: when most consecutive samples are further apart than
 * max_gap_ms (150 ms by default, i.e. slower than 6.7 Hz), every pair is a "gap" that ends a
 * fixation, so no fixation can form and "not viewed" would mean "not measurable".
 */
export function insufficientGaze(s: ArrayLike<number>, maxGapMs: number): boolean {
  const m = medianSpacing(s);
  return m === null || m > maxGapMs;
}

/** Index ranges [from, to] of samples not separated by a gap longer than maxGapMs. */
function segments(s: ArrayLike<number>, maxGapMs: number): [number, number][] {
  const n = s.length / 3;
  const out: [number, number][] = [];
  let from = 0;
  for (let i = 1; i <= n; i++) {
    if (i === n || s[i * 3] - s[(i - 1) * 3] > maxGapMs) {
      if (n > 0) out.push([from, i - 1]);
      from = i;
    }
  }
  return out;
}

function make(s: ArrayLike<number>, i: number, j: number, period: number): Fixation {
  let sx = 0;
  let sy = 0;
  for (let k = i; k <= j; k++) {
    sx += s[k * 3 + 1];
    sy += s[k * 3 + 2];
  }
  const n = j - i + 1;
  return { start: s[i * 3], duration: s[j * 3] - s[i * 3] + period, x: sx / n, y: sy / n };
}

export function detectIdt(s: ArrayLike<number>, p: AnalysisParams): Fixation[] {
  const period = samplePeriod(s, p.max_gap_ms);
  const out: Fixation[] = [];
  for (const [a, b] of segments(s, p.max_gap_ms)) {
    let i = a;
    while (i <= b) {
      // Smallest window that spans the minimum duration.
      let j = i;
      while (j <= b && s[j * 3] - s[i * 3] + period < p.min_duration_ms) j++;
      if (j > b) break;
      let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
      for (let k = i; k <= j; k++) {
        const x = s[k * 3 + 1], y = s[k * 3 + 2];
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
      if (maxX - minX + (maxY - minY) > p.dispersion_px) {
        i++;
        continue;
      }
      while (j + 1 <= b) {
        const x = s[(j + 1) * 3 + 1], y = s[(j + 1) * 3 + 2];
        const nx0 = Math.min(minX, x), nx1 = Math.max(maxX, x), ny0 = Math.min(minY, y), ny1 = Math.max(maxY, y);
        if (nx1 - nx0 + (ny1 - ny0) > p.dispersion_px) break;
        minX = nx0; maxX = nx1; minY = ny0; maxY = ny1;
        j++;
      }
      out.push(make(s, i, j, period));
      i = j + 1;
    }
  }
  return out;
}

export function detectIvt(s: ArrayLike<number>, p: AnalysisParams): Fixation[] {
  const period = samplePeriod(s, p.max_gap_ms);
  const out: Fixation[] = [];
  for (const [a, b] of segments(s, p.max_gap_ms)) {
    if (b - a < 1) continue;
    // Velocity of a sample is that of the movement that brought the eye there (the first sample
    // of a segment borrows the next one's), so the landing sample of a saccade is not a fixation.
    const speed = (k: number) => {
      const from = k === a ? a : k - 1;
      const to = k === a ? a + 1 : k;
      const dt = s[to * 3] - s[from * 3];
      if (dt <= 0) return 0;
      return (Math.hypot(s[to * 3 + 1] - s[from * 3 + 1], s[to * 3 + 2] - s[from * 3 + 2]) / dt) * 1000;
    };
    let start = -1;
    for (let k = a; k <= b + 1; k++) {
      const slow = k <= b && speed(k) < p.velocity_px_per_s;
      if (slow && start < 0) start = k;
      if (!slow && start >= 0) {
        const f = make(s, start, k - 1, period);
        if (f.duration >= p.min_duration_ms) out.push(f);
        start = -1;
      }
    }
  }
  return out;
}

export function detectFixations(s: ArrayLike<number>, config: Pick<AnalysisConfig, 'algorithm' | 'params'>): Fixation[] {
  return config.algorithm === 'ivt' ? detectIvt(s, config.params) : detectIdt(s, config.params);
}

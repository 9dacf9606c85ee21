// The webcam source's gaze mapping (issue 22 item 2), kept simple and pure so it is tested on its
// own. Human (@vladmandic/human) gives a face mesh of 478 points whose last ten are the irises.
// For each video frame we take four features: where each iris sits inside its eye (horizontal
// and vertical offset of the iris centre from the middle of the eye corners, divided by the eye's
// width, averaged over both eyes) and the head's yaw and pitch (radians, from Human's rotation).
// The screen point is a linear function of them, fitted per axis by least squares (a small ridge
// term keeps it solvable when a feature barely moves) on the samples gathered while the
// respondent looked at the calibration targets:
//     x = a0 + a1·ex + a2·ey + a3·yaw + a4·pitch,   y = b0 + b1·ex + … (same features)
// Features are standardised (mean 0, unit spread over the calibration samples) before fitting.
// Nine targets with a few frames each are enough for five coefficients per axis.

export type Features = [number, number, number, number];
export interface GazeModel {
  mean: number[];
  scale: number[];
  /** Coefficients for x and y: intercept first, then one per standardised feature. */
  ax: number[];
  ay: number[];
}

type P3 = readonly (number | undefined)[];

// Mesh indices (MediaPipe face mesh with iris refinement): eye corners and iris centres.
const RIGHT_EYE = { outer: 33, inner: 133, iris: 468 };
const LEFT_EYE = { outer: 263, inner: 362, iris: 473 };

/** The four features of one frame, or null when the mesh has no irises. Pure. */
export function eyeFeatures(mesh: P3[], angle: { yaw: number; pitch: number }): Features | null {
  if (!mesh || mesh.length < 478) return null;
  const offset = (e: { outer: number; inner: number; iris: number }): [number, number] | null => {
    const xy = (i: number) => [mesh[i]?.[0] ?? NaN, mesh[i]?.[1] ?? NaN];
    const a = xy(e.outer), b = xy(e.inner), c = xy(e.iris);
    const width = Math.hypot(a[0] - b[0], a[1] - b[1]);
    if (!(width > 0) || !Number.isFinite(c[0] + c[1])) return null;
    return [(c[0] - (a[0] + b[0]) / 2) / width, (c[1] - (a[1] + b[1]) / 2) / width];
  };
  const r = offset(RIGHT_EYE), l = offset(LEFT_EYE);
  if (!r || !l) return null;
  return [(r[0] + l[0]) / 2, (r[1] + l[1]) / 2, angle.yaw, angle.pitch];
}

/** Solves A·x = b (A square) by Gaussian elimination with partial pivoting; null when singular. */
export function solve(A: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    if (Math.abs(m[p][c]) < 1e-12) return null;
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}

const RIDGE = 1e-3;

/**
 * Fits the mapping on (features, screen point) pairs; null with fewer than 3 distinct targets'
 * worth of samples (nothing sensible can be fitted). Pure.
 */
export function fitGaze(samples: { f: Features; x: number; y: number }[]): GazeModel | null {
  if (samples.length < 3) return null;
  const k = samples[0].f.length;
  const mean = Array.from({ length: k }, (_, j) => samples.reduce((s, p) => s + p.f[j], 0) / samples.length);
  const scale = mean.map((mu, j) => Math.sqrt(samples.reduce((s, p) => s + (p.f[j] - mu) ** 2, 0) / samples.length) || 1);
  const rows = samples.map((p) => [1, ...p.f.map((v, j) => (v - mean[j]) / scale[j])]);
  const XtX = Array.from({ length: k + 1 }, (_, i) => Array.from({ length: k + 1 }, (_, j) =>
    rows.reduce((s, r) => s + r[i] * r[j], 0) + (i === j && i > 0 ? RIDGE * samples.length : 0)));
  const Xt = (t: number[]) => Array.from({ length: k + 1 }, (_, i) => rows.reduce((s, r, n) => s + r[i] * t[n], 0));
  const ax = solve(XtX, Xt(samples.map((p) => p.x)));
  const ay = solve(XtX, Xt(samples.map((p) => p.y)));
  return ax && ay ? { mean, scale, ax, ay } : null;
}

/** The screen point (viewport px) the model gives for one frame's features. Pure. */
export function predictGaze(m: GazeModel, f: Features): { x: number; y: number } {
  const z = [1, ...f.map((v, j) => (v - m.mean[j]) / m.scale[j])];
  return { x: z.reduce((s, v, i) => s + v * m.ax[i], 0), y: z.reduce((s, v, i) => s + v * m.ay[i], 0) };
}

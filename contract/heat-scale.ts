// The heatmap's colour scale and threshold (docs/metrics.md "Visuals"), shared by the server's
// rendered PNGs (server/analytics/visuals/render.ts) and the browser's interactive visual
// (sdk/features/report-gaze-explorer): one definition, so a downloaded heatmap and the one drawn
// on screen mean the same colours. Pure data and arithmetic, no imports.

export type HeatRgb = [number, number, number];

/**
 * A sequential, perceptually ordered scale (ColorBrewer YlOrRd, its palest class dropped): light
 * yellow → orange → deep red, lightness falling steadily so "more" always reads as "darker and
 * redder". Unlike viridis or inferno it ends dark rather than pale yellow, so the hottest spot
 * stays visible on the white backgrounds most ads have.
 */
export const HEAT_SCALE: readonly HeatRgb[] = [
  [255, 237, 160], [254, 217, 118], [254, 178, 76], [253, 141, 60], [252, 78, 42], [227, 26, 28], [189, 0, 38],
];

/** Below this share of the peak density the heatmap is clear: the creative shows through. */
export const HEAT_FLOOR = 0.1;
/** Opacity at the threshold and at the peak: the creative stays visible under the colour. */
export const HEAT_ALPHA_MIN = 0.35;
export const HEAT_ALPHA_MAX = 0.85;
/** Gaussian sigma as a share of the stim diagonal (about 1° of visual angle on a typical ad). */
export const SIGMA_SHARE = 0.03;
export const MIN_SIGMA_PX = 6;

/** Colour at t (0–1 of the scale). */
export function heatColour(t: number): HeatRgb {
  const p = Math.max(0, Math.min(1, t)) * (HEAT_SCALE.length - 1);
  const i = Math.min(HEAT_SCALE.length - 2, Math.floor(p)), f = p - i;
  const [a, b] = [HEAT_SCALE[i], HEAT_SCALE[i + 1]];
  return [0, 1, 2].map((c) => Math.round(a[c] + (b[c] - a[c]) * f)) as HeatRgb;
}

/** Position on the colour scale (0 at the threshold, 1 at the peak) of a relative density 0–1. */
export const heatT = (v: number) => (v - HEAT_FLOOR) / (1 - HEAT_FLOOR);
/** Opacity at a scale position t (0–1). */
export const heatAlpha = (t: number) => HEAT_ALPHA_MIN + (HEAT_ALPHA_MAX - HEAT_ALPHA_MIN) * t;

/**
 * The colour and opacity (0–1) of a relative density v (0–1 of the peak), or null below the
 * threshold (clear).
 */
export function heatPixel(v: number): { rgb: HeatRgb; alpha: number } | null {
  if (!(v >= HEAT_FLOOR)) return null;
  const t = heatT(v);
  return { rgb: heatColour(t), alpha: heatAlpha(t) };
}

/**
 * The heatmap's kernel: a separable Gaussian of peak 1 over a cols × rows grid, sigma in cells.
 * One function for the server's images and the browser's canvas, so both spread alike.
 */
export function gaussianBlur(grid: Float32Array, cols: number, rows: number, sigma: number): Float32Array<ArrayBuffer> {
  const radius = Math.ceil(3 * sigma);
  const kernel = new Float32Array(2 * radius + 1);
  for (let i = -radius; i <= radius; i++) kernel[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma));
  const pass = (src: Float32Array, horizontal: boolean) => {
    const out = new Float32Array(cols * rows);
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        const v = src[y * cols + x];
        if (v === 0) continue;
        for (let k = -radius; k <= radius; k++) {
          const tx = horizontal ? x + k : x, ty = horizontal ? y : y + k;
          if (tx < 0 || ty < 0 || tx >= cols || ty >= rows) continue;
          out[ty * cols + tx] += v * kernel[k + radius];
        }
      }
    }
    return out;
  };
  return pass(pass(grid, true), false);
}

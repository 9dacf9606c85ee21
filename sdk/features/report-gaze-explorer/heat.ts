// The browser's half of the interactive heatmap: the endpoint's binned fixations (a coarse grid
// per time slice) summed over the chosen window, spread with the server's Gaussian (sigma from the
// answer) and coloured with the server's own scale and threshold (contract/heat-scale.ts).
import { gaussianBlur, heatPixel } from '../../../contract/heat-scale';
import type { GazeAoi, GazePointsResponse } from '../../core/api/reports';

export type HeatWeight = 'duration' | 'count';

/** Per grid cell, the fixation time (ms) or count of the slices overlapping [fromMs, toMs). */
export function windowGrid(data: Pick<GazePointsResponse, 'grid' | 'slices'>, fromMs: number, toMs: number, weight: HeatWeight): Float32Array {
  const { cols, rows } = data.grid;
  const out = new Float32Array(cols * rows);
  for (const s of data.slices) {
    if (s.end_ms <= fromMs || s.start_ms >= toMs) continue;
    const values = weight === 'duration' ? s.duration_ms : s.count;
    s.index.forEach((i, k) => { if (i >= 0 && i < out.length) out[i] += values[k] ?? 0; });
  }
  return out;
}

/** The renderer's kernel (contract/heat-scale.ts), sigma in cells and at least half a cell. */
export function blur(grid: Float32Array, cols: number, rows: number, sigma: number): Float32Array {
  return gaussianBlur(grid, cols, rows, Math.max(0.5, sigma));
}

/**
 * Paints the density over a width × height canvas (stim pixels × scale), bilinearly interpolated
 * between cell centres, clear below the threshold; opacity (0–1) scales the scale's own alpha.
 * Returns the peak (weight units) the colours are relative to, 0 without fixations.
 */
export function paintHeat(ctx: CanvasRenderingContext2D, density: Float32Array, cols: number, rows: number, cellCanvasPx: number, opacity: number): number {
  const { width, height } = ctx.canvas;
  let peak = 0;
  for (const v of density) if (v > peak) peak = v;
  if (peak <= 0 || opacity <= 0) return peak;
  const image = ctx.createImageData(width, height);
  const px = image.data;
  for (let y = 0; y < height; y++) {
    const gy = Math.min(rows - 1, Math.max(0, (y + 0.5) / cellCanvasPx - 0.5));
    const y0 = Math.floor(gy), y1 = Math.min(rows - 1, y0 + 1), fy = gy - y0;
    for (let x = 0; x < width; x++) {
      const gx = Math.min(cols - 1, Math.max(0, (x + 0.5) / cellCanvasPx - 0.5));
      const x0 = Math.floor(gx), x1 = Math.min(cols - 1, x0 + 1), fx = gx - x0;
      const v = (density[y0 * cols + x0] * (1 - fx) + density[y0 * cols + x1] * fx) * (1 - fy)
        + (density[y1 * cols + x0] * (1 - fx) + density[y1 * cols + x1] * fx) * fy;
      const c = heatPixel(v / peak);
      if (!c) continue;
      const o = (y * width + x) * 4;
      px[o] = c.rgb[0]; px[o + 1] = c.rgb[1]; px[o + 2] = c.rgb[2]; px[o + 3] = Math.round(c.alpha * opacity * 255);
    }
  }
  ctx.putImageData(image, 0, 0);
  return peak;
}

/** "0.42 s", "3.1 s"; counts as "0.84", "2.4" (the server legend's format, docs/metrics.md). */
export function formatPeak(v: number, weight: HeatWeight): string {
  const n = weight === 'duration' ? v / 1000 : v;
  const text = n >= 10 ? n.toFixed(0) : n >= 1 ? n.toFixed(1) : n.toPrecision(2);
  return weight === 'duration' ? `${text} s` : text;
}

/** Whether a stim-pixel point lies in an AOI (its polygon when it has one, else its box). */
export function inAoi(a: GazeAoi, x: number, y: number): boolean {
  if (x < a.x || y < a.y || x > a.x + a.width || y > a.y + a.height) return false;
  const p = a.points;
  if (p.length < 3) return true;
  let inside = false;
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
    if ((p[i].y > y) !== (p[j].y > y) && x < ((p[j].x - p[i].x) * (y - p[i].y)) / (p[j].y - p[i].y) + p[i].x) inside = !inside;
  }
  return inside;
}

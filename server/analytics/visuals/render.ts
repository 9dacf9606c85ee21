// The four report visuals, rendered from fixations and AOIs in stim pixels:
// heatmap (duration-weighted Gaussian density over the stim), view order (AOIs numbered by rank),
// feature analysis (AOIs shaded by % of viewers), stim analysis (the stim fogged except where
// people looked). Parameters are documented in docs/metrics.md ("Visuals").
import {
  createCanvas, cloneCanvas, blendPixel, fillRect, strokeRect, fillCircle, halve, encodePng, type Canvas, type Rgb,
} from './canvas.js';
import { drawText, textWidth, textHeight } from './font.js';

export type VisualKind = 'heatmap' | 'vieworder' | 'featureanalysis' | 'analysis';

export interface Fixation {
  x: number;
  y: number;
  durationMs: number;
}

export interface AoiBox {
  tag: string;
  x: number;
  y: number;
  width: number;
  height: number;
  viewOrder: number | null;
  viewedPercent: number;
}

export interface VisualInput {
  width: number;
  height: number;
  /** The stim image at width × height, or null for a neutral frame. */
  background: Canvas | null;
  video: boolean;
  fixations: Fixation[];
  aois: AoiBox[];
}

/** Largest side rendered; bigger stims are drawn scaled down (the ratio is kept). */
export const MAX_SIDE = 4096;
/** Density is computed on a grid of at most this many cells per side, then interpolated. */
const GRID_SIDE = 256;
/** Gaussian sigma as a share of the stim diagonal (about 1° of visual angle on a typical ad). */
export const SIGMA_SHARE = 0.03;
export const MIN_SIGMA_PX = 6;

const NEUTRAL: Rgb = [224, 224, 224];
const VIDEO_FRAME: Rgb = [64, 64, 64];
const ACCENT: Rgb = [255, 122, 0];
const WHITE: Rgb = [255, 255, 255];
const DARK: Rgb = [33, 33, 33];

/** Decodes packed little-endian Float32 (start_ms, duration_ms, x, y) quadruples. */
export function unpackFixations(bytes: Uint8Array): { startMs: number; durationMs: number; x: number; y: number }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = [];
  for (let o = 0; o + 16 <= bytes.byteLength; o += 16) {
    out.push({ startMs: view.getFloat32(o, true), durationMs: view.getFloat32(o + 4, true), x: view.getFloat32(o + 8, true), y: view.getFloat32(o + 12, true) });
  }
  return out;
}

/**
 * Normalised density (0–1) per stim pixel: fixation durations accumulated on a coarse grid,
 * blurred with a separable Gaussian, bilinearly interpolated. Returns null with no fixations.
 */
export function density(width: number, height: number, fixations: Fixation[]): Float32Array | null {
  const inside = fixations.filter((f) => f.x >= 0 && f.y >= 0 && f.x < width && f.y < height && f.durationMs > 0);
  if (!inside.length) return null;
  const s = Math.max(1, Math.ceil(Math.max(width, height) / GRID_SIDE));
  const gw = Math.ceil(width / s), gh = Math.ceil(height / s);
  let grid = new Float32Array(gw * gh);
  for (const f of inside) grid[Math.floor(f.y / s) * gw + Math.floor(f.x / s)] += f.durationMs;
  const sigma = Math.max(MIN_SIGMA_PX, SIGMA_SHARE * Math.hypot(width, height)) / s;
  const radius = Math.ceil(3 * sigma);
  const kernel = new Float32Array(2 * radius + 1);
  for (let i = -radius; i <= radius; i++) kernel[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma));
  const pass = (src: Float32Array, horizontal: boolean) => {
    const out = new Float32Array(gw * gh);
    for (let y = 0; y < gh; y++) {
      for (let x = 0; x < gw; x++) {
        const v = src[y * gw + x];
        if (v === 0) continue;
        for (let k = -radius; k <= radius; k++) {
          const tx = horizontal ? x + k : x, ty = horizontal ? y : y + k;
          if (tx < 0 || ty < 0 || tx >= gw || ty >= gh) continue;
          out[ty * gw + tx] += v * kernel[k + radius];
        }
      }
    }
    return out;
  };
  grid = pass(pass(grid, true), false);
  let max = 0;
  for (const v of grid) if (v > max) max = v;
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const gy = Math.min(gh - 1, Math.max(0, (y + 0.5) / s - 0.5));
    const y0 = Math.floor(gy), y1 = Math.min(gh - 1, y0 + 1), fy = gy - y0;
    for (let x = 0; x < width; x++) {
      const gx = Math.min(gw - 1, Math.max(0, (x + 0.5) / s - 0.5));
      const x0 = Math.floor(gx), x1 = Math.min(gw - 1, x0 + 1), fx = gx - x0;
      const v = (grid[y0 * gw + x0] * (1 - fx) + grid[y0 * gw + x1] * fx) * (1 - fy)
        + (grid[y1 * gw + x0] * (1 - fx) + grid[y1 * gw + x1] * fx) * fy;
      out[y * width + x] = max > 0 ? v / max : 0;
    }
  }
  return out;
}

/** Blue → green → yellow → red. */
function heatColour(v: number): Rgb {
  const stops: [number, Rgb][] = [[0, [0, 0, 255]], [0.33, [0, 255, 0]], [0.66, [255, 255, 0]], [1, [255, 0, 0]]];
  for (let i = 1; i < stops.length; i++) {
    if (v <= stops[i][0]) {
      const [a, ca] = stops[i - 1], [b, cb] = stops[i];
      const t = (v - a) / (b - a);
      return [0, 1, 2].map((c) => Math.round(ca[c] + (cb[c] - ca[c]) * t)) as Rgb;
    }
  }
  return [255, 0, 0];
}

/** Below this normalised density nothing is drawn, so the stim stays readable. */
export const HEAT_FLOOR = 0.05;

function base(input: VisualInput): Canvas {
  return input.background ? cloneCanvas(input.background) : createCanvas(input.width, input.height, input.video ? VIDEO_FRAME : NEUTRAL);
}

function heatmap(input: VisualInput): Canvas {
  const c = base(input);
  const d = density(input.width, input.height, input.fixations);
  if (!d) return c;
  for (let y = 0; y < c.height; y++) {
    for (let x = 0; x < c.width; x++) {
      const v = d[y * c.width + x];
      if (v >= HEAT_FLOOR) blendPixel(c, x, y, heatColour(v), 0.25 + 0.5 * v);
    }
  }
  return c;
}

function analysis(input: VisualInput): Canvas {
  const c = base(input);
  const d = density(input.width, input.height, input.fixations);
  for (let i = 0; i < c.width * c.height; i++) {
    // Fog: 12 % brightness where nobody looked, full brightness at two thirds of the peak and up.
    const f = 0.12 + 0.88 * Math.min(1, (d ? d[i] : 0) * 1.5);
    for (let ch = 0; ch < 3; ch++) c.data[i * 4 + ch] = Math.round(c.data[i * 4 + ch] * f);
  }
  return c;
}

/** A rounded badge with text, kept inside the canvas. */
function badge(c: Canvas, text: string, x: number, y: number, scale: number, fill: Rgb): void {
  const w = textWidth(text, scale), h = textHeight(scale), pad = 2 * scale;
  const bx = Math.min(Math.max(0, x), Math.max(0, c.width - w - 2 * pad)), by = Math.min(Math.max(0, y), Math.max(0, c.height - h - 2 * pad));
  if (text.length === 1) {
    const r = (Math.max(w, h) + 2 * pad) / 2;
    fillCircle(c, bx + r, by + r, r, fill);
    drawText(c, text, Math.round(bx + r - w / 2), Math.round(by + r - h / 2), scale, WHITE);
  } else {
    fillRect(c, bx, by, w + 2 * pad, h + 2 * pad, fill);
    drawText(c, text, bx + pad, by + pad, scale, WHITE);
  }
}

const fontScale = (input: VisualInput) => Math.max(2, Math.round(Math.min(input.width, input.height) / 80));

function viewOrder(input: VisualInput): Canvas {
  const c = base(input);
  const scale = fontScale(input);
  const sorted = [...input.aois].sort((a, b) => (a.viewOrder ?? Infinity) - (b.viewOrder ?? Infinity));
  for (const a of sorted.reverse()) {
    const ranked = a.viewOrder !== null;
    strokeRect(c, a.x, a.y, a.width, a.height, ranked ? ACCENT : [150, 150, 150], Math.max(2, scale));
    if (ranked) badge(c, String(a.viewOrder), a.x + scale, a.y + scale, scale, ACCENT);
  }
  return c;
}

function featureAnalysis(input: VisualInput): Canvas {
  const c = base(input);
  const scale = fontScale(input);
  for (const a of input.aois) {
    const share = Math.max(0, Math.min(100, a.viewedPercent)) / 100;
    fillRect(c, a.x, a.y, a.width, a.height, [220, 30, 60], 0.1 + 0.6 * share);
    strokeRect(c, a.x, a.y, a.width, a.height, [220, 30, 60], Math.max(1, Math.round(scale / 2)));
    badge(c, `${Math.round(a.viewedPercent)}%`, a.x + scale, a.y + scale, scale, DARK);
  }
  return c;
}

const RENDERERS: Record<VisualKind, (input: VisualInput) => Canvas> = {
  heatmap, analysis, vieworder: viewOrder, featureanalysis: featureAnalysis,
};

export function renderVisual(kind: VisualKind, input: VisualInput, lowQuality = false): Buffer {
  const c = RENDERERS[kind](input);
  return encodePng(lowQuality ? halve(c) : c);
}

// The four report visuals, rendered from fixations and AOIs in stim pixels:
// heatmap (Gaussian fixation density per respondent, weighted by duration or count, clear below
// a threshold, with a legend), view order (AOIs numbered by rank),
// feature analysis (AOIs shaded by % of viewers), stim analysis (the stim fogged except where
// people looked). Parameters are documented in docs/metrics.md ("Visuals").
import {
  createCanvas, cloneCanvas, fillRect, strokeRect, halve, encodeCanvas, overlaySvg, over, type Canvas, type Rgb,
} from './canvas.js';
import { svgColour, svgDocument, svgText, textWidth } from './font.js';
import {
  gaussianBlur, heatAlpha, heatColour, heatT, HEAT_ALPHA_MAX, HEAT_ALPHA_MIN, HEAT_FLOOR, HEAT_SCALE, MIN_SIGMA_PX, SIGMA_SHARE,
} from '../../../contract/heat-scale.js';

export type VisualKind = 'heatmap' | 'vieworder' | 'featureanalysis' | 'analysis';
/** What a fixation adds to the heatmap: its duration (default) or 1. */
export type HeatWeight = 'duration' | 'count';

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
  /** The view order's base: viewers who fixated the AOI's feature (drawn as n=… beside the rank). */
  viewers?: number;
  /** Fewer viewers than the view order's minimum base: the rank is drawn grey with a '?'. */
  lowBase?: boolean;
  viewedPercent: number;
}

export interface VisualInput {
  width: number;
  height: number;
  /** The stim image at width × height, or null for a neutral frame. */
  background: Canvas | null;
  video: boolean;
  /**
   * Draw the layer only, on a clear canvas (`backdrop=none`): the browser composites it over a
   * frame of the video it has and the server does not decode (docs/decisions.md).
   */
  transparent?: boolean;
  fixations: Fixation[];
  aois: AoiBox[];
  /** The base size n (exposures whose fixations are drawn): the heatmap's scale is per respondent. */
  respondents?: number;
  weight?: HeatWeight;
}

/** Largest side rendered; bigger stims are drawn scaled down (the ratio is kept). */
export const MAX_SIDE = 4096;
/** Density is computed on a grid of at most this many cells per side, then interpolated. */
const GRID_SIDE = 256;

const NEUTRAL: Rgb = [224, 224, 224];
const VIDEO_FRAME: Rgb = [64, 64, 64];
const ACCENT: Rgb = [255, 122, 0];
const WHITE: Rgb = [255, 255, 255];
const DARK: Rgb = [33, 33, 33];
const BLACK: Rgb = [0, 0, 0];

/** Decodes packed little-endian Float32 (start_ms, duration_ms, x, y) quadruples. */
export function unpackFixations(bytes: Uint8Array): { startMs: number; durationMs: number; x: number; y: number }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = [];
  for (let o = 0; o + 16 <= bytes.byteLength; o += 16) {
    out.push({ startMs: view.getFloat32(o, true), durationMs: view.getFloat32(o + 4, true), x: view.getFloat32(o + 8, true), y: view.getFloat32(o + 12, true) });
  }
  return out;
}

export interface Density {
  /** Per stim pixel, 0–1 of the peak. */
  map: Float32Array;
  /** The peak in weight units (ms or fixations) before dividing by n. */
  peak: number;
}

/**
 * Fixation density per stim pixel: each fixation's weight (duration in ms, or 1) accumulated on a
 * coarse grid, spread with a separable Gaussian of peak 1 (a fixation right there counts fully,
 * one σ away 61 %), bilinearly interpolated, and given relative to its peak. Null without fixations.
 */
export function density(width: number, height: number, fixations: Fixation[], weight: HeatWeight = 'duration'): Density | null {
  const inside = fixations.filter((f) => f.x >= 0 && f.y >= 0 && f.x < width && f.y < height && f.durationMs > 0);
  if (!inside.length) return null;
  const s = Math.max(1, Math.ceil(Math.max(width, height) / GRID_SIDE));
  const gw = Math.ceil(width / s), gh = Math.ceil(height / s);
  let grid = new Float32Array(gw * gh);
  for (const f of inside) grid[Math.floor(f.y / s) * gw + Math.floor(f.x / s)] += weight === 'count' ? 1 : f.durationMs;
  const sigma = Math.max(MIN_SIGMA_PX, SIGMA_SHARE * Math.hypot(width, height)) / s;
  grid = gaussianBlur(grid, gw, gh, sigma);
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
  return { map: out, peak: max };
}

// The scale, threshold and opacities live in contract/heat-scale.ts, shared with the browser's
// interactive visual (sdk/features/report-gaze-explorer).
export { heatColour, HEAT_FLOOR, HEAT_ALPHA_MIN, HEAT_ALPHA_MAX, SIGMA_SHARE, MIN_SIGMA_PX };

function base(input: VisualInput): Canvas {
  if (input.transparent) return createCanvas(input.width, input.height, [0, 0, 0], 0);
  return input.background ? cloneCanvas(input.background) : createCanvas(input.width, input.height, input.video ? VIDEO_FRAME : NEUTRAL);
}

interface Drawn {
  canvas: Canvas;
  /** SVG fragments (text, badges, legend) drawn over the canvas. */
  svg: string[];
}

/** "0.42 s", "3.1 s", "12 s"; fixations as "0.84", "2.4", "15". */
function formatValue(v: number, weight: HeatWeight): string {
  const n = weight === 'duration' ? v / 1000 : v;
  const text = n >= 10 ? n.toFixed(0) : n >= 1 ? n.toFixed(1) : n.toPrecision(2);
  return weight === 'duration' ? `${text} s` : text;
}

type LegendPart = { text: string; bar: boolean };

/**
 * What the heatmap's legend says: the measure with the base n, and what full colour stands for
 * (the peak density per respondent); full is null without fixations.
 */
export function legendText(d: Density | null, weight: HeatWeight, n: number): { title: string; full: string | null } {
  const measure = weight === 'duration' ? 'Fixation time' : 'Fixations';
  if (!d || n <= 0) return { title: `No fixations, n = ${n}`, full: null };
  return { title: `${measure} per respondent, n = ${n}`, full: `full colour = ${formatValue(d.peak / n, weight)}` };
}

/**
 * The heatmap's legend box, in whichever corner covers the least attention: one line on wide
 * stims ("[scale] full colour = 0.42 s · fixation time per respondent, n = 5"), two otherwise.
 */
function legend(width: number, height: number, d: Density | null, weight: HeatWeight, n: number): string[] {
  const { title, full } = legendText(d, weight, n);
  let size = Math.max(9, Math.min(15, Math.floor(Math.min(height / 7, width / 24))));
  const oneLine: LegendPart[] = full
    ? [{ text: '', bar: true }, { text: `${full} · ${title[0].toLowerCase()}${title.slice(1)}`, bar: false }]
    : [{ text: title, bar: false }];
  const twoLines: LegendPart[][] = full
    ? [[{ text: title, bar: false }], [{ text: '', bar: true }, { text: full, bar: false }]]
    : [oneLine];
  // Narrow stims (skyscrapers, small MPUs): the title wrapped after its measure.
  const cut = title.indexOf(' per ');
  const threeLines: LegendPart[][] = full && cut > 0
    ? [[{ text: title.slice(0, cut), bar: false }], [{ text: title.slice(cut + 1), bar: false }], twoLines[1]]
    : twoLines;
  const barW = () => Math.round(size * 5), gap = () => Math.round(size * 0.5), pad = () => Math.round(size * 0.5);
  const lineWidth = (l: LegendPart[]) => l.reduce((w, p, i) => w + (p.bar ? barW() : textWidth(p.text, size)) + (i ? gap() : 0), 0);
  const boxW = (ls: LegendPart[][]) => Math.max(...ls.map(lineWidth)) + 2 * pad();
  const fits = (ls: LegendPart[][]) => boxW(ls) <= width - 2 * pad();
  // Short stims keep two lines (shrinking the text) rather than give the legend half their height.
  const fallback = height < 160 ? twoLines : threeLines;
  const lines = [[oneLine], twoLines, fallback].find(fits) ?? fallback;
  while (size > 6 && !fits(lines)) size--;
  const lineH = Math.round(size * 1.35), w = boxW(lines), h = lines.length * lineH + 2 * pad() - Math.round(size * 0.25);
  const m = pad();
  // Corners in order of preference; the first with the least density under it wins.
  const corners = [[width - w - m, height - h - m], [m, height - h - m], [width - w - m, m], [m, m]].map(([x, y]) => [Math.max(0, x), Math.max(0, y)]);
  let best = corners[0], bestSum = Infinity;
  for (const [x, y] of corners) {
    let sum = 0;
    if (d) {
      for (let yy = y; yy < Math.min(height, y + h); yy += 2) for (let xx = x; xx < Math.min(width, x + w); xx += 2) sum += d.map[yy * width + xx];
    }
    if (sum < bestSum - 1e-9) { best = [x, y]; bestSum = sum; }
  }
  const [bx, by] = best;
  const out = [
    '<defs><linearGradient id="heat-scale">',
    ...HEAT_SCALE.map((c, i) => {
      const t = i / (HEAT_SCALE.length - 1);
      return `<stop offset="${t.toFixed(3)}" stop-color="${svgColour(c)}" stop-opacity="${heatAlpha(t).toFixed(3)}"/>`;
    }),
    '</linearGradient></defs>',
    `<rect x="${bx}" y="${by}" width="${w}" height="${h}" rx="${Math.round(size / 3)}" fill="white" fill-opacity="0.9" stroke="rgb(0,0,0)" stroke-opacity="0.25"/>`,
  ];
  lines.forEach((line, li) => {
    let x = bx + pad();
    const baseline = by + pad() + li * lineH + Math.round(size * 0.85);
    line.forEach((part, i) => {
      if (i) x += gap();
      if (part.bar) {
        const barH = Math.round(size * 0.8);
        out.push(`<rect x="${x}" y="${baseline - barH + Math.round(size * 0.05)}" width="${barW()}" height="${barH}" fill="url(#heat-scale)" stroke="rgb(0,0,0)" stroke-opacity="0.35" stroke-width="0.5"/>`);
        x += barW();
      } else {
        out.push(svgText(part.text, x, baseline, size, DARK));
        x += textWidth(part.text, size);
      }
    });
  });
  return out;
}

function heatmap(input: VisualInput): Drawn {
  const c = base(input);
  const weight = input.weight ?? 'duration';
  const d = density(input.width, input.height, input.fixations, weight);
  if (d) {
    // One colour and opacity per 1/1024 of the scale: the per-pixel loop only looks them up.
    const steps = 1024, lut = new Float32Array((steps + 1) * 4);
    for (let i = 0; i <= steps; i++) {
      const t = i / steps, rgb = heatColour(t);
      lut.set([rgb[0], rgb[1], rgb[2], heatAlpha(t)], i * 4);
    }
    const px = c.data;
    for (let i = 0; i < c.width * c.height; i++) {
      const v = d.map[i];
      if (v < HEAT_FLOOR) continue;
      const k = Math.round(heatT(v) * steps) * 4;
      over(px, i * 4, lut.subarray(k, k + 3), lut[k + 3]);
    }
  }
  return { canvas: c, svg: legend(input.width, input.height, d, weight, input.respondents ?? 0) };
}

function analysis(input: VisualInput): Drawn {
  const c = base(input);
  const d = density(input.width, input.height, input.fixations, input.weight ?? 'duration');
  for (let i = 0; i < c.width * c.height; i++) {
    // Fog: 12 % brightness where nobody looked, full brightness at two thirds of the peak and up.
    const f = 0.12 + 0.88 * Math.min(1, (d ? d.map[i] : 0) * 1.5);
    // Black at 1 − f over the pixel: the same darkening on a creative, a coverage on a clear layer.
    over(c.data, i * 4, BLACK, 1 - f);
  }
  return { canvas: c, svg: [] };
}

/** Label size: about a fourteenth of the stim's short side, 10–28 px. */
const labelSize = (input: VisualInput) => Math.max(10, Math.min(28, Math.round(Math.min(input.width, input.height) / 14)));

/** A badge with bold white text (a circle for one character), kept inside the canvas. */
function badge(input: VisualInput, text: string, x: number, y: number, fill: Rgb): string {
  const size = labelSize(input), pad = Math.round(size * 0.35);
  const h = Math.round(size * 1.2) + 2 * pad, w = text.length === 1 ? h : textWidth(text, size, true) + 2 * pad;
  const bx = Math.min(Math.max(0, x), Math.max(0, input.width - w)), by = Math.min(Math.max(0, y), Math.max(0, input.height - h));
  const shape = text.length === 1
    ? `<circle cx="${bx + w / 2}" cy="${by + h / 2}" r="${h / 2}" fill="${svgColour(fill)}"/>`
    : `<rect x="${bx}" y="${by}" width="${w}" height="${h}" rx="${Math.round(pad / 2)}" fill="${svgColour(fill)}"/>`;
  // Digits stand about 0.36 em above the baseline's middle: this centres them in the badge.
  return shape + svgText(text, bx + w / 2, by + h / 2 + size * 0.36, size, WHITE, { bold: true, anchor: 'middle' });
}

/** Outline thickness: about 1/80 of the short side, at least 2 px. */
const fontScale = (input: VisualInput) => Math.max(2, Math.round(Math.min(input.width, input.height) / 80));

/** A view-order rank under the minimum base (features.ts MIN_VIEW_ORDER_BASE). */
export const LOW_BASE_GREY: Rgb = [110, 110, 110];

function viewOrder(input: VisualInput): Drawn {
  const c = base(input);
  const scale = fontScale(input);
  const svg: string[] = [];
  const sorted = [...input.aois].sort((a, b) => (a.viewOrder ?? Infinity) - (b.viewOrder ?? Infinity));
  // Drawn last rank first, so rank 1's outline and badge end on top.
  for (const a of sorted.reverse()) {
    const ranked = a.viewOrder !== null;
    const colour = ranked && !a.lowBase ? ACCENT : LOW_BASE_GREY;
    strokeRect(c, a.x, a.y, a.width, a.height, ranked ? colour : [150, 150, 150], Math.max(2, scale));
    if (ranked) {
      // Each rank shows its base (issue 37 item 6); under the minimum base it is grey and marked '?'.
      const x = Math.round(a.x + 2 * scale), y = Math.round(a.y + 2 * scale);
      svg.push(badge(input, `${a.viewOrder}${a.lowBase ? '?' : ''}`, x, y, colour));
      if (a.viewers !== undefined) svg.push(badge(input, `n=${a.viewers}`, x, y + Math.round(labelSize(input) * 1.2 + labelSize(input) * 0.7 + 2), DARK));
    }
  }
  return { canvas: c, svg };
}

function featureAnalysis(input: VisualInput): Drawn {
  const c = base(input);
  const scale = fontScale(input);
  const svg: string[] = [];
  for (const a of input.aois) {
    const share = Math.max(0, Math.min(100, a.viewedPercent)) / 100;
    fillRect(c, a.x, a.y, a.width, a.height, [220, 30, 60], 0.1 + 0.6 * share);
    strokeRect(c, a.x, a.y, a.width, a.height, [220, 30, 60], Math.max(1, Math.round(scale / 2)));
    svg.push(badge(input, `${Math.round(a.viewedPercent)}%`, Math.round(a.x + scale), Math.round(a.y + scale), DARK));
  }
  return { canvas: c, svg };
}

const RENDERERS: Record<VisualKind, (input: VisualInput) => Drawn> = {
  heatmap, analysis, vieworder: viewOrder, featureanalysis: featureAnalysis,
};

/** The visual as PNG; low quality halves it after the labels are drawn (they scale with it). */
export async function renderVisual(kind: VisualKind, input: VisualInput, lowQuality = false): Promise<Buffer> {
  const drawn = RENDERERS[kind](input);
  const c = drawn.svg.length ? await overlaySvg(drawn.canvas, svgDocument(input.width, input.height, drawn.svg)) : drawn.canvas;
  return encodeCanvas(lowQuality ? halve(c) : c);
}

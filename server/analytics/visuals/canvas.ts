// A tiny RGBA raster with the few drawing operations the visuals need, PNG in and out via pngjs.
// No native canvas: the server stays pure JavaScript and installs anywhere.
import { PNG } from 'pngjs';

export type Rgb = [number, number, number];

export interface Canvas {
  width: number;
  height: number;
  /** RGBA, row-major, 4 bytes per pixel. */
  data: Uint8Array;
}

export function createCanvas(width: number, height: number, fill: Rgb = [224, 224, 224]): Canvas {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = fill[0]; data[i + 1] = fill[1]; data[i + 2] = fill[2]; data[i + 3] = 255;
  }
  return { width, height, data };
}

export function cloneCanvas(c: Canvas): Canvas {
  return { width: c.width, height: c.height, data: new Uint8Array(c.data) };
}

/** Blends colour over the pixel with opacity alpha (0–1); out-of-bounds pixels are ignored. */
export function blendPixel(c: Canvas, x: number, y: number, rgb: Rgb, alpha: number): void {
  if (x < 0 || y < 0 || x >= c.width || y >= c.height || alpha <= 0) return;
  const i = (y * c.width + x) * 4;
  const a = Math.min(1, alpha);
  c.data[i] = Math.round(c.data[i] * (1 - a) + rgb[0] * a);
  c.data[i + 1] = Math.round(c.data[i + 1] * (1 - a) + rgb[1] * a);
  c.data[i + 2] = Math.round(c.data[i + 2] * (1 - a) + rgb[2] * a);
  c.data[i + 3] = 255;
}

export function fillRect(c: Canvas, x0: number, y0: number, w: number, h: number, rgb: Rgb, alpha = 1): void {
  const xa = Math.max(0, Math.round(x0)), ya = Math.max(0, Math.round(y0));
  const xb = Math.min(c.width, Math.round(x0 + w)), yb = Math.min(c.height, Math.round(y0 + h));
  for (let y = ya; y < yb; y++) for (let x = xa; x < xb; x++) blendPixel(c, x, y, rgb, alpha);
}

export function strokeRect(c: Canvas, x0: number, y0: number, w: number, h: number, rgb: Rgb, thickness = 2): void {
  fillRect(c, x0, y0, w, thickness, rgb);
  fillRect(c, x0, y0 + h - thickness, w, thickness, rgb);
  fillRect(c, x0, y0, thickness, h, rgb);
  fillRect(c, x0 + w - thickness, y0, thickness, h, rgb);
}

export function fillCircle(c: Canvas, cx: number, cy: number, r: number, rgb: Rgb, alpha = 1): void {
  for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) {
    for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++) {
      if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) blendPixel(c, x, y, rgb, alpha);
    }
  }
}

/** Nearest-neighbour resize (backgrounds to the stim size). */
export function resizeNearest(src: Canvas, width: number, height: number): Canvas {
  if (src.width === width && src.height === height) return cloneCanvas(src);
  const out = createCanvas(width, height);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(src.height - 1, Math.floor((y * src.height) / height));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(src.width - 1, Math.floor((x * src.width) / width));
      const si = (sy * src.width + sx) * 4, di = (y * width + x) * 4;
      out.data[di] = src.data[si]; out.data[di + 1] = src.data[si + 1]; out.data[di + 2] = src.data[si + 2]; out.data[di + 3] = 255;
    }
  }
  return out;
}

/** Channel spread up to which a 2×2 block counts as smooth (a gradient) rather than a hard edge. */
const SMOOTH_SPREAD = 32;

/**
 * Half resolution (the low-quality variants): a smooth 2×2 block (heatmap density, gradients,
 * photos) becomes its average; a block across a hard edge (AOI boxes, badges, text, flat
 * creatives) keeps its top-left pixel. Averaging edges invents in-between colours that PNG
 * compresses worse, which made "low quality" images of flat drawings larger than the full ones.
 */
export function halve(src: Canvas): Canvas {
  const w = Math.max(1, Math.floor(src.width / 2)), h = Math.max(1, Math.floor(src.height / 2));
  const out = createCanvas(w, h);
  const block: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      block.length = 0;
      for (let dy = 0; dy < 2; dy++) for (let dx = 0; dx < 2; dx++) {
        const sx = 2 * x + dx, sy = 2 * y + dy;
        if (sx < src.width && sy < src.height) block.push((sy * src.width + sx) * 4);
      }
      let spread = 0;
      for (let ch = 0; ch < 3; ch++) {
        let lo = 255, hi = 0;
        for (const i of block) { lo = Math.min(lo, src.data[i + ch]); hi = Math.max(hi, src.data[i + ch]); }
        spread = Math.max(spread, hi - lo);
      }
      const o = (y * w + x) * 4;
      for (let ch = 0; ch < 3; ch++) {
        if (spread > SMOOTH_SPREAD) { out.data[o + ch] = src.data[block[0] + ch]; continue; }
        let s = 0;
        for (const i of block) s += src.data[i + ch];
        out.data[o + ch] = Math.round(s / block.length);
      }
    }
  }
  return out;
}

export function encodePng(c: Canvas): Buffer {
  const png = new PNG({ width: c.width, height: c.height });
  png.data = Buffer.from(c.data.buffer, c.data.byteOffset, c.data.byteLength);
  return PNG.sync.write(png);
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Decodes a PNG (alpha composited over white); null when the bytes are not a readable PNG. */
export function decodePng(bytes: Buffer): Canvas | null {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) return null;
  try {
    const png = PNG.sync.read(bytes);
    const c = createCanvas(png.width, png.height, [255, 255, 255]);
    for (let i = 0; i < png.width * png.height; i++) {
      const a = png.data[i * 4 + 3] / 255;
      for (let ch = 0; ch < 3; ch++) c.data[i * 4 + ch] = Math.round(png.data[i * 4 + ch] * a + 255 * (1 - a));
    }
    return c;
  } catch {
    return null;
  }
}

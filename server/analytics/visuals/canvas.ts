// A tiny RGBA raster with the few pixel operations the visuals need. Decoding, resampling,
// text and PNG encoding go through sharp (libvips, already a dependency for stim uploads), so
// every image type an upload accepts becomes a background.
import { PNG } from 'pngjs';
import sharp from 'sharp';

export type Rgb = [number, number, number];

export interface Canvas {
  width: number;
  height: number;
  /** RGBA, row-major, 4 bytes per pixel. */
  data: Uint8Array;
}

export function createCanvas(width: number, height: number, fill: Rgb = [224, 224, 224], alpha = 255): Canvas {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = fill[0]; data[i + 1] = fill[1]; data[i + 2] = fill[2]; data[i + 3] = alpha;
  }
  return { width, height, data };
}

export function cloneCanvas(c: Canvas): Canvas {
  return { width: c.width, height: c.height, data: new Uint8Array(c.data) };
}

/**
 * Porter–Duff "over" of colour rgb at opacity a (0–1) onto the RGBA pixel at byte offset o. On an
 * opaque pixel this is the plain blend; on a clear one (a video's overlay, `backdrop=none`) it
 * keeps the coverage in alpha, so the browser drawing the layer over the frame gets the same
 * pixels as drawing it on the frame here.
 */
export function over(px: Uint8Array, o: number, rgb: Rgb | Float32Array | number[], a: number): void {
  if (a <= 0) return;
  const sa = Math.min(1, a), da = px[o + 3] / 255;
  const oa = sa + da * (1 - sa);
  for (let ch = 0; ch < 3; ch++) px[o + ch] = Math.round((rgb[ch] * sa + px[o + ch] * da * (1 - sa)) / oa);
  px[o + 3] = Math.round(oa * 255);
}

/** Blends colour over the pixel with opacity alpha (0–1); out-of-bounds pixels are ignored. */
export function blendPixel(c: Canvas, x: number, y: number, rgb: Rgb, alpha: number): void {
  if (x < 0 || y < 0 || x >= c.width || y >= c.height || alpha <= 0) return;
  over(c.data, (y * c.width + x) * 4, rgb, alpha);
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
      // Alpha too: a clear overlay (backdrop=none) halves like its colours.
      for (let ch = 0; ch < 4; ch++) {
        let lo = 255, hi = 0;
        for (const i of block) { lo = Math.min(lo, src.data[i + ch]); hi = Math.max(hi, src.data[i + ch]); }
        spread = Math.max(spread, hi - lo);
      }
      const o = (y * w + x) * 4;
      for (let ch = 0; ch < 4; ch++) {
        if (spread > SMOOTH_SPREAD) { out.data[o + ch] = src.data[block[0] + ch]; continue; }
        let s = 0;
        for (const i of block) s += src.data[i + ch];
        out.data[o + ch] = Math.round(s / block.length);
      }
    }
  }
  return out;
}

/** PNG via pngjs, synchronous (test fixtures; the visuals encode with encodeCanvas). */
export function encodePng(c: Canvas): Buffer {
  const png = new PNG({ width: c.width, height: c.height });
  png.data = Buffer.from(c.data.buffer, c.data.byteOffset, c.data.byteLength);
  return PNG.sync.write(png);
}

const raw = (c: Canvas) => ({ raw: { width: c.width, height: c.height, channels: 4 as const } });
const rgba = (c: Canvas) => Buffer.from(c.data.buffer, c.data.byteOffset, c.data.byteLength);

/** PNG via sharp: native, off the event loop, and much faster than pngjs on large stims. */
export async function encodeCanvas(c: Canvas): Promise<Buffer> {
  return sharp(rgba(c), raw(c)).png({ compressionLevel: 6 }).toBuffer();
}

/**
 * Draws an SVG of the canvas's size over it (text, badges, legends: real fonts, anti-aliased).
 * When librsvg cannot render it (no fonts installed, a broken overlay) the canvas is kept as
 * it was: a visual without its labels beats no visual.
 */
export async function overlaySvg(c: Canvas, svg: string): Promise<Canvas> {
  try {
    const { data, info } = await sharp(rgba(c), raw(c)).composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
      .ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    if (info.width !== c.width || info.height !== c.height || info.channels !== 4) return c;
    return { width: c.width, height: c.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  } catch {
    return c;
  }
}

/** Largest decoded image accepted (pixels), as for stim uploads: a decompression bomb is refused. */
const MAX_INPUT_PIXELS = 100_000_000;

/**
 * Decodes any image sharp reads (PNG, JPEG, WebP, GIF's first frame, AVIF, TIFF, SVG), applies
 * its EXIF orientation, resamples it to width × height (Lanczos 3, stretched like the stim was
 * shown) and composites transparency over white; null when the bytes are not a readable image.
 */
export async function decodeImage(bytes: Buffer, width: number, height: number): Promise<Canvas | null> {
  try {
    const { data, info } = await sharp(bytes, { animated: false, limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.width !== width || info.height !== height || info.channels !== 4) return null;
    return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  } catch {
    return null;
  }
}

// Demo creatives drawn with pngjs: a coloured ad mock-up per brand and format (logo, headline,
// product, call-to-action blocks; brand name, initials and CTA in real type through sharp) and small
// company logos.
// The blocks are returned as AOI rectangles, so heatmaps and feature reports line up with them.
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import sharp from 'sharp';

type RGB = [number, number, number];

/**
 * The mock-ups' lettering: Liberation Sans Bold 2.1.5 (SIL OFL 1.1, fonts/OFL.txt) shipped beside
 * this file and handed to sharp's text renderer (Pango + FreeType) as a font file, so the demo's
 * ads are set in real type on any machine, with or without system fonts, and draw the same pixels
 * wherever the same sharp build runs (docs/decisions.md "Demo creatives in real type").
 */
export const DEMO_FONT_FILE = fileURLToPath(new URL('./fonts/LiberationSans-Bold.ttf', import.meta.url));
export const DEMO_FONT = 'Liberation Sans Bold';

const escapeMarkup = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const hex = ([r, g, b]: RGB) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** One line of text at `px` pixels (font size in points at 72 dpi), coloured, on transparency. */
function renderText(str: string, px: number, color: RGB) {
  return sharp({
    text: { text: `<span foreground="${hex(color)}">${escapeMarkup(str)}</span>`, font: `${DEMO_FONT} ${px}`, fontfile: DEMO_FONT_FILE, dpi: 72, rgba: true, wrap: 'none' },
  }).png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
}

/** The demo repeats its brands and CTAs: each string is measured once per process. */
const extents = new Map<string, Promise<{ width: number; height: number }>>();
function extentAt100(str: string) {
  let e = extents.get(str);
  if (!e) extents.set(str, (e = sharp({ text: { text: escapeMarkup(str), font: `${DEMO_FONT} 100`, fontfile: DEMO_FONT_FILE, dpi: 72, wrap: 'none' } }).metadata()
    .then((m) => ({ width: Math.max(1, m.width ?? 1), height: Math.max(1, m.height ?? 1) }))));
  return e;
}

class Canvas {
  readonly png: PNG;
  constructor(readonly width: number, readonly height: number) {
    this.png = new PNG({ width, height });
  }

  rect(x: number, y: number, w: number, h: number, [r, g, b]: RGB) {
    const x0 = Math.max(0, Math.round(x)), y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w)), y1 = Math.min(this.height, Math.round(y + h));
    if (x1 <= x0) return;
    // Buffer.fill repeats the 4-byte pixel natively: drawing ~46 Mpx of demo ads stays fast.
    const pixel = Buffer.from([r, g, b, 255]);
    for (let yy = y0; yy < y1; yy++) {
      const row = yy * this.width;
      this.png.data.fill(pixel, (row + x0) * 4, (row + x1) * 4);
    }
  }

  circle(cx: number, cy: number, radius: number, [r, g, b]: RGB) {
    const d = this.png.data;
    const r2 = radius * radius;
    for (let yy = Math.max(0, Math.floor(cy - radius)); yy < Math.min(this.height, Math.ceil(cy + radius)); yy++) {
      for (let xx = Math.max(0, Math.floor(cx - radius)); xx < Math.min(this.width, Math.ceil(cx + radius)); xx++) {
        if ((xx - cx) ** 2 + (yy - cy) ** 2 <= r2) {
          const i = (yy * this.width + xx) * 4;
          d[i] = r; d[i + 1] = g; d[i + 2] = b; d[i + 3] = 255;
        }
      }
    }
  }

  gradient(top: RGB, bottom: RGB) {
    for (let y = 0; y < this.height; y++) {
      const t = this.height > 1 ? y / (this.height - 1) : 0;
      this.rect(0, y, this.width, 1, top.map((c, k) => Math.round(c + (bottom[k] - c) * t)) as RGB);
    }
  }

  private readonly texts: { str: string; box: Box; color: RGB }[] = [];

  /** Text set later (encode) at the largest size that fits the box on one line, centred in it. */
  text(str: string, box: Box, color: RGB) {
    if (str.trim() && box.width >= 4 && box.height >= 4) this.texts.push({ str: str.trim(), box, color });
  }

  /** The PNG: the shapes with each text rendered by Pango in the shipped font and composited. */
  async encode(): Promise<Buffer> {
    const layers = await Promise.all(this.texts.map(async ({ str, box, color }) => {
      // The largest size whose one-line layout fits the box, from the text's extent at 100 px
      // (text scales linearly); libvips' own fitting (width + height) tries many sizes per text.
      const ref = await extentAt100(str);
      const px = Math.max(4, Math.floor(Math.min(box.width / ref.width, box.height / ref.height) * 100 * 0.96));
      const { data, info } = await renderText(str, px, color);
      const left = Math.max(0, Math.min(this.width - info.width, Math.round(box.x + (box.width - info.width) / 2)));
      const top = Math.max(0, Math.min(this.height - info.height, Math.round(box.y + (box.height - info.height) / 2)));
      return info.width <= this.width && info.height <= this.height ? [{ input: data, left, top }] : [];
    }));
    return sharp(this.png.data, { raw: { width: this.width, height: this.height, channels: 4 } })
      .composite(layers.flat())
      .removeAlpha()
      // Fixed settings: the same seed gives the same bytes.
      .png({ compressionLevel: 9, adaptiveFiltering: false })
      .toBuffer();
  }
}

export interface Box { x: number; y: number; width: number; height: number }
export interface DemoAoi extends Box { tag: string }

function hash(s: string): number {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

function hsl(h: number, s: number, l: number): RGB {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

export function brandPalette(brand: string, variant = 0) {
  const hue = (hash(brand) % 360 + variant * 40) % 360;
  return {
    top: hsl(hue, 0.55, 0.93), bottom: hsl(hue, 0.5, 0.82), primary: hsl(hue, 0.65, 0.38),
    accent: hsl((hue + 150) % 360, 0.55, 0.55), ink: [255, 255, 255] as RGB, dark: [34, 34, 40] as RGB,
  };
}

/** "Crunchy Oats" → "CO": the logo mark. */
const initials = (name: string) => name.split(/\s+/).map((w) => w[0]).join('').slice(0, 2);

const r = (x: number, y: number, width: number, height: number): Box => ({
  x: Math.round(x), y: Math.round(y), width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)),
});

/** Where the four blocks go for a format, by its shape. */
function layout(w: number, h: number, variant: number): Record<'logo' | 'headline' | 'product' | 'cta', Box> {
  const ratio = w / h;
  const m = Math.round(Math.min(w, h) * 0.08);
  if (ratio >= 2.5) {
    // Banners and billboards: a row.
    const logoSide = h - 2 * m;
    const cta = r(w - m - w * 0.18, h * 0.3, w * 0.18, h * 0.4);
    const product = r(cta.x - m - h * 0.9, m, h * 0.9, h - 2 * m);
    const headline = r(m * 2 + logoSide, h * 0.2, product.x - (m * 3 + logoSide), h * 0.6);
    return { logo: r(m, m, logoSide, logoSide), headline, product, cta };
  }
  if (ratio <= 0.6) {
    // Skyscrapers and stories: a column.
    const logo = r(w * 0.3, m, w * 0.4, w * 0.4);
    const headline = r(m, logo.y + logo.height + m, w - 2 * m, h * 0.12);
    const cta = r(w * 0.15, h - m - h * 0.08, w * 0.7, h * 0.08);
    const top = headline.y + headline.height + m;
    const product = r(m, top, w - 2 * m, cta.y - m - top);
    return { logo, headline, product, cta };
  }
  // MPUs, squares and 16:9: headline on top, product below, logo and CTA in the corners.
  const headline = r(m, m, w - 2 * m, h * 0.18);
  const logo = r(variant % 2 ? w - m - h * 0.22 : m, h - m - h * 0.22, h * 0.22, h * 0.22);
  const cta = r(variant % 2 ? m : w - m - w * 0.34, h - m - h * 0.16, w * 0.34, h * 0.16);
  const top = headline.y + headline.height + m;
  const product = r(w * 0.2, top, w * 0.6, logo.y - m - top);
  return { logo, headline, product, cta };
}

/** The AOI rectangles of the ad drawAd draws for this size and variant. */
export function adAois(width: number, height: number, variant = 0): DemoAoi[] {
  const L = layout(width, height, variant);
  return [
    { tag: 'Logo', ...L.logo }, { tag: 'Headline', ...L.headline },
    { tag: 'Product', ...L.product }, { tag: 'CTA', ...L.cta },
  ];
}

export interface AdImage {
  png: Buffer;
  aois: DemoAoi[];
}

/** One ad creative: brand colours, the brand name as headline, a product shape and a CTA button. */
export async function drawAd(opts: { brand: string; width: number; height: number; cta: string; variant?: number; video?: boolean }): Promise<AdImage> {
  const { brand, width, height, cta } = opts;
  const variant = opts.variant ?? 0;
  const c = new Canvas(width, height);
  const p = brandPalette(brand, variant);
  c.gradient(p.top, p.bottom);
  const L = layout(width, height, variant);
  // Logo: a filled square with the brand initials.
  c.rect(L.logo.x, L.logo.y, L.logo.width, L.logo.height, p.primary);
  const inset = Math.round(L.logo.width * 0.15);
  c.text(initials(brand), r(L.logo.x + inset, L.logo.y + inset, L.logo.width - 2 * inset, L.logo.height - 2 * inset), p.ink);
  c.text(brand, L.headline, p.dark);
  // Product: a pack shape (rounded by a circle on top) in the accent colour.
  const pr = L.product;
  c.rect(pr.x + pr.width * 0.25, pr.y + pr.height * 0.25, pr.width * 0.5, pr.height * 0.75, p.accent);
  c.circle(pr.x + pr.width / 2, pr.y + pr.height * 0.25, Math.min(pr.width * 0.25, pr.height * 0.25), p.accent);
  if (opts.video) {
    // A poster frame: a play triangle over the product.
    const cx = pr.x + pr.width / 2, cy = pr.y + pr.height / 2, s = Math.min(pr.width, pr.height) * 0.2;
    for (let dy = -s; dy <= s; dy++) c.rect(cx - s / 2, cy + dy, s * (1 - Math.abs(dy) / s), 1, p.ink);
  }
  c.rect(L.cta.x, L.cta.y, L.cta.width, L.cta.height, p.primary);
  const pad = Math.round(Math.min(L.cta.width, L.cta.height) * 0.2);
  c.text(cta, r(L.cta.x + pad, L.cta.y + pad, L.cta.width - 2 * pad, L.cta.height - 2 * pad), p.ink);
  return {
    png: await c.encode(),
    aois: adAois(width, height, variant),
  };
}

/** A square company logo: initials on the company colour. */
export async function drawLogo(name: string, size = 128): Promise<Buffer> {
  const c = new Canvas(size, size);
  const p = brandPalette(name);
  c.rect(0, 0, size, size, p.primary);
  c.text(initials(name), r(size * 0.15, size * 0.25, size * 0.7, size * 0.5), p.ink);
  return c.encode();
}

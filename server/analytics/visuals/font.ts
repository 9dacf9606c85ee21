// Text for the visuals, drawn as SVG over the raster (sharp renders it with librsvg, FreeType and
// fontconfig): real, anti-aliased fonts. DejaVu Sans ships with Debian's fonts-dejavu-core (and
// most distributions); the fallbacks cover macOS and other images. Without any font installed
// librsvg draws no glyphs and the visual keeps its shapes (canvas.overlaySvg).
import type { Rgb } from './canvas.js';

export const FONT_FAMILY = "'DejaVu Sans', 'Liberation Sans', 'Helvetica Neue', Arial, sans-serif";

/** Average advance of DejaVu Sans Bold digits and "%" as a share of the font size (for layout). */
const BOLD_ADVANCE = 0.72;
/** Advance of DejaVu Sans text as a share of the font size (measured on the legend: about 0.49). */
const REGULAR_ADVANCE = 0.52;

export const textWidth = (text: string, size: number, bold = false) => Math.ceil([...text].length * size * (bold ? BOLD_ADVANCE : REGULAR_ADVANCE));

export const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export const svgColour = (rgb: Rgb) => `rgb(${rgb[0]},${rgb[1]},${rgb[2]})`;

/** One line of text; (x, y) is the baseline start, or its middle with anchor 'middle'. */
export function svgText(text: string, x: number, y: number, size: number, rgb: Rgb, opts: { bold?: boolean; anchor?: 'start' | 'middle' | 'end' } = {}): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-family="${FONT_FAMILY}" font-size="${size.toFixed(1)}"`
    + `${opts.bold ? ' font-weight="bold"' : ''} text-anchor="${opts.anchor ?? 'start'}" fill="${svgColour(rgb)}">${escapeXml(text)}</text>`;
}

export const svgDocument = (width: number, height: number, body: string[]) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body.join('')}</svg>`;

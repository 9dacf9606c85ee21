// A 3×5 bitmap font for the only text the visuals draw: ranks and percentages.
import { fillRect, type Canvas, type Rgb } from './canvas.js';

const GLYPHS: Record<string, string[]> = {
  '0': ['111', '101', '101', '101', '111'],
  '1': ['010', '110', '010', '010', '111'],
  '2': ['111', '001', '111', '100', '111'],
  '3': ['111', '001', '111', '001', '111'],
  '4': ['101', '101', '111', '001', '001'],
  '5': ['111', '100', '111', '001', '111'],
  '6': ['111', '100', '111', '101', '111'],
  '7': ['111', '001', '010', '010', '010'],
  '8': ['111', '101', '111', '101', '111'],
  '9': ['111', '101', '111', '001', '111'],
  '%': ['101', '001', '010', '100', '101'],
  '.': ['000', '000', '000', '000', '010'],
};

/** Width in pixels of text drawn at this scale (glyphs 3 wide with 1 pixel spacing). */
export const textWidth = (text: string, scale: number) => Math.max(0, text.length * 4 - 1) * scale;
export const textHeight = (scale: number) => 5 * scale;

export function drawText(c: Canvas, text: string, x: number, y: number, scale: number, rgb: Rgb): void {
  let cx = x;
  for (const ch of text) {
    const g = GLYPHS[ch];
    if (g) {
      for (let row = 0; row < 5; row++) {
        for (let col = 0; col < 3; col++) if (g[row][col] === '1') fillRect(c, cx + col * scale, y + row * scale, scale, scale, rgb);
      }
    }
    cx += 4 * scale;
  }
}

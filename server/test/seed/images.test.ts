// Issue 37 item 1: the demo's mock-up creatives are lettered in real type (the shipped Liberation
// Sans Bold through sharp), not a blocky bitmap face, at the creative's size, the same bytes each time.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { existsSync } from 'node:fs';
import { brandPalette, DEMO_FONT_FILE, drawAd, drawLogo, type Box } from '../../seed/images.js';

type Rgb = [number, number, number];

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { info, at: (x: number, y: number): Rgb => { const i = (y * info.width + x) * 3; return [data[i], data[i + 1], data[i + 2]]; } };
}

/**
 * Pixels of a box that are a blend of the ink and the ground (strictly between them on every
 * channel that differs): anti-aliased glyph edges. A bitmap font paints only ink or ground.
 */
async function blendsIn(png: Buffer, box: Box, ink: Rgb, groundAt: (x: number, y: number) => Rgb) {
  const { at } = await pixels(png);
  let blends = 0, inked = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const p = at(x, y), g = groundAt(x, y);
      if (p.every((c, k) => c === ink[k])) { inked += 1; continue; }
      if (p.every((c, k) => Math.abs(c - g[k]) <= 1)) continue;
      const between = p.every((c, k) => ink[k] === g[k] ? Math.abs(c - g[k]) <= 1 : (c - ink[k]) * (c - g[k]) < 0);
      if (between) blends += 1;
    }
  }
  return { blends, inked };
}

describe('demo creatives in real type (issue 37 item 1)', () => {
  it('ships its font: the OFL Liberation Sans Bold beside the seed', () => {
    expect(existsSync(DEMO_FONT_FILE)).toBe(true);
  });

  it('an MPU keeps its size and its headline and CTA are anti-aliased type, not a bitmap face', async () => {
    const ad = await drawAd({ brand: 'Crunchy Oats', width: 300, height: 250, cta: 'Learn more' });
    const meta = await sharp(ad.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 300, 250]);
    const p = brandPalette('Crunchy Oats');
    const img = await pixels(ad.png);
    const aoi = (tag: string) => ad.aois.find((a) => a.tag === tag)!;
    // The headline sits on the vertical gradient: its ground is the row's colour at the left edge.
    const headline = await blendsIn(ad.png, aoi('Headline'), p.dark, (_x, y) => img.at(0, y));
    expect(headline.inked, 'the headline is drawn').toBeGreaterThan(200);
    expect(headline.blends, 'grey levels between ink and ground at the glyph edges').toBeGreaterThan(100);
    // The CTA's words on the button colour.
    const cta = aoi('CTA');
    const inner = { x: cta.x + 4, y: cta.y + 4, width: cta.width - 8, height: cta.height - 8 };
    const button = await blendsIn(ad.png, inner, p.ink, () => p.primary);
    expect(button.inked + button.blends, 'the CTA is lettered').toBeGreaterThan(100);
    expect(button.blends).toBeGreaterThan(30);
  });

  it('the same creative is the same bytes each time (a deterministic seed); a leaderboard and a logo too', async () => {
    const a = await drawAd({ brand: 'Northwind Air', width: 728, height: 90, cta: 'Book today', variant: 1 });
    const b = await drawAd({ brand: 'Northwind Air', width: 728, height: 90, cta: 'Book today', variant: 1 });
    expect(a.png.equals(b.png)).toBe(true);
    expect((await sharp(a.png).metadata()).width).toBe(728);
    const logo = await drawLogo('Northwind Air');
    expect(logo.equals(await drawLogo('Northwind Air'))).toBe(true);
    const { blends } = await blendsIn(logo, { x: 0, y: 0, width: 128, height: 128 }, [255, 255, 255], () => brandPalette('Northwind Air').primary);
    expect(blends).toBeGreaterThan(30);
  });
});

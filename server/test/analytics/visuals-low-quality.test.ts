// The `_low_quality` visuals exist to load faster. Averaging every 2×2 block blurred the hard
// edges of flat drawings (AOI boxes, badges, flat creatives) into new in-between colours, which
// PNG compresses worse: on the demo data view-order and feature-analysis "low quality" images
// came out larger than the full ones. Hard edges now keep one of their own pixels.
import { describe, expect, it } from 'vitest';
import { createCanvas, decodeImage, fillRect, halve, type Canvas } from '../../analytics/visuals/canvas.js';
import { drawAd } from '../../seed/images.js';
import { renderVisual } from '../../analytics/visuals/render.js';

const colours = (c: Canvas) => {
  const set = new Set<number>();
  for (let i = 0; i < c.data.length; i += 4) set.add((c.data[i] << 16) | (c.data[i + 1] << 8) | c.data[i + 2]);
  return set;
};

describe('low-quality visuals (D3-212)', () => {
  it('D3-212 halving invents no colours at hard edges, and still smooths gentle gradients', () => {
    // One-pixel stripes and an odd-offset box: every 2×2 block straddles a hard edge.
    const flat = createCanvas(41, 21, [255, 255, 255]);
    for (let x = 1; x < 41; x += 2) fillRect(flat, x, 0, 1, 21, [200, 40, 40]);
    fillRect(flat, 5, 3, 17, 9, [20, 20, 160]);
    const low = halve(flat);
    expect([low.width, low.height]).toEqual([20, 10]);
    for (const c of colours(low)) expect(colours(flat).has(c)).toBe(true);
    // A gradient (a heatmap's density, a photo) is averaged as before.
    const ramp = createCanvas(4, 2);
    for (let x = 0; x < 4; x++) for (let y = 0; y < 2; y++) ramp.data.set([100 + x * 4, 100 + x * 4, 100 + x * 4], (y * 4 + x) * 4);
    expect([...halve(ramp).data.subarray(0, 3)]).toEqual([102, 102, 102]);
  });

  it('D3-212 low-quality view-order and feature-analysis images of a demo creative are smaller than the full ones', async () => {
    for (const [width, height] of [[970, 250], [300, 250], [728, 90]]) {
      const ad = await drawAd({ brand: 'Crunchy Oats', width, height, cta: 'Learn more' });
      const background = (await decodeImage(ad.png, width, height))!;
      const aois = ad.aois.map((a, i) => ({ ...a, viewOrder: i < 3 ? i + 1 : null, viewedPercent: [62.5, 40, 12.5, 0][i] }));
      for (const kind of ['vieworder', 'featureanalysis', 'heatmap', 'analysis'] as const) {
        const input = { width, height, background, video: false, fixations: [{ x: width / 3, y: height / 2, durationMs: 300 }], aois };
        const full = await renderVisual(kind, input);
        const low = await renderVisual(kind, input, true);
        expect(low.length, `${kind} ${width}x${height}`).toBeLessThan(full.length);
      }
    }
  });
});

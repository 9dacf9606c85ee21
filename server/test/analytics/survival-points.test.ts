// Survival-curve requests: a curve never has more points than MAX_POINTS, counting the max_time
// point that is added when max_time is off the segment grid (docs/metrics.md, "Survival curves").
import { describe, expect, it } from 'vitest';
import { MAX_POINTS, readGraphRequest, timePoints } from '../../analytics/survival.js';

describe('survival curve points (D3-206)', () => {
  it('D3-206 accepts exactly MAX_POINTS points and refuses one more, the off-grid max_time included', () => {
    const onGrid = readGraphRequest({ time_segment: 1, max_time: MAX_POINTS - 1 });
    expect(timePoints(onGrid)).toHaveLength(MAX_POINTS);
    // 0 … 999 on the grid plus 999.5: 1001 points.
    expect(() => readGraphRequest({ time_segment: 1, max_time: MAX_POINTS - 0.5 })).toThrow();
    const offGrid = readGraphRequest({ time_segment: 1, max_time: MAX_POINTS - 1.5 });
    expect(timePoints(offGrid)).toHaveLength(MAX_POINTS);
    expect(timePoints(offGrid).at(-1)).toBe(MAX_POINTS - 1.5);
  });

  it('D3-206 every accepted request stays within MAX_POINTS', () => {
    for (const [seg, max] of [[100, 5000], [1000, 60000], [500, 15000], [7, 6999], [7, 6995], [0.5, 499.75], [3, 2998]]) {
      let r;
      try { r = readGraphRequest({ time_segment: seg, max_time: max }); } catch { continue; }
      expect(timePoints(r).length, `${seg}/${max}`).toBeLessThanOrEqual(MAX_POINTS);
    }
  });
});

// Known answers: Newcombe (1998), "Two-sided confidence intervals for the single proportion",
// Statistics in Medicine 17, Table I, method 3 (Wilson score, no continuity correction).
import { describe, expect, it } from 'vitest';
import { stimStats, wilson } from './stats.js';
import { EMPTY_AGGREGATE } from './metrics.js';

const pct = (x: number) => x * 100;

describe('Wilson score intervals (issue 15 item 4)', () => {
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i: Newcombe (1998) Table I', (k, n, low, high) => {
    const i = wilson(k, n);
    expect(i.low!).toBeCloseTo(pct(low), 1);
    expect(i.high!).toBeCloseTo(pct(high), 1);
    expect([i.k, i.n]).toEqual([k, n]);
  });

  it('stays inside 0–100, is not zero-width at the ends, and has no interval without a base', () => {
    const all = wilson(20, 20);
    expect(all.high).toBe(100);
    expect(all.low!).toBeCloseTo(100 - 16.11, 1);
    expect(wilson(0, 0)).toEqual({ low: null, high: null, k: 0, n: 0 });
    expect(wilson(5, 3).low).toBeNull();
  });

  it('a stim: viewable of |E|, viewed of the viewable, script viewable of every exposure', () => {
    const s = stimStats({ ...EMPTY_AGGREGATE, baseSize: 263, viewableN: 148, viewedN: 15, scriptN: 29, scriptViewableN: 1 });
    expect(s.base_size).toBe(263);
    expect([s.panelist_viewable_percent.k, s.panelist_viewable_percent.n]).toEqual([148, 263]);
    expect(s.panelist_viewed_percent.low!).toBeCloseTo(6.24, 1);
    expect(s.panelist_viewable_script_percent.high!).toBeCloseTo(17.18, 1);
  });
});

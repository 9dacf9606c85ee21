// Known answers: Newcombe (1998), "Two-sided confidence intervals for the single proportion",
// Statistics in Medicine 17, Table I, method 3 (Wilson score, no continuity correction).
import { describe, expect, it } from 'vitest';
import { normStats, standardError, stimStats, wilson } from './stats.js';
import { EMPTY_AGGREGATE, METRIC_NAMES, type StimMetrics } from './metrics.js';

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

describe('standard errors of the means (issue 15 item 4)', () => {
  it('SE = sample SD / √n from n, Σx, Σx² (the worked example of docs/metrics.md)', () => {
    // dwell of the viewers 2, 1, 3 s: SD 1 → SE 1/√3
    expect(standardError(3, 6000, 14_000_000, 1 / 1000)).toEqual({ se: 0.57735, n: 3 });
    // page dwell 8, 6, 10, 4, 12 s: variance 10 → SE √(10/5) = √2
    expect(standardError(5, 40_000, 360_000_000, 1 / 1000).se).toBeCloseTo(Math.SQRT2, 6);
  });

  it('no spread to estimate below two values; equal values give 0, not NaN from float cancellation', () => {
    expect(standardError(1, 5, 25)).toEqual({ se: null, n: 1 });
    expect(standardError(0, 0, 0)).toEqual({ se: null, n: 0 });
    expect(standardError(3, 0.3, 0.030000000000000002)).toEqual({ se: 0, n: 3 });
  });

  it('a stim: each mean over its own base, attention per 1000 over E with non-viewers at 0', () => {
    // The worked example: E = 5 (page dwell 8, 6, 10, 4, 12 s), V = 4 (viewable 4, 6, 2, 6 s),
    // W = 3 (dwell 2, 1, 3 s; time to first view 0.4, 0.8, 1.2 s), viewable shares .5, 1, .2, 0, .5.
    const s = stimStats({
      ...EMPTY_AGGREGATE, baseSize: 5, viewableN: 4, viewedN: 3, ttfvN: 3, insufficientGazeN: 2,
      pageDwellSumMs: 40_000, pageDwellSqSum: 360e6, viewableMsSum: 18_000, viewableMsSqSum: 92e6,
      dwellSumMs: 6000, dwellSqSum: 14e6, ttfvSumMs: 2400, ttfvSqSum: 2.24e6, viewableShareSum: 2.2, viewableShareSqSum: 1.54,
    });
    expect(s.insufficient_gaze).toBe(2);
    expect(s.avg_page_dwell_time).toEqual({ se: 1.414214, n: 5 });
    expect(s.avg_stim_viewable_time).toEqual({ se: 0.957427, n: 4 });
    expect(s.avg_stim_dwell_time).toEqual({ se: 0.57735, n: 3 });
    expect(s.avg_time_to_first_view).toEqual({ se: 0.23094, n: 3 });
    expect(s.percent_viewable).toEqual({ se: 16.911535, n: 5 });
    expect(s.avg_viewed_time).toEqual({ se: 0.645497, n: 4 });
    expect(s.attention_per_1000_impressions).toEqual({ se: 583.095189, n: 5 });
  });
});

describe('the standard error of a norm (issue 15 item 4)', () => {
  const stim = (dwell: number | null, ttfv: number | null): StimMetrics => ({
    ...(Object.fromEntries(METRIC_NAMES.map((m) => [m, null])) as Record<(typeof METRIC_NAMES)[number], null>),
    base_size: 10, avg_stim_dwell_time: dwell, avg_time_to_first_view: ttfv,
  });

  it('is over the stims of the comparison set: their figures 1, 2, 3, 4 s → SD 1.290994, SE 0.645497, n 4 stims', () => {
    const s = normStats([stim(1, 0.5), stim(2, null), stim(3, null), stim(4, null)]);
    expect(s.avg_stim_dwell_time).toEqual({ se: 0.645497, n: 4 });
  });

  it('n counts only the stims with a value for that metric; one value has no spread, none has no base', () => {
    const s = normStats([stim(1, 0.5), stim(2, null)]);
    expect(s.avg_time_to_first_view).toEqual({ se: null, n: 1 });
    expect(s.panelist_viewable_percent).toEqual({ se: null, n: 0 });
    expect(normStats([]).avg_stim_dwell_time).toEqual({ se: null, n: 0 });
  });
});

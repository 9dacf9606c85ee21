// Known answers for the Kaplan–Meier curve (issue 15 item 4): the 6-MP arm of the Freireich et al.
// (1963) leukaemia remission trial as tabulated by Gehan (1965), whose KM estimate is printed in
// Kleinbaum & Klein, "Survival Analysis: A Self-Learning Text" (3rd ed., 2012), chapter 2:
// Ŝ = 0.8571, 0.8067, 0.7529, 0.6902, 0.6275, 0.5378, 0.4482 after weeks 6, 7, 10, 13, 16, 22, 23.
import { describe, expect, it } from 'vitest';
import { curveFromCounts, kaplanMeier, readGraphRequest, type Observation } from './survival.js';

const weeks = (w: number) => w * 1000;
/** Gehan's 6-MP arm, weeks of remission; * = censored. */
const SIX_MP: [number, boolean][] = [
  [6, false], [6, false], [6, false], [6, true], [7, false], [9, true], [10, false], [10, true], [11, true], [13, false],
  [16, false], [17, true], [19, true], [20, true], [22, false], [23, false], [25, true], [32, true], [32, true], [34, true], [35, true],
];
const observations = (data: [number, boolean][]): Observation[] => data.map(([v, c]) => ({ value: weeks(v), censored: c, count: 1 }));

describe('Kaplan–Meier curves with censoring (issue 15)', () => {
  it('reproduces the textbook estimate of the 6-MP arm (Gehan 1965; Kleinbaum & Klein 2012)', () => {
    const points = [0, 5, 6, 7, 9, 10, 13, 16, 22, 23, 30, 35].map(weeks);
    const y = kaplanMeier(points, observations(SIX_MP)).map((p) => p.y);
    const expected = [100, 100, 85.71, 80.67, 80.67, 75.29, 69.02, 62.75, 53.78, 44.82, 44.82, 44.82];
    y.forEach((v, i) => expect(v).toBeCloseTo(expected[i], 1));
    // the largest value is censored: the curve stays level, it never drops to 0
    expect(y[y.length - 1]).toBeGreaterThan(0);
  });

  it('a censored value counts as at risk at its own time and leaves without dropping the curve', () => {
    // dwell 1, 2*, 3, 4*, 5 s: 4/5 after 1 s; at 3 s 3 at risk → × 2/3; at 5 s 1 at risk → 0
    const obs = observations([[1, false], [2, true], [3, false], [4, true], [5, false]]);
    const points = [0, 1, 2, 3, 4, 5].map(weeks);
    expect(kaplanMeier(points, obs).map((p) => p.y)).toEqual([100, 80, 80, 53.3333, 53.3333, 0]);
    // the empirical curve over the same values reads the censored ones as ended
    const counts = new Map(points.map((t) => [t, obs.filter((o) => o.value > t).length]));
    expect(curveFromCounts(points, counts, 5).map((p) => p.y)).toEqual([100, 80, 60, 40, 20, 0]);
  });

  it('without censoring it is exactly the empirical curve; grouped counts weigh like single rows', () => {
    const values = [0.4, 1.2, 1.2, 2.5, 3, 3, 3, 4.9];
    const points = [0, 0.5, 1, 1.2, 2, 3, 4, 5].map(weeks);
    const counts = new Map(points.map((t) => [t, values.filter((v) => weeks(v) > t).length]));
    const grouped: Observation[] = [{ value: weeks(0.4), censored: false, count: 1 }, { value: weeks(1.2), censored: false, count: 2 },
      { value: weeks(2.5), censored: false, count: 1 }, { value: weeks(3), censored: false, count: 3 }, { value: weeks(4.9), censored: false, count: 1 }];
    expect(kaplanMeier(points, grouped)).toEqual(curveFromCounts(points, counts, values.length));
  });

  it('an empty base gives y = 0 everywhere, like the empirical curve', () => {
    expect(kaplanMeier([0, 1000], [])).toEqual([{ x: 0, y: 0 }, { x: 1, y: 0 }]);
  });

  it("the spec's curve stays the default; estimator 'km' asks for Kaplan–Meier", () => {
    expect(readGraphRequest({}).estimator).toBe('empirical');
    expect(readGraphRequest({ estimator: 'km' }).estimator).toBe('km');
  });
});

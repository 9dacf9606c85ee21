// Issue 22 items 1 and 4 (calibration): the measures the server computes from the runner's raw
// calibration (shared/gaze-quality.ts, shared with the runner), and the plausibility checks
// that refuse raw data the runner could not have produced.
import { describe, expect, it } from 'vitest';
import {
  calibrationMeasures, calibrationProblems, calibrationQuality, frameRateOf, gridTargets, type CalibrationData,
} from '../../shared/gaze-quality';

/** What the runner records: 9 dots over a 1280 × 660 area, 500 ms windows, 30 Hz points `jitter` px around `offset` from the dot. */
function recorded(opts: { offset?: number; jitter?: number; hz?: number; windowMs?: number } = {}): CalibrationData {
  const { offset = 0, jitter = 4, hz = 30, windowMs = 503 } = opts;
  const area = { x: 0, y: 60, width: 1280, height: 660 };
  let seed = 7;
  const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648 - 0.5; };
  return {
    area,
    targets: gridTargets(area).map((target, i) => {
      const start = i * 800 + 300;
      const samples: [number, number, number][] = [];
      for (let t = start + 1000 / hz; t <= start + windowMs; t += 1000 / hz) samples.push([Math.round(t * 10) / 10, target.x + offset + jitter * rnd(), target.y + jitter * rnd()]);
      return { target, start_ms: start, end_ms: start + windowMs, samples };
    }),
  };
}

describe('calibration measures (issue 22 item 4, computed by the server)', () => {
  it('measures accuracy and precision in px, ignoring targets without points', () => {
    const q = calibrationQuality([
      { target: { x: 100, y: 100 }, points: [{ x: 103, y: 104 }, { x: 103, y: 104 }] },
      { target: { x: 500, y: 100 }, points: [{ x: 490, y: 100 }, { x: 510, y: 100 }] },
      { target: { x: 900, y: 100 }, points: [] },
    ]);
    // Centres 5 px and 0 px off; spreads 0 px and 10 px.
    expect(q).toEqual({ accuracy: 2.5, precision: 5 });
  });
  it('measures nothing (null, never a perfect 0) when no target got a point', () => {
    expect(calibrationQuality([{ target: { x: 1, y: 1 }, points: [] }])).toEqual({ accuracy: null, precision: null });
  });
  it('takes the frame rate from the timestamps', () => {
    expect(frameRateOf([{ samples: [[0, 0, 0], [33.3, 0, 0], [66.7, 0, 0]] }])).toBe(30);
    expect(frameRateOf([{ samples: [[0, 0, 0]] }])).toBeNull();
    const m = calibrationMeasures(recorded({ offset: 20 }));
    expect(m.frame_rate).toBe(30);
    expect(m.accuracy_px).toBeGreaterThan(19);
    expect(m.accuracy_px).toBeLessThan(21);
    expect(m.precision_px).toBeGreaterThan(0);
  });
  it('puts the nine targets at 10, 50 and 90 % of the area, row by row', () => {
    const g = gridTargets({ x: 0, y: 100, width: 1000, height: 500 });
    expect(g[0]).toEqual({ x: 100, y: 150 });
    expect(g[4]).toEqual({ x: 500, y: 350 });
    expect(g[8]).toEqual({ x: 900, y: 550 });
  });
});

describe('calibration plausibility (issue 22 item 4)', () => {
  it('finds nothing wrong with what the runner records, for the mouse and the simulated source', () => {
    expect(calibrationProblems(recorded(), 'simulated')).toEqual([]);
    expect(calibrationProblems(recorded({ jitter: 0 }), 'mouse')).toEqual([]);
  });
  it('refuses targets off the grid, a wrong count and an implausible screen', () => {
    const d = recorded();
    d.targets[3].target.x += 40;
    expect(calibrationProblems(d, 'mouse')).toEqual(['Calibration point 4 is not where the 9-point grid puts it on the reported screen']);
    expect(calibrationProblems({ ...recorded(), targets: recorded().targets.slice(0, 5) }, 'mouse')).toEqual(['The calibration has 5 points, not 9']);
    expect(calibrationProblems({ ...recorded(), area: { x: 0, y: 0, width: 10, height: 10 } }, 'mouse')[0]).toMatch(/not a plausible screen/);
  });
  it('refuses timestamps out of order, outside or not spanning their window, short or overlapping windows, over 120 Hz', () => {
    const swapped = recorded();
    const s = swapped.targets[0].samples;
    [s[1], s[2]] = [s[2], s[1]];
    expect(calibrationProblems(swapped, 'mouse')).toContain('The gaze timestamps at calibration point 1 are not increasing');
    const outside = recorded();
    outside.targets[1].samples[0][0] = 0;
    expect(calibrationProblems(outside, 'mouse')).toContain('Gaze at calibration point 2 is timed outside its collection window');
    const early = recorded();
    early.targets[2].samples = early.targets[2].samples.slice(0, 3);
    expect(calibrationProblems(early, 'mouse')).toContain('The gaze at calibration point 3 does not span its collection window');
    expect(calibrationProblems(recorded({ windowMs: 100 }), 'mouse')).toContain('Calibration point 1 was collected for 100 ms (the runner collects for 500 ms)');
    const overlap = recorded();
    overlap.targets[5].start_ms = overlap.targets[4].start_ms + 10;
    expect(calibrationProblems(overlap, 'mouse')).toContain('Calibration point 6 was collected before the previous point ended');
    expect(calibrationProblems(recorded({ hz: 500 }), 'mouse')).toContain('The gaze was sampled at 500 Hz, over the 120 Hz any source reaches');
  });
  it('refuses a target without gaze, and gaze that never moves from a source other than the mouse', () => {
    const empty = recorded();
    empty.targets[8].samples = [];
    expect(calibrationProblems(empty, 'mouse')).toEqual(['No gaze was recorded at calibration point 9 (0 of at least 2 points)']);
    expect(calibrationProblems(recorded({ jitter: 0 }), 'simulated')).toEqual(['The gaze did not move at all during the calibration: not a measured gaze']);
  });
});

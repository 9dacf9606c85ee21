// Issue 35 item 3: gaze on a stim counts as dwell only while the stim is viewable (in view above
// the rule's threshold, video while playing). Before, a stim viewable 0-15 s of a 20 s page with
// the gaze on it throughout reported 19.98 s of dwell against 15 s viewable.
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALGORITHM, DEFAULT_PARAMS } from './config.js';
import { summarizeExposure, viewablePart, type ExposureInput } from './summarize.js';
import { exposureFeatures } from './aoi-metrics.js';

const IDT = { algorithm: DEFAULT_ALGORITHM, params: DEFAULT_PARAMS };

/** 30 Hz samples resting at (x, y) from t0 up to (not including) t1. */
function rest(t0: number, t1: number, x: number, y: number): number[] {
  const out: number[] = [];
  for (let i = 0; t0 + (i * 1000) / 30 < t1; i++) out.push(t0 + (i * 1000) / 30, x, y);
  return out;
}

const input = (samples: number[], over: Partial<ExposureInput> = {}): ExposureInput => ({
  stimType: 'i', naturalWidth: 300, naturalHeight: 250, rect: { x: 100, y: 100, width: 300, height: 250 },
  intervals: [{ start_ms: 0, end_ms: 15_000, fraction: 1 }], samples, hasEyetracking: true, aois: [], pageDwellMs: 20_000, ...over,
});

describe('dwell counts only while the stim is viewable (issue 35 item 3)', () => {
  it('viewable 0-15 s of 20 s with the gaze on the stim throughout: 15 s of dwell, not 19.98 s', () => {
    const r = summarizeExposure(input(rest(0, 20_000, 250, 200)), IDT).summary;
    expect(r.viewable).toBe(true);
    expect(r.viewableMs).toBe(15_000);
    expect(r.dwellMs).toBeCloseTo(15_000, 6);
    expect(r.dwellMs).toBeLessThanOrEqual(r.viewableMs);
    // The gaze stayed on the stim after it left the view: that is not a dwell still growing.
    expect(r.dwellCensored).toBe(false);
    expect(r.viewed).toBe(true);
  });

  it('the same gaze on a stim viewable the whole 20 s keeps its full dwell (nothing else changes)', () => {
    const r = summarizeExposure(input(rest(0, 20_000, 250, 200), { intervals: [{ start_ms: 0, end_ms: 20_000, fraction: 1 }] }), IDT).summary;
    expect(r.dwellMs).toBeGreaterThan(19_900);
    expect(r.dwellCensored).toBe(true);
  });

  it('gaze on the stim only before it became viewable is no view at all', () => {
    const samples = [...rest(0, 5000, 250, 200), ...rest(5000, 20_000, 900, 900)];
    const r = summarizeExposure(input(samples, { intervals: [{ start_ms: 5000, end_ms: 20_000, fraction: 1 }] }), IDT).summary;
    expect(r).toMatchObject({ viewable: true, viewed: false, dwellMs: 0, fixationCount: 0, timeToFirstViewMs: null });
  });

  it('a fixation that begins before the stim is in view counts from the moment it is: time to first view 0, dwell the in-view part', () => {
    const samples = [...rest(0, 3000, 250, 200), ...rest(3000, 10_000, 900, 900)];
    const r = summarizeExposure(input(samples, { intervals: [{ start_ms: 2000, end_ms: 10_000, fraction: 1 }], pageDwellMs: 10_000 }), IDT).summary;
    expect(r.viewed).toBe(true);
    expect(r.timeToFirstViewMs).toBe(0);
    expect(r.dwellMs).toBeGreaterThan(900);
    expect(r.dwellMs).toBeLessThanOrEqual(1000 + 1000 / 30);
  });

  it('below the threshold is not viewable: 40 % of an ordinary display stim in view does not count', () => {
    const r = summarizeExposure(input(rest(0, 20_000, 250, 200), {
      intervals: [{ start_ms: 0, end_ms: 10_000, fraction: 1 }, { start_ms: 10_000, end_ms: 20_000, fraction: 0.4 }],
    }), IDT).summary;
    expect(r.dwellMs).toBeCloseTo(10_000, 6);
  });

  it('a video counts gaze only while it plays', () => {
    const r = summarizeExposure(input(rest(0, 20_000, 250, 200), {
      stimType: 'v',
      intervals: [{ start_ms: 0, end_ms: 8000, fraction: 1, playing: true }, { start_ms: 8000, end_ms: 20_000, fraction: 1, playing: false }],
    }), IDT).summary;
    expect(r.viewableMs).toBe(8000);
    expect(r.dwellMs).toBeCloseTo(8000, 6);
  });

  it('AOI and feature dwell are cut the same way', () => {
    const aois = [{ id: 7, shape: 'rect', x: 0, y: 0, width: 300, height: 250, tag: 'logo' }];
    const i = input(rest(0, 20_000, 250, 200), { aois });
    const r = summarizeExposure(i, IDT);
    expect(r.aois[0].dwellMs).toBeCloseTo(15_000, 6);
    expect(exposureFeatures(i, r)[0].dwellMs).toBeCloseTo(15_000, 6);
    // The stored fixations are the gaze as it was: only what counts is cut.
    expect(r.fixations.reduce((a, f) => a + f.duration, 0)).toBeGreaterThan(19_900);
  });

  it('viewablePart: the overlap with the runs, from the first moment in view', () => {
    const runs: [number, number][] = [[0, 100], [200, 300]];
    expect(viewablePart({ start: 50, duration: 200, x: 0, y: 0 }, runs)).toEqual({ start: 50, duration: 100 });
    expect(viewablePart({ start: 100, duration: 100, x: 0, y: 0 }, runs)).toBeNull();
    expect(viewablePart({ start: 150, duration: 100, x: 0, y: 0 }, runs)).toEqual({ start: 200, duration: 50 });
  });
});

// Insufficient gaze data and censoring (issue 15 item 4), known answers on hand-made sessions.
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALGORITHM, DEFAULT_PARAMS } from './config.js';
import { insufficientGaze, medianSpacing } from './fixations.js';
import { summarizeExposure, type ExposureInput } from './summarize.js';

const IDT = { algorithm: DEFAULT_ALGORITHM, params: DEFAULT_PARAMS };

/** Samples every `every` ms resting at (x, y) from t0 up to (not including) t1. */
function rest(t0: number, t1: number, every: number, x: number, y: number): number[] {
  const out: number[] = [];
  for (let t = t0; t < t1; t += every) out.push(t, x, y);
  return out;
}

const input = (samples: number[], over: Partial<ExposureInput> = {}): ExposureInput => ({
  stimType: 'i', naturalWidth: 300, naturalHeight: 250, rect: { x: 100, y: 100, width: 300, height: 250 },
  intervals: [{ start_ms: 0, end_ms: 5000, fraction: 1 }], samples, hasEyetracking: true, aois: [], pageDwellMs: 6000, ...over,
});

describe('insufficient gaze data: sampled too sparsely for fixation detection', () => {
  it('a 5 Hz stream (200 ms apart, over the 150 ms max gap) is insufficient; its "not viewed" is not measured', () => {
    const s = rest(0, 6000, 200, 200, 200); // on the ad the whole time
    expect(medianSpacing(s)).toBe(200);
    const r = summarizeExposure(input(s), IDT).summary;
    expect(r).toMatchObject({ eyetracked: true, viewed: false, fixationCount: 0, gazePeriodMs: 200, insufficientGaze: true });
  });

  it('the threshold is max_gap_ms: 150 ms apart (6.7 Hz) still detects fixations, 151 ms does not', () => {
    expect(insufficientGaze(rest(0, 3000, 150, 0, 0), 150)).toBe(false);
    expect(insufficientGaze(rest(0, 3000, 151, 0, 0), 150)).toBe(true);
    const at150 = summarizeExposure(input(rest(0, 6000, 150, 200, 200)), IDT).summary;
    expect(at150).toMatchObject({ insufficientGaze: false, viewed: true });
  });

  it('a 30 Hz stream with a 2 s hole (tab switch) stays sufficient: the median spacing ignores one long gap', () => {
    const s = [...rest(0, 1000, 33, 200, 200), ...rest(3000, 4000, 33, 200, 200)];
    const r = summarizeExposure(input(s), IDT).summary;
    expect(r.gazePeriodMs).toBe(33);
    expect(r.insufficientGaze).toBe(false);
    expect(r.viewed).toBe(true);
  });

  it('without eye tracking nothing is measured, so nothing is insufficient', () => {
    const r = summarizeExposure(input(rest(0, 6000, 200, 200, 200), { hasEyetracking: false }), IDT).summary;
    expect(r).toMatchObject({ eyetracked: false, insufficientGaze: false, gazePeriodMs: null });
  });
});

describe('censoring at the end of the page (Kaplan–Meier curves)', () => {
  it('still looking at the stim when the page ends: dwell censored; looked away before: not', () => {
    const onAdAtEnd = [...rest(0, 1000, 33, 900, 700), ...rest(1000, 6000, 33, 200, 200)];
    const inViewToEnd = { intervals: [{ start_ms: 0, end_ms: 6000, fraction: 1 }] };
    expect(summarizeExposure(input(onAdAtEnd, inViewToEnd), IDT).summary).toMatchObject({ viewed: true, dwellCensored: true });
    // Gaze counts only while the stim is viewable (issue 35 item 3): out of view at 5 s, its dwell ended there.
    expect(summarizeExposure(input(onAdAtEnd), IDT).summary).toMatchObject({ viewed: true, dwellCensored: false });
    const awayAtEnd = [...rest(0, 1000, 33, 200, 200), ...rest(1000, 6000, 33, 900, 700)];
    expect(summarizeExposure(input(awayAtEnd), IDT).summary).toMatchObject({ viewed: true, dwellCensored: false });
    // the gaze on the ad stopped 1 s before the page ended (face lost): the dwell is not cut short
    const lostEarly = [...rest(0, 1000, 33, 900, 700), ...rest(1000, 5000, 33, 200, 200)];
    expect(summarizeExposure(input(lostEarly), IDT).summary.dwellCensored).toBe(false);
  });

  it('in view when the page ends: viewable time censored; scrolled out before: not', () => {
    const s = rest(0, 6000, 33, 900, 700);
    expect(summarizeExposure(input(s, { intervals: [{ start_ms: 1000, end_ms: 6000, fraction: 1 }] }), IDT).summary.viewableCensored).toBe(true);
    expect(summarizeExposure(input(s, { intervals: [{ start_ms: 0, end_ms: 5000, fraction: 1 }] }), IDT).summary.viewableCensored).toBe(false);
    // not viewable at all: nothing to censor
    expect(summarizeExposure(input(s, { intervals: [{ start_ms: 5500, end_ms: 6000, fraction: 1 }] }), IDT).summary.viewableCensored).toBe(false);
  });
});

describe('a step computed once for all its stims (ingestion) gives what each stim computes alone', () => {
  it('same summaries, AOIs and packed fixations for every stim of a page, eye-tracked, sparse or not', async () => {
    const { stepGaze } = await import('./summarize.js');
    const { packFloat32 } = await import('./pack.js');
    const aois = [{ id: 1, shape: 'rect', x: 0, y: 0, width: 150, height: 125 }, { id: 2, shape: 'rect', x: 150, y: 125, width: 150, height: 125 }];
    const pages = [
      [...rest(0, 1500, 33, 150, 150), ...rest(1500, 4000, 33, 350, 300), ...rest(4000, 6000, 33, 700, 500)],
      rest(0, 6000, 200, 200, 200),
      [1, 2],
      [],
    ];
    for (const samples of pages) {
      for (const hasEyetracking of [true, false]) {
        const step = stepGaze(samples, hasEyetracking, IDT);
        for (const rect of [{ x: 100, y: 100, width: 300, height: 250 }, { x: 600, y: 400, width: 300, height: 250 }]) {
          const one = input(samples, { rect, aois, hasEyetracking });
          const alone = summarizeExposure(one, IDT);
          expect(summarizeExposure(one, IDT, step)).toEqual(alone);
          expect(step.packedFixations).toEqual(packFloat32(alone.fixations.flatMap((f) => [f.start, f.duration, f.x, f.y])));
        }
      }
    }
  });
});

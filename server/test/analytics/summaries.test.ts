// Per-exposure summaries on hand-built sessions with known answers (no database).
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, type AnalysisConfig } from '../../analytics/config.js';
import { detectIdt, detectIvt } from '../../analytics/fixations.js';
import { flattenSamples, packFloat32, unpackFloat32 } from '../../analytics/pack.js';
import { summarizeExposure, type ExposureInput } from '../../analytics/summarize.js';
import { summarizeViewability, viewabilityRule } from '../../analytics/viewability.js';
import { HZ30, track } from './study-fixture.js';

const IDT: AnalysisConfig = { id: null, algorithm: 'idt', params: DEFAULT_PARAMS };
const IVT: AnalysisConfig = { id: null, algorithm: 'ivt', params: DEFAULT_PARAMS };
const MPU = { x: 100, y: 200, width: 300, height: 250 };

function exposure(over: Partial<ExposureInput> & { gaze?: number[][] }): ExposureInput {
  const { gaze, ...rest } = over;
  return {
    stimType: 'i', naturalWidth: 300, naturalHeight: 250, rect: MPU,
    intervals: [{ start_ms: 0, end_ms: 5000, fraction: 1 }],
    samples: flattenSamples(gaze ?? []), hasEyetracking: true, aois: [], ...rest,
  };
}

describe('viewed, dwell and fixation count', () => {
  it('three 400 ms fixations on a 300×250 ad in view → dwell 1.2 s, viewed, 3 fixations', () => {
    const { gaze, starts } = track([[400, 150, 250], [400, 300, 300], [400, 200, 400]], { start: 500 });
    const r = summarizeExposure(exposure({ gaze }), IDT).summary;
    expect(r.viewable).toBe(true);
    expect(r.viewed).toBe(true);
    expect(r.fixationCount).toBe(3);
    expect(r.dwellMs).toBeCloseTo(1200, 3);
    expect(r.firstViewableMs).toBe(0);
    expect(r.timeToFirstViewMs).toBeCloseTo(starts[0], 3);
    expect(r.eyetracked).toBe(true);
  });

  it('fixations outside the ad count neither towards dwell nor the fixation count', () => {
    const { gaze } = track([[400, 150, 250], [400, 800, 100], [300, 900, 900]]);
    const r = summarizeExposure(exposure({ gaze }), IDT);
    expect(r.fixations).toHaveLength(3);
    expect(r.summary.fixationCount).toBe(1);
    expect(r.summary.dwellMs).toBeCloseTo(400, 3);
  });

  it('a respondent who never looks at the ad → viewable, not viewed, dwell 0', () => {
    const { gaze } = track([[400, 800, 100], [400, 900, 600]]);
    const r = summarizeExposure(exposure({ gaze }), IDT).summary;
    expect(r.viewable).toBe(true);
    expect(r.viewed).toBe(false);
    expect(r.dwellMs).toBe(0);
    expect(r.fixationCount).toBe(0);
    expect(r.timeToFirstViewMs).toBeNull();
  });

  it('looking at an ad that never became viewable keeps the dwell but is not viewed', () => {
    const { gaze } = track([[400, 150, 250]]);
    const r = summarizeExposure(exposure({ gaze, intervals: [{ start_ms: 0, end_ms: 800, fraction: 1 }] }), IDT).summary;
    expect(r.viewable).toBe(false);
    expect(r.viewed).toBe(false);
    expect(r.dwellMs).toBeCloseTo(400, 3);
  });

  it('time to first view counts from the first viewable moment', () => {
    const { gaze, starts } = track([[300, 800, 100], [400, 150, 250]], { start: 1000 });
    const r = summarizeExposure(exposure({ gaze, intervals: [{ start_ms: 700, end_ms: 4000, fraction: 0.8 }] }), IDT).summary;
    expect(r.firstViewableMs).toBe(700);
    expect(r.timeToFirstViewMs).toBeCloseTo(starts[1] - 700, 3);
  });

  it('without eye tracking (or without samples) nothing is fixated but viewability still counts', () => {
    const { gaze } = track([[400, 150, 250]]);
    const off = summarizeExposure(exposure({ gaze, hasEyetracking: false }), IDT).summary;
    expect(off).toMatchObject({ eyetracked: false, viewable: true, viewed: false, dwellMs: 0, fixationCount: 0 });
    const empty = summarizeExposure(exposure({ gaze: [] }), IDT).summary;
    expect(empty.eyetracked).toBe(false);
  });
});

describe('viewability rules', () => {
  const rule = (type: string, w: number, h: number) => viewabilityRule(type, w, h);

  it('an ad only 40 % in view is not viewable; 50 % is', () => {
    expect(summarizeViewability([{ start_ms: 0, end_ms: 10_000, fraction: 0.4 }], rule('i', 300, 250)))
      .toEqual({ viewable: false, viewableMs: 0, firstViewableMs: null });
    expect(summarizeViewability([{ start_ms: 0, end_ms: 10_000, fraction: 0.5 }], rule('i', 300, 250)).viewable).toBe(true);
  });

  it('a 970×250 billboard (242,500 px) needs only 30 %: viewable at 35 %', () => {
    expect(rule('i', 970, 250).threshold).toBe(0.3);
    expect(rule('i', 969, 250).threshold).toBe(0.5);
    const r = summarizeViewability([{ start_ms: 200, end_ms: 3200, fraction: 0.35 }], rule('i', 970, 250));
    expect(r).toEqual({ viewable: true, viewableMs: 3000, firstViewableMs: 200 });
  });

  it('needs 1 continuous second: two 0.6 s runs separated by a gap are not viewable', () => {
    const gap = [{ start_ms: 0, end_ms: 600, fraction: 1 }, { start_ms: 700, end_ms: 1300, fraction: 1 }];
    const r = summarizeViewability(gap, rule('i', 300, 250));
    expect(r.viewable).toBe(false);
    expect(r.viewableMs).toBe(1200);
    expect(r.firstViewableMs).toBe(0);
    // touching or overlapping intervals are one run
    const touching = [{ start_ms: 0, end_ms: 600, fraction: 0.7 }, { start_ms: 600, end_ms: 1200, fraction: 0.9 }];
    expect(summarizeViewability(touching, rule('i', 300, 250)).viewable).toBe(true);
    // a dip below the threshold breaks the run
    const dip = [{ start_ms: 0, end_ms: 600, fraction: 1 }, { start_ms: 600, end_ms: 700, fraction: 0.2 }, { start_ms: 700, end_ms: 1300, fraction: 1 }];
    expect(summarizeViewability(dip, rule('i', 300, 250)).viewable).toBe(false);
  });

  it('video needs 2 continuous seconds', () => {
    const r15 = [{ start_ms: 0, end_ms: 1500, fraction: 1 }];
    expect(summarizeViewability(r15, rule('i', 640, 360)).viewable).toBe(true);
    for (const type of ['v', 'va', 'vx']) expect(summarizeViewability(r15, rule(type, 640, 360)).viewable).toBe(false);
    expect(summarizeViewability([{ start_ms: 0, end_ms: 2000, fraction: 1 }], rule('v', 640, 360)).viewable).toBe(true);
  });

  it('viewable time is capped at 180 s', () => {
    const r = summarizeViewability([{ start_ms: 0, end_ms: 400_000, fraction: 1 }], rule('i', 300, 250));
    expect(r.viewableMs).toBe(180_000);
  });
});

describe('fixation detection', () => {
  const plan: [number, number, number][] = [[400, 100, 100], [300, 400, 120], [200, 420, 500]];

  it('I-DT finds each fixation with its duration and centroid', () => {
    const { gaze, starts } = track(plan, { jitter: 4 });
    const f = detectIdt(flattenSamples(gaze), DEFAULT_PARAMS);
    expect(f).toHaveLength(3);
    f.forEach((fx, i) => {
      expect(fx.start).toBeCloseTo(starts[i], 3);
      expect(fx.duration).toBeCloseTo(plan[i][0], 3);
      expect(fx.x).toBeCloseTo(plan[i][1], 0);
      expect(fx.y).toBeCloseTo(plan[i][2], 0);
    });
  });

  it('I-DT dispersion and minimum duration are parameters', () => {
    const { gaze } = track(plan, { jitter: 20 });
    // ±20 px jitter spreads samples ~80 px (x + y): 50 px finds little, 100 px finds all three
    expect(detectIdt(flattenSamples(gaze), { ...DEFAULT_PARAMS, dispersion_px: 100 })).toHaveLength(3);
    expect(detectIdt(flattenSamples(gaze), { ...DEFAULT_PARAMS, dispersion_px: 30 })).toHaveLength(0);
    const clean = flattenSamples(track(plan).gaze);
    expect(detectIdt(clean, { ...DEFAULT_PARAMS, min_duration_ms: 250 })).toHaveLength(2);
  });

  it('I-VT splits on velocity; the landing sample of a saccade is not part of the fixation', () => {
    const { gaze, starts } = track(plan, { jitter: 4 });
    const f = detectIvt(flattenSamples(gaze), DEFAULT_PARAMS);
    expect(f).toHaveLength(3);
    expect(f[0].start).toBeCloseTo(starts[0], 3);
    expect(f[0].duration).toBeCloseTo(400, 3);
    expect(f[1].start).toBeCloseTo(starts[1] + HZ30, 3);
    expect(f[1].duration).toBeCloseTo(300 - HZ30, 3);
    expect(f[2].duration).toBeCloseTo(200 - HZ30, 3);
    f.forEach((fx, i) => {
      expect(fx.x).toBeCloseTo(plan[i][1], 0);
      expect(fx.y).toBeCloseTo(plan[i][2], 0);
    });
    // a threshold below the jitter's speed finds nothing; one above the saccades merges everything
    expect(detectIvt(flattenSamples(gaze), { ...DEFAULT_PARAMS, velocity_px_per_s: 50 })).toHaveLength(0);
    expect(detectIvt(flattenSamples(gaze), { ...DEFAULT_PARAMS, velocity_px_per_s: 1e6 })).toHaveLength(1);
  });

  it('a gap in the samples (lost tracking) splits a fixation', () => {
    const a = track([[300, 100, 100]]).gaze;
    const b = track([[300, 100, 100]], { start: 600 }).gaze;
    expect(detectIdt(flattenSamples([...a, ...b]), DEFAULT_PARAMS)).toHaveLength(2);
    expect(detectIvt(flattenSamples([...a, ...b]), DEFAULT_PARAMS)).toHaveLength(2);
  });

  it('packing round-trips little-endian Float32', () => {
    const values = [0, 33.25, 1280.5, -4, 65_000.125];
    const bytes = packFloat32(values);
    expect(bytes.byteLength).toBe(20);
    expect(bytes.readFloatLE(4)).toBeCloseTo(33.25, 5);
    expect(Array.from(unpackFloat32(bytes))).toEqual(values);
  });
});

describe('AOI mapping', () => {
  it('maps AOIs drawn in stim px onto the scaled stim on the page', () => {
    // natural 600×500 drawn at 300×250: stim px (300..600, 250..500) is page (250..400, 325..450)
    const aois = [
      { id: 1, shape: 'rect', x: 0, y: 0, width: 300, height: 250 },
      { id: 2, shape: 'rect', x: 300, y: 250, width: 300, height: 250 },
      { id: 3, shape: 'polygon', x: 0, y: 0, width: 0, height: 0, points: [[300, 0], [600, 0], [600, 250]] },
    ];
    const { gaze, starts } = track([[300, 150, 250], [400, 270, 340], [200, 390, 440], [300, 390, 210]], { start: 100 });
    const r = summarizeExposure(exposure({ gaze, naturalWidth: 600, naturalHeight: 500, aois }), IDT);
    expect(r.summary.fixationCount).toBe(4);
    const byId = new Map(r.aois.map((a) => [a.aoiId, a]));
    expect(byId.get(1)).toMatchObject({ fixationCount: 1 });
    expect(byId.get(1)!.dwellMs).toBeCloseTo(300, 3);
    expect(byId.get(1)!.firstFixationMs).toBeCloseTo(starts[0], 3);
    expect(byId.get(2)).toMatchObject({ fixationCount: 2 });
    expect(byId.get(2)!.dwellMs).toBeCloseTo(600, 3);
    expect(byId.get(2)!.firstFixationMs).toBeCloseTo(starts[1], 3);
    // (390, 210) is stim px (580, 20): inside the triangle
    expect(byId.get(3)).toMatchObject({ fixationCount: 1 });
  });

  it('AOIs without a fixation get no row', () => {
    const aois = [{ id: 9, shape: 'rect', x: 0, y: 0, width: 10, height: 10 }];
    const { gaze } = track([[400, 350, 400]]);
    expect(summarizeExposure(exposure({ gaze, aois }), IDT).aois).toEqual([]);
  });

  it('I-VT is selected by the config', () => {
    const { gaze } = track([[400, 150, 250], [400, 300, 300]]);
    const idt = summarizeExposure(exposure({ gaze }), IDT).summary.dwellMs;
    const ivt = summarizeExposure(exposure({ gaze }), IVT).summary.dwellMs;
    expect(idt).toBeCloseTo(800, 3);
    expect(ivt).toBeCloseTo(800 - HZ30, 3);
  });
});

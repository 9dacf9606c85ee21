// AOI metrics (issue 23 item 1) and the aggregate scanpath (item 3): known answers on hand-built
// fixations, worked by hand in the comments; docs/metrics.md "AOI metrics" has the definitions.
import { describe, expect, it } from 'vitest';
import {
  aoiMetricNorms, computeAoiMetrics, computeScanpath, exposureFeatures, summarizeFeatures,
  type AoiMetricAggregate, type FeatureSummary,
} from './aoi-metrics.js';
import { DEFAULT_ALGORITHM, DEFAULT_PARAMS } from './config.js';
import type { Fixation } from './fixations.js';
import { summarizeExposure, type AoiShape, type ExposureInput } from './summarize.js';

// A 400 × 300 stim shown at its own size at (100, 50) on the page. Stim px = page px − (100, 50).
const rect = { x: 100, y: 50, width: 400, height: 300 };
const logo: AoiShape = { id: 1, tag: 'Logo', shape: 'rect', x: 0, y: 0, width: 100, height: 100 };
const headline: AoiShape = { id: 2, tag: 'Headline', shape: 'rect', x: 200, y: 0, width: 200, height: 100 };
// Two AOIs of one feature, touching at stim x = 100: moving between them never leaves 'Pack'.
const packA: AoiShape = { id: 3, tag: 'Pack', shape: 'rect', x: 0, y: 200, width: 100, height: 100 };
const packB: AoiShape = { id: 4, tag: 'Pack', shape: 'polygon', x: 100, y: 200, width: 100, height: 100, points: [[100, 200], [200, 200], [200, 300], [100, 300]] };
const aois = [logo, headline, packA, packB];

/** A fixation at stim px (sx, sy). */
const fx = (start: number, duration: number, sx: number, sy: number): Fixation => ({ start, duration, x: sx + rect.x, y: sy + rect.y });
const OFF_STIM: Fixation = { start: 0, duration: 0, x: 20, y: 20 };
const off = (start: number, duration: number): Fixation => ({ ...OFF_STIM, start, duration });

const byTag = (rows: FeatureSummary[]) => Object.fromEntries(rows.map((r) => [r.tag, r]));

describe('summarizeFeatures: one exposure, one row per feature fixated', () => {
  // Sequence: headline, logo, logo, (blank stim area), logo, off the stim, headline, packA, packB, logo.
  const fixations = [
    fx(300, 200, 250, 50), // Headline, entered first (rank 1)
    fx(520, 100, 50, 50), // Logo, entered second (rank 2)
    fx(640, 150, 60, 40), // Logo (same visit)
    fx(800, 100, 300, 250), // on the stim, in no AOI: leaves Logo
    fx(920, 80, 10, 10), // Logo again: revisit 1
    off(1010, 90), // off the stim: leaves Logo
    fx(1120, 120, 300, 60), // Headline again: revisit 1
    fx(1260, 100, 50, 250), // Pack (A), rank 3
    fx(1380, 110, 150, 250), // Pack (B): same feature, same visit
    fx(1500, 200, 90, 90), // Logo: revisit 2
  ];
  const rows = summarizeFeatures({ fixations, rect, aois, naturalWidth: 400, naturalHeight: 300, firstViewableMs: 400 });
  const t = byTag(rows);

  it('counts fixations, dwell, visits, first fixation from onset and from the first viewable moment', () => {
    expect(t.Logo).toEqual({
      tag: 'Logo', fixationCount: 4, dwellMs: 100 + 150 + 80 + 200, firstFixationMs: 520,
      firstFixationViewableMs: 520 - 400, visits: 3, entryRank: 2,
    });
    expect(t.Headline).toEqual({
      tag: 'Headline', fixationCount: 2, dwellMs: 320, firstFixationMs: 300,
      // Fixated before the stim became viewable: 0, never negative (like time to first view).
      firstFixationViewableMs: 0, visits: 2, entryRank: 1,
    });
    // Moving from Pack's AOI A to its AOI B is not leaving the feature.
    expect(t.Pack).toEqual({
      tag: 'Pack', fixationCount: 2, dwellMs: 210, firstFixationMs: 1260, firstFixationViewableMs: 860, visits: 1, entryRank: 3,
    });
    expect(rows.map((r) => r.tag)).toEqual(['Headline', 'Logo', 'Pack']);
  });

  it('a fixation in two overlapping AOIs of one feature is one fixation of it; features entered on one fixation share the rank', () => {
    const overlapA: AoiShape = { id: 5, tag: 'Cta', shape: 'rect', x: 0, y: 0, width: 100, height: 100 };
    const overlapB: AoiShape = { id: 6, tag: 'Cta', shape: 'rect', x: 50, y: 50, width: 100, height: 100 };
    const r = byTag(summarizeFeatures({
      fixations: [fx(100, 200, 75, 75), fx(400, 100, 300, 250)], rect,
      aois: [overlapA, overlapB, { ...logo, id: 7 }], naturalWidth: 400, naturalHeight: 300, firstViewableMs: null,
    }));
    expect(r.Cta).toMatchObject({ fixationCount: 1, dwellMs: 200, visits: 1, entryRank: 1, firstFixationViewableMs: null });
    expect(r.Logo).toMatchObject({ fixationCount: 1, entryRank: 1 });
  });

  it('AOIs drawn on the stim scale with it: a stim shown at half size', () => {
    const half = { x: 0, y: 0, width: 200, height: 150 };
    const r = summarizeFeatures({
      fixations: [{ start: 0, duration: 100, x: 25, y: 25 }, { start: 100, duration: 100, x: 75, y: 25 }],
      rect: half, aois: [logo], naturalWidth: 400, naturalHeight: 300, firstViewableMs: 0,
    });
    // (25, 25) is stim (50, 50): in Logo; (75, 25) is stim (150, 50): not.
    expect(r).toEqual([{ tag: 'Logo', fixationCount: 1, dwellMs: 100, firstFixationMs: 0, firstFixationViewableMs: 0, visits: 1, entryRank: 1 }]);
  });

  it('no tagged AOI or no fixation in one: no rows', () => {
    expect(summarizeFeatures({ fixations, rect, aois: [], naturalWidth: 400, naturalHeight: 300, firstViewableMs: 0 })).toEqual([]);
    expect(summarizeFeatures({ fixations: [off(0, 500)], rect, aois, naturalWidth: 400, naturalHeight: 300, firstViewableMs: 0 })).toEqual([]);
  });

  it('from samples through summarizeExposure: the feature rows agree with the per-AOI rows ingestion stores', () => {
    // 30 Hz samples: 300 ms on Logo, 300 ms off the stim, 300 ms on Logo, 300 ms on Headline.
    const s: number[] = [];
    const rest = (t0: number, t1: number, x: number, y: number) => { for (let t = t0; t < t1; t += 33) s.push(t, x, y); };
    rest(0, 300, 150, 100);
    rest(300, 600, 20, 20);
    rest(600, 900, 150, 100);
    rest(900, 1200, 400, 100);
    const input: ExposureInput = {
      stimType: 'i', naturalWidth: 400, naturalHeight: 300, rect, intervals: [{ start_ms: 100, end_ms: 2000, fraction: 1 }],
      samples: s, hasEyetracking: true, aois: [logo, headline], pageDwellMs: 2000,
    };
    const r = summarizeExposure(input, { algorithm: DEFAULT_ALGORITHM, params: DEFAULT_PARAMS });
    const f = byTag(exposureFeatures(input, r));
    const perAoi = new Map(r.aois.map((a) => [a.aoiId, a]));
    expect(f.Logo.visits).toBe(2);
    expect(f.Logo.fixationCount).toBe(perAoi.get(1)!.fixationCount);
    expect(f.Logo.dwellMs).toBe(perAoi.get(1)!.dwellMs);
    expect(f.Logo.firstFixationMs).toBe(perAoi.get(1)!.firstFixationMs);
    expect(f.Logo.firstFixationViewableMs).toBe(f.Logo.firstFixationMs - r.summary.firstViewableMs! < 0 ? 0 : f.Logo.firstFixationMs - r.summary.firstViewableMs!);
    expect(f.Headline).toMatchObject({ visits: 1, entryRank: 2, firstFixationMs: perAoi.get(2)!.firstFixationMs });
  });
});

describe('computeAoiMetrics: denominators', () => {
  // Three viewers of a stim of 4 viewers fixated Logo: first fixations at 0.5, 1.0, 1.5 s from
  // onset (0.2, 0.4, 0.6 s from first viewable), 2 + 3 + 5 = 10 fixations over 2.5 s, visits
  // 1, 2, 3 (revisits 0 + 1 + 2 = 3), two of them fixated Logo first.
  const logoAgg: AoiMetricAggregate = {
    tag: 'Logo', viewers: 3, firstFixationSumMs: 3000, firstFixationViewableN: 3, firstFixationViewableSumMs: 1200,
    fixationSum: 10, dwellSumMs: 2500, revisitSum: 3, firstN: 2,
  };
  const m = computeAoiMetrics(['Logo', 'Headline'], [logoAgg], 4);

  it('means over the feature\'s viewers, duration over its fixations, first-fixated share over the stim\'s viewers', () => {
    expect(m.Logo).toEqual({
      time_to_first_fixation: 1, // 3 s ÷ 3 viewers
      time_to_first_fixation_viewable: 0.4, // 1.2 s ÷ 3
      avg_fixation_count: 3.333333, // 10 ÷ 3, six decimals
      avg_fixation_duration: 0.25, // 2.5 s ÷ 10 fixations
      avg_revisits: 1, // 3 ÷ 3
      first_fixated_percent: 50, // 2 ÷ 4 viewers of the stim
    });
  });

  it('a feature nobody fixated: no means, 0 % first; a stim nobody viewed: null share', () => {
    expect(m.Headline).toEqual({
      time_to_first_fixation: null, time_to_first_fixation_viewable: null, avg_fixation_count: null,
      avg_fixation_duration: null, avg_revisits: null, first_fixated_percent: 0,
    });
    expect(computeAoiMetrics(['Logo'], [], 0).Logo.first_fixated_percent).toBeNull();
  });

  it('norms: mean over comparison stims with the same tag (any case), nulls skipped, norm_size the matches', () => {
    const a = computeAoiMetrics(['logo'], [{ ...logoAgg, tag: 'logo' }], 4);
    const b = computeAoiMetrics(['LOGO'], [{ ...logoAgg, tag: 'LOGO', viewers: 1, firstFixationSumMs: 2000, firstN: 0, revisitSum: 0, fixationSum: 2, dwellSumMs: 300, firstFixationViewableN: 1, firstFixationViewableSumMs: 100 }], 2);
    const other = computeAoiMetrics(['Cta'], [], 5);
    const n = aoiMetricNorms(['Logo', 'Pack'], [a, b, other]);
    expect(n.Logo).toEqual({
      time_to_first_fixation: 1.5, time_to_first_fixation_viewable: 0.25, avg_fixation_count: 2.666667,
      avg_fixation_duration: 0.2, avg_revisits: 0.5, first_fixated_percent: 25, norm_size: 2,
    });
    expect(n.Pack.norm_size).toBe(0);
    expect(n.Pack.avg_revisits).toBeNull();
  });
});

describe('computeScanpath: the order in which viewers entered the features', () => {
  const order = (...tags: string[]) => tags.map((feature_name) => ({ feature_name }));
  it('shares per position; the order in words is the view order given (one definition, issue 37 item 6)', () => {
    // 10 viewers. 1st: Logo 6, Headline 4. 2nd: Headline 5, Logo 3, Pack 2. 3rd: Pack 4, Headline 1.
    const counts = [
      { tag: 'Logo', rank: 1, viewers: 6 }, { tag: 'Headline', rank: 1, viewers: 4 },
      { tag: 'Headline', rank: 2, viewers: 5 }, { tag: 'Logo', rank: 2, viewers: 3 }, { tag: 'Pack', rank: 2, viewers: 2 },
      { tag: 'Pack', rank: 3, viewers: 4 }, { tag: 'Headline', rank: 3, viewers: 1 },
    ];
    const s = computeScanpath(['Logo', 'Headline', 'Pack'], counts, 10, order('Logo', 'Headline', 'Pack'));
    expect(s.viewers).toBe(10);
    expect(s.positions).toEqual([
      { position: 1, counts: { Logo: 6, Headline: 4 } },
      { position: 2, counts: { Headline: 5, Logo: 3, Pack: 2 } },
      { position: 3, counts: { Pack: 4, Headline: 1 } },
    ]);
    expect(s.typical_order).toEqual(['Logo', 'Headline', 'Pack']);
    // Whatever the counts, the words follow the view order (before, a greedy pick per position could contradict it).
    expect(computeScanpath(['Logo', 'Headline', 'Pack'], counts, 10, order('Headline', 'Logo')).typical_order).toEqual(['Headline', 'Logo']);
  });

  it('tags no longer drawn are left out', () => {
    const s = computeScanpath(['A', 'B'], [{ tag: 'A', rank: 1, viewers: 2 }, { tag: 'B', rank: 1, viewers: 1 }, { tag: 'Gone', rank: 1, viewers: 7 }], 2, order('Gone', 'A', 'B'));
    expect(s.positions).toEqual([{ position: 1, counts: { A: 2, B: 1 } }]);
    expect(s.typical_order).toEqual(['A', 'B']);
  });
});

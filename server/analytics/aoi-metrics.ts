// AOI metrics beside the spec's three (issue 23 item 1; docs/metrics.md "AOI metrics"). Two halves:
// summarizeFeatures turns one exposure's fixations into one row per feature (AOI tag) it fixated
// (stored in exposure_feature at ingest and by the recompute-aois job), and computeAoiMetrics
// turns the SQL aggregates of those rows over a stim's viewers into the report's numbers.
// A feature is every AOI sharing a tag, as in features.ts; a fixation inside two AOIs of the same
// tag is one fixation of the feature here (the spec's feature dwell sums per AOI and is untouched).
import { AOI_METRIC_NAMES, type AoiMetricName } from '../../contract/reports.js';
import { round6 } from './metrics.js';
import { makeAoiTest, type AoiShape, type ExposureInput, type ExposureResult, type Rect } from './summarize.js';
import type { Fixation } from './fixations.js';

/** One exposure × feature it fixated. Times are ms from the step's start (the stim's onset). */
export interface FeatureSummary {
  tag: string;
  /** Fixations on the stim that fall in at least one AOI of the feature. */
  fixationCount: number;
  /** Σ duration of those fixations (ms). */
  dwellMs: number;
  /** Start of the first of them (ms from stim onset). */
  firstFixationMs: number;
  /** The same from the stim's first viewable moment, never negative; null when never viewable. */
  firstFixationViewableMs: number | null;
  /** Runs of consecutive fixations in the feature; revisits = visits − 1. */
  visits: number;
  /** 1 = the first feature this viewer fixated; features entered on the same fixation share a rank. */
  entryRank: number;
}

const inRect = (f: { x: number; y: number }, r: Rect) =>
  f.x >= r.x && f.x <= r.x + r.width && f.y >= r.y && f.y <= r.y + r.height;

/**
 * Per feature, what one exposure's fixations (the whole step's, in time order) did in it. Only
 * fixations on the stim can hit an AOI, as in summarizeExposure; any other fixation, on the stim
 * or off it, is "leaving" the feature, so a return after it is a revisit.
 */
export function summarizeFeatures(input: {
  fixations: readonly Fixation[];
  rect: Rect;
  aois: readonly AoiShape[];
  naturalWidth: number | null;
  naturalHeight: number | null;
  firstViewableMs: number | null;
}): FeatureSummary[] {
  const tagged = input.aois.filter((a) => typeof a.tag === 'string' && a.tag !== '');
  if (!tagged.length) return [];
  const tests = new Map<string, ((f: { x: number; y: number }) => boolean)[]>();
  for (const a of tagged) {
    const list = tests.get(a.tag!) ?? [];
    list.push(makeAoiTest(a, input.rect, input.naturalWidth, input.naturalHeight));
    tests.set(a.tag!, list);
  }
  interface Acc { count: number; dwell: number; first: number; firstIndex: number; visits: number; lastIndex: number }
  const acc = new Map<string, Acc>();
  input.fixations.forEach((f, i) => {
    if (!inRect(f, input.rect)) return;
    for (const [tag, fs] of tests) {
      if (!fs.some((t) => t(f))) continue;
      const a = acc.get(tag);
      if (!a) {
        acc.set(tag, { count: 1, dwell: f.duration, first: f.start, firstIndex: i, visits: 1, lastIndex: i });
        continue;
      }
      a.count++;
      a.dwell += f.duration;
      if (a.lastIndex !== i - 1) a.visits++;
      a.lastIndex = i;
    }
  });
  // Dense rank of the fixation each feature was entered on.
  const entries = [...new Set([...acc.values()].map((a) => a.firstIndex))].sort((a, b) => a - b);
  const out: FeatureSummary[] = [];
  for (const [tag, a] of acc) {
    out.push({
      tag,
      fixationCount: a.count,
      dwellMs: a.dwell,
      firstFixationMs: a.first,
      firstFixationViewableMs: input.firstViewableMs === null ? null : Math.max(0, a.first - input.firstViewableMs),
      visits: a.visits,
      entryRank: entries.indexOf(a.firstIndex) + 1,
    });
  }
  return out.sort((x, y) => x.entryRank - y.entryRank || x.tag.localeCompare(y.tag));
}

/** The features of an exposure summarizeExposure has just summarized (ingest and both recomputes). */
export function exposureFeatures(input: ExposureInput, result: ExposureResult): FeatureSummary[] {
  return summarizeFeatures({
    fixations: result.countedFixations, rect: input.rect, aois: input.aois, naturalWidth: input.naturalWidth,
    naturalHeight: input.naturalHeight, firstViewableMs: result.summary.firstViewableMs,
  });
}

// ---------------------------------------------------------------------------------------------
// Aggregates → metrics

/** Per stim × tag, aggregated in SQL over the stim's viewers who fixated the feature. */
export interface AoiMetricAggregate {
  tag: string;
  /** Viewers (viewed exposures of E) with a fixation in the feature. */
  viewers: number;
  firstFixationSumMs: number;
  /** Viewers among them whose stim was ever viewable (all of them, as viewed implies viewable). */
  firstFixationViewableN: number;
  firstFixationViewableSumMs: number;
  fixationSum: number;
  dwellSumMs: number;
  revisitSum: number;
  /** Viewers whose first fixated feature this was (entry rank 1). */
  firstN: number;
}

// The names are the API's (contract/reports.ts): one list for the engine and the wire.
export { AOI_METRIC_NAMES, type AoiMetricName };
export type AoiMetrics = Record<AoiMetricName, number | null>;

const mean = (sum: number, n: number) => (n > 0 ? round6(sum / n) : null);

/**
 * Per tag: means over the feature's viewers (who fixated it), the fixation-weighted mean
 * duration, and the share of the stim's viewers (viewedN, the denominator of
 * panelist_viewed_percent) who fixated it before any other feature.
 */
export function computeAoiMetrics(tags: string[], aggs: AoiMetricAggregate[], viewedN: number): Record<string, AoiMetrics> {
  const byTag = new Map(aggs.map((a) => [a.tag, a]));
  const out: Record<string, AoiMetrics> = {};
  for (const tag of tags) {
    const a = byTag.get(tag);
    const n = a?.viewers ?? 0;
    out[tag] = {
      time_to_first_fixation: a ? mean(a.firstFixationSumMs / 1000, n) : null,
      time_to_first_fixation_viewable: a ? mean(a.firstFixationViewableSumMs / 1000, a.firstFixationViewableN) : null,
      avg_fixation_count: a ? mean(a.fixationSum, n) : null,
      avg_fixation_duration: a ? mean(a.dwellSumMs / 1000, a.fixationSum) : null,
      avg_revisits: a ? mean(a.revisitSum, n) : null,
      first_fixated_percent: viewedN > 0 ? round6(((a?.firstN ?? 0) / viewedN) * 100) : null,
    };
  }
  return out;
}

export type AoiMetricNorm = AoiMetrics & { norm_size: number };

/** Per tag, the mean of each metric over the comparison stims with a feature of the same tag (case-insensitive). */
export function aoiMetricNorms(tags: string[], comparison: Record<string, AoiMetrics>[]): Record<string, AoiMetricNorm> {
  const out: Record<string, AoiMetricNorm> = {};
  for (const tag of tags) {
    const key = tag.toLowerCase();
    const matches: AoiMetrics[] = [];
    for (const stim of comparison) {
      const hit = Object.entries(stim).find(([t]) => t.toLowerCase() === key);
      if (hit) matches.push(hit[1]);
    }
    const norm = { norm_size: matches.length } as AoiMetricNorm;
    for (const m of AOI_METRIC_NAMES) {
      const v = matches.map((x) => x[m]).filter((x): x is number => x !== null);
      norm[m] = v.length ? round6(v.reduce((s, x) => s + x, 0) / v.length) : null;
    }
    out[tag] = norm;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Aggregate scanpath (issue 23 item 3)

export interface RankCount {
  tag: string;
  rank: number;
  viewers: number;
}

export interface Scanpath {
  /** Viewers of the stim who fixated at least one feature: the denominator of every share. */
  viewers: number;
  /** Position k (1-based): how many of those viewers entered each feature k-th. */
  positions: { position: number; counts: Record<string, number> }[];
  /** The view order's features (features.ts viewOrder: one definition for the image and the words). */
  typical_order: string[];
}

/**
 * From (tag, entry rank) counts: how many viewers entered each feature at each position. The
 * order in words is the view order (`order`, from features.ts viewOrder), so the feature page's
 * text and the view-order image never disagree (issue 37 item 6; before, a greedy pick per
 * position could read Headline → Logo beside an image numbering Logo 1, Headline 2). `viewers`
 * comes from SQL (a viewer can have several features at one rank when they were entered on the
 * same fixation).
 */
export function computeScanpath(tags: string[], counts: RankCount[], viewers: number, order: readonly { feature_name: string }[]): Scanpath {
  const known = counts.filter((c) => tags.includes(c.tag) && c.viewers > 0);
  const maxRank = known.reduce((m, c) => Math.max(m, c.rank), 0);
  const positions = Array.from({ length: maxRank }, (_, i) => {
    const at: Record<string, number> = {};
    for (const c of known) if (c.rank === i + 1) at[c.tag] = c.viewers;
    return { position: i + 1, counts: at };
  });
  return { viewers, positions, typical_order: order.map((e) => e.feature_name).filter((t) => tags.includes(t)) };
}

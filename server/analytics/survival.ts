// Survival curves (graph2_data): share of a base still viewing / on the page / viewable at time t.
// Each type's base is the set its matching average is taken over: type 1 over viewed exposures
// (avg_stim_dwell_time), type 2 over E (avg_page_dwell_time), type 3 over viewable exposures
// (avg_stim_viewable_time). The spec's curve is the empirical one; a Kaplan–Meier curve that
// treats values cut short by the end of the page as censored is offered beside it (issue 15).
import { invalidField } from '../domain/errors.js';
import { stimKind } from './base.js';

// censor: the column saying the value was still growing when the page ended (null: never censored,
// leaving the page is the event itself).
export const GRAPH_TYPES = {
  1: { name: 'Dwell Time', timeSegment: 100, maxTime: 5000, column: 'dwell_ms', base: 'viewed', censor: 'dwell_censored' },
  2: { name: 'Page Dwell Time', timeSegment: 1000, maxTime: 60000, column: 'page_dwell_ms', base: 'all', censor: null },
  3: { name: 'Viewable Time', timeSegment: 500, maxTime: 15000, column: 'viewable_ms', base: 'viewable', censor: 'viewable_censored' },
} as const;

/** 'empirical' is the spec's curve (the default); 'km' the Kaplan–Meier estimate with censoring. */
export type Estimator = 'empirical' | 'km';
export const ESTIMATOR_LABELS: Record<Estimator, string> = {
  empirical: 'Empirical: % of the base whose value exceeds t',
  km: 'Kaplan–Meier: % still viewing at t, values cut short by the end of the page treated as censored',
};

export type GraphTypeId = keyof typeof GRAPH_TYPES;

export const DATA_TYPES: Record<GraphTypeId, string> = { 1: 'Dwell Time', 2: 'Page Dwell Time', 3: 'Viewable Time' };

/** More points than this is a mistake (or an attempt to make the server work hard). */
export const MAX_POINTS = 1000;

export interface GraphRequest {
  graphTypeId: GraphTypeId;
  timeSegment: number;
  maxTime: number;
  estimator: Estimator;
}

/**
 * The graph settings of a request. `videoMs`: the longest video among the curve's stims (0 or
 * left out: none). Dwell and viewable time of a video run up to its length, so their curves span
 * it: a max_time shorter than the video (the client's fixed 5 s / 15 s, D3-206) is raised to the
 * video's length, and the segment with it when the points would pass MAX_POINTS (docs/metrics.md
 * "Survival curves of video stims"). Page dwell time is the page's, not the video's: kept.
 */
export function readGraphRequest(
  body: { graph_type_id?: number; time_segment?: number; max_time?: number; estimator?: string },
  opts: { videoMs?: number | null } = {},
): GraphRequest {
  const graphTypeId = (body.graph_type_id ?? 1) as GraphTypeId;
  const def = GRAPH_TYPES[graphTypeId];
  let timeSegment = body.time_segment ?? def.timeSegment;
  let maxTime = body.max_time ?? def.maxTime;
  if (pointCount(timeSegment, maxTime) > MAX_POINTS) {
    throw invalidField('time_segment', `at most ${MAX_POINTS} points: raise time_segment or lower max_time`);
  }
  const videoMs = opts.videoMs ?? 0;
  if (graphTypeId !== 2 && videoMs > maxTime && videoMs <= 3_600_000) {
    maxTime = videoMs;
    // Whole multiples of the asked segment keep the asked points on the grid.
    const k = Math.ceil((maxTime / timeSegment + 2) / MAX_POINTS);
    if (k > 1) timeSegment *= k;
  }
  return { graphTypeId, timeSegment, maxTime, estimator: body.estimator === 'km' ? 'km' : 'empirical' };
}

/** The longest known video among stims (0: none), for readGraphRequest. */
export function longestVideoMs(stims: { stimType: string; durationMs?: number | null }[]): number {
  return Math.max(0, ...stims.filter((s) => stimKind(s.stimType) === 'video' && (s.durationMs ?? 0) > 0).map((s) => s.durationMs!));
}

/** How many points timePoints gives, without building them (the off-grid max_time counts too). */
function pointCount(timeSegment: number, maxTime: number): number {
  const onGrid = Math.floor((maxTime + 1e-9) / timeSegment) + 1;
  return onGrid + (Math.round((onGrid - 1) * timeSegment * 1000) / 1000 < maxTime ? 1 : 0);
}

/** 0, segment, 2·segment … up to max_time inclusive (max_time is added when it is off the grid). */
export function timePoints(r: GraphRequest): number[] {
  const out: number[] = [];
  for (let i = 0; i * r.timeSegment <= r.maxTime + 1e-9; i++) out.push(Math.round(i * r.timeSegment * 1000) / 1000);
  if (out[out.length - 1] < r.maxTime) out.push(r.maxTime);
  return out;
}

export interface CurvePoint {
  x: number;
  y: number;
}

/**
 * y(t) = % of the base whose value is strictly greater than t (S(t) = P(T > t)), so the curve
 * never rises. Its area equals the base's mean only in continuous time with max_time above every
 * value (docs/metrics.md "Survival curves"). An empty base gives y = 0 everywhere.
 */
export function curveFromCounts(points: number[], counts: Map<number, number>, total: number): CurvePoint[] {
  return points.map((t) => ({
    x: t / 1000,
    y: total > 0 ? Math.round(((counts.get(t) ?? 0) / total) * 100 * 1e4) / 1e4 : 0,
  }));
}

/**
 * A curve on the legacy client's axes (issue 39; docs/metrics.md "Survival curves"): x = percent
 * of the base still viewing, y = dwell time in ms (the grid point, back from seconds).
 */
export function legacyCurve(points: readonly CurvePoint[]): CurvePoint[] {
  return points.map((p) => ({ x: p.y, y: Math.round(p.x * 1000) }));
}

/** Values of a base grouped: how many members have this value, and whether it was censored. */
export interface Observation {
  value: number;
  censored: boolean;
  count: number;
}

/**
 * Kaplan–Meier estimate Ŝ(t) = Π over event times tⱼ ≤ t of (1 − dⱼ / nⱼ), read at the grid
 * points, in percent: dⱼ members end (uncensored) at tⱼ, nⱼ are still at risk (value ≥ tⱼ; a
 * value censored at tⱼ counts as at risk there, the usual convention). Without censoring it is
 * exactly the empirical curve. After the last event the curve stays level (a censored maximum
 * never drops it to 0). An empty base gives y = 0 everywhere, like the empirical curve.
 */
export function kaplanMeier(points: number[], obs: readonly Observation[]): CurvePoint[] {
  const total = obs.reduce((a, o) => a + o.count, 0);
  if (total === 0) return points.map((t) => ({ x: t / 1000, y: 0 }));
  const events = new Map<number, number>();
  for (const o of obs) if (!o.censored && o.count > 0) events.set(o.value, (events.get(o.value) ?? 0) + o.count);
  const times = [...events.keys()].sort((a, b) => a - b);
  // Survival just after each event time.
  const sorted = [...obs].sort((a, b) => a.value - b.value);
  const after: number[] = [];
  let survival = 1;
  let gone = 0; // members with a value below the current event time
  let i = 0;
  for (const t of times) {
    while (i < sorted.length && sorted[i].value < t) gone += sorted[i++].count;
    survival *= 1 - events.get(t)! / (total - gone);
    after.push(survival);
  }
  return points.map((t) => {
    let k = -1;
    while (k + 1 < times.length && times[k + 1] <= t) k++;
    const y = k < 0 ? 1 : after[k];
    return { x: t / 1000, y: Math.round(y * 100 * 1e4) / 1e4 };
  });
}

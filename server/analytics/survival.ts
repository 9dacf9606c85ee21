// Survival curves (graph2_data): share of a base still viewing / on the page / viewable at time t.
// Each type's base is the set its matching average is taken over, so the area under the curve
// (in seconds) equals that average: type 1 over viewed exposures (avg_stim_dwell_time), type 2
// over E (avg_page_dwell_time), type 3 over viewable exposures (avg_stim_viewable_time).
import { invalidField } from '../domain/errors.js';

export const GRAPH_TYPES = {
  1: { name: 'Dwell Time', timeSegment: 100, maxTime: 5000, column: 'dwell_ms', base: 'viewed' },
  2: { name: 'Page Dwell Time', timeSegment: 1000, maxTime: 60000, column: 'page_dwell_ms', base: 'all' },
  3: { name: 'Viewable Time', timeSegment: 500, maxTime: 15000, column: 'viewable_ms', base: 'viewable' },
} as const;

export type GraphTypeId = keyof typeof GRAPH_TYPES;

export const DATA_TYPES: Record<GraphTypeId, string> = { 1: 'Dwell Time', 2: 'Page Dwell Time', 3: 'Viewable Time' };

/** More points than this is a mistake (or an attempt to make the server work hard). */
export const MAX_POINTS = 1000;

export interface GraphRequest {
  graphTypeId: GraphTypeId;
  timeSegment: number;
  maxTime: number;
}

export function readGraphRequest(body: { graph_type_id?: number; time_segment?: number; max_time?: number }): GraphRequest {
  const graphTypeId = (body.graph_type_id ?? 1) as GraphTypeId;
  const def = GRAPH_TYPES[graphTypeId];
  const timeSegment = body.time_segment ?? def.timeSegment;
  const maxTime = body.max_time ?? def.maxTime;
  if (pointCount(timeSegment, maxTime) > MAX_POINTS) {
    throw invalidField('time_segment', `at most ${MAX_POINTS} points: raise time_segment or lower max_time`);
  }
  return { graphTypeId, timeSegment, maxTime };
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
 * never rises and its area is the base's mean. An empty base gives y = 0 everywhere.
 */
export function curveFromCounts(points: number[], counts: Map<number, number>, total: number): CurvePoint[] {
  return points.map((t) => ({
    x: t / 1000,
    y: total > 0 ? Math.round(((counts.get(t) ?? 0) / total) * 100 * 1e4) / 1e4 : 0,
  }));
}

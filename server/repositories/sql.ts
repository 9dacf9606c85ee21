// Raw-SQL helpers the report repositories share (reports, survey, demographics): reading rows
// from either driver, id lists, and the respondent conditions every report applies the same way.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { DEMOGRAPHIC_KINDS, demographicColumn, type DemographicFilters } from '../domain/demographics.js';

/** The rows of a raw query (PGlite and pg both answer {rows}). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const r = await db.execute(query);
  return (r as unknown as { rows: T[] }).rows;
}

/**
 * Ids as one int[] parameter (`{1,2,3}`), for `= any($n::int[])` in a prepared statement: one
 * statement text for any number of ids, where `in (…)` (idList) changes with their count.
 */
export const intArray = (ids: Iterable<number>) => `{${[...ids].join(',')}}`;

/** `1, 2, 3` as bound parameters, for `in (…)`. */
export const idList = (ids: number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/** Participants (alias p) whose data counts at all: real (not test) and complete. */
export const countedSql = sql`p.is_test = false and p.status = 'complete'`;

// The base E (docs/metrics.md "Report base E"), on exposure e, participant p and study sd.

/**
 * Measured: eye-tracked participant, gaze received, inside the study's quality thresholds (a
 * threshold that is set excludes participants whose value is missing, except the connection
 * speed: an unmeasurable speed is not a failure, docs/decisions.md "Unmeasured connection speed").
 */
export const qualityCond = sql`p.has_eyetracking and e.eyetracked
  and (sd.max_accuracy is null or p.calibration_accuracy_px <= sd.max_accuracy)
  and (sd.max_precision is null or p.calibration_precision_px <= sd.max_precision)
  and (sd.min_calibration_frame_rate is null or p.frame_rate >= sd.min_calibration_frame_rate)
  and (sd.min_connection_speed is null or p.connection_speed_kbps is null or p.connection_speed_kbps >= sd.min_connection_speed)
  and (sd.min_dwell_ms is null or e.page_dwell_ms >= sd.min_dwell_ms)
  and (sd.max_dwell_ms is null or e.page_dwell_ms <= sd.max_dwell_ms)`;

/** Passes the quality thresholds but was sampled too sparsely for fixations: counted beside E, never in it. */
export const insufficientSql = sql`coalesce(${qualityCond} and e.insufficient_gaze, false)`;

/** E: inside the quality thresholds and with gaze dense enough for fixation detection (docs/metrics.md). */
export const measuredSql = sql`coalesce(${qualityCond} and not e.insufficient_gaze, false)`;

/** Demographic filters on participant p: OR within a kind, AND across kinds; empty when none. */
export function filterSql(f: DemographicFilters): SQL {
  const parts: SQL[] = [];
  for (const kind of DEMOGRAPHIC_KINDS) {
    const ids = (f[kind] ?? []).filter((n) => Number.isInteger(n));
    // The column name comes from the fixed list above, never from the request.
    if (ids.length) parts.push(sql`p.${sql.raw(demographicColumn(kind))} in (${idList(ids)})`);
  }
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

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

/** `1, 2, 3` as bound parameters, for `in (…)`. */
export const idList = (ids: number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/** Participants (alias p) whose data counts at all: real (not test) and complete. */
export const countedSql = sql`p.is_test = false and p.status = 'complete'`;

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

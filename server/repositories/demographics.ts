// Participant demographic summary of one study: every group of every kind with its count, overall
// and per cell (a kind's own 'Other' answer excepted: it belongs to the pie's Other slice). Counted respondents are the reports' (countedSql: complete, not test), so an
// unfiltered total equals the study list's participants_returned.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { DEMOGRAPHIC_KINDS, demographicColumn, isOtherAnswer, type DemographicFilters, type DemographicKind } from '../domain/demographics.js';
import { lookupItemsByKind } from './lookups.js';
import { countedSql, filterSql, rows } from './sql.js';

export { DEMOGRAPHIC_KINDS, type DemographicKind };

export interface DemographicFilter {
  /** Only participants with eye-tracking data. */
  eyetrackingOnly: boolean;
  groups: DemographicFilters;
}

export interface GroupCount {
  id: number;
  name: string;
  count: number;
}

export interface CellCounts {
  cell_id: number;
  cell_name: string;
  /** Every group of the kind, in list order. */
  groups: GroupCount[];
}

export type DemographicSummary = Record<DemographicKind, GroupCount[]>;
export type DemographicCellSummary = Record<DemographicKind, CellCounts[]>;

const column = (kind: DemographicKind) => sql.raw(`p.${demographicColumn(kind)}`);

export async function demographicSummary(
  db: Db, studyId: number, filter: DemographicFilter,
): Promise<{ summary: DemographicSummary; cells: DemographicCellSummary; total: number }> {
  const where: SQL[] = [sql`p.study_id = ${studyId}`, countedSql];
  if (filter.eyetrackingOnly) where.push(sql`p.has_eyetracking`);
  const base = sql`select * from participant p where ${sql.join(where, sql` and `)}${filterSql(filter.groups)}`;
  // One pass per kind grouped by cell and group; the overall counts are the sums over cells.
  const perKind = DEMOGRAPHIC_KINDS.map((kind) =>
    sql`select ${kind}::text as kind, p.cell_id as cell, ${column(kind)} as id, count(*)::int as n from base p group by p.cell_id, ${column(kind)}`);
  const query = sql`with base as (${base}) ${sql.join(perKind, sql` union all `)} union all select 'total', null, null, count(*)::int from base`;
  const [counted, cellRows, lookups] = await Promise.all([
    rows<{ kind: string; cell: number | null; id: number | null; n: number }>(db, query),
    rows<{ id: number; name: string }>(db, sql`select id, name from cell where study_id = ${studyId} order by id`),
    lookupItemsByKind(db, [...DEMOGRAPHIC_KINDS]),
  ]);

  const overall = new Map<string, number>();
  const perCell = new Map<string, number>();
  let total = 0;
  for (const r of counted) {
    const n = Number(r.n);
    if (r.kind === 'total') { total = n; continue; }
    if (r.id === null) continue;
    const key = `${r.kind}:${Number(r.id)}`;
    overall.set(key, (overall.get(key) ?? 0) + n);
    if (r.cell !== null) perCell.set(`${Number(r.cell)}:${key}`, n);
  }
  const summary = {} as DemographicSummary;
  const cells = {} as DemographicCellSummary;
  for (const kind of DEMOGRAPHIC_KINDS) {
    // A kind's own 'Other' answer is not listed: its respondents are in total − Σ listed, the
    // pie's one Other slice (isOtherAnswer).
    const groups = (lookups[kind] ?? []).filter((g) => !isOtherAnswer(g.name));
    summary[kind] = groups.map((g) => ({ id: g.id, name: g.name, count: overall.get(`${kind}:${g.id}`) ?? 0 }));
    cells[kind] = cellRows.map((c) => ({
      cell_id: Number(c.id),
      cell_name: c.name,
      groups: groups.map((g) => ({ id: g.id, name: g.name, count: perCell.get(`${Number(c.id)}:${kind}:${g.id}`) ?? 0 })),
    }));
  }
  return { summary, cells, total };
}

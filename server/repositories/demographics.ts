// Participant demographic summary of one study: every group of every kind with its count.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { DEMOGRAPHIC_KINDS, demographicColumn, type DemographicFilters, type DemographicKind } from '../domain/demographics.js';
import { lookupItemsByKind } from './lookups.js';
import { filterSql, rows } from './sql.js';

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

export type DemographicSummary = Record<DemographicKind, GroupCount[]>;

const column = (kind: DemographicKind) => sql.raw(`p.${demographicColumn(kind)}`);

export async function demographicSummary(
  db: Db, studyId: number, filter: DemographicFilter,
): Promise<{ summary: DemographicSummary; total: number }> {
  const where: SQL[] = [sql`p.study_id = ${studyId}`, sql`not p.is_test`];
  if (filter.eyetrackingOnly) where.push(sql`p.has_eyetracking`);
  const base = sql`select * from participant p where ${sql.join(where, sql` and `)}${filterSql(filter.groups)}`;
  const perKind = DEMOGRAPHIC_KINDS.map((kind) =>
    sql`select ${kind}::text as kind, ${column(kind)} as id, count(*)::int as n from base p group by ${column(kind)}`);
  const query = sql`with base as (${base}) ${sql.join(perKind, sql` union all `)} union all select 'total', null, count(*)::int from base`;
  const counted = await rows<{ kind: string; id: number | null; n: number }>(db, query);

  const counts = new Map<string, number>();
  let total = 0;
  for (const r of counted) {
    if (r.kind === 'total') total = Number(r.n);
    else if (r.id !== null) counts.set(`${r.kind}:${Number(r.id)}`, Number(r.n));
  }
  const lookups = await lookupItemsByKind(db, [...DEMOGRAPHIC_KINDS]);
  const summary = Object.fromEntries(DEMOGRAPHIC_KINDS.map((kind) => [
    kind,
    (lookups[kind] ?? []).map((g) => ({ id: g.id, name: g.name, count: counts.get(`${kind}:${g.id}`) ?? 0 })),
  ])) as DemographicSummary;
  return { summary, total };
}

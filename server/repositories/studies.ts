// The study list, the home counts and the tenancy check other study routes start from.
// Every function takes the acting company id; nothing here reads another company's rows.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { batch, study } from '../db/schema/index.js';
import { sortByName } from '../domain/sort.js';
import { countedSql, intArray } from './sql.js';
import { preparedStatement } from '../db/prepared.js';

export interface LiveCompletedCounts {
  total_live: number;
  total_completed: number;
}

/** Live and completed rows of a company's studies or batches (both tables carry the two flags). */
async function liveCompleted(db: Db, table: typeof study | typeof batch, companyId: number): Promise<LiveCompletedCounts> {
  const rows = await db
    .select({
      total_live: sql<number>`count(*) filter (where ${table.live})::int`,
      total_completed: sql<number>`count(*) filter (where ${table.completed})::int`,
    })
    .from(table)
    .where(eq(table.companyId, companyId));
  return { total_live: Number(rows[0]?.total_live ?? 0), total_completed: Number(rows[0]?.total_completed ?? 0) };
}

/** Over the company's whole study list: live = live flag, completed = completed flag. */
export const studyCounts = (db: Db, companyId: number) => liveCompleted(db, study, companyId);

/** Batch users' home counts: live and completed batches of the company. */
export const batchCounts = (db: Db, companyId: number) => liveCompleted(db, batch, companyId);

export interface CompanyStudy {
  id: number;
  companyId: number;
  name: string;
  preAssignQuestionGroupId: number | null;
}

/** The study when it belongs to the company, else null (callers answer 404). Every study route starts here: prepared. */
export async function findCompanyStudy(db: Db, companyId: number, studyId: number): Promise<CompanyStudy | null> {
  const [row] = await companyStudy(db, { companyId, studyId });
  return row ? { ...row, id: Number(row.id), companyId: Number(row.companyId) } : null;
}

const companyStudy = preparedStatement<CompanyStudy>(() => sql`
  select id, company_id as "companyId", name, pre_assign_question_group_id as "preAssignQuestionGroupId"
  from study where id = ${sql.placeholder('studyId')}::int and company_id = ${sql.placeholder('companyId')}::int`);

/**
 * The company a study belongs to, whichever company asks: only for the super users' owner lookup
 * (GET /studies/{id}/owner), never for tenant reads.
 */
export async function findStudyOwner(db: Db, studyId: number): Promise<{ studyId: number; companyId: number; companyName: string } | null> {
  const [row] = await studyOwner(db, { studyId });
  return row ? { studyId: Number(row.studyId), companyId: Number(row.companyId), companyName: row.companyName } : null;
}

const studyOwner = preparedStatement<{ studyId: number; companyId: number; companyName: string }>(() => sql`
  select s.id as "studyId", c.id as "companyId", c.name as "companyName"
  from study s join company c on c.id = s.company_id where s.id = ${sql.placeholder('studyId')}::int`);

export const STUDY_SORT_KEYS = ['name', 'environment', 'media', 'id'] as const;
export type StudySortKey = (typeof STUDY_SORT_KEYS)[number];

export interface StudyListQuery {
  companyId: number;
  page: number;
  /** 0: every matching study (the legacy GET /studies). */
  pageSize: number;
  sortKey: StudySortKey;
  descending: boolean;
  /** Case-insensitive substring of the name; empty = all. */
  name: string;
  live: boolean | null;
  completed: boolean | null;
  /** 0 = all */
  mediaId: number;
  /** 0 = all */
  environmentId: number;
}

export interface StudyListItem {
  study_id: number;
  name: string;
  environment: string | null;
  media: string | null;
  live: boolean;
  paused: boolean;
  completed: boolean;
  cell_count: number;
  participants_requested: number;
  participants_returned: number;
  data_collection_start: string | null;
  data_collection_end: string | null;
}

/** Escapes LIKE wildcards so a search for "50%" or "a_b" matches those characters literally. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const iso = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

// Both list statements are named prepared statements built once (db/prepared.ts): the list is the
// home page's first call and every filter is a parameter, so the text never changes. Building and
// planning them per request cost more than running them (issue 21, CPU profile of the API bench).
const listRows = preparedStatement<{
  id: number; name: string; environment: string | null; media: string | null; live: boolean; paused: boolean; completed: boolean; matches: boolean;
  participants_requested: number; data_collection_start: unknown; data_collection_end: unknown;
}>(() => {
  const p = sql.placeholder;
  return sql`
    select s.id, s.name, s.live, s.paused, s.completed,
      (select li.name from lookup_item li where li.kind = 'environment' and li.id = s.environment_id) as environment,
      (select li.name from lookup_item li where li.kind = 'media' and li.id = s.media_id) as media,
      coalesce(
        (${p('name')}::text = '' or s.name ilike ${p('pattern')}::text escape '\\')
        and (${p('live')}::boolean is null or s.live = ${p('live')}::boolean)
        and (${p('completed')}::boolean is null or s.completed = ${p('completed')}::boolean)
        and (${p('mediaId')}::int = 0 or s.media_id = ${p('mediaId')}::int)
        and (${p('environmentId')}::int = 0 or s.environment_id = ${p('environmentId')}::int),
        false) as matches,
      s.participants_requested, s.data_collection_start, s.data_collection_end
    from study s where s.company_id = ${p('companyId')}::int`;
});

/** Cell and respondent counts of some studies (ids as an int[] literal, one statement text for any page). */
const pageCounts = preparedStatement<{ k: string; id: number; n: number }>(() => sql`
  select 'c' as k, study_id as id, count(*)::int as n from cell where study_id = any(${sql.placeholder('ids')}::int[]) group by study_id
  union all
  select 'p', p.study_id, count(*)::int from participant p where p.study_id = any(${sql.placeholder('ids')}::int[]) and ${countedSql} group by p.study_id`);

/**
 * The company's studies matching the filters, sorted and paged (pageSize 0: every row, one page),
 * with the live and completed counts over all of the company's studies (`counts`, as studyCounts).
 * Sorting happens in TypeScript (domain/sort.ts) so names order the same on PGlite and
 * PostgreSQL: every company study's id, sort texts, flags and whether it matches are read first
 * (the live and completed counts come from the same rows), then the page's cell and respondent
 * counts in one more query: two round trips per list.
 */
export async function listStudies(db: Db, q: StudyListQuery): Promise<{ items: StudyListItem[]; total: number; counts: LiveCompletedCounts }> {
  const all = await listRows(db, {
    companyId: q.companyId, name: q.name, pattern: `%${escapeLike(q.name)}%`, live: q.live, completed: q.completed,
    mediaId: q.mediaId, environmentId: q.environmentId,
  });
  const counts = { total_live: all.filter((r) => r.live).length, total_completed: all.filter((r) => r.completed).length };
  const keys = all.filter((r) => r.matches === true);
  const total = keys.length;
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
  // Studies without an environment or media sort after the named ones in both directions; ties by name, then id.
  const byName = sortByName(keys, (r) => r.name, { tie: byId });
  const sorted = q.sortKey === 'id' ? [...keys].sort(byId)
    : q.sortKey === 'name' ? byName
      : sortByName(byName, (r) => r[q.sortKey as 'environment' | 'media'], { descending: q.descending });
  if (q.descending && q.sortKey !== 'environment' && q.sortKey !== 'media') sorted.reverse();
  const page = q.pageSize ? sorted.slice((q.page - 1) * q.pageSize, q.page * q.pageSize) : sorted;
  if (!page.length) return { total, counts, items: [] };

  // Only the counts are left to read, for the page's studies (already scoped to the company).
  const countRows = await pageCounts(db, { ids: intArray(page.map((r) => r.id)) });
  const cells = new Map<number, number>();
  const returned = new Map<number, number>();
  for (const r of countRows) (r.k === 'c' ? cells : returned).set(Number(r.id), Number(r.n));

  return {
    total,
    counts,
    items: page.map((r) => ({
      study_id: r.id,
      name: r.name,
      environment: r.environment,
      media: r.media,
      live: r.live,
      paused: r.paused,
      completed: r.completed,
      cell_count: cells.get(r.id) ?? 0,
      participants_requested: r.participants_requested,
      participants_returned: returned.get(r.id) ?? 0,
      data_collection_start: iso(r.data_collection_start),
      data_collection_end: iso(r.data_collection_end),
    })),
  };
}

// All SQL of the pre-aggregated report inputs (issue 21 item 1; docs/metrics.md "Pre-aggregated
// reports"): tables report_aggregate / report_histogram / report_feature_aggregate /
// report_aoi_metric_aggregate / report_scanpath_aggregate / report_aggregate_state (db/schema/aggregates.ts).
//
// - Ingestion adds a session's contribution in its own transaction: one grouped upsert per table,
//   CTEs of the one statement that inserts the session's rows (sessionAggregateCtes). A re-delivered session never gets here (ingestSession answers the
//   stored participant first; a concurrent duplicate rolls the whole transaction back).
// - rebuildStudyAggregates rewrites a study's rows from its exposures: the recompute paths call it
//   in their transaction, and a read calls it when the state row says the rows are not current
//   (never built, thresholds changed since, exposures written around ingestion).
// - Reads (aggregateMetrics, aggregateSurvivalCounts) cost cells × placements × bins, never
//   respondents. A rebuild holds an exclusive per-study advisory lock, ingestion a shared one, so
//   on PostgreSQL a rebuild never interleaves with a session's upsert.
// - The feature tables depend on the AOIs too: saving AOIs and each page of their recompute mark
//   the studies of the stim stale (staleStimAggregates), and the recompute rebuilds them at its end.
// - Norms (aggregateNormSource) sum every study's cells per stim once all are current.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { DEMOGRAPHIC_KINDS, demographicColumn, type DemographicFilters } from '../domain/demographics.js';
import { EMPTY_AGGREGATE, type StimAggregate } from '../analytics/metrics.js';
import type { FeatureAggregate } from '../analytics/features.js';
import type { AoiMetricAggregate, RankCount } from '../analytics/aoi-metrics.js';
import { GRAPH_TYPES, type GraphTypeId } from '../analytics/survival.js';
import { rows, intArray, qualityCond } from './sql.js';
import { preparedStatement } from '../db/prepared.js';

/** Reads from the aggregates (true) or always from the exposures (false: the comparison tests and the bench). */
let aggregateReads = true;
export function setAggregateReads(on: boolean): void {
  aggregateReads = on;
}
export const aggregateReadsOn = () => aggregateReads;

/** First key of the advisory locks (the second is the study id). */
const LOCK_SPACE = 21;

/**
 * The study's quality thresholds as one string (alias sd): the state row keeps the one its rows were
 * built with. The last part names the rules' version ('s': an unmeasured connection speed passes),
 * so rows built under an older rule are rebuilt on their next read.
 */
const thresholdsSql = sql`concat(coalesce(sd.max_accuracy::text, '-'), '|', coalesce(sd.max_precision::text, '-'), '|',
  coalesce(sd.min_calibration_frame_rate::text, '-'), '|', coalesce(sd.min_connection_speed::text, '-'), '|',
  coalesce(sd.min_dwell_ms::text, '-'), '|', coalesce(sd.max_dwell_ms::text, '-'), '|s')`;

const keyColumns = sql.raw(`study_id, step_id, stim_id, age_group_id, family_group_id, earnings_group_id, gender_group_id,
  socialgrade_group_id, ethnicity_group_id, is_test, complete, eyetracked, quality, insufficient`);

/**
 * Demographic ids of the roll-up rows. Every exposure counts twice: in its demographic cell and in
 * the roll-up row of its flags (all six ids ROLLUP), which a read without demographic filters (and
 * the norms) sums instead. Cells grow with respondents until every combination of the six kinds
 * has one (about as many as respondents at 5,000 simulated ones); roll-up rows never do: at most
 * 32 flag combinations per placement.
 */
const ROLLUP = -1;
const demographic = (column: string) => sql`(case when roll.r then ${ROLLUP} else coalesce(p.${sql.raw(column)}, 0) end)`;

/** The cell key of exposure e (participant p, study sd, roll-up row or not), in keyColumns' order. */
const keySelect = sql`e.study_id, e.step_id, e.stim_id, ${demographic('age_group_id')}, ${demographic('family_group_id')},
  ${demographic('earnings_group_id')}, ${demographic('gender_group_id')}, ${demographic('socialgrade_group_id')},
  ${demographic('ethnicity_group_id')}, p.is_test, p.status = 'complete', (p.has_eyetracking and e.eyetracked),
  coalesce(${qualityCond}, false), e.insufficient_gaze`;
const keyGroup = sql.raw('1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14');

const share = sql`(case when e.page_dwell_ms > 0 then least(e.viewable_ms / e.page_dwell_ms, 1) else 0 end)`;

const sumColumns = ['n', 'viewable_n', 'viewed_n', 'page_dwell_sum', 'page_dwell_sq', 'viewable_ms_sum', 'viewable_ms_sq',
  'dwell_sum', 'dwell_sq', 'ttfv_n', 'ttfv_sum', 'ttfv_sq', 'share_sum', 'share_sq', 'dwell_censored_n', 'viewable_censored_n'];

const sumSelect = sql`count(*)::int, count(*) filter (where e.viewable)::int, count(*) filter (where e.viewable and e.viewed)::int,
  sum(e.page_dwell_ms)::float8, sum(e.page_dwell_ms * e.page_dwell_ms)::float8,
  coalesce(sum(e.viewable_ms) filter (where e.viewable), 0)::float8, coalesce(sum(e.viewable_ms * e.viewable_ms) filter (where e.viewable), 0)::float8,
  coalesce(sum(e.dwell_ms) filter (where e.viewable and e.viewed), 0)::float8,
  coalesce(sum(e.dwell_ms * e.dwell_ms) filter (where e.viewable and e.viewed), 0)::float8,
  count(e.time_to_first_view_ms) filter (where e.viewable and e.viewed)::int,
  coalesce(sum(e.time_to_first_view_ms) filter (where e.viewable and e.viewed), 0)::float8,
  coalesce(sum(e.time_to_first_view_ms * e.time_to_first_view_ms) filter (where e.viewable and e.viewed), 0)::float8,
  sum(${share})::float8, sum(power(${share}, 2))::float8,
  count(*) filter (where e.viewable and e.viewed and e.dwell_censored)::int, count(*) filter (where e.viewable and e.viewable_censored)::int`;

/**
 * Where the upserts read the exposures they add: the tables (a rebuild), or the CTEs of the
 * statement that inserts one session's rows (ingestion, sessionAggregateCtes), whose new rows the
 * tables do not show yet inside that statement. Same columns either way.
 */
export interface AggregateSource {
  exposure: SQL;
  participant: SQL;
  exposureAoi: SQL;
  exposureFeature: SQL;
}
const TABLES: AggregateSource = {
  exposure: sql.raw('exposure'), participant: sql.raw('participant'), exposureAoi: sql.raw('exposure_aoi'), exposureFeature: sql.raw('exposure_feature'),
};

/**
 * The study's largest exposure id (below `below` when given), 0 when none: the freshness checks.
 * Written so that only exposure_study_id_idx can answer it. With max(id), or with
 * `study_id = …`, the planner — whose statistics showed one big study among empty ones — walked
 * the primary key backwards filtering on the study, reading every exposure for each study without
 * any (1.6 s per report at 10,000 respondents). A range on study_id is not an equality, so the
 * order by (study_id, id) stays, and only that index gives it.
 */
function lastExposureId(studyId: SQL | number, below?: SQL | number): SQL {
  const under = below === undefined ? sql`` : sql` and id < ${below}`;
  return sql`coalesce((select id from exposure where study_id >= ${studyId} and study_id <= ${studyId}${under}
    order by study_id desc, id desc limit 1), 0)`;
}

const exposureFrom = (src: AggregateSource) => sql`(${src.exposure} e join ${src.participant} p on p.id = e.participant_id
  join study sd on sd.id = e.study_id cross join (values (false), (true)) roll(r))`;

/** Bin of value v on a grid of `seg` ms up to `max` ms (exact: k·seg is an integer, so v is compared, not divided). */
function binSql(v: SQL, seg: number, max: number): SQL {
  const k = sql`ceil(${v} / ${seg}::float8)`;
  return sql`(case when ${v} <= 0 then 0 when ${v} > ${max}::float8 then ${max / seg + 1}
    when ${v} > ${k} * ${seg} then ${k} + 1 when ${v} <= (${k} - 1) * ${seg} then ${k} - 1 else ${k} end)::int`;
}

const g1 = GRAPH_TYPES[1];
const g2 = GRAPH_TYPES[2];
const g3 = GRAPH_TYPES[3];
/** One row per graph type an exposure belongs to: (type, bin, censored). Base membership as the curves (viewed / all / viewable); E is filtered at read. */
const histogramLateral = sql`cross join lateral (values
    (1, ${binSql(sql`e.dwell_ms`, g1.timeSegment, g1.maxTime)}, e.dwell_censored, e.viewable and e.viewed),
    (2, ${binSql(sql`e.page_dwell_ms`, g2.timeSegment, g2.maxTime)}, false, true),
    (3, ${binSql(sql`e.viewable_ms`, g3.timeSegment, g3.maxTime)}, e.viewable_censored, e.viewable)) h(t, bin, c, inb)`;

function upsertAggregates(where: SQL, src: AggregateSource): SQL {
  return sql`insert into report_aggregate (${keyColumns}, ${sql.raw(sumColumns.join(', '))})
    select ${keySelect}, ${sumSelect} from ${exposureFrom(src)} where ${where} group by ${keyGroup}
    on conflict (${keyColumns}) do update set ${sql.raw(sumColumns.map((c) => `${c} = report_aggregate.${c} + excluded.${c}`).join(', '))}`;
}

function upsertHistogram(where: SQL, src: AggregateSource): SQL {
  return sql`insert into report_histogram (${keyColumns}, graph_type, bin, n, censored_n)
    select ${keySelect}, h.t, h.bin, count(*)::int, count(*) filter (where h.c)::int
    from ${exposureFrom(src)} ${histogramLateral} where h.inb and ${where} group by ${keyGroup}, 15, 16
    on conflict (${keyColumns}, graph_type, bin) do update
      set n = report_histogram.n + excluded.n, censored_n = report_histogram.censored_n + excluded.censored_n`;
}

/**
 * Feature viewers: one per viewed exposure and AOI tag it fixated (exposure_aoi joined to the AOIs
 * as they are now, as the per-exposure feature report groups them). `where` restricts exposure e.
 * The per-exposure rows x are materialized (here and in upsertScanpath): inside ingestion's
 * statement the planner, which cannot estimate its CTEs, ran them again for every exposure.
 */
function upsertFeatures(where: SQL, src: AggregateSource): SQL {
  return sql`insert into report_feature_aggregate (${keyColumns}, tag, viewers, dwell_sum, dwell_sq, first_fix_n, first_fix_sum)
    with x as materialized (select ea.exposure_id, a.tag, sum(ea.dwell_ms) as dwell, min(ea.first_fixation_ms) as first_fix
          from ${src.exposureAoi} ea join aoi a on a.id = ea.aoi_id join ${src.exposure} e on e.id = ea.exposure_id
          where ea.fixation_count > 0 and e.viewable and e.viewed and ${where} group by 1, 2)
    select ${keySelect}, x.tag, count(*)::int, sum(x.dwell)::float8, sum(x.dwell * x.dwell)::float8,
      count(x.first_fix)::int, coalesce(sum(x.first_fix), 0)::float8
    from x join ${exposureFrom(src)} on e.id = x.exposure_id
    group by ${keyGroup}, 15
    on conflict (${keyColumns}, tag) do update set viewers = report_feature_aggregate.viewers + excluded.viewers,
      dwell_sum = report_feature_aggregate.dwell_sum + excluded.dwell_sum, dwell_sq = report_feature_aggregate.dwell_sq + excluded.dwell_sq,
      first_fix_n = report_feature_aggregate.first_fix_n + excluded.first_fix_n,
      first_fix_sum = report_feature_aggregate.first_fix_sum + excluded.first_fix_sum`;
}

const aoiMetricColumns = ['viewers', 'first_fixation_sum', 'first_fixation_viewable_n', 'first_fixation_viewable_sum',
  'fixation_sum', 'dwell_sum', 'revisit_sum', 'first_n'];

/** The AOI metrics' sums from exposure_feature (one row per viewed exposure and tag). */
function upsertAoiMetrics(where: SQL, src: AggregateSource): SQL {
  return sql`insert into report_aoi_metric_aggregate (${keyColumns}, tag, ${sql.raw(aoiMetricColumns.join(', '))})
    select ${keySelect}, ef.tag, count(*)::int, sum(ef.first_fixation_ms)::float8, count(ef.first_fixation_viewable_ms)::int,
      coalesce(sum(ef.first_fixation_viewable_ms), 0)::float8, sum(ef.fixation_count)::int, sum(ef.dwell_ms)::float8,
      sum(ef.visits - 1)::int, count(*) filter (where ef.entry_rank = 1)::int
    from ${src.exposureFeature} ef join ${exposureFrom(src)} on e.id = ef.exposure_id
    where e.viewable and e.viewed and ${where}
    group by ${keyGroup}, 15
    on conflict (${keyColumns}, tag) do update
      set ${sql.raw(aoiMetricColumns.map((c) => `${c} = report_aoi_metric_aggregate.${c} + excluded.${c}`).join(', '))}`;
}

/**
 * The aggregate scanpath's counts from exposure_feature (studyScanpathCounts' per-exposure query):
 * viewers per (tag, entry rank), and per exposure that entered any current feature one row with
 * tag '' and rank 0. A tag is counted only while an AOI of the stim has it (rows of a tag just
 * removed wait for the recompute, which marks the study stale again).
 */
function upsertScanpath(where: SQL, src: AggregateSource): SQL {
  const entered = sql`from ${src.exposureFeature} ef join ${src.exposure} e on e.id = ef.exposure_id
    where e.viewable and e.viewed and ${where} and exists (select 1 from aoi a where a.stim_id = e.stim_id and a.tag = ef.tag)`;
  return sql`insert into report_scanpath_aggregate (${keyColumns}, tag, rank, viewers)
    with x as materialized (select ef.exposure_id, ef.tag, ef.entry_rank as rank ${entered}
          union all select distinct ef.exposure_id, '', 0 ${entered})
    select ${keySelect}, x.tag, x.rank, count(*)::int
    from x join ${exposureFrom(src)} on e.id = x.exposure_id
    group by ${keyGroup}, 15, 16
    on conflict (${keyColumns}, tag, rank) do update set viewers = report_scanpath_aggregate.viewers + excluded.viewers`;
}

/** Every upsert of a set of exposures, in one place so ingestion and a rebuild write the same tables. */
async function upsertAll(db: Db, where: SQL): Promise<void> {
  for (const upsert of [upsertAggregates, upsertHistogram, upsertFeatures, upsertAoiMetrics, upsertScanpath]) await db.execute(upsert(where, TABLES));
}

/**
 * The study's shared lock for a session's upserts (ingestion takes it in its transaction, before
 * the statement of sessionAggregateCtes: repositories/ingest.ts lockSessionInputs): a rebuild,
 * which holds the exclusive one, never interleaves.
 */
export const studySessionLockSql = (studyId: number | SQL): SQL => sql`pg_advisory_xact_lock_shared(${LOCK_SPACE}, ${studyId})`;

/**
 * The CTEs (`name as (…)`, comma-separated) adding one session's contribution, for the statement
 * that inserts its rows: `src` names that statement's CTEs returning the new participant, exposure,
 * exposure_aoi and exposure_feature rows. When the study's rows were current up to the exposure
 * before the new ones, the state moves on to include them; otherwise it stays behind and the next
 * read rebuilds. A study's first session creates the state row (its rows are then exactly this
 * session's, judged with today's thresholds): without it every new study was rebuilt at its first
 * read, and the first norm read rebuilt them all. A study with earlier exposures but no state row
 * gets one marked stale (−1), as a missing one would be read. A session without exposures (or a duplicate, whose CTEs return nothing) adds nothing.
 */
export function sessionAggregateCtes(studyId: SQL, src: AggregateSource): SQL {
  const all = sql`true`;
  // The study's last exposure before this session's (0: its first session).
  const before = lastExposureId(studyId, sql`(select min(id) from ${src.exposure})`);
  const last = sql`(select max(id) from ${src.exposure})`;
  return sql`agg_a as (${upsertAggregates(all, src)}),
    agg_h as (${upsertHistogram(all, src)}),
    agg_f as (${upsertFeatures(all, src)}),
    agg_m as (${upsertAoiMetrics(all, src)}),
    agg_p as (${upsertScanpath(all, src)}),
    agg_s as (insert into report_aggregate_state (study_id, max_exposure_id, thresholds, built_at)
      select sd.id, case when ${before} = 0 then ${last} else -1 end, ${thresholdsSql}, now() from study sd
      where sd.id = ${studyId} and exists (select 1 from ${src.exposure})
      on conflict (study_id) do update set max_exposure_id = ${last}
      where report_aggregate_state.max_exposure_id = ${before})`;
}

/** The per-cell tables (they have no foreign keys: schema/aggregates.ts says why). */
const CELL_TABLES = ['report_aggregate', 'report_histogram', 'report_feature_aggregate', 'report_aoi_metric_aggregate', 'report_scanpath_aggregate'];

async function deleteAggregateRows(db: Db, where: SQL): Promise<void> {
  for (const table of CELL_TABLES) await db.execute(sql`delete from ${sql.identifier(table)} where ${where}`);
}

/** A removed step's rows (what a foreign key's cascade would do; call in the removing transaction). */
export async function deleteStepAggregates(db: Db, stepId: number): Promise<void> {
  await deleteAggregateRows(db, sql`step_id = ${stepId}`);
}

/** Rewrites a study's rows from its exposures and marks them current (call inside a transaction). */
export async function rebuildStudyAggregates(db: Db, studyId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}, ${studyId})`);
  await deleteAggregateRows(db, sql`study_id = ${studyId}`);
  await upsertAll(db, sql`e.study_id = ${studyId}`);
  await db.execute(sql`insert into report_aggregate_state (study_id, max_exposure_id, thresholds, built_at)
    select sd.id, ${lastExposureId(studyId)}, ${thresholdsSql}, now()
    from study sd where sd.id = ${studyId}
    on conflict (study_id) do update set max_exposure_id = excluded.max_exposure_id, thresholds = excluded.thresholds, built_at = now()`);
}

/**
 * Marks a study's rows stale (participants deleted outside ingestion, AOI rows rewritten): the next
 * read rebuilds. Holds the study's exclusive lock, so a rebuild running meanwhile (from the data
 * before this transaction) cannot mark its rows current after this.
 */
export async function clearStudyAggregates(db: Db, studyId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}, ${studyId})`);
  // Marked stale (-1 is never a study's largest exposure id) rather than deleted: the norms rebuild
  // stale studies, and a study left without exposures still has rows (ingestion writes them even
  // before the first build) that must go.
  await db.execute(sql`insert into report_aggregate_state (study_id, max_exposure_id, thresholds)
    select id, -1, '' from study where id = ${studyId}
    on conflict (study_id) do update set max_exposure_id = -1`);
}

/**
 * Marks stale the rows of every study with exposures of the stim (its AOIs changed, or a page of their
 * recompute rewrote exposure_aoi / exposure_feature): the feature tables follow the AOIs, and the
 * next read rebuilds. Index lookups per study (exposure_study_stim_idx), never a scan of exposures.
 */
export async function staleStimAggregates(db: Db, stimId: number): Promise<void> {
  // In id order: two transactions locking several studies never wait on each other in a cycle.
  for (const id of await stimStudies(db, stimId)) await clearStudyAggregates(db, id);
}

/** The studies with exposures of the stim, in id order (an index lookup per study). */
async function stimStudies(db: Db, stimId: number): Promise<number[]> {
  const r = await rows<{ id: number }>(db, sql`select sd.id from study sd
    where exists (select 1 from exposure e where e.study_id = sd.id and e.stim_id = ${stimId}) order by sd.id`);
  return r.map((x) => Number(x.id));
}

/** Rebuilds, where stale, the rows of every study with exposures of the stim (the end of an AOI recompute). */
export async function refreshStimAggregates(db: Db, stimId: number): Promise<void> {
  for (const id of await stimStudies(db, stimId)) await ensureAggregates(db, id);
}

/** Whether the study's rows are current: built, with today's thresholds, up to its largest exposure id (O(log n) with exposure_study_id_idx). */
export async function aggregatesCurrent(db: Db, studyId: number): Promise<boolean> {
  const [r] = await currentState(db, { studyId });
  return !!r && r.built !== null && Number(r.built) === Number(r.cur) && r.builtT === r.curT;
}

// Every report asks this first: a prepared statement (db/prepared.ts), planned once per connection.
const currentState = preparedStatement<{ built: number | null; builtT: string | null; cur: number; curT: string }>(() => {
  const studyId = sql`${sql.placeholder('studyId')}::int`;
  return sql`
    select st.max_exposure_id as built, st.thresholds as "builtT", ${thresholdsSql} as "curT",
      ${lastExposureId(studyId)}::int as cur
    from study sd left join report_aggregate_state st on st.study_id = sd.id where sd.id = ${studyId}`;
});

/** Makes the study's rows current (rebuilding them when not); false when aggregate reads are off. */
export async function ensureAggregates(db: Db, studyId: number): Promise<boolean> {
  if (!aggregateReads) return false;
  if (await aggregatesCurrent(db, studyId)) return true;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // Another request may have rebuilt meanwhile (the lock orders them).
    if (!(await aggregatesCurrent(t, studyId))) await rebuildStudyAggregates(t, studyId);
  });
  return true;
}

// ---------------------------------------------------------------------------------------------
// Reads: the same StimAggregate / survival counts as repositories/reports.ts computes from exposures.

export interface Placement {
  stepId: number;
  stimId: number;
}
const key = (stepId: number, stimId: number) => `${stepId}:${stimId}`;

/** A value of a cell read: a placeholder (the prepared roll-up read) or the value itself (a filtered read). */
type CellValue = (name: string) => SQL;

/** Counted (real, complete) rows of the requested placements. */
const placedSql = (v: CellValue) => sql`study_id = ${v('studyId')}::int and not is_test and complete
  and step_id = any(${v('steps')}::int[]) and stim_id = any(${v('stims')}::int[])`;

/**
 * Demographic filters on the cell columns, or null when nothing is filtered; ids ≤ 0 match nobody,
 * as on participants (0 stands for "none given" here, -1 for ROLLUP).
 */
function cellFilterSql(f: DemographicFilters): SQL | null {
  const parts: SQL[] = [];
  for (const kind of DEMOGRAPHIC_KINDS) {
    const ids = (f[kind] ?? []).filter((n) => Number.isInteger(n)).map((n) => (n > 0 ? n : -2));
    if (ids.length) parts.push(sql`${sql.raw(demographicColumn(kind))} = any(${intArray(ids)}::int[])`);
  }
  return parts.length ? sql.join(parts, sql` and `) : null;
}

/**
 * A read of one cell table: the roll-up rows (no demographic filter), or the demographic cells after
 * the filters — never both. The roll-up read, which every unfiltered report makes, is a prepared
 * statement (db/prepared.ts): building and planning it per request cost more than running it
 * (issue 21). A filtered read stays a one-off statement planned for its filters: as one prepared
 * text with a `$kind is null or …` per demographic kind, the generic plan PGlite settled on made
 * filtered reports of the 5,000-respondent study 3–4× slower (the benchmark; PostgreSQL's held up).
 * `extra` holds values of the reader's own (`v('graphType')`).
 */
function cellReader<T>(build: (where: SQL, v: CellValue) => SQL) {
  const ph: CellValue = (name) => sql`${sql.placeholder(name)}`;
  const rollup = preparedStatement<T>(() => build(sql`${placedSql(ph)} and age_group_id = ${sql.raw(String(ROLLUP))}`, ph));
  return (db: Db, studyId: number, pairs: Placement[], filters: DemographicFilters, extra: Record<string, unknown> = {}) => {
    const values: Record<string, unknown> = {
      studyId, steps: intArray(new Set(pairs.map((x) => x.stepId))), stims: intArray(new Set(pairs.map((x) => x.stimId))), ...extra,
    };
    const filter = cellFilterSql(filters);
    if (!filter) return rollup(db, values);
    const v: CellValue = (name) => sql`${values[name]}`;
    return rows<T>(db, build(sql`${placedSql(v)} and age_group_id <> ${sql.raw(String(ROLLUP))} and ${filter}`, v));
  };
}

const m = sql.raw('(quality and not insufficient)');

type AggRow = Record<keyof StimAggregate, number> & { stepId: number; stimId: number };

/** StimAggregate's fields summed over report_aggregate cells (base E: m; the script counts: every cell). */
const metricSums = sql`
      coalesce(sum(n) filter (where ${m}), 0)::int as "baseSize",
      coalesce(sum(viewable_n) filter (where ${m}), 0)::int as "viewableN",
      coalesce(sum(viewed_n) filter (where ${m}), 0)::int as "viewedN",
      coalesce(sum(page_dwell_sum) filter (where ${m}), 0)::float8 as "pageDwellSumMs",
      coalesce(sum(viewable_ms_sum) filter (where ${m}), 0)::float8 as "viewableMsSum",
      coalesce(sum(dwell_sum) filter (where ${m}), 0)::float8 as "dwellSumMs",
      coalesce(sum(ttfv_n) filter (where ${m}), 0)::int as "ttfvN",
      coalesce(sum(ttfv_sum) filter (where ${m}), 0)::float8 as "ttfvSumMs",
      coalesce(sum(share_sum) filter (where ${m}), 0)::float8 as "viewableShareSum",
      sum(n)::int as "scriptN",
      sum(viewable_n)::int as "scriptViewableN",
      coalesce(sum(n) filter (where quality and insufficient), 0)::int as "insufficientGazeN",
      coalesce(sum(page_dwell_sq) filter (where ${m}), 0)::float8 as "pageDwellSqSum",
      coalesce(sum(viewable_ms_sq) filter (where ${m}), 0)::float8 as "viewableMsSqSum",
      coalesce(sum(dwell_sq) filter (where ${m}), 0)::float8 as "dwellSqSum",
      coalesce(sum(ttfv_sq) filter (where ${m}), 0)::float8 as "ttfvSqSum",
      coalesce(sum(share_sq) filter (where ${m}), 0)::float8 as "viewableShareSqSum"`;

const toStimAggregate = (row: AggRow): StimAggregate => {
  const a = { ...EMPTY_AGGREGATE };
  for (const f of Object.keys(EMPTY_AGGREGATE) as (keyof StimAggregate)[]) a[f] = Number(row[f]);
  return a;
};

const readMetrics = cellReader<AggRow>((where) => sql`
  select step_id as "stepId", stim_id as "stimId", ${metricSums}
  from report_aggregate where ${where}
  group by step_id, stim_id`);

/** The aggregates of each (step, stim) over its base E, as studyAggregates answers them; missing pairs are empty. */
export async function aggregateMetrics(db: Db, studyId: number, pairs: Placement[], filters: DemographicFilters): Promise<Map<string, StimAggregate>> {
  const out = new Map<string, StimAggregate>(pairs.map((p) => [key(p.stepId, p.stimId), { ...EMPTY_AGGREGATE }]));
  if (!pairs.length) return out;
  for (const row of await readMetrics(db, studyId, pairs, filters)) {
    const k = key(Number(row.stepId), Number(row.stimId));
    if (out.has(k)) out.set(k, toStimAggregate(row));
  }
  return out;
}

/**
 * The bin index of each requested point when every point lies on the type's histogram grid
 * (a multiple of its segment, within its max_time); null otherwise (the caller reads exposures).
 */
export function gridBins(graphTypeId: GraphTypeId, points: number[]): number[] | null {
  const def = GRAPH_TYPES[graphTypeId];
  const bins: number[] = [];
  for (const t of points) {
    if (!Number.isInteger(t) || t < 0 || t > def.maxTime || t % def.timeSegment !== 0) return null;
    bins.push(t / def.timeSegment);
  }
  return bins;
}

export interface HistogramCounts {
  total: number;
  /** t (ms) → members with a value > t. */
  counts: Map<number, number>;
}

const readHistogram = cellReader<{ stepId: number; stimId: number; bin: number; n: number }>((where, v) => sql`
  select step_id as "stepId", stim_id as "stimId", bin, sum(n)::int as n
  from report_histogram where ${where} and graph_type = ${v('graphType')}::int and ${m}
  group by step_id, stim_id, bin`);

/** Survival counts at grid points from the histograms (members of E in the type's base); null when off the grid. */
export async function aggregateSurvivalCounts(db: Db, studyId: number, pairs: Placement[], filters: DemographicFilters,
  graphTypeId: GraphTypeId, points: number[]): Promise<Map<string, HistogramCounts> | null> {
  const bins = gridBins(graphTypeId, points);
  if (!bins) return null;
  const out = new Map<string, HistogramCounts>(pairs.map((p) => [key(p.stepId, p.stimId), { total: 0, counts: new Map() }]));
  if (!pairs.length) return out;
  const r = await readHistogram(db, studyId, pairs, filters, { graphType: graphTypeId });
  const hist = new Map<string, Map<number, number>>();
  for (const row of r) {
    const k = key(Number(row.stepId), Number(row.stimId));
    if (!hist.has(k)) hist.set(k, new Map());
    hist.get(k)!.set(Number(row.bin), Number(row.n));
  }
  for (const [k, entry] of out) {
    const h = hist.get(k) ?? new Map<number, number>();
    let total = 0;
    for (const n of h.values()) total += n;
    entry.total = total;
    points.forEach((t, i) => {
      let above = 0;
      for (const [b, n] of h) if (b > bins[i]) above += n;
      entry.counts.set(t, above);
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Features and AOI metrics: the same FeatureAggregate / AoiMetricAggregate rows as the
// per-exposure queries in repositories/reports.ts, summed over the cells of E.

const featureSums = sql`tag, sum(viewers)::int as viewers, sum(dwell_sum)::float8 as "dwellSumMs",
  sum(dwell_sq)::float8 as "dwellSqSumMs",
  (case when sum(first_fix_n) > 0 then sum(first_fix_sum) / sum(first_fix_n) end)::float8 as "firstFixationAvgMs"`;

const aoiMetricSums = sql`tag, sum(viewers)::int as viewers, sum(first_fixation_sum)::float8 as "firstFixationSumMs",
  sum(first_fixation_viewable_n)::int as "firstFixationViewableN", sum(first_fixation_viewable_sum)::float8 as "firstFixationViewableSumMs",
  sum(fixation_sum)::int as "fixationSum", sum(dwell_sum)::float8 as "dwellSumMs", sum(revisit_sum)::int as "revisitSum",
  sum(first_n)::int as "firstN"`;

export const toFeatureAggregate = (r: FeatureAggregate): FeatureAggregate => ({
  tag: r.tag,
  viewers: Number(r.viewers),
  dwellSumMs: Number(r.dwellSumMs),
  ...(r.dwellSqSumMs === undefined ? {} : { dwellSqSumMs: Number(r.dwellSqSumMs) }),
  firstFixationAvgMs: r.firstFixationAvgMs === null ? null : Number(r.firstFixationAvgMs),
});

export const toAoiMetricAggregate = (r: AoiMetricAggregate): AoiMetricAggregate => ({
  tag: r.tag, viewers: Number(r.viewers), firstFixationSumMs: Number(r.firstFixationSumMs),
  firstFixationViewableN: Number(r.firstFixationViewableN), firstFixationViewableSumMs: Number(r.firstFixationViewableSumMs),
  fixationSum: Number(r.fixationSum), dwellSumMs: Number(r.dwellSumMs), revisitSum: Number(r.revisitSum), firstN: Number(r.firstN),
});

const readFeatures = cellReader<FeatureAggregate & Placement>((where) => sql`
  select step_id as "stepId", stim_id as "stimId", ${featureSums}
  from report_feature_aggregate where ${where} and ${m}
  group by step_id, stim_id, tag`);

/** Per (step, stim): its feature aggregates over E after the filters (studyFeatureAggregates). */
export async function aggregateFeatures(db: Db, studyId: number, pairs: Placement[], filters: DemographicFilters): Promise<Map<string, FeatureAggregate[]>> {
  const out = new Map<string, FeatureAggregate[]>(pairs.map((p) => [key(p.stepId, p.stimId), []]));
  if (!pairs.length) return out;
  for (const row of await readFeatures(db, studyId, pairs, filters)) out.get(key(Number(row.stepId), Number(row.stimId)))?.push(toFeatureAggregate(row));
  return out;
}

const readAoiMetrics = cellReader<AoiMetricAggregate & Placement>((where) => sql`
  select step_id as "stepId", stim_id as "stimId", ${aoiMetricSums}
  from report_aoi_metric_aggregate where ${where} and ${m}
  group by step_id, stim_id, tag`);

/** Per (step, stim): its AOI metrics' aggregates over E after the filters (studyAoiMetricAggregates). */
export async function aggregateAoiMetrics(db: Db, studyId: number, pairs: Placement[], filters: DemographicFilters): Promise<Map<string, AoiMetricAggregate[]>> {
  const out = new Map<string, AoiMetricAggregate[]>(pairs.map((p) => [key(p.stepId, p.stimId), []]));
  if (!pairs.length) return out;
  for (const row of await readAoiMetrics(db, studyId, pairs, filters)) out.get(key(Number(row.stepId), Number(row.stimId)))?.push(toAoiMetricAggregate(row));
  return out;
}

const readScanpath = cellReader<Placement & { tag: string; rank: number; viewers: number }>((where) => sql`
  select step_id as "stepId", stim_id as "stimId", tag, rank, sum(viewers)::int as viewers
  from report_scanpath_aggregate where ${where} and ${m}
  group by step_id, stim_id, tag, rank`);

/** Per (step, stim): the scanpath's (tag, rank) counts and viewers over E after the filters (studyScanpathCounts). */
export async function aggregateScanpathCounts(db: Db, studyId: number, pairs: Placement[], filters: DemographicFilters): Promise<Map<string, { counts: RankCount[]; viewers: number }>> {
  const out = new Map(pairs.map((p) => [key(p.stepId, p.stimId), { counts: [] as RankCount[], viewers: 0 }]));
  if (!pairs.length) return out;
  for (const row of await readScanpath(db, studyId, pairs, filters)) {
    const entry = out.get(key(Number(row.stepId), Number(row.stimId)));
    if (!entry) continue;
    if (row.tag === '') entry.viewers = Number(row.viewers);
    else entry.counts.push({ tag: row.tag, rank: Number(row.rank), viewers: Number(row.viewers) });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Norms: every stim with data in any study (only aggregates leave), summed over all studies' cells.

/**
 * Makes every study's rows current (the norms read all of them) and answers what the norm rows are
 * then built from: each study's state row, which ingestion moves on and every rebuild re-stamps,
 * plus the AOIs (the norms' tag lists). Costs studies + AOIs, never exposures. Stale studies are
 * found with one index lookup each, in the same statement as the fingerprint (one round trip when
 * nothing is stale, as for almost every report); only they are rebuilt, and the fingerprint read again.
 */
export async function currentNormFingerprint(db: Db): Promise<string> {
  let [r] = await normState(db, {});
  const stale = (r.stale ?? []).map(Number);
  if (stale.length) {
    for (const id of stale) await ensureAggregates(db, id);
    [r] = await normState(db, {});
  }
  return `${r.s ?? ''}|${r.a}`;
}

const normState = preparedStatement<{ stale: number[] | null; s: string | null; a: string }>(() => sql`
  select array(select sd.id from study sd left join report_aggregate_state st on st.study_id = sd.id
      cross join lateral (select ${lastExposureId(sql`sd.id`)} as cur) x
      where (st.study_id is null and x.cur > 0) or (st.study_id is not null and (st.max_exposure_id <> x.cur or st.thresholds <> ${thresholdsSql}))
      order by sd.id) as stale,
    (select string_agg(concat(study_id, ':', max_exposure_id, ':', extract(epoch from built_at)), ',' order by study_id)
      from report_aggregate_state) as s,
    (select concat(count(*), ':', coalesce(max(id), 0)) from aoi) as a`);

export interface AggregateNormRows {
  aggregates: Map<number, StimAggregate>;
  features: Map<number, FeatureAggregate[]>;
  aoiMetrics: Map<number, AoiMetricAggregate[]>;
}

/** The norm inputs per stim: its StimAggregate over E, feature and AOI-metric aggregates (no dwell² for the norms). */
export async function aggregateNormRows(db: Db): Promise<AggregateNormRows> {
  const counted = sql`not is_test and complete and age_group_id = ${ROLLUP}`;
  const aggRows = await rows<AggRow>(db, sql`
    select 0 as "stepId", stim_id as "stimId", ${metricSums}
    from report_aggregate where ${counted}
    group by stim_id having coalesce(sum(n) filter (where ${m}), 0) > 0`);
  const aggregates = new Map(aggRows.map((r) => [Number(r.stimId), toStimAggregate(r)]));
  const featureRows = await rows<FeatureAggregate & { stimId: number }>(db, sql`
    select stim_id as "stimId", ${featureSums}
    from report_feature_aggregate where ${counted} and ${m} group by stim_id, tag`);
  const features = new Map<number, FeatureAggregate[]>();
  for (const { dwellSqSumMs: _sq, ...r } of featureRows) {
    const id = Number(r.stimId);
    if (!features.has(id)) features.set(id, []);
    features.get(id)!.push(toFeatureAggregate(r));
  }
  const aoiRows = await rows<AoiMetricAggregate & { stimId: number }>(db, sql`
    select stim_id as "stimId", ${aoiMetricSums}
    from report_aoi_metric_aggregate where ${counted} and ${m} group by stim_id, tag`);
  const aoiMetrics = new Map<number, AoiMetricAggregate[]>();
  for (const r of aoiRows) {
    const id = Number(r.stimId);
    if (!aoiMetrics.has(id)) aoiMetrics.set(id, []);
    aoiMetrics.get(id)!.push(toAoiMetricAggregate(r));
  }
  return { aggregates, features, aoiMetrics };
}

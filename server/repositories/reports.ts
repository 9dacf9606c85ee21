// All SQL behind the attention reports: the base E of a stim, grouped aggregates of the
// per-exposure summary columns (one query per request, never one per exposure), per-stim rows
// for norms, survival counts, feature aggregates, participant rows and fixations for visuals.
// Every aggregate is cast (::int / ::float8) so PGlite and pg both return numbers.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { DemographicFilters } from '../domain/demographics.js';
import { EMPTY_AGGREGATE, type StimAggregate } from '../analytics/metrics.js';
import type { FeatureAggregate } from '../analytics/features.js';
import type { AoiMetricAggregate, RankCount } from '../analytics/aoi-metrics.js';
import type { StimProfile } from '../analytics/norms.js';
import { GRAPH_TYPES, type GraphTypeId, type Observation } from '../analytics/survival.js';
import { rows, idList as list, intArray, countedSql, filterSql, insufficientSql, measuredSql } from './sql.js';
import { preparedStatement } from '../db/prepared.js';
import {
  aggregateAoiMetrics, aggregateFeatures, aggregateScanpathCounts, aggregateMetrics, currentNormFingerprint, aggregateNormRows, aggregateReadsOn,
  aggregateSurvivalCounts, ensureAggregates, gridBins, toAoiMetricAggregate, toFeatureAggregate,
} from './aggregates.js';

export const pairKey = (stepId: number, stimId: number) => `${stepId}:${stimId}`;

// ---------------------------------------------------------------------------------------------
// Stims placed in a study (the tenancy check is findCompanyStudy in repositories/studies.ts)

export interface PlacedStim {
  cellId: number;
  cellName: string;
  stepId: number;
  stepPosition: number;
  stimId: number;
  name: string;
  stimType: string;
  source: string | null;
  lowQualitySource: string | null;
  width: number | null;
  height: number | null;
  brandId: number | null;
  /** A video's length (ms) when known: the curves and the gaze explorer span it. */
  durationMs?: number | null;
}

const placedSelect = sql`
  c.id as "cellId", c.name as "cellName", c.position as "cellPosition", st.id as "stepId", st.position as "stepPosition",
  s.id as "stimId", s.name, s.stim_type as "stimType", s.source, s.low_quality_source as "lowQualitySource",
  s.width, s.height, s.brand_id as "brandId", s.duration_ms as "durationMs"`;

// Every report reads these: a prepared statement (db/prepared.ts), planned once per connection.
const placedStims = preparedStatement<PlacedStim & { cellPosition: number; k: number }>(() => {
  const studyId = sql`${sql.placeholder('studyId')}::int`;
  return sql`
    select ${placedSelect}, 0 as k from step st join cell c on c.id = st.cell_id join stim s on s.id = st.stim_id
    where st.study_id = ${studyId}
    union all
    select ${placedSelect}, ss.id as k from step st join cell c on c.id = st.cell_id
      join step_stim ss on ss.step_id = st.id join stim s on s.id = ss.stim_id
    where st.study_id = ${studyId}
    order by "cellPosition", "cellId", "stepPosition", "stepId", k`;
});

/**
 * Every stim placed in the study: the stim of a stim step, and the stims on cache and embedded
 * page steps (step_stim), in cell and step order.
 */
export async function studyStims(db: Db, studyId: number): Promise<PlacedStim[]> {
  const r = await placedStims(db, { studyId });
  return r.map(({ cellPosition: _c, k: _k, ...p }) => ({
    ...p, cellId: Number(p.cellId), stepId: Number(p.stepId), stepPosition: Number(p.stepPosition), stimId: Number(p.stimId),
    width: p.width === null ? null : Number(p.width), height: p.height === null ? null : Number(p.height),
    brandId: p.brandId === null ? null : Number(p.brandId),
    durationMs: p.durationMs === null || p.durationMs === undefined ? null : Number(p.durationMs),
  }));
}

// ---------------------------------------------------------------------------------------------
// The base E

/** Exposures with their participant and study; countedSql keeps real (not test), complete participants. */
const exposureFrom = sql`exposure e join participant p on p.id = e.participant_id join study sd on sd.id = e.study_id`;

const aggregateSelect = sql`
  count(*) filter (where m)::int as "baseSize",
  count(*) filter (where m and viewable)::int as "viewableN",
  count(*) filter (where m and viewable and viewed)::int as "viewedN",
  coalesce(sum(page_dwell_ms) filter (where m), 0)::float8 as "pageDwellSumMs",
  coalesce(sum(viewable_ms) filter (where m and viewable), 0)::float8 as "viewableMsSum",
  coalesce(sum(dwell_ms) filter (where m and viewable and viewed), 0)::float8 as "dwellSumMs",
  count(time_to_first_view_ms) filter (where m and viewable and viewed)::int as "ttfvN",
  coalesce(sum(time_to_first_view_ms) filter (where m and viewable and viewed), 0)::float8 as "ttfvSumMs",
  coalesce(sum(case when page_dwell_ms > 0 then least(viewable_ms / page_dwell_ms, 1) else 0 end) filter (where m), 0)::float8 as "viewableShareSum",
  count(*)::int as "scriptN",
  count(*) filter (where viewable)::int as "scriptViewableN",
  count(*) filter (where insufficient)::int as "insufficientGazeN",
  coalesce(sum(page_dwell_ms * page_dwell_ms) filter (where m), 0)::float8 as "pageDwellSqSum",
  coalesce(sum(viewable_ms * viewable_ms) filter (where m and viewable), 0)::float8 as "viewableMsSqSum",
  coalesce(sum(dwell_ms * dwell_ms) filter (where m and viewable and viewed), 0)::float8 as "dwellSqSum",
  coalesce(sum(time_to_first_view_ms * time_to_first_view_ms) filter (where m and viewable and viewed), 0)::float8 as "ttfvSqSum",
  coalesce(sum(power(case when page_dwell_ms > 0 then least(viewable_ms / page_dwell_ms, 1) else 0 end, 2)) filter (where m), 0)::float8 as "viewableShareSqSum"`;

const exposureColumns = sql`e.step_id, e.stim_id, e.viewable, e.viewed, e.page_dwell_ms, e.viewable_ms, e.dwell_ms,
  e.time_to_first_view_ms, ${measuredSql} as m, ${insufficientSql} as insufficient`;

type AggRow = StimAggregate & { stepId: number; stimId: number };

const toAggregate = (r: AggRow): StimAggregate => ({
  baseSize: Number(r.baseSize), viewableN: Number(r.viewableN), viewedN: Number(r.viewedN),
  pageDwellSumMs: Number(r.pageDwellSumMs), viewableMsSum: Number(r.viewableMsSum), dwellSumMs: Number(r.dwellSumMs),
  ttfvN: Number(r.ttfvN), ttfvSumMs: Number(r.ttfvSumMs), viewableShareSum: Number(r.viewableShareSum),
  scriptN: Number(r.scriptN), scriptViewableN: Number(r.scriptViewableN),
  insufficientGazeN: Number(r.insufficientGazeN), pageDwellSqSum: Number(r.pageDwellSqSum),
  viewableMsSqSum: Number(r.viewableMsSqSum), dwellSqSum: Number(r.dwellSqSum), ttfvSqSum: Number(r.ttfvSqSum),
  viewableShareSqSum: Number(r.viewableShareSqSum),
});

export interface StepStim {
  stepId: number;
  stimId: number;
}

const pairsSql = (pairs: StepStim[]) =>
  sql`e.step_id in (${list([...new Set(pairs.map((p) => p.stepId))])}) and e.stim_id in (${list([...new Set(pairs.map((p) => p.stimId))])})`;

/**
 * Aggregates of each requested (step, stim) of a study over its base; missing pairs are empty.
 * Read from the pre-aggregated cells (repositories/aggregates.ts, issue 21) — every filter is
 * demographic — unless aggregate reads are switched off.
 */
export async function studyAggregates(db: Db, studyId: number, pairs: StepStim[], filters: DemographicFilters): Promise<Map<string, StimAggregate>> {
  if (pairs.length && await ensureAggregates(db, studyId)) return aggregateMetrics(db, studyId, pairs, filters);
  return exposureAggregates(db, studyId, pairs, filters);
}

/** studyAggregates computed from the per-exposure summaries (the reference path). */
export async function exposureAggregates(db: Db, studyId: number, pairs: StepStim[], filters: DemographicFilters): Promise<Map<string, StimAggregate>> {
  const out = new Map<string, StimAggregate>(pairs.map((p) => [pairKey(p.stepId, p.stimId), { ...EMPTY_AGGREGATE }]));
  if (!pairs.length) return out;
  const r = await rows<AggRow>(db, sql`
    select step_id as "stepId", stim_id as "stimId", ${aggregateSelect}
    from (select ${exposureColumns} from ${exposureFrom}
          where e.study_id = ${studyId} and ${countedSql} and ${pairsSql(pairs)}${filterSql(filters)}) x
    group by step_id, stim_id`);
  for (const row of r) {
    const key = pairKey(Number(row.stepId), Number(row.stimId));
    if (out.has(key)) out.set(key, toAggregate(row));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Norms: every stim with data (any company; only aggregates leave). Read from the aggregate
// tables of every study (issue 21); loadNormSource is the per-exposure reference path.

export interface NormSource {
  aggregates: Map<number, StimAggregate>;
  profiles: StimProfile[];
  features: Map<number, FeatureAggregate[]>;
  tags: Map<number, string[]>;
  /** The AOI metrics' aggregates per stim (issue 23), same base as `features`. */
  aoiMetrics: Map<number, AoiMetricAggregate[]>;
}

/** The norm source from the per-exposure summaries (the reference path: aggregate reads off). */
async function loadNormSource(db: Db): Promise<NormSource> {
  const aggRows = await rows<AggRow>(db, sql`
    select 0 as "stepId", stim_id as "stimId", ${aggregateSelect}
    from (select ${exposureColumns} from ${exposureFrom} where ${countedSql}) x
    group by stim_id having count(*) filter (where m) > 0`);
  const aggregates = new Map(aggRows.map((r) => [Number(r.stimId), toAggregate(r)]));
  const ids = [...aggregates.keys()];
  const profiles = await profileRows(db, ids);
  const featureRows = await rows<FeatureAggregate & { stimId: number }>(db, sql`
    select stim_id as "stimId", tag, count(*)::int as viewers, sum(dwell)::float8 as "dwellSumMs",
      avg(first_fix)::float8 as "firstFixationAvgMs"
    from (select e.id, e.stim_id, a.tag, sum(ea.dwell_ms) as dwell, min(ea.first_fixation_ms) as first_fix
          from exposure_aoi ea join aoi a on a.id = ea.aoi_id join ${exposureFrom} on e.id = ea.exposure_id
          where ${countedSql} and e.viewable and e.viewed and ea.fixation_count > 0 and ${measuredSql}
          group by e.id, e.stim_id, a.tag) x
    group by stim_id, tag`);
  const features = new Map<number, FeatureAggregate[]>();
  for (const r of featureRows) {
    const id = Number(r.stimId);
    if (!features.has(id)) features.set(id, []);
    features.get(id)!.push(toFeature(r));
  }
  const aoiRows = await rows<AoiMetricAggregate & { stimId: number }>(db, sql`
    select e.stim_id as "stimId", ${aoiMetricSelect}
    from exposure_feature ef join ${exposureFrom} on e.id = ef.exposure_id
    where ${countedSql} and e.viewable and e.viewed and ${measuredSql}
    group by e.stim_id, ef.tag`);
  const aoiMetrics = new Map<number, AoiMetricAggregate[]>();
  for (const r of aoiRows) {
    const id = Number(r.stimId);
    if (!aoiMetrics.has(id)) aoiMetrics.set(id, []);
    aoiMetrics.get(id)!.push(toAoiMetric(r));
  }
  return { aggregates, profiles, features, tags: await aoiTags(db, ids), aoiMetrics };
}

async function profileRows(db: Db, stimIds: number[]): Promise<StimProfile[]> {
  if (!stimIds.length) return [];
  return (await profileStatement(db, { ids: intArray(stimIds) })).map(toProfile);
}

const profileStatement = preparedStatement<StimProfile>(() => sql`
  select s.id as "stimId", s.brand_id as "brandId", b.brand_category_id as "brandCategoryId",
    at.ad_category_id as "adCategoryId", s.stim_type as "stimType"
  from stim s left join brand b on b.id = s.brand_id left join ad_type at on at.id = s.ad_type_id
  where s.id = any(${sql.placeholder('ids')}::int[])`);

const toProfile = (p: StimProfile): StimProfile => ({
  stimId: Number(p.stimId),
  brandId: p.brandId === null ? null : Number(p.brandId),
  brandCategoryId: p.brandCategoryId === null ? null : Number(p.brandCategoryId),
  adCategoryId: p.adCategoryId === null ? null : Number(p.adCategoryId),
  stimType: p.stimType,
});

const toFeature = toFeatureAggregate;
const toAoiMetric = toAoiMetricAggregate;

// Norm rows change only when the data does; a cheap fingerprint decides whether to re-read them.
const normCache = new WeakMap<Db, { fingerprint: string; source: NormSource }>();
const exposureNormCache = new WeakMap<Db, { fingerprint: string; source: NormSource }>();

/**
 * The norm source: with aggregate reads, every study's rows made current (only stale studies are
 * rebuilt) and summed per stim — the fingerprint and the read cost studies, stims and cells,
 * never exposures or participants.
 */
export async function normSource(db: Db): Promise<NormSource> {
  if (!aggregateReadsOn()) return exposureNormSource(db);
  const fingerprint = await currentNormFingerprint(db);
  const hit = normCache.get(db);
  if (hit && hit.fingerprint === fingerprint) return hit.source;
  const { aggregates, features, aoiMetrics } = await aggregateNormRows(db);
  const ids = [...aggregates.keys()];
  const source = { aggregates, profiles: await profileRows(db, ids), features, tags: await aoiTags(db, ids), aoiMetrics };
  normCache.set(db, { fingerprint, source });
  return source;
}

/** normSource from the per-exposure summaries; its fingerprint scans every exposure and participant. */
async function exposureNormSource(db: Db): Promise<NormSource> {
  const [fp] = await rows<{ n: number; m: number; c: number; f: number; p: number; an: number; am: number; fm: number; t: string }>(db, sql`
    select count(*)::int as n, coalesce(max(id), 0)::int as m, coalesce(sum(analysis_config_id), 0)::float8 as c,
      coalesce(sum(dwell_ms), 0)::float8 as f,
      (select coalesce(sum(id * (case when is_test then 1 else 2 end) * length(status)), 0)::float8 from participant) as p,
      (select count(*)::int from aoi) as an, (select coalesce(max(id), 0)::int from aoi) as am,
      (select coalesce(max(id), 0)::int from exposure_feature) as fm,
      (select md5(coalesce(string_agg(concat(max_accuracy, '|', max_precision, '|', min_calibration_frame_rate, '|',
        min_connection_speed, '|', min_dwell_ms, '|', max_dwell_ms), ',' order by id), '')) from study) as t
    from exposure`);
  // fm: an AOI recompute rewrites exposure_feature (new ids) even when no AOI was added (a renamed tag).
  // t: the studies' quality thresholds decide the base E (a change went unnoticed before issue 21).
  const fingerprint = `${fp.n}:${fp.m}:${fp.c}:${fp.f}:${fp.p}:${fp.an}:${fp.am}:${fp.fm}:${fp.t}`;
  const hit = exposureNormCache.get(db);
  if (hit && hit.fingerprint === fingerprint) return hit.source;
  const source = await loadNormSource(db);
  exposureNormCache.set(db, { fingerprint, source });
  return source;
}

/** Brand / category / ad category of the stims being reported (they may have no data yet). */
export async function stimProfiles(db: Db, stimIds: number[]): Promise<Map<number, StimProfile>> {
  return new Map((await profileRows(db, stimIds)).map((p) => [p.stimId, p]));
}

// ---------------------------------------------------------------------------------------------
// Survival curves

export interface SurvivalCounts {
  total: number;
  /** t (ms) → how many of the base have a value > t. */
  counts: Map<number, number>;
}

/**
 * Survival counts at the points: from the pre-aggregated histograms when every point lies on the
 * type's default grid (issue 21), else from the per-exposure summaries.
 */
export async function survivalCounts(db: Db, studyId: number, pairs: StepStim[], filters: DemographicFilters,
  graphTypeId: GraphTypeId, points: number[]): Promise<Map<string, SurvivalCounts>> {
  if (pairs.length && gridBins(graphTypeId, points) && await ensureAggregates(db, studyId)) {
    const fromBins = await aggregateSurvivalCounts(db, studyId, pairs, filters, graphTypeId, points);
    if (fromBins) return fromBins;
  }
  return exposureSurvivalCounts(db, studyId, pairs, filters, graphTypeId, points);
}

/** survivalCounts computed from the per-exposure summaries (the reference path; any grid). */
export async function exposureSurvivalCounts(db: Db, studyId: number, pairs: StepStim[], filters: DemographicFilters,
  graphTypeId: GraphTypeId, points: number[]): Promise<Map<string, SurvivalCounts>> {
  const out = new Map<string, SurvivalCounts>(pairs.map((p) => [pairKey(p.stepId, p.stimId), { total: 0, counts: new Map() }]));
  if (!pairs.length) return out;
  const def = GRAPH_TYPES[graphTypeId];
  const value = sql.raw(`e.${def.column}`);
  const base = def.base === 'viewed' ? sql` and e.viewable and e.viewed` : def.base === 'viewable' ? sql` and e.viewable` : sql``;
  const times = sql.join(points.map((t) => sql`(${t}::float8)`), sql`, `);
  const r = await rows<{ stepId: number; stimId: number; t: number; n: number; total: number }>(db, sql`
    select b.step_id as "stepId", b.stim_id as "stimId", t.t::float8 as t,
      count(*) filter (where b.v > t.t)::int as n, count(*)::int as total
    from (select e.step_id, e.stim_id, ${value} as v from ${exposureFrom}
          where e.study_id = ${studyId} and ${countedSql} and ${pairsSql(pairs)} and ${measuredSql}${base}${filterSql(filters)}) b
    cross join (values ${times}) as t(t)
    group by 1, 2, 3`);
  for (const row of r) {
    const entry = out.get(pairKey(Number(row.stepId), Number(row.stimId)));
    if (!entry) continue;
    entry.total = Number(row.total);
    entry.counts.set(Number(row.t), Number(row.n));
  }
  return out;
}

/**
 * The base of a curve grouped by (value, censored) per stim, for Kaplan–Meier curves: the same
 * base as survivalCounts, censored from the exposure's stored flag (graph type 2 is never censored).
 */
export async function survivalObservations(db: Db, studyId: number, pairs: StepStim[], filters: DemographicFilters,
  graphTypeId: GraphTypeId): Promise<Map<string, Observation[]>> {
  const out = new Map<string, Observation[]>(pairs.map((p) => [pairKey(p.stepId, p.stimId), []]));
  if (!pairs.length) return out;
  const def = GRAPH_TYPES[graphTypeId];
  const value = sql.raw(`e.${def.column}`);
  const censored = def.censor ? sql.raw(`e.${def.censor}`) : sql`false`;
  const base = def.base === 'viewed' ? sql` and e.viewable and e.viewed` : def.base === 'viewable' ? sql` and e.viewable` : sql``;
  const r = await rows<{ stepId: number; stimId: number; v: number; c: boolean; n: number }>(db, sql`
    select e.step_id as "stepId", e.stim_id as "stimId", ${value}::float8 as v, ${censored} as c, count(*)::int as n
    from ${exposureFrom}
    where e.study_id = ${studyId} and ${countedSql} and ${pairsSql(pairs)} and ${measuredSql}${base}${filterSql(filters)}
    group by 1, 2, 3, 4`);
  for (const row of r) {
    out.get(pairKey(Number(row.stepId), Number(row.stimId)))?.push({ value: Number(row.v), censored: row.c === true, count: Number(row.n) });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Features

/** Distinct AOI tags per stim, in the order they were drawn. */
export async function aoiTags(db: Db, stimIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(stimIds.map((id) => [id, []]));
  if (!stimIds.length) return out;
  const r = await rows<{ stimId: number; tag: string }>(db, sql`
    select stim_id as "stimId", tag from aoi where stim_id in (${list(stimIds)})
    group by stim_id, tag order by stim_id, min(id)`);
  for (const row of r) out.get(Number(row.stimId))?.push(row.tag);
  return out;
}

/** Per (step, stim): its features over E; from the aggregate tables unless aggregate reads are off. */
export async function studyFeatureAggregates(db: Db, studyId: number, pairs: StepStim[], filters: DemographicFilters): Promise<Map<string, FeatureAggregate[]>> {
  if (pairs.length && await ensureAggregates(db, studyId)) return aggregateFeatures(db, studyId, pairs, filters);
  return exposureFeatureAggregates(db, studyId, pairs, filters);
}

/** studyFeatureAggregates from exposure_aoi (the reference path). */
export async function exposureFeatureAggregates(db: Db, studyId: number, pairs: StepStim[], filters: DemographicFilters): Promise<Map<string, FeatureAggregate[]>> {
  const out = new Map<string, FeatureAggregate[]>(pairs.map((p) => [pairKey(p.stepId, p.stimId), []]));
  if (!pairs.length) return out;
  const r = await rows<FeatureAggregate & { stepId: number; stimId: number }>(db, sql`
    select step_id as "stepId", stim_id as "stimId", tag, count(*)::int as viewers, sum(dwell)::float8 as "dwellSumMs",
      sum(dwell * dwell)::float8 as "dwellSqSumMs", avg(first_fix)::float8 as "firstFixationAvgMs"
    from (select e.id, e.step_id, e.stim_id, a.tag, sum(ea.dwell_ms) as dwell, min(ea.first_fixation_ms) as first_fix
          from exposure_aoi ea join aoi a on a.id = ea.aoi_id join ${exposureFrom} on e.id = ea.exposure_id
          where e.study_id = ${studyId} and ${countedSql} and ${pairsSql(pairs)} and e.viewable and e.viewed
            and ea.fixation_count > 0 and ${measuredSql}${filterSql(filters)}
          group by e.id, e.step_id, e.stim_id, a.tag) x
    group by step_id, stim_id, tag`);
  for (const row of r) out.get(pairKey(Number(row.stepId), Number(row.stimId)))?.push(toFeature(row));
  return out;
}

// ---------------------------------------------------------------------------------------------
// AOI metrics and the aggregate scanpath (issue 23): exposure_feature over the same base as the
// feature aggregates (viewed exposures of E that fixated the feature).

const aoiMetricSelect = sql`ef.tag, count(*)::int as viewers,
  sum(ef.first_fixation_ms)::float8 as "firstFixationSumMs",
  count(ef.first_fixation_viewable_ms)::int as "firstFixationViewableN",
  coalesce(sum(ef.first_fixation_viewable_ms), 0)::float8 as "firstFixationViewableSumMs",
  sum(ef.fixation_count)::int as "fixationSum", sum(ef.dwell_ms)::float8 as "dwellSumMs",
  sum(ef.visits - 1)::int as "revisitSum", count(*) filter (where ef.entry_rank = 1)::int as "firstN"`;


const featureBase = (studyId: number, pairs: StepStim[], filters: DemographicFilters) => sql`
  exposure_feature ef join ${exposureFrom} on e.id = ef.exposure_id
  where e.study_id = ${studyId} and ${countedSql} and ${pairsSql(pairs)} and e.viewable and e.viewed and ${measuredSql}${filterSql(filters)}`;

/** Per (step, stim): its AOI metrics' aggregates over E; from the aggregate tables unless aggregate reads are off. */
export async function studyAoiMetricAggregates(db: Db, studyId: number, pairs: StepStim[], filters: DemographicFilters): Promise<Map<string, AoiMetricAggregate[]>> {
  if (pairs.length && await ensureAggregates(db, studyId)) return aggregateAoiMetrics(db, studyId, pairs, filters);
  return exposureAoiMetricAggregates(db, studyId, pairs, filters);
}

/** studyAoiMetricAggregates from exposure_feature (the reference path). */
export async function exposureAoiMetricAggregates(db: Db, studyId: number, pairs: StepStim[], filters: DemographicFilters): Promise<Map<string, AoiMetricAggregate[]>> {
  const out = new Map<string, AoiMetricAggregate[]>(pairs.map((p) => [pairKey(p.stepId, p.stimId), []]));
  if (!pairs.length) return out;
  const r = await rows<AoiMetricAggregate & { stepId: number; stimId: number }>(db, sql`
    select e.step_id as "stepId", e.stim_id as "stimId", ${aoiMetricSelect}
    from ${featureBase(studyId, pairs, filters)}
    group by e.step_id, e.stim_id, ef.tag`);
  for (const row of r) out.get(pairKey(Number(row.stepId), Number(row.stimId)))?.push(toAoiMetric(row));
  return out;
}

/** Per (step, stim): how many viewers entered each feature at each position, and how many entered any; from the aggregate tables unless aggregate reads are off. */
export async function studyScanpathCounts(db: Db, studyId: number, pairs: StepStim[], filters: DemographicFilters): Promise<Map<string, { counts: RankCount[]; viewers: number }>> {
  if (pairs.length && await ensureAggregates(db, studyId)) return aggregateScanpathCounts(db, studyId, pairs, filters);
  return exposureScanpathCounts(db, studyId, pairs, filters);
}

/** studyScanpathCounts from exposure_feature (the reference path). */
export async function exposureScanpathCounts(db: Db, studyId: number, pairs: StepStim[], filters: DemographicFilters): Promise<Map<string, { counts: RankCount[]; viewers: number }>> {
  const out = new Map(pairs.map((p) => [pairKey(p.stepId, p.stimId), { counts: [] as RankCount[], viewers: 0 }]));
  if (!pairs.length) return out;
  // Only the features drawn now: rows of a tag just removed wait for the recompute to go.
  const current = sql`exists (select 1 from aoi a where a.stim_id = e.stim_id and a.tag = ef.tag)`;
  const r = await rows<{ stepId: number; stimId: number; tag: string | null; rank: number | null; viewers: number }>(db, sql`
    select e.step_id as "stepId", e.stim_id as "stimId", ef.tag, ef.entry_rank as rank, count(distinct e.id)::int as viewers
    from ${featureBase(studyId, pairs, filters)} and ${current}
    group by grouping sets ((e.step_id, e.stim_id, ef.tag, ef.entry_rank), (e.step_id, e.stim_id))`);
  for (const row of r) {
    const entry = out.get(pairKey(Number(row.stepId), Number(row.stimId)));
    if (!entry) continue;
    if (row.tag === null) entry.viewers = Number(row.viewers);
    else entry.counts.push({ tag: row.tag, rank: Number(row.rank), viewers: Number(row.viewers) });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Downloads

export interface ParticipantRow {
  participant_reference: string;
  age_group: string | null;
  family_group: string | null;
  earnings_group: string | null;
  gender_group: string | null;
  has_eyetracking: boolean;
  calibration_accuracy_px: number | null;
  calibration_precision_px: number | null;
  frame_rate: number | null;
  connection_speed_kbps: number | null;
  in_base: boolean;
  page_dwell_time: number;
  viewable: boolean;
  viewable_time: number;
  viewed: boolean;
  dwell_time: number;
  time_to_first_view: number | null;
  fixation_count: number;
}

/** One row per exposure of real, complete participants (filtered); in_base marks the members of E. */
export async function participantRows(db: Db, studyId: number, stepId: number, stimId: number, filters: DemographicFilters,
  limitToEyetracking: boolean): Promise<ParticipantRow[]> {
  const r = await rows<ParticipantRow>(db, sql`
    select p.reference as participant_reference, la.name as age_group, lf.name as family_group, le.name as earnings_group,
      lg.name as gender_group, p.has_eyetracking, p.calibration_accuracy_px::float8 as calibration_accuracy_px,
      p.calibration_precision_px::float8 as calibration_precision_px, p.frame_rate::float8 as frame_rate,
      p.connection_speed_kbps::float8 as connection_speed_kbps, ${measuredSql} as in_base,
      (e.page_dwell_ms / 1000)::float8 as page_dwell_time, e.viewable, (e.viewable_ms / 1000)::float8 as viewable_time,
      e.viewed, (e.dwell_ms / 1000)::float8 as dwell_time, (e.time_to_first_view_ms / 1000)::float8 as time_to_first_view,
      e.fixation_count
    from ${exposureFrom}
      left join lookup_item la on la.kind = 'age_group' and la.id = p.age_group_id
      left join lookup_item lf on lf.kind = 'family_group' and lf.id = p.family_group_id
      left join lookup_item le on le.kind = 'earnings_group' and le.id = p.earnings_group_id
      left join lookup_item lg on lg.kind = 'gender_group' and lg.id = p.gender_group_id
    where e.study_id = ${studyId} and e.step_id = ${stepId} and e.stim_id = ${stimId} and ${countedSql}
      ${limitToEyetracking ? sql`and p.has_eyetracking` : sql``}${filterSql(filters)}
    order by p.reference, e.id`);
  return r.map((row) => ({
    ...row,
    page_dwell_time: Number(row.page_dwell_time), viewable_time: Number(row.viewable_time), dwell_time: Number(row.dwell_time),
    time_to_first_view: row.time_to_first_view === null ? null : Number(row.time_to_first_view),
    fixation_count: Number(row.fixation_count),
  }));
}

export interface FeatureParticipantRow {
  participant_reference: string;
  feature_name: string;
  dwell_time: number;
  time_to_first_fixation: number | null;
  fixation_count: number;
}

/** The AOI metrics of one viewer and feature (issue 23), after the spec's columns in the feature CSV; null before a recompute filled them. */
export interface FeatureParticipantAoiColumns {
  time_to_first_fixation_viewable: number | null;
  avg_fixation_duration: number | null;
  revisits: number | null;
  fixated_first: boolean | null;
}

/** Per viewer in E and feature tag they fixated: their dwell, first fixation and fixation count. */
export async function featureParticipantRows(db: Db, studyId: number, stepId: number, stimId: number,
  filters: DemographicFilters, opts: { aoiMetrics?: boolean } = {}): Promise<(FeatureParticipantRow & Partial<FeatureParticipantAoiColumns>)[]> {
  // One exposure_feature row per (exposure, tag), joined beside its AOIs' rows: max() picks it.
  const extra = opts.aoiMetrics ? sql`,
      (max(ef.first_fixation_viewable_ms) / 1000)::float8 as time_to_first_fixation_viewable,
      (max(ef.dwell_ms) / nullif(max(ef.fixation_count), 0) / 1000)::float8 as avg_fixation_duration,
      (max(ef.visits) - 1)::int as revisits, bool_or(ef.entry_rank = 1) as fixated_first` : sql``;
  const join = opts.aoiMetrics ? sql` left join exposure_feature ef on ef.exposure_id = e.id and ef.tag = a.tag` : sql``;
  const r = await rows<FeatureParticipantRow & Partial<FeatureParticipantAoiColumns>>(db, sql`
    select p.reference as participant_reference, a.tag as feature_name, (sum(ea.dwell_ms) / 1000)::float8 as dwell_time,
      (min(ea.first_fixation_ms) / 1000)::float8 as time_to_first_fixation, sum(ea.fixation_count)::int as fixation_count${extra}
    from exposure_aoi ea join aoi a on a.id = ea.aoi_id join ${exposureFrom} on e.id = ea.exposure_id${join}
    where e.study_id = ${studyId} and e.step_id = ${stepId} and e.stim_id = ${stimId} and ${countedSql}
      and e.viewable and e.viewed and ea.fixation_count > 0 and ${measuredSql}${filterSql(filters)}
    group by e.id, p.reference, a.tag
    order by p.reference, e.id, min(a.id)`);
  const num = (v: number | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return r.map((row) => ({
    ...row, dwell_time: Number(row.dwell_time), fixation_count: Number(row.fixation_count),
    time_to_first_fixation: row.time_to_first_fixation === null ? null : Number(row.time_to_first_fixation),
    ...(opts.aoiMetrics ? {
      time_to_first_fixation_viewable: num(row.time_to_first_fixation_viewable), avg_fixation_duration: num(row.avg_fixation_duration),
      revisits: num(row.revisits), fixated_first: row.fixated_first ?? null,
    } : {}),
  }));
}

// ---------------------------------------------------------------------------------------------
// Visuals

export interface AoiShape {
  id: number;
  tag: string;
  shape: string;
  x: number;
  y: number;
  width: number;
  height: number;
  points: unknown;
}

export async function stimAois(db: Db, stimId: number): Promise<AoiShape[]> {
  const r = await rows<AoiShape>(db, sql`
    select id, tag, shape, x::float8 as x, y::float8 as y, width::float8 as width, height::float8 as height, points
    from aoi where stim_id = ${stimId} order by id`);
  return r.map((a) => ({ ...a, id: Number(a.id), x: Number(a.x), y: Number(a.y), width: Number(a.width), height: Number(a.height) }));
}

/** Changes whenever the base's data does (new exposures, recomputed fixations): keys the PNG cache. */
export async function visualFingerprint(db: Db, studyId: number, stepId: number, stimId: number): Promise<string> {
  const [r] = await rows<{ n: number; m: number; c: number; f: number; a: number; am: number }>(db, sql`
    select count(*)::int as n, coalesce(max(e.id), 0)::int as m, coalesce(max(e.analysis_config_id), 0)::int as c,
      coalesce(sum(e.fixation_count), 0)::int as f,
      (select count(*)::int from aoi where stim_id = ${stimId}) as a,
      (select coalesce(sum(id + x + y + width + height), 0)::float8 from aoi where stim_id = ${stimId}) as am
    from ${exposureFrom}
    where e.study_id = ${studyId} and e.step_id = ${stepId} and e.stim_id = ${stimId} and ${countedSql} and ${measuredSql}`);
  return `${r.n}:${r.m}:${r.c}:${r.f}:${r.a}:${r.am}`;
}

export interface ExposureFixations {
  stimX: number;
  stimY: number;
  stimWidth: number;
  stimHeight: number;
  /** When the stim first became viewable, ms from the page's start (null: never viewable). */
  firstViewableMs?: number | null;
  /** Packed little-endian Float32 quadruples (start_ms, duration_ms, x, y), page pixels. */
  fixations: Uint8Array;
}

/** The measured base's fixations of one placed stim (filtered by demographics when filters are given). */
export async function baseFixations(db: Db, studyId: number, stepId: number, stimId: number, filters?: DemographicFilters): Promise<ExposureFixations[]> {
  const r = await rows<ExposureFixations>(db, sql`
    select e.stim_x::float8 as "stimX", e.stim_y::float8 as "stimY", e.stim_width::float8 as "stimWidth",
      e.stim_height::float8 as "stimHeight", e.first_viewable_ms::float8 as "firstViewableMs", g.fixations
    from exposure_gaze g join ${exposureFrom} on e.id = g.exposure_id
    where e.study_id = ${studyId} and e.step_id = ${stepId} and e.stim_id = ${stimId} and ${countedSql} and ${measuredSql}${filters ? filterSql(filters) : sql``}
    order by e.id`);
  return r.map((x) => ({
    stimX: Number(x.stimX), stimY: Number(x.stimY), stimWidth: Number(x.stimWidth), stimHeight: Number(x.stimHeight),
    firstViewableMs: x.firstViewableMs === null || x.firstViewableMs === undefined ? null : Number(x.firstViewableMs),
    fixations: x.fixations instanceof Uint8Array ? x.fixations : new Uint8Array(0),
  }));
}

/** The size the stim was shown at most often, for stims without a stored size (scripts, VAST). */
export async function shownSize(db: Db, stimId: number): Promise<{ width: number; height: number } | null> {
  const r = await rows<{ w: number; h: number }>(db, sql`
    select round(stim_width)::int as w, round(stim_height)::int as h from exposure where stim_id = ${stimId}
    group by 1, 2 order by count(*) desc limit 1`);
  return r[0] ? { width: Number(r[0].w), height: Number(r[0].h) } : null;
}

// ---------------------------------------------------------------------------------------------
// What the legacy stim tree reads besides the stims (study overview page: brief, methodology,
// whether the demographics report has anything to show, the cached page of each page step).

export interface StudyTreeExtras {
  brief: string | null;
  methodology: string | null;
  hasDemographics: boolean;
  cachePageUrls: Map<number, string | null>;
}

export async function studyTreeExtras(db: Db, studyId: number): Promise<StudyTreeExtras> {
  const [head, demo, pages] = await Promise.all([
    rows<{ brief: string | null; methodology: string | null }>(db, sql`select brief, methodology from study where id = ${studyId}`),
    rows<{ n: number }>(db, sql`
      select count(*)::int as n from participant p
      where p.study_id = ${studyId} and not p.is_test and p.status = 'complete'
        and (p.age_group_id is not null or p.family_group_id is not null or p.earnings_group_id is not null or p.gender_group_id is not null)`),
    rows<{ stepId: number; url: string | null }>(db, sql`
      select st.id as "stepId", cp.original_source as url from step st join cache_page cp on cp.id = st.cache_page_id
      where st.study_id = ${studyId}`),
  ]);
  return {
    brief: head[0]?.brief ?? null,
    methodology: head[0]?.methodology ?? null,
    hasDemographics: Number(demo[0]?.n ?? 0) > 0,
    cachePageUrls: new Map(pages.map((p) => [Number(p.stepId), p.url])),
  };
}

// All SQL behind the gaze replay (routes/replay): the respondents of one placed stim, after the
// report's demographic filters, and one respondent's exposure with its packed gaze. The study's
// tenancy is checked by the route (companyStudy) before any of these runs; every query here is
// also bounded by that study id, so a participant or exposure of another study never answers.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { DemographicFilters } from '../domain/demographics.js';
import { rows, filterSql, countedSql, insufficientSql, measuredSql } from './sql.js';

export interface RespondentRow {
  participant_id: number;
  reference: string;
  is_test: boolean;
  status: string;
  has_eyetracking: boolean;
  eyetracked: boolean;
  measured: boolean;
  insufficient_gaze: boolean;
  viewable: boolean;
  viewed: boolean;
  fixation_count: number;
  page_dwell_ms: number;
}

export interface RespondentQuery {
  studyId: number;
  stepId: number;
  stimId: number;
  filters: DemographicFilters;
  eyetrackedOnly: boolean;
  /** Part of the reference, matched case-insensitively (LIKE wildcards taken literally). */
  search: string | null;
  limit: number;
}

// A participant may have seen the stim more than once on the step (a page holding it twice):
// the replay shows the first exposure, the list counts the participant once.
const firstExposure = sql`distinct on (e.participant_id)`;

const respondentSelect = sql`e.id as exposure_id, p.id as participant_id, p.reference, p.is_test, p.status, p.has_eyetracking,
  e.eyetracked, (${countedSql} and ${measuredSql}) as measured, ${insufficientSql} as insufficient_gaze, e.viewable, e.viewed,
  e.fixation_count::int as fixation_count, e.page_dwell_ms::float8 as page_dwell_ms`;

const exposureFrom = sql`exposure e join participant p on p.id = e.participant_id join study sd on sd.id = e.study_id`;

const toRespondent = (r: RespondentRow): RespondentRow => ({
  participant_id: Number(r.participant_id), reference: r.reference, is_test: Boolean(r.is_test), status: r.status,
  has_eyetracking: Boolean(r.has_eyetracking), eyetracked: Boolean(r.eyetracked), measured: Boolean(r.measured),
  insufficient_gaze: Boolean(r.insufficient_gaze), viewable: Boolean(r.viewable), viewed: Boolean(r.viewed),
  fixation_count: Number(r.fixation_count), page_dwell_ms: Number(r.page_dwell_ms),
});

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The stim's respondents on the step (real before test sessions, then by participant id) and their total. */
export async function stimRespondents(db: Db, q: RespondentQuery): Promise<{ total: number; rows: RespondentRow[] }> {
  const where = sql`e.study_id = ${q.studyId} and e.step_id = ${q.stepId} and e.stim_id = ${q.stimId}
    ${q.eyetrackedOnly ? sql`and e.eyetracked` : sql``}
    ${q.search ? sql`and p.reference ilike ${`%${likeEscape(q.search)}%`}` : sql``}${filterSql(q.filters)}`;
  const [[count], list] = await Promise.all([
    rows<{ n: number }>(db, sql`select count(distinct e.participant_id)::int as n from ${exposureFrom} where ${where}`),
    rows<RespondentRow>(db, sql`
      select * from (select ${firstExposure} ${respondentSelect} from ${exposureFrom} where ${where} order by e.participant_id, e.id) x
      order by is_test, participant_id limit ${q.limit}`),
  ]);
  return { total: Number(count?.n ?? 0), rows: list.map(toRespondent) };
}

export interface ReplayExposure extends RespondentRow {
  exposure_id: number;
  first_viewable_ms: number | null;
  time_to_first_view_ms: number | null;
  stimX: number;
  stimY: number;
  stimWidth: number;
  stimHeight: number;
  intervals: unknown;
  sampleCount: number;
  /** Packed little-endian Float32 (t_ms, x, y) triples, page pixels; empty without stored gaze. */
  samples: Uint8Array;
  /** Packed little-endian Float32 (start_ms, duration_ms, x, y) quadruples, page pixels. */
  fixations: Uint8Array;
}

const bytes = (v: unknown) => (v instanceof Uint8Array ? v : new Uint8Array(0));

/** The participant's first exposure of the stim on the step of the study, with its stored gaze; null when there is none. */
export async function respondentExposure(db: Db, studyId: number, stepId: number, stimId: number, participantId: number): Promise<ReplayExposure | null> {
  const [r] = await rows<ReplayExposure>(db, sql`
    select ${respondentSelect}, e.first_viewable_ms::float8 as first_viewable_ms, e.time_to_first_view_ms::float8 as time_to_first_view_ms,
      e.stim_x::float8 as "stimX", e.stim_y::float8 as "stimY", e.stim_width::float8 as "stimWidth", e.stim_height::float8 as "stimHeight",
      e.viewability_intervals as intervals, coalesce(g.sample_count, 0)::int as "sampleCount", g.samples, g.fixations
    from ${exposureFrom} left join exposure_gaze g on g.exposure_id = e.id
    where e.study_id = ${studyId} and e.step_id = ${stepId} and e.stim_id = ${stimId} and e.participant_id = ${participantId}
    order by e.id limit 1`);
  if (!r) return null;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...toRespondent(r), exposure_id: Number(r.exposure_id),
    first_viewable_ms: num(r.first_viewable_ms), time_to_first_view_ms: num(r.time_to_first_view_ms),
    stimX: Number(r.stimX), stimY: Number(r.stimY), stimWidth: Number(r.stimWidth), stimHeight: Number(r.stimHeight),
    intervals: r.intervals, sampleCount: Number(r.sampleCount), samples: bytes(r.samples), fixations: bytes(r.fixations),
  };
}

// SQL for respondent-session ingestion and for rebuilding summaries (recompute): the study's
// reference data a session is checked against, the writes of one session, and batched rewrites
// of exposure summaries. Callers pass a transaction as `db` where writes must be atomic.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  study, cell, panel, step, stepStim, stim, question, answerOption, batch, batchStim,
  participant, exposure, exposureGaze, exposureAoi,
} from '../db/schema/index.js';
import type { AoiShape, ExposureSummary, AoiSummary } from '../analytics/summarize.js';
import type { StudyContext, StudyQuestion, StudyStep, StudyStim } from '../analytics/study-context.js';
import type { ViewInterval } from '../analytics/viewability.js';
import type { FeatureSummary } from '../analytics/aoi-metrics.js';
import { clearStudyAggregates, sessionAggregateCtes, studySessionLockSql } from './aggregates.js';
import { preparedStatement } from '../db/prepared.js';
import { countedSql, intArray } from './sql.js';

// The context's shape is analytics' (the simulator and ingestion read it); this file loads it.
export type { StudyContext, StudyQuestion, StudyStep, StudyStim };

export async function findStudyKey(db: Db, studyId: number): Promise<{ id: number; companyId: number; collectionKeyHash: string | null; completed: boolean; consentRequired: boolean } | null> {
  const rows = await db.select({
    id: study.id, companyId: study.companyId, collectionKeyHash: study.collectionKeyHash, completed: study.completed, consentRequired: study.consentRequired,
  })
    .from(study).where(eq(study.id, studyId)).limit(1);
  return rows[0] ?? null;
}

/** Whether some study has this collection key hash (study_collection_key_idx): checked before the body is read. */
export async function collectionKeyExists(db: Db, hash: string): Promise<boolean> {
  const rows = await db.select({ id: study.id }).from(study).where(eq(study.collectionKeyHash, hash)).limit(1);
  return rows.length > 0;
}

export async function setCollectionKeyHash(db: Db, studyId: number, hash: string): Promise<void> {
  await db.update(study).set({ collectionKeyHash: hash, updatedAt: new Date() }).where(eq(study.id, studyId));
}

export async function loadStudyContext(db: Db, studyId: number): Promise<StudyContext | null> {
  const [s] = await db.select().from(study).where(eq(study.id, studyId)).limit(1);
  if (!s) return null;
  const cells = await db.select({ id: cell.id }).from(cell).where(eq(cell.studyId, studyId)).orderBy(asc(cell.position), asc(cell.id));
  const panels = await db.select({ id: panel.id }).from(panel).where(eq(panel.studyId, studyId));
  const steps = await db.select().from(step).where(eq(step.studyId, studyId)).orderBy(asc(step.cellId), asc(step.position), asc(step.id));
  const stepIds = steps.map((r) => r.id);
  const placements = stepIds.length
    ? await db.select().from(stepStim).where(inArray(stepStim.stepId, stepIds)).orderBy(asc(stepStim.y), asc(stepStim.id))
    : [];
  const batchStims = await db.select({ stimId: batchStim.stimId }).from(batchStim)
    .innerJoin(batch, eq(batch.id, batchStim.batchId)).where(eq(batch.studyId, studyId));
  const ownStims = await db.select({ id: stim.id }).from(stim).where(eq(stim.studyId, studyId));

  const stimIds = new Set<number>([
    ...steps.flatMap((r) => (r.stimId ? [r.stimId] : [])),
    ...placements.map((p) => p.stimId),
    ...batchStims.map((b) => b.stimId),
    ...ownStims.map((o) => o.id),
  ]);
  const stimRows = stimIds.size
    ? await db.select({ id: stim.id, name: stim.name, stimType: stim.stimType, width: stim.width, height: stim.height, durationMs: stim.durationMs })
      .from(stim).where(inArray(stim.id, [...stimIds]))
    : [];

  const groupIds = new Set<number>(steps.flatMap((r) => (r.questionGroupId ? [r.questionGroupId] : [])));
  if (s.preAssignQuestionGroupId) groupIds.add(s.preAssignQuestionGroupId);
  const questions = groupIds.size
    ? await db.select().from(question).where(inArray(question.questionGroupId, [...groupIds])).orderBy(asc(question.position), asc(question.id))
    : [];
  const options = questions.length
    ? await db.select().from(answerOption).where(inArray(answerOption.questionId, questions.map((q) => q.id)))
      .orderBy(asc(answerOption.position), asc(answerOption.id))
    : [];

  const ctx: StudyContext = {
    studyId: s.id,
    companyId: s.companyId,
    collectionKeyHash: s.collectionKeyHash,
    participantsRequested: s.participantsRequested,
    environmentId: s.environmentId,
    live: s.live,
    completed: s.completed,
    phaseId: s.phaseId,
    fieldworkStarted: s.dataCollectionStart !== null,
    preAssignQuestionGroupId: s.preAssignQuestionGroupId,
    quality: {
      minConnectionSpeed: s.minConnectionSpeed, minCalibrationFrameRate: s.minCalibrationFrameRate, maxAccuracy: s.maxAccuracy,
      maxPrecision: s.maxPrecision, minDwellMs: s.minDwellMs, maxDwellMs: s.maxDwellMs,
    },
    cells: cells.map((c) => c.id),
    panels: panels.map((p) => p.id),
    steps: new Map(),
    stims: new Map(stimRows.map((r) => [r.id, r])),
    aois: await loadAoisForStims(db, [...stimIds]),
    questions: new Map(),
  };
  for (const r of steps) {
    ctx.steps.set(r.id, {
      id: r.id, cellId: r.cellId, position: r.position, stepType: r.stepType, stimId: r.stimId,
      questionGroupId: r.questionGroupId, placements: [],
    });
  }
  for (const p of placements) ctx.steps.get(p.stepId)?.placements.push({ stimId: p.stimId, x: p.x, y: p.y });
  for (const q of questions) {
    ctx.questions.set(q.id, { id: q.id, groupId: q.questionGroupId, formattedType: q.formattedType, position: q.position, options: new Map() });
  }
  for (const o of options) ctx.questions.get(o.questionId)?.options.set(o.id, o.text);
  return ctx;
}

export async function findParticipantBySession(db: Db, studyId: number, sessionId: string): Promise<number | null> {
  return (await findStoredSession(db, studyId, sessionId))?.id ?? null;
}

/** The stored participant of a session, with the status it was stored as. */
export async function findStoredSession(db: Db, studyId: number, sessionId: string): Promise<{ id: number; status: string } | null> {
  const rows = await db.select({ id: participant.id, status: participant.status }).from(participant)
    .where(and(eq(participant.studyId, studyId), eq(participant.sessionId, sessionId))).limit(1);
  return rows[0] ?? null;
}

export async function countParticipants(db: Db, studyId: number): Promise<number> {
  const r = await db.select({ n: sql<number>`count(*)::int` }).from(participant).where(eq(participant.studyId, studyId));
  return Number(r[0]?.n ?? 0);
}

/** Every participant of every study (logs and tests of the demo seeding). */
export async function totalParticipants(db: Db): Promise<number> {
  const r = await db.select({ n: sql<number>`count(*)::int` }).from(participant);
  return Number(r[0]?.n ?? 0);
}

/** Removes a study's participants with everything recorded for them (cascades). */
export async function deleteStudyParticipants(db: Db, studyId: number): Promise<void> {
  await db.delete(participant).where(eq(participant.studyId, studyId));
  await clearStudyAggregates(db, studyId);
}

export type NewParticipant = typeof participant.$inferInsert;

export interface NewExposure {
  studyId: number;
  cellId: number | null;
  stepId: number;
  stimId: number;
  stimX: number;
  stimY: number;
  stimWidth: number;
  stimHeight: number;
  pageDwellMs: number;
  viewabilityIntervals: ViewInterval[];
  summary: ExposureSummary;
  analysisConfigId: number | null;
}

/** A session's rows before they have ids: children name their exposure by (step, stim), unique in a session. */
export interface SessionRows {
  participant: NewParticipant;
  exposures: NewExposure[];
  /** Packed gaze and fixations per step: every exposure of the step stores them. Steps without gaze are left out. */
  gaze: { stepId: number; sampleCount: number; samples: Uint8Array; fixations: Uint8Array }[];
  aois: (AoiSummary & { stepId: number; stimId: number })[];
  features: (FeatureSummary & { stepId: number; stimId: number })[];
  answers: { questionId: number; answerOptionId: number | null; text: string }[];
}

const hex = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');
const ph = (name: string) => sql.placeholder(name);
/** Rows as one JSON parameter, read back with json_to_recordset (one parameter whatever the row count). */
const json = (name: string) => sql`${ph(name)}::json`;

/** The participant's columns and their types: the statement reads them from one JSON parameter. */
const PARTICIPANT_COLUMNS = 'study_id int, cell_id int, panel_id int, reference text, session_id text, age_group_id int, '
  + 'family_group_id int, earnings_group_id int, gender_group_id int, socialgrade_group_id int, ethnicity_group_id int, '
  + 'has_eyetracking bool, calibration_accuracy_px float8, calibration_precision_px float8, frame_rate float8, '
  + 'connection_speed_kbps float8, status text, is_test bool, gaze_source text, consent_version int, consented_at timestamptz';

/**
 * Stores sessions of one study in ONE statement (issue 21: a session was ~50 statements, then 13;
 * the round trips cost more than the rows): the participants, their exposures, their gaze, AOI and
 * feature rows, the answers and the sessions' report aggregates (sessionAggregateCtes, one grouped
 * upsert per table for all of them), as data-modifying CTEs. Children find their exposure by
 * (session, step, stim), unique in a study; participants and exposures get their ids in the order
 * sent (`n`). Prepared (db/prepared.ts) and built once: the text is the same whatever the
 * sessions, since every row set is one JSON parameter.
 */
const sessionsStatement = preparedStatement<{ session_id: string; id: number; status: string; exposures: number }>(() => {
  // A child row set (a CTE below) joined to its exposure, and the exposure's participant for the session.
  const join = (rowsCte: string, stimKeyed: boolean) => sql`ins_e e join ins_p p on p.id = e.participant_id
      join ${sql.raw(rowsCte)} x on x.session_id = p.session_id and x.step_id = e.step_id${stimKeyed ? sql` and x.stim_id = e.stim_id` : sql``}`;
  // Each JSON parameter is read once, into a CTE of its own: joined directly, a nested loop read
  // one again (and parsed its hex gaze) for every row of the other side.
  const participantNames = sql.raw(PARTICIPANT_COLUMNS.replace(/ [a-z0-9]+(,|$)/g, '$1'));
  // A panel reference completes a study at most once (issue 35 item 3): a second completion, stored
  // before or earlier in the same group, is kept as 'duplicate' (never counted). The unique index
  // participant_complete_reference_uq refuses two racing ones; the loser's transaction is run again
  // (isRetryableConflict) and then sees the winner here.
  const participantSelect = sql.raw(PARTICIPANT_COLUMNS.replace(/ [a-z0-9]+(,|$)/g, '$1').replace(/\bstatus\b/, 'stored_status'));
  const rowsOf = (param: string, columns: string) => sql`materialized (select * from json_to_recordset(${json(param)}) as x(${sql.raw(columns)}))`;
  return sql`with
    px as ${rowsOf('participants', `${PARTICIPANT_COLUMNS}, n int`)},
    ex as ${rowsOf('exposures', `session_id text, study_id int, cell_id int, step_id int, stim_id int,
        stim_x float8, stim_y float8, stim_width float8, stim_height float8, page_dwell_ms float8, viewability_intervals jsonb,
        analysis_config_id int, eyetracked bool, viewable bool, viewable_ms float8, first_viewable_ms float8, viewed bool, dwell_ms float8,
        time_to_first_view_ms float8, fixation_count int, gaze_period_ms float8, insufficient_gaze bool, dwell_censored bool, viewable_censored bool,
        n int`)},
    gx as ${rowsOf('gaze', 'session_id text, step_id int, n int, s text, f text')},
    ax as ${rowsOf('aois', 'session_id text, step_id int, stim_id int, aoi_id int, dwell_ms float8, first_fixation_ms float8, fixation_count int')},
    fx as ${rowsOf('features', `session_id text, step_id int, stim_id int, tag text, fixation_count int, dwell_ms float8, first_fixation_ms float8,
        first_fixation_viewable_ms float8, visits int, entry_rank int`)},
    qx as ${rowsOf('answers', 'session_id text, question_id int, answer_option_id int, text text')},
    py as (select x.*, case when x.status = 'complete' and not x.is_test and x.panel_id is not null and (
        count(*) filter (where x.status = 'complete' and not x.is_test)
          over (partition by x.panel_id, x.reference order by x.n rows between unbounded preceding and 1 preceding) > 0
        or exists (select 1 from participant q where q.study_id = x.study_id and q.panel_id = x.panel_id and q.reference = x.reference
          and q.status = 'complete' and not q.is_test)) then 'duplicate' else x.status end as stored_status
      from px x),
    ins_p as (insert into participant (${participantNames}) select ${participantSelect} from py x order by x.n
      on conflict (study_id, session_id) do nothing returning *),
    ins_e as (insert into exposure (study_id, participant_id, cell_id, step_id, stim_id, stim_x, stim_y, stim_width, stim_height,
        page_dwell_ms, viewability_intervals, analysis_config_id, eyetracked, viewable, viewable_ms, first_viewable_ms, viewed, dwell_ms,
        time_to_first_view_ms, fixation_count, gaze_period_ms, insufficient_gaze, dwell_censored, viewable_censored)
      select x.study_id, p.id, x.cell_id, x.step_id, x.stim_id, x.stim_x, x.stim_y, x.stim_width, x.stim_height,
        x.page_dwell_ms, x.viewability_intervals, x.analysis_config_id, x.eyetracked, x.viewable, x.viewable_ms, x.first_viewable_ms, x.viewed, x.dwell_ms,
        x.time_to_first_view_ms, x.fixation_count, x.gaze_period_ms, x.insufficient_gaze, x.dwell_censored, x.viewable_censored
      from ins_p p join ex x on x.session_id = p.session_id
      order by x.n
      returning *),
    ins_g as (insert into exposure_gaze (exposure_id, study_id, sample_count, samples, fixations)
      select e.id, e.study_id, x.n, decode(x.s, 'hex'), decode(x.f, 'hex')
      from ${join('gx', false)}),
    ins_ea as (insert into exposure_aoi (study_id, exposure_id, aoi_id, dwell_ms, first_fixation_ms, fixation_count)
      select e.study_id, e.id, x.aoi_id, x.dwell_ms, x.first_fixation_ms, x.fixation_count
      from ${join('ax', true)}
      returning *),
    ins_ef as (insert into exposure_feature (study_id, exposure_id, tag, fixation_count, dwell_ms, first_fixation_ms,
        first_fixation_viewable_ms, visits, entry_rank)
      select e.study_id, e.id, x.tag, x.fixation_count, x.dwell_ms, x.first_fixation_ms, x.first_fixation_viewable_ms, x.visits, x.entry_rank
      from ${join('fx', true)}
      returning *),
    ins_a as (insert into participant_answer (study_id, participant_id, question_id, answer_option_id, text)
      select p.study_id, p.id, x.question_id, x.answer_option_id, x.text
      from ins_p p join qx x on x.session_id = p.session_id),
    ${sessionAggregateCtes(sql`${ph('study_id')}::int`, {
      exposure: sql.raw('ins_e'), participant: sql.raw('ins_p'), exposureAoi: sql.raw('ins_ea'), exposureFeature: sql.raw('ins_ef'),
    })}
    select p.session_id, p.id, p.status, (select count(*) from ins_e e where e.participant_id = p.id)::int as exposures from ins_p p`;
});

/**
 * The actual start of fieldwork (docs/api.md "Study phases"): the first counted live session's
 * time, written once, when the study has none yet. Called in the sessions' transaction.
 */
export async function markFieldworkStarted(db: Db, studyId: number): Promise<void> {
  await db.execute(sql`update study set data_collection_start = (
      select min(p.created_at) from participant p where p.study_id = ${studyId} and ${countedSql})
    where id = ${studyId} and data_collection_start is null`);
}

/**
 * Stores sessions of one study (sessionsStatement). Call inside their transaction after
 * lockSessionInputs. Answers, by session id, the participant and exposure count of each session
 * stored; a session the study already has (a concurrent duplicate) is left out and writes nothing.
 */
export async function insertSessions(db: Db, studyId: number, sessions: SessionRows[]): Promise<Map<string, { participantId: number; status: string; exposures: number }>> {
  const participants = [];
  const exposures = [];
  const gaze = [];
  const aois = [];
  const features = [];
  const answers = [];
  for (const r of sessions) {
    const p = r.participant;
    const session_id = p.sessionId;
    participants.push({
      n: participants.length, study_id: p.studyId, cell_id: p.cellId ?? null, panel_id: p.panelId ?? null, reference: p.reference, session_id,
      age_group_id: p.ageGroupId ?? null, family_group_id: p.familyGroupId ?? null, earnings_group_id: p.earningsGroupId ?? null,
      gender_group_id: p.genderGroupId ?? null, socialgrade_group_id: p.socialgradeGroupId ?? null, ethnicity_group_id: p.ethnicityGroupId ?? null,
      has_eyetracking: p.hasEyetracking ?? false, calibration_accuracy_px: p.calibrationAccuracyPx ?? null,
      calibration_precision_px: p.calibrationPrecisionPx ?? null, frame_rate: p.frameRate ?? null,
      connection_speed_kbps: p.connectionSpeedKbps ?? null, status: p.status ?? 'complete', is_test: p.isTest ?? false, gaze_source: p.gazeSource ?? null,
      consent_version: p.consentVersion ?? null, consented_at: p.consentedAt ? new Date(p.consentedAt).toISOString() : null,
    });
    for (const e of r.exposures) {
      exposures.push({
        n: exposures.length, session_id, study_id: e.studyId, cell_id: e.cellId, step_id: e.stepId, stim_id: e.stimId, stim_x: e.stimX, stim_y: e.stimY,
        stim_width: e.stimWidth, stim_height: e.stimHeight, page_dwell_ms: e.pageDwellMs, viewability_intervals: e.viewabilityIntervals,
        analysis_config_id: e.analysisConfigId, eyetracked: e.summary.eyetracked, viewable: e.summary.viewable,
        viewable_ms: e.summary.viewableMs, first_viewable_ms: e.summary.firstViewableMs, viewed: e.summary.viewed,
        dwell_ms: e.summary.dwellMs, time_to_first_view_ms: e.summary.timeToFirstViewMs, fixation_count: e.summary.fixationCount,
        gaze_period_ms: e.summary.gazePeriodMs, insufficient_gaze: e.summary.insufficientGaze,
        dwell_censored: e.summary.dwellCensored, viewable_censored: e.summary.viewableCensored,
      });
    }
    for (const g of r.gaze) gaze.push({ session_id, step_id: g.stepId, n: g.sampleCount, s: hex(g.samples), f: hex(g.fixations) });
    for (const a of r.aois) {
      aois.push({
        session_id, step_id: a.stepId, stim_id: a.stimId, aoi_id: a.aoiId, dwell_ms: a.dwellMs, first_fixation_ms: a.firstFixationMs,
        fixation_count: a.fixationCount,
      });
    }
    for (const f of r.features) {
      features.push({
        session_id, step_id: f.stepId, stim_id: f.stimId, tag: f.tag, fixation_count: f.fixationCount, dwell_ms: f.dwellMs,
        first_fixation_ms: f.firstFixationMs, first_fixation_viewable_ms: f.firstFixationViewableMs, visits: f.visits, entry_rank: f.entryRank,
      });
    }
    for (const a of r.answers) answers.push({ session_id, question_id: a.questionId, answer_option_id: a.answerOptionId, text: a.text });
  }
  const stored = await sessionsStatement(db, {
    study_id: studyId, participants: JSON.stringify(participants), exposures: JSON.stringify(exposures), gaze: JSON.stringify(gaze),
    aois: JSON.stringify(aois), features: JSON.stringify(features), answers: JSON.stringify(answers),
  });
  return new Map(stored.map((row) => [row.session_id, { participantId: Number(row.id), status: row.status, exposures: Number(row.exposures) }]));
}

export interface NewGaze {
  exposureId: number;
  studyId: number;
  sampleCount: number;
  samples: Uint8Array;
  fixations: Uint8Array;
}

/**
 * Packed gaze rows in one statement (the benchmark's batched baseline). The bytes travel as hex
 * text decoded by the database (decode(…, 'hex') gives the same bytea), as in insertSessions:
 * PGlite's own bytea parameter encoding builds the hex string a byte at a time in JavaScript,
 * which cost more than the insert itself.
 */
export async function insertGaze(db: Db, rows: NewGaze[]): Promise<void> {
  if (!rows.length) return;
  const values = sql.join(rows.map((r) => sql`(${r.exposureId}::int, ${r.studyId}::int, ${r.sampleCount}::int,
    decode(${hex(r.samples)}::text, 'hex'), decode(${hex(r.fixations)}::text, 'hex'))`), sql`, `);
  await db.execute(sql`insert into exposure_gaze (exposure_id, study_id, sample_count, samples, fixations) values ${values}`);
}

export interface NewExposureAoi extends AoiSummary {
  studyId: number;
  exposureId: number;
}

export async function insertExposureAois(db: Db, rows: NewExposureAoi[]): Promise<void> {
  if (rows.length) await db.insert(exposureAoi).values(rows);
}

// ---- recompute -------------------------------------------------------------------------------

export async function listStudiesWithExposures(db: Db): Promise<{ studyId: number; exposures: number }[]> {
  const rows = await db.select({ studyId: exposure.studyId, exposures: sql<number>`count(*)::int` })
    .from(exposure).groupBy(exposure.studyId).orderBy(asc(exposure.studyId));
  return rows.map((r) => ({ studyId: r.studyId, exposures: Number(r.exposures) }));
}

export interface StoredExposure {
  id: number;
  studyId: number;
  stimId: number;
  /** The analysis configuration it was last computed with (null: before configs were recorded). */
  configId: number | null;
  stimType: string;
  naturalWidth: number | null;
  naturalHeight: number | null;
  stimX: number;
  stimY: number;
  stimWidth: number;
  stimHeight: number;
  intervals: ViewInterval[];
  hasEyetracking: boolean;
  samples: Uint8Array | null;
  pageDwellMs: number;
  /**
   * Gaze was received but removed since under the company's retention policy (issue 41): its
   * summaries cannot be computed again, so a recompute keeps them as they are.
   */
  gazeRemoved: boolean;
}

/**
 * One page of exposures (id order, after afterId) with what a summary needs: a study's (the
 * recompute) or a stim's in every study (the AOI recompute).
 */
export async function loadExposurePage(db: Db, scope: { studyId: number } | { stimId: number }, afterId: number, limit: number): Promise<StoredExposure[]> {
  const inScope = 'studyId' in scope ? eq(exposure.studyId, scope.studyId) : eq(exposure.stimId, scope.stimId);
  const rows = await db.select({
    id: exposure.id, studyId: exposure.studyId, stimId: exposure.stimId, configId: exposure.analysisConfigId,
    stimType: stim.stimType, naturalWidth: stim.width, naturalHeight: stim.height,
    stimX: exposure.stimX, stimY: exposure.stimY, stimWidth: exposure.stimWidth, stimHeight: exposure.stimHeight,
    intervals: exposure.viewabilityIntervals, hasEyetracking: participant.hasEyetracking, samples: exposureGaze.samples,
    pageDwellMs: exposure.pageDwellMs, eyetracked: exposure.eyetracked, gazeRow: exposureGaze.exposureId,
  }).from(exposure)
    .innerJoin(stim, eq(stim.id, exposure.stimId))
    .innerJoin(participant, eq(participant.id, exposure.participantId))
    .leftJoin(exposureGaze, eq(exposureGaze.exposureId, exposure.id))
    .where(and(inScope, gt(exposure.id, afterId)))
    .orderBy(asc(exposure.id)).limit(limit);
  return rows.map(({ eyetracked, gazeRow, ...r }) => ({
    ...r, intervals: (r.intervals ?? []) as ViewInterval[], samples: r.samples ?? null, gazeRemoved: eyetracked && gazeRow === null,
  }));
}

export async function loadAoisForStims(db: Db, stimIds: number[]): Promise<Map<number, AoiShape[]>> {
  const out = new Map<number, AoiShape[]>();
  if (!stimIds.length) return out;
  for (const a of await stimAois(db, { ids: intArray(stimIds) })) {
    const list = out.get(a.stimId) ?? [];
    list.push({ id: a.id, shape: a.shape, x: a.x, y: a.y, width: a.width, height: a.height, points: a.points, tag: a.tag });
    out.set(a.stimId, list);
  }
  return out;
}

// Every session reads these (lockSessionInputs): a prepared statement, as the session's own.
const stimAois = preparedStatement<AoiShape & { stimId: number }>(() => sql`
  select id, stim_id as "stimId", shape, x, y, width, height, points, tag from aoi
  where stim_id = any(${sql.placeholder('ids')}::int[]) order by id`);

/**
 * Takes a session's locks and reads the stims' AOIs as they are after them (call inside the
 * session's transaction). The stims are share-locked first, in id order, so an AOI save of one of
 * them (replaceAois locks the stim) either waits until this session is committed, and its
 * recompute then sees the session's exposures, or commits first, and the session is summarized
 * with the saved AOIs. Then the study's shared aggregate lock (studySessionLockSql), in the same
 * statement: the count makes every stim row locked before it is taken, in the order an AOI save
 * takes its own two.
 */
export async function lockSessionInputs(db: Db, studyId: number, stimIds: number[]): Promise<Map<number, AoiShape[]>> {
  const ids = [...new Set(stimIds)].sort((a, b) => a - b);
  await sessionLocks(db, { studyId, ids: intArray(ids) });
  // A statement of its own: READ COMMITTED takes a statement's snapshot before it waits for a
  // lock, so AOIs read by the statement that waited would be those from before the save it
  // waited for (aoi.test.ts, on PostgreSQL).
  return loadAoisForStims(db, ids);
}

const sessionLocks = preparedStatement(() => sql`
  select ${studySessionLockSql(sql`${sql.placeholder('studyId')}::int`)}
  from (select count(*) from (select id from stim where id = any(${sql.placeholder('ids')}::int[]) order by id for share) s) c`);

export interface RecomputedExposure {
  id: number;
  summary: ExposureSummary;
  /** packed fixations, or null when the exposure has no stored gaze */
  fixations: Buffer | null;
}

/** Rewrites summaries, stored fixations and exposure_aoi rows of a batch of exposures. */
export async function writeRecomputed(db: Db, studyId: number, configId: number, rows: RecomputedExposure[], aois: NewExposureAoi[]): Promise<void> {
  if (!rows.length) return;
  const values = sql.join(rows.map((r) => {
    const s = r.summary;
    return sql`(${r.id}::int, ${s.eyetracked}::boolean, ${s.viewable}::boolean, ${s.viewableMs}::float8, ${s.firstViewableMs}::float8,
      ${s.viewed}::boolean, ${s.dwellMs}::float8, ${s.timeToFirstViewMs}::float8, ${s.fixationCount}::int,
      ${s.gazePeriodMs}::float8, ${s.insufficientGaze}::boolean, ${s.dwellCensored}::boolean, ${s.viewableCensored}::boolean)`;
  }), sql`, `);
  await db.execute(sql`update exposure set
      eyetracked = v.eyetracked, viewable = v.viewable, viewable_ms = v.viewable_ms, first_viewable_ms = v.first_viewable_ms,
      viewed = v.viewed, dwell_ms = v.dwell_ms, time_to_first_view_ms = v.ttfv, fixation_count = v.fixation_count,
      gaze_period_ms = v.gaze_period_ms, insufficient_gaze = v.insufficient_gaze, dwell_censored = v.dwell_censored,
      viewable_censored = v.viewable_censored, analysis_config_id = ${configId}
    from (values ${values}) as v(id, eyetracked, viewable, viewable_ms, first_viewable_ms, viewed, dwell_ms, ttfv, fixation_count,
      gaze_period_ms, insufficient_gaze, dwell_censored, viewable_censored)
    where exposure.id = v.id`);
  const withGaze = rows.filter((r) => r.fixations !== null);
  if (withGaze.length) {
    const fx = sql.join(withGaze.map((r) => sql`(${r.id}::int, ${r.fixations}::bytea)`), sql`, `);
    await db.execute(sql`update exposure_gaze set fixations = v.fixations
      from (values ${fx}) as v(id, fixations) where exposure_gaze.exposure_id = v.id`);
  }
  const ids = rows.map((r) => r.id);
  await db.delete(exposureAoi).where(and(eq(exposureAoi.studyId, studyId), inArray(exposureAoi.exposureId, ids)));
  await insertExposureAois(db, aois);
}


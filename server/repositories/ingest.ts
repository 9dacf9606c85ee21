// SQL for respondent-session ingestion and for rebuilding summaries (recompute): the study's
// reference data a session is checked against, the writes of one session, and batched rewrites
// of exposure summaries. Callers pass a transaction as `db` where writes must be atomic.
import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  study, cell, panel, step, stepStim, stim, aoi, question, answerOption, batch, batchStim,
  participant, participantAnswer, exposure, exposureGaze, exposureAoi,
} from '../db/schema/index.js';
import type { AoiShape, ExposureSummary, AoiSummary } from '../analytics/summarize.js';
import type { StudyContext, StudyQuestion, StudyStep, StudyStim } from '../analytics/study-context.js';
import type { ViewInterval } from '../analytics/viewability.js';
import { clearStudyAggregates } from './aggregates.js';

// The context's shape is analytics' (the simulator and ingestion read it); this file loads it.
export type { StudyContext, StudyQuestion, StudyStep, StudyStim };

export async function findStudyKey(db: Db, studyId: number): Promise<{ id: number; companyId: number; collectionKeyHash: string | null } | null> {
  const rows = await db.select({ id: study.id, companyId: study.companyId, collectionKeyHash: study.collectionKeyHash })
    .from(study).where(eq(study.id, studyId)).limit(1);
  return rows[0] ?? null;
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
  const rows = await db.select({ id: participant.id }).from(participant)
    .where(and(eq(participant.studyId, studyId), eq(participant.sessionId, sessionId))).limit(1);
  return rows[0]?.id ?? null;
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

/** Inserts the participant; null when the session already exists (a concurrent duplicate). */
export async function insertParticipant(db: Db, row: NewParticipant): Promise<number | null> {
  const rows = await db.insert(participant).values(row).onConflictDoNothing({ target: [participant.studyId, participant.sessionId] })
    .returning({ id: participant.id });
  return rows[0]?.id ?? null;
}

export interface NewExposure {
  studyId: number;
  participantId: number;
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

const summaryColumns = (s: ExposureSummary) => ({
  eyetracked: s.eyetracked,
  viewable: s.viewable,
  viewableMs: s.viewableMs,
  firstViewableMs: s.firstViewableMs,
  viewed: s.viewed,
  dwellMs: s.dwellMs,
  timeToFirstViewMs: s.timeToFirstViewMs,
  fixationCount: s.fixationCount,
  gazePeriodMs: s.gazePeriodMs,
  insufficientGaze: s.insufficientGaze,
  dwellCensored: s.dwellCensored,
  viewableCensored: s.viewableCensored,
});

/** Inserts a step's exposures in one statement; returns their ids in input order. */
export async function insertExposures(db: Db, rows: NewExposure[]): Promise<number[]> {
  if (!rows.length) return [];
  const inserted = await db.insert(exposure).values(rows.map((r) => ({
    studyId: r.studyId, participantId: r.participantId, cellId: r.cellId, stepId: r.stepId, stimId: r.stimId,
    stimX: r.stimX, stimY: r.stimY, stimWidth: r.stimWidth, stimHeight: r.stimHeight, pageDwellMs: r.pageDwellMs,
    viewabilityIntervals: r.viewabilityIntervals, analysisConfigId: r.analysisConfigId, ...summaryColumns(r.summary),
  }))).returning({ id: exposure.id, stepId: exposure.stepId, stimId: exposure.stimId });
  // Match on (step, stim), unique within a session, rather than trusting RETURNING order.
  const byKey = new Map(inserted.map((r) => [`${r.stepId}:${r.stimId}`, r.id]));
  return rows.map((r) => byKey.get(`${r.stepId}:${r.stimId}`)!);
}

export interface NewGaze {
  exposureId: number;
  studyId: number;
  sampleCount: number;
  samples: Uint8Array;
  fixations: Uint8Array;
}

/**
 * Packed gaze of a session's exposures, one statement. The bytes travel as hex text decoded by
 * the database (decode(…, 'hex') gives the same bytea): PGlite's own bytea parameter encoding
 * builds the hex string a byte at a time in JavaScript, which cost more than the insert itself.
 */
export async function insertGaze(db: Db, rows: NewGaze[]): Promise<void> {
  if (!rows.length) return;
  const hex = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');
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

export interface NewAnswer {
  studyId: number;
  participantId: number;
  questionId: number;
  answerOptionId: number | null;
  text: string;
}

export async function insertAnswers(db: Db, rows: NewAnswer[]): Promise<void> {
  if (rows.length) await db.insert(participantAnswer).values(rows);
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
    pageDwellMs: exposure.pageDwellMs,
  }).from(exposure)
    .innerJoin(stim, eq(stim.id, exposure.stimId))
    .innerJoin(participant, eq(participant.id, exposure.participantId))
    .leftJoin(exposureGaze, eq(exposureGaze.exposureId, exposure.id))
    .where(and(inScope, gt(exposure.id, afterId)))
    .orderBy(asc(exposure.id)).limit(limit);
  return rows.map((r) => ({ ...r, intervals: (r.intervals ?? []) as ViewInterval[], samples: r.samples ?? null }));
}

export async function loadAoisForStims(db: Db, stimIds: number[]): Promise<Map<number, AoiShape[]>> {
  const out = new Map<number, AoiShape[]>();
  if (!stimIds.length) return out;
  const rows = await db.select().from(aoi).where(inArray(aoi.stimId, stimIds)).orderBy(asc(aoi.id));
  for (const a of rows) {
    const list = out.get(a.stimId) ?? [];
    list.push({ id: a.id, shape: a.shape, x: a.x, y: a.y, width: a.width, height: a.height, points: a.points, tag: a.tag });
    out.set(a.stimId, list);
  }
  return out;
}

/**
 * The stims' AOIs as they are now, for a session being stored (call inside its transaction):
 * the stims are share-locked first, so an AOI save of one of them (replaceAois locks the stim)
 * either waits until this session is committed, and its recompute then sees the session's
 * exposures, or commits first, and the session is summarized with the saved AOIs.
 */
export async function lockAoisForStims(db: Db, stimIds: number[]): Promise<Map<number, AoiShape[]>> {
  const ids = [...new Set(stimIds)].sort((a, b) => a - b);
  const out = new Map<number, AoiShape[]>();
  if (!ids.length) return out;
  // One statement: the stims locked (in id order) and their AOIs read with them.
  const rows = await db.select({ stimId: stim.id, a: aoi }).from(stim).leftJoin(aoi, eq(aoi.stimId, stim.id))
    .where(inArray(stim.id, ids)).orderBy(asc(stim.id), asc(aoi.id)).for('share', { of: stim });
  for (const { a } of rows) {
    if (!a) continue;
    const list = out.get(a.stimId) ?? [];
    list.push({ id: a.id, shape: a.shape, x: a.x, y: a.y, width: a.width, height: a.height, points: a.points, tag: a.tag });
    out.set(a.stimId, list);
  }
  return out;
}

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

export async function exposureConfigIds(db: Db, studyId: number): Promise<number[]> {
  const rows = await db.selectDistinct({ id: exposure.analysisConfigId }).from(exposure)
    .where(and(eq(exposure.studyId, studyId), isNotNull(exposure.analysisConfigId)));
  return rows.map((r) => r.id!).sort((a, b) => a - b);
}

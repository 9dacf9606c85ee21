// SQL of the respondent runner (services/take.ts): the study, its cells and panels, one cell's
// steps with everything they show, and how many counted respondents each cell has (quota).
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { countedSql, rows } from './sql.js';
import {
  answerOption, cachePage, cell, externalPage, instruction, lookupItem, panel, question, questionGroup, step, stepStim,
  stim, study, takeReservation, takeStart, participant,
} from '../db/schema/index.js';

export interface TakeStudyRow {
  id: number;
  companyId: number;
  name: string;
  live: boolean;
  completed: boolean;
  /** Fieldwork paused by the researcher: live links answer 'paused' and take no deliveries. */
  paused: boolean;
  /** Take links ask for consent first, and no session is stored without it (issue 41). */
  consentRequired: boolean;
  participantsRequested: number;
  /** The quality thresholds (docs/metrics.md "Report base E"); null: not checked. */
  maxAccuracy: number | null;
  maxPrecision: number | null;
  minCalibrationFrameRate: number | null;
  minConnectionSpeed: number | null;
}

export async function findTakeStudy(db: Db, studyId: number): Promise<TakeStudyRow | null> {
  const rows = await db.select({
    id: study.id, companyId: study.companyId, name: study.name, live: study.live, completed: study.completed, paused: study.paused,
    consentRequired: study.consentRequired, participantsRequested: study.participantsRequested,
    maxAccuracy: study.maxAccuracy, maxPrecision: study.maxPrecision,
    minCalibrationFrameRate: study.minCalibrationFrameRate, minConnectionSpeed: study.minConnectionSpeed,
  }).from(study).where(eq(study.id, studyId));
  return rows[0] ?? null;
}

export async function takeCells(db: Db, studyId: number): Promise<{ id: number; position: number }[]> {
  return db.select({ id: cell.id, position: cell.position }).from(cell).where(eq(cell.studyId, studyId)).orderBy(asc(cell.position), asc(cell.id));
}

export interface TakePanelRow {
  id: number;
  successRedirectUrl: string;
  screenoutRedirectUrl: string;
  quotaFullRedirectUrl: string;
  participantInsertParameter: string;
}

export async function findTakePanel(db: Db, studyId: number, panelId: number): Promise<TakePanelRow | null> {
  const rows = await db.select({
    id: panel.id, successRedirectUrl: panel.successRedirectUrl, screenoutRedirectUrl: panel.screenoutRedirectUrl,
    quotaFullRedirectUrl: panel.quotaFullRedirectUrl, participantInsertParameter: panel.participantInsertParameter,
  }).from(panel).where(and(eq(panel.id, panelId), eq(panel.studyId, studyId)));
  return rows[0] ?? null;
}

/** Counted respondents (live, complete) per cell of the study; cells without any are absent. */
export async function countedPerCell(db: Db, studyId: number): Promise<Map<number, number>> {
  // Counted as the reports count them (countedSql: real, complete), so quota and reports agree.
  const r = await rows<{ cellId: number | null; n: number }>(db, sql`
    select p.cell_id as "cellId", count(*)::int as n from participant p
    where p.study_id = ${studyId} and ${countedSql} group by p.cell_id`);
  return new Map(r.filter((x) => x.cellId !== null).map((x) => [Number(x.cellId), Number(x.n)]));
}

/** An arbitrary constant naming the take advisory locks (the second key is the study id). */
const TAKE_LOCK = 727_104_022;

/**
 * Each cell's load: its counted respondents (as countedPerCell) plus its live reservations whose
 * session is not stored yet (a stored one is counted, or not, by its status). Run inside the
 * lock of reserveCell.
 */
async function loadPerCell(db: Db, studyId: number, now: Date): Promise<Map<number, number>> {
  const load = await countedPerCell(db, studyId);
  const r = await rows<{ cellId: number; n: number }>(db, sql`
    select r.cell_id as "cellId", count(*)::int as n from take_reservation r
    where r.study_id = ${studyId} and r.expires_at > ${now.toISOString()}
      and not exists (select 1 from participant p where p.study_id = r.study_id and p.session_id = r.session_id)
    group by r.cell_id`);
  for (const x of r) load.set(Number(x.cellId), (load.get(Number(x.cellId)) ?? 0) + Number(x.n));
  return load;
}

/**
 * Chooses a new respondent's cell and reserves it in one transaction under a per-study advisory
 * lock (PGlite and PostgreSQL): simultaneous starts are decided one after the other, each seeing
 * the reservations of those before it, so they balance exactly and never overrun a quota. `choose`
 * gets each cell's load (counted respondents + live reservations); when it answers `reserve`,
 * the session is reserved until `expiresAt`. Expired reservations are removed on the way.
 */
export async function reserveCell<T extends { cellId: number; reserve: boolean }>(
  db: Db, studyId: number, sessionId: string, now: Date, expiresAt: Date, choose: (load: Map<number, number>) => T | null,
): Promise<T | null> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${TAKE_LOCK}, ${studyId})`);
    await tx.delete(takeReservation).where(and(eq(takeReservation.studyId, studyId), lte(takeReservation.expiresAt, now)));
    const choice = choose(await loadPerCell(tx, studyId, now));
    if (choice?.reserve) await tx.insert(takeReservation).values({ studyId, cellId: choice.cellId, sessionId, expiresAt });
    return choice;
  });
}

/** The session is stored (as whatever status), or refused: its reservation has done its work. */
export async function releaseReservation(db: Db, studyId: number, sessionId: string): Promise<void> {
  await db.delete(takeReservation).where(and(eq(takeReservation.studyId, studyId), eq(takeReservation.sessionId, sessionId)));
}

/** The respondent is still at it (the quality gate passed): a live reservation lasts until `expiresAt`. */
export async function renewReservation(db: Db, studyId: number, sessionId: string, now: Date, expiresAt: Date): Promise<void> {
  await db.update(takeReservation).set({ expiresAt })
    .where(and(eq(takeReservation.studyId, studyId), eq(takeReservation.sessionId, sessionId), gt(takeReservation.expiresAt, now)));
}

/** A second arbitrary constant: the start rate limit's lock (the second key is the study id). */
const START_LOCK = 727_104_036;

/**
 * Counts a live start of `link` from `address` against the limit (issue 36 item 3), under a
 * per-study advisory lock so a burst is counted one start after the other: answers null and
 * records the start when it is allowed, else the milliseconds until the oldest start in the window
 * leaves it. Starts older than the window are removed on the way (the table stays bounded).
 */
export async function countStart(db: Db, key: { studyId: number; link: string; address: string }, now: Date, windowMs: number, limit: number): Promise<number | null> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK}, ${key.studyId})`);
    const since = new Date(now.getTime() - windowMs);
    await tx.delete(takeStart).where(and(eq(takeStart.studyId, key.studyId), lte(takeStart.startedAt, since)));
    const [r] = await tx.select({
      n: sql<number>`count(*)::int`, oldest: sql<number | null>`(extract(epoch from min(${takeStart.startedAt})) * 1000)::float8`,
    }).from(takeStart)
      .where(and(eq(takeStart.studyId, key.studyId), eq(takeStart.link, key.link), eq(takeStart.address, key.address), gt(takeStart.startedAt, since)));
    if (Number(r?.n ?? 0) >= limit) {
      const oldest = r?.oldest === null || r?.oldest === undefined ? now.getTime() : Number(r.oldest);
      return Math.max(1000, oldest + windowMs - now.getTime());
    }
    await tx.insert(takeStart).values({ ...key, startedAt: now });
    return null;
  });
}

/** Whether the panel reference has a counted completion of the study (a second one would be a duplicate). */
export async function referenceCompleted(db: Db, studyId: number, panelId: number, reference: string): Promise<boolean> {
  const rows = await db.select({ id: participant.id }).from(participant).where(and(
    eq(participant.studyId, studyId), eq(participant.panelId, panelId), eq(participant.reference, reference),
    eq(participant.status, 'complete'), eq(participant.isTest, false),
  )).limit(1);
  return rows.length > 0;
}


export interface TakeStimRow {
  id: number;
  name: string;
  stimType: string;
  width: number | null;
  height: number | null;
  source: string | null;
}

export interface TakeStepRow {
  id: number;
  stepType: string;
  name: string;
  secondsBeforeShowNext: number;
  secondsBeforeMoveNext: number;
  nextType: string | null;
  instruction: { name: string; text: string } | null;
  stim: TakeStimRow | null;
  cachePage: { id: number; status: string; cachedSource: string | null; originalSource: string } | null;
  externalPage: { url: string; memberInsert: string | null; kind: string } | null;
  questionGroupId: number | null;
  commandId: number | null;
  placements: (TakeStimRow & { x: number; y: number })[];
}

const stimColumns = { id: stim.id, name: stim.name, stimType: stim.stimType, width: stim.width, height: stim.height, source: stim.source };

/** The cell's steps in order, each with what it shows. */
export async function cellSteps(db: Db, studyId: number, cellId: number): Promise<TakeStepRow[]> {
  const next = sql<string | null>`(select ${lookupItem.code} from ${lookupItem} where ${lookupItem.kind} = 'next_button_type' and ${lookupItem.id} = ${step.nextTypeId})`;
  const rows = await db.select({
    id: step.id, stepType: step.stepType, name: step.name,
    secondsBeforeShowNext: step.secondsBeforeShowNext, secondsBeforeMoveNext: step.secondsBeforeMoveNext, nextType: next,
    instructionName: instruction.name, instructionText: instruction.text,
    stimId: stim.id, stimName: stim.name, stimType: stim.stimType, stimWidth: stim.width, stimHeight: stim.height, stimSource: stim.source,
    cacheId: cachePage.id, cacheStatus: cachePage.status, cachedSource: cachePage.cachedSource, originalSource: cachePage.originalSource,
    pageUrl: externalPage.url, pageMember: externalPage.memberInsert, pageKind: externalPage.kind,
    questionGroupId: step.questionGroupId, commandId: step.commandId,
  }).from(step)
    .leftJoin(instruction, eq(instruction.id, step.instructionId))
    .leftJoin(stim, eq(stim.id, step.stimId))
    .leftJoin(cachePage, eq(cachePage.id, step.cachePageId))
    .leftJoin(externalPage, eq(externalPage.id, step.externalPageId))
    .where(and(eq(step.studyId, studyId), eq(step.cellId, cellId)))
    .orderBy(asc(step.position), asc(step.id));
  const ids = rows.map((r) => r.id);
  const placed = ids.length
    ? await db.select({ stepId: stepStim.stepId, x: stepStim.x, y: stepStim.y, ...stimColumns }).from(stepStim)
      .innerJoin(stim, eq(stim.id, stepStim.stimId)).where(inArray(stepStim.stepId, ids)).orderBy(asc(stepStim.y), asc(stepStim.id))
    : [];
  return rows.map((r) => ({
    id: r.id, stepType: r.stepType, name: r.name,
    secondsBeforeShowNext: Number(r.secondsBeforeShowNext), secondsBeforeMoveNext: Number(r.secondsBeforeMoveNext), nextType: r.nextType,
    instruction: r.instructionName !== null ? { name: r.instructionName, text: r.instructionText ?? '' } : null,
    stim: r.stimId !== null ? { id: r.stimId, name: r.stimName ?? '', stimType: r.stimType ?? 'i', width: r.stimWidth, height: r.stimHeight, source: r.stimSource } : null,
    cachePage: r.cacheId !== null ? { id: r.cacheId, status: r.cacheStatus ?? 'ordered', cachedSource: r.cachedSource, originalSource: r.originalSource ?? '' } : null,
    externalPage: r.pageUrl !== null ? { url: r.pageUrl, memberInsert: r.pageMember, kind: r.pageKind ?? 'external' } : null,
    questionGroupId: r.questionGroupId, commandId: r.commandId,
    placements: placed.filter((p) => p.stepId === r.id).map(({ stepId: _s, ...p }) => p),
  }));
}

export interface TakeQuestionGroup {
  id: number;
  name: string;
  text: string;
  questions: { id: number; text: string; name: string; formattedType: string; options: { id: number; text: string }[] }[];
}

export async function questionGroups(db: Db, ids: number[]): Promise<Map<number, TakeQuestionGroup>> {
  if (!ids.length) return new Map();
  const groups = await db.select({ id: questionGroup.id, name: questionGroup.name, text: questionGroup.text }).from(questionGroup).where(inArray(questionGroup.id, ids));
  const qs = await db.select({ id: question.id, groupId: question.questionGroupId, text: question.text, name: question.name, formattedType: question.formattedType })
    .from(question).where(inArray(question.questionGroupId, ids)).orderBy(asc(question.position), asc(question.id));
  const opts = qs.length
    ? await db.select({ id: answerOption.id, questionId: answerOption.questionId, text: answerOption.text }).from(answerOption)
      .where(inArray(answerOption.questionId, qs.map((q) => q.id))).orderBy(asc(answerOption.position), asc(answerOption.id))
    : [];
  return new Map(groups.map((g) => [g.id, {
    ...g,
    questions: qs.filter((q) => q.groupId === g.id).map((q) => ({
      id: q.id, text: q.text, name: q.name, formattedType: q.formattedType,
      options: opts.filter((o) => o.questionId === q.id).map((o) => ({ id: o.id, text: o.text })),
    })),
  }]));
}

export async function commandName(db: Db, id: number): Promise<string | null> {
  const rows = await db.select({ name: lookupItem.name }).from(lookupItem).where(and(eq(lookupItem.kind, 'command'), eq(lookupItem.id, id)));
  return rows[0]?.name ?? null;
}

/** Whether the cell has a calibration or validation step (the runner then measures accuracy, precision and frame rate). */
export async function cellCalibrates(db: Db, studyId: number, cellId: number): Promise<boolean> {
  const rows = await db.select({ id: step.id }).from(step)
    .where(and(eq(step.studyId, studyId), eq(step.cellId, cellId), inArray(step.stepType, ['calibration', 'validation']))).limit(1);
  return rows.length > 0;
}

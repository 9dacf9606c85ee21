// SQL of the cell and step board (issue 12): cells and their steps, step options, the edit lock,
// duplicates, and cache-page orders. Callers (services/board.ts) pass a transaction as `db` for
// every multi-row change; the lock is read with FOR UPDATE inside that transaction.
import { and, asc, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { deleteStepAggregates } from './aggregates.js';
import { countedSql, rows as sqlRows } from './sql.js';
import {
  adType, cachePage, cachePageFetch, cell, cellDuplicateCounter, externalPage, instruction, lookupItem,
  questionGroup, step, stepStim, stim, study,
} from '../db/schema/index.js';

export interface StepRow {
  id: number;
  cellId: number;
  position: number;
  stepType: string;
  name: string;
  secondsBeforeShowNext: number;
  secondsBeforeMoveNext: number;
  nextTypeId: number | null;
  nextType: string | null;
  itemId: number | null;
  url: string | null;
}

export interface CellRow {
  id: number;
  name: string;
  shortName: string;
  position: number;
}

/** The study's edit flag, row-locked for the rest of the transaction (null: no such study). */
export async function lockStudyForEdit(db: Db, studyId: number): Promise<boolean | null> {
  const rows = await db.select({ allow: study.allowStepEditing }).from(study).where(eq(study.id, studyId)).for('update');
  return rows[0]?.allow ?? null;
}

export async function studyEditing(db: Db, studyId: number): Promise<boolean> {
  const rows = await db.select({ allow: study.allowStepEditing }).from(study).where(eq(study.id, studyId));
  return rows[0]?.allow ?? false;
}

/** What the edit lock's guard reads about a study (its row is locked by the caller's transaction). */
export interface StudyGuardFacts {
  allow: boolean;
  live: boolean;
  completed: boolean;
  /** Counted sessions (real and complete: countedSql) the study holds. */
  sessions: number;
}

export async function studyGuardFacts(db: Db, studyId: number, lock = false): Promise<StudyGuardFacts | null> {
  const q = db.select({ allow: study.allowStepEditing, live: study.live, completed: study.completed }).from(study).where(eq(study.id, studyId));
  const found = (lock ? await q.for('update') : await q)[0];
  if (!found) return null;
  const [n] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from participant p where p.study_id = ${studyId} and ${countedSql}`);
  return { ...found, sessions: Number(n?.n ?? 0) };
}

/**
 * Counted sessions whose data a step holds: exposures recorded on it and, for a question step,
 * answers to its question group from respondents of its cell (the question report reads answers
 * through the study's question steps). 0: deleting the step loses no collected data.
 */
export async function stepSessions(db: Db, studyId: number, stepId: number): Promise<number> {
  const [r] = await sqlRows<{ n: number }>(db, sql`
    select count(*)::int as n from (
      select e.participant_id from exposure e join participant p on p.id = e.participant_id
        where e.study_id = ${studyId} and e.step_id = ${stepId} and ${countedSql}
      union
      select pa.participant_id from step st
        join question q on q.question_group_id = st.question_group_id
        join participant_answer pa on pa.question_id = q.id and pa.study_id = st.study_id
        join participant p on p.id = pa.participant_id and p.cell_id = st.cell_id
        where st.id = ${stepId} and st.study_id = ${studyId} and st.step_type = 'question' and ${countedSql}
    ) s`);
  return Number(r?.n ?? 0);
}

export async function setStudyEditing(db: Db, studyId: number, allow: boolean): Promise<void> {
  await db.update(study).set({ allowStepEditing: allow, updatedAt: new Date() }).where(eq(study.id, studyId));
}

export async function cellsOfStudy(db: Db, studyId: number): Promise<CellRow[]> {
  return db.select({ id: cell.id, name: cell.name, shortName: cell.shortName, position: cell.position })
    .from(cell).where(eq(cell.studyId, studyId)).orderBy(asc(cell.position), asc(cell.id));
}

/** Every step of the study with what the board shows of it, in cell order. */
export async function stepsOfStudy(db: Db, studyId: number): Promise<StepRow[]> {
  const next = sql`(select ${lookupItem.name} from ${lookupItem} where ${lookupItem.kind} = 'next_button_type' and ${lookupItem.id} = ${step.nextTypeId})`;
  const rows = await db.select({
    id: step.id, cellId: step.cellId, position: step.position, stepType: step.stepType, name: step.name,
    secondsBeforeShowNext: step.secondsBeforeShowNext, secondsBeforeMoveNext: step.secondsBeforeMoveNext,
    nextTypeId: step.nextTypeId, nextType: sql<string | null>`${next}`,
    instructionId: step.instructionId, cachePageId: step.cachePageId, stimId: step.stimId,
    externalPageId: step.externalPageId, questionGroupId: step.questionGroupId, commandId: step.commandId,
    pageUrl: externalPage.url, cacheUrl: cachePage.originalSource,
  }).from(step)
    .leftJoin(externalPage, eq(externalPage.id, step.externalPageId))
    .leftJoin(cachePage, eq(cachePage.id, step.cachePageId))
    .where(eq(step.studyId, studyId))
    .orderBy(asc(step.cellId), asc(step.position), asc(step.id));
  return rows.map((r) => ({
    id: r.id, cellId: r.cellId, position: r.position, stepType: r.stepType, name: r.name,
    secondsBeforeShowNext: Number(r.secondsBeforeShowNext), secondsBeforeMoveNext: Number(r.secondsBeforeMoveNext),
    nextTypeId: r.nextTypeId, nextType: r.nextType,
    itemId: r.instructionId ?? r.cachePageId ?? r.stimId ?? r.externalPageId ?? r.questionGroupId ?? r.commandId ?? null,
    url: r.pageUrl ?? r.cacheUrl ?? null,
  }));
}

export async function findCell(db: Db, studyId: number, cellId: number): Promise<CellRow | null> {
  const rows = await db.select({ id: cell.id, name: cell.name, shortName: cell.shortName, position: cell.position })
    .from(cell).where(and(eq(cell.id, cellId), eq(cell.studyId, studyId)));
  return rows[0] ?? null;
}

export async function findStep(db: Db, studyId: number, stepId: number): Promise<{ id: number; cellId: number; position: number; name: string } | null> {
  const rows = await db.select({ id: step.id, cellId: step.cellId, position: step.position, name: step.name })
    .from(step).where(and(eq(step.id, stepId), eq(step.studyId, studyId)));
  return rows[0] ?? null;
}

/** Step ids of a cell in order. */
export async function stepIdsOfCell(db: Db, cellId: number): Promise<number[]> {
  const rows = await db.select({ id: step.id }).from(step).where(eq(step.cellId, cellId)).orderBy(asc(step.position), asc(step.id));
  return rows.map((r) => r.id);
}

/** Writes positions 0…n-1 in the given order (all ids belong to the cell: checked by the caller). */
export async function writeOrder(db: Db, cellId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  // One statement: a VALUES list of (id, position).
  const values = sql.join(ids.map((id, i) => sql`(${id}::int, ${i}::int)`), sql`, `);
  await db.execute(sql`update ${step} set position = v.pos from (values ${values}) as v(id, pos)
    where ${step.id} = v.id and ${step.cellId} = ${cellId}`);
}

export async function countCells(db: Db, studyId: number): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(cell).where(eq(cell.studyId, studyId));
  return Number(rows[0]?.n ?? 0);
}

export async function insertCell(db: Db, studyId: number, name: string, shortName: string): Promise<number> {
  const [{ max }] = await db.select({ max: sql<number | null>`max(${cell.position})::int` }).from(cell).where(eq(cell.studyId, studyId));
  const [row] = await db.insert(cell).values({ studyId, name, shortName, position: max === null ? 0 : Number(max) + 1 }).returning({ id: cell.id });
  return row.id;
}

export async function updateCell(db: Db, cellId: number, name: string, shortName: string): Promise<void> {
  await db.update(cell).set({ name, shortName }).where(eq(cell.id, cellId));
}

/** The next n of '{cellName} Copy {n}' for the study (1, 2, …), counted in one upsert. */
export async function nextDuplicateNumber(db: Db, studyId: number): Promise<number> {
  const rows = await db.insert(cellDuplicateCounter).values({ studyId, lastN: 1 })
    .onConflictDoUpdate({ target: cellDuplicateCounter.studyId, set: { lastN: sql`${cellDuplicateCounter.lastN} + 1` } })
    .returning({ n: cellDuplicateCounter.lastN });
  return Number(rows[0].n);
}

/** Copies every step of one cell (with the stims placed on its pages) into another. */
export async function copySteps(db: Db, fromCellId: number, toCellId: number): Promise<void> {
  const steps = await db.select().from(step).where(eq(step.cellId, fromCellId)).orderBy(asc(step.position), asc(step.id));
  if (!steps.length) return;
  const inserted = await db.insert(step).values(steps.map(({ id: _id, cellId: _c, ...rest }, i) => ({ ...rest, cellId: toCellId, position: i })))
    .returning({ id: step.id });
  const map = new Map(steps.map((s, i) => [s.id, inserted[i].id]));
  const placements = await db.select().from(stepStim).where(inArray(stepStim.stepId, steps.map((s) => s.id)));
  if (placements.length) {
    await db.insert(stepStim).values(placements.map(({ id: _id, stepId, ...rest }) => ({ ...rest, stepId: map.get(stepId)! })));
  }
}

export interface NewStep {
  studyId: number;
  cellId: number;
  position: number;
  stepType: string;
  name: string;
  instructionId?: number | null;
  cachePageId?: number | null;
  stimId?: number | null;
  externalPageId?: number | null;
  questionGroupId?: number | null;
  commandId?: number | null;
}

/** Inserts at `position`, moving the steps at and after it down by one. */
export async function insertStep(db: Db, s: NewStep): Promise<number> {
  await db.update(step).set({ position: sql`${step.position} + 1` }).where(and(eq(step.cellId, s.cellId), gte(step.position, s.position)));
  const [row] = await db.insert(step).values(s).returning({ id: step.id });
  return row.id;
}

/** Removes a step (its exposures go by cascade, its report aggregates explicitly); call in a transaction. */
export async function removeStep(db: Db, stepId: number, cellId: number, position: number): Promise<void> {
  await db.delete(step).where(eq(step.id, stepId));
  await deleteStepAggregates(db, stepId);
  await db.update(step).set({ position: sql`${step.position} - 1` }).where(and(eq(step.cellId, cellId), gt(step.position, position)));
}

export async function updateStepTiming(db: Db, stepId: number, v: { show: number; move: number; nextTypeId: number | null }): Promise<void> {
  await db.update(step).set({ secondsBeforeShowNext: v.show, secondsBeforeMoveNext: v.move, nextTypeId: v.nextTypeId }).where(eq(step.id, stepId));
}

export async function lookupName(db: Db, kind: string, id: number): Promise<string | null> {
  const rows = await db.select({ name: lookupItem.name }).from(lookupItem).where(and(eq(lookupItem.kind, kind), eq(lookupItem.id, id)));
  return rows[0]?.name ?? null;
}

// ---- what a step can show, for the acting company ---------------------------------------------------

const companyOrShared = (col: typeof instruction.companyId | typeof questionGroup.companyId, companyId: number) =>
  or(isNull(col), eq(col, companyId));

export async function instructionOptions(db: Db, companyId: number) {
  return db.select({ id: instruction.id, name: instruction.name }).from(instruction)
    .where(companyOrShared(instruction.companyId, companyId)).orderBy(asc(instruction.id));
}

export async function findInstruction(db: Db, companyId: number, id: number) {
  const rows = await db.select({ id: instruction.id, name: instruction.name }).from(instruction)
    .where(and(eq(instruction.id, id), companyOrShared(instruction.companyId, companyId)));
  return rows[0] ?? null;
}

export async function questionGroupOptions(db: Db, companyId: number) {
  return db.select({ id: questionGroup.id, name: questionGroup.name, text: questionGroup.text, comment: questionGroup.comment })
    .from(questionGroup)
    .where(and(companyOrShared(questionGroup.companyId, companyId), eq(questionGroup.isPreassign, false)))
    .orderBy(asc(questionGroup.id));
}

export async function findQuestionGroup(db: Db, companyId: number, id: number) {
  const rows = await db.select({ id: questionGroup.id, name: questionGroup.name }).from(questionGroup)
    .where(and(eq(questionGroup.id, id), companyOrShared(questionGroup.companyId, companyId), eq(questionGroup.isPreassign, false)));
  return rows[0] ?? null;
}

export interface CachePageRow {
  id: number;
  name: string;
  originalSource: string;
  cachedSource: string | null;
  status: string;
  failureReason: string | null;
  jobId: number | null;
}

const cachePageColumns = {
  id: cachePage.id, name: cachePage.name, originalSource: cachePage.originalSource, cachedSource: cachePage.cachedSource,
  status: cachePage.status, failureReason: cachePageFetch.failureReason, jobId: cachePageFetch.jobId,
};

export async function cachePageOptions(db: Db, companyId: number): Promise<CachePageRow[]> {
  return db.select(cachePageColumns).from(cachePage).leftJoin(cachePageFetch, eq(cachePageFetch.cachePageId, cachePage.id))
    .where(eq(cachePage.companyId, companyId)).orderBy(asc(cachePage.id));
}

export async function findCachePage(db: Db, companyId: number, id: number): Promise<CachePageRow | null> {
  const rows = await db.select(cachePageColumns).from(cachePage).leftJoin(cachePageFetch, eq(cachePageFetch.cachePageId, cachePage.id))
    .where(and(eq(cachePage.id, id), eq(cachePage.companyId, companyId)));
  return rows[0] ?? null;
}

/** By id alone: for the job (which acts for the company it was queued for) and signed snapshot URLs. */
export async function cachePageForJob(db: Db, id: number) {
  const rows = await db.select({ id: cachePage.id, companyId: cachePage.companyId, originalSource: cachePage.originalSource, status: cachePage.status, cachedSource: cachePage.cachedSource })
    .from(cachePage).where(eq(cachePage.id, id));
  return rows[0] ?? null;
}

export async function insertCachePage(db: Db, companyId: number, name: string, url: string): Promise<number> {
  const [row] = await db.insert(cachePage).values({ companyId, name, originalSource: url, status: 'ordered' }).returning({ id: cachePage.id });
  await db.insert(cachePageFetch).values({ cachePageId: row.id });
  return row.id;
}

export async function setCachePageJob(db: Db, id: number, jobId: number): Promise<void> {
  await db.update(cachePageFetch).set({ jobId }).where(eq(cachePageFetch.cachePageId, id));
}

// The status and its fetch row change together: a reader between the two writes saw a failed
// page without its reason (the board's message) on PostgreSQL.
export async function markCachePageReady(db: Db, id: number, v: { key: string; finalUrl: string; bytes: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(cachePage).set({ status: 'cached', cachedSource: v.key }).where(eq(cachePage.id, id));
    await tx.insert(cachePageFetch).values({ cachePageId: id, finalUrl: v.finalUrl, bytes: v.bytes, failureReason: null, fetchedAt: new Date() })
      .onConflictDoUpdate({ target: cachePageFetch.cachePageId, set: { finalUrl: v.finalUrl, bytes: v.bytes, failureReason: null, fetchedAt: new Date() } });
  });
}

export async function markCachePageFailed(db: Db, id: number, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(cachePage).set({ status: 'failed', cachedSource: null }).where(eq(cachePage.id, id));
    await tx.insert(cachePageFetch).values({ cachePageId: id, failureReason: reason, fetchedAt: new Date() })
      .onConflictDoUpdate({ target: cachePageFetch.cachePageId, set: { failureReason: reason, fetchedAt: new Date() } });
  });
}

export async function externalPageOptions(db: Db, companyId: number, kind: 'external' | 'embedded') {
  return db.select({ id: externalPage.id, name: externalPage.name, url: externalPage.url, memberInsert: externalPage.memberInsert })
    .from(externalPage).where(and(eq(externalPage.companyId, companyId), eq(externalPage.kind, kind))).orderBy(asc(externalPage.id));
}

export async function findExternalPage(db: Db, companyId: number, kind: 'external' | 'embedded', id: number) {
  const rows = await db.select({ id: externalPage.id, name: externalPage.name }).from(externalPage)
    .where(and(eq(externalPage.id, id), eq(externalPage.companyId, companyId), eq(externalPage.kind, kind)));
  return rows[0] ?? null;
}

export async function insertExternalPage(db: Db, v: { companyId: number; kind: 'external' | 'embedded'; name: string; url: string; memberInsert: string | null }): Promise<number> {
  const [row] = await db.insert(externalPage).values(v).returning({ id: externalPage.id });
  return row.id;
}

export async function stimOptions(db: Db, companyId: number, studyId: number) {
  const rows = await db.select({
    id: stim.id, name: stim.name, width: stim.width, height: stim.height,
    type: sql<string | null>`(select ${lookupItem.name} from ${lookupItem} where ${lookupItem.kind} = 'stim_type' and ${lookupItem.code} = ${stim.stimType})`,
    media: sql<string | null>`(select ${lookupItem.name} from ${lookupItem} where ${lookupItem.kind} = 'media' and ${lookupItem.id} = ${stim.mediaId})`,
    adtype: adType.name,
  }).from(stim).leftJoin(adType, eq(adType.id, stim.adTypeId))
    .where(and(eq(stim.companyId, companyId), isNull(stim.deletedAt), or(isNull(stim.studyId), eq(stim.studyId, studyId))))
    .orderBy(asc(stim.id));
  return rows;
}

export async function findStim(db: Db, companyId: number, id: number) {
  const rows = await db.select({ id: stim.id, name: stim.name }).from(stim)
    .where(and(eq(stim.id, id), eq(stim.companyId, companyId), isNull(stim.deletedAt)));
  return rows[0] ?? null;
}

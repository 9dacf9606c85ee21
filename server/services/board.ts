// The cell and step board's changes (issue 12). Every change is one transaction that starts by
// row-locking the study and reading allow_step_editing, so a locked study refuses it (409) even
// when the lock was set a moment before, and a bad request changes nothing.
import type { Db } from '../db/client.js';
import * as repo from '../repositories/board.js';
import { Conflict, InvalidInput, invalidField } from '../domain/errors.js';
import { parsePublicUrl, INVALID_URL_MESSAGE } from '../domain/urls.js';
import { lookupItems } from '../repositories/lookups.js';
import { insertEvent } from '../repositories/study-management.js';
import {
  LOCKED_MESSAGE, MAX_CELLS_PER_STUDY, MAX_STEPS_PER_CELL, duplicateNames, stepHasDataMessage, type OptionType, type StepType,
} from '../domain/board.js';

type IntInput = string | number | null | undefined;

/** What steps/create carries (the contract's CreateStepBody). */
export interface CreateStepInput {
  cell_id: string | number;
  step_type: StepType;
  step_order?: IntInput;
  step_id?: IntInput;
  cache_page_id?: IntInput;
  stim_id?: IntInput;
  question_group_id?: IntInput;
  command_id?: IntInput;
  external_page_id?: IntInput;
  embedded_page_id?: IntInput;
  external_url?: string;
  member_insert?: string | null;
  name?: string;
}

/** One option of a step type (the contract's StepOption). */
export type StepOption = { id: number; name: string } & Record<string, string | number | null>;

export interface BoardCellView {
  id: number;
  name: string;
  shortName: string;
  steps: repo.StepRow[];
}

const num = (v: string | number | null | undefined): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/** Runs fn in a transaction once the study is known to be unlocked (409 otherwise). */
async function editing<T>(db: Db, studyId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const allow = await repo.lockStudyForEdit(tx as unknown as Db, studyId);
    if (!allow) throw new Conflict(LOCKED_MESSAGE);
    return fn(tx as unknown as Db);
  });
}

export interface BoardView {
  allow: boolean;
  live: boolean;
  completed: boolean;
  sessions: number;
  cells: BoardCellView[];
}

export async function boardOverview(db: Db, studyId: number): Promise<BoardView> {
  const [facts, cells, steps] = await Promise.all([repo.studyGuardFacts(db, studyId), repo.cellsOfStudy(db, studyId), repo.stepsOfStudy(db, studyId)]);
  const byCell = new Map<number, repo.StepRow[]>(cells.map((c) => [c.id, []]));
  for (const s of steps) byCell.get(s.cellId)?.push(s);
  return {
    allow: facts?.allow ?? false, live: facts?.live ?? false, completed: facts?.completed ?? false, sessions: facts?.sessions ?? 0,
    cells: cells.map((c) => ({ id: c.id, name: c.name, shortName: c.shortName, steps: byCell.get(c.id)! })),
  };
}

/**
 * Locks or unlocks the board. Unlocking a study that is collecting data, is completed or already
 * holds counted sessions goes into its timeline (design_unlocked, with who and how many sessions),
 * in the same transaction: changes to a running study stay traceable.
 */
export async function setEditing(db: Db, studyId: number, wanted: boolean | 'toggle', userId: number | null = null): Promise<boolean> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const before = await repo.studyGuardFacts(tx, studyId, true);
    // 'toggle' (the legacy client's bodiless edit-toggle) reads the state under the row lock, so
    // two quick clicks lock and unlock rather than both reading the same state.
    const allow = wanted === 'toggle' ? !(before?.allow ?? false) : wanted;
    await repo.setStudyEditing(tx, studyId, allow);
    if (before && allow && !before.allow && (before.live || before.completed || before.sessions > 0)) {
      await insertEvent(tx, { studyId, kind: 'design_unlocked', userId, detail: { sessions: before.sessions, live: before.live, completed: before.completed } });
    }
    return allow;
  });
}

// ---- options -------------------------------------------------------------------------------------

export const CACHE_STATUS: Record<string, 'pending' | 'ready' | 'failed'> = { ordered: 'pending', cached: 'ready', failed: 'failed' };

/** `sign` turns a snapshot's storage key into the URL an iframe loads (routes know how). */
export async function stepOptions(db: Db, companyId: number, studyId: number, type: OptionType, sign: (pageId: number) => string): Promise<StepOption[]> {
  switch (type) {
    case 'instruction':
      return (await repo.instructionOptions(db, companyId)).map((r) => ({ id: r.id, name: r.name, step_id: r.id, instruction_name: r.name }));
    case 'question':
      return (await repo.questionGroupOptions(db, companyId)).map((r) => ({ id: r.id, name: r.name, text: r.text, comment: r.comment }));
    case 'external':
    case 'embedded':
      return (await repo.externalPageOptions(db, companyId, type)).map((r) => ({ id: r.id, name: r.name, url: r.url, member_insert: r.memberInsert }));
    case 'cache':
      return (await repo.cachePageOptions(db, companyId)).map((r) => ({
        id: r.id, name: r.name, original_source: r.originalSource,
        cached_source: r.status === 'cached' && r.cachedSource ? sign(r.id) : null,
        status: CACHE_STATUS[r.status] ?? 'pending', failure_reason: r.failureReason,
      }));
    case 'stim':
      return (await repo.stimOptions(db, companyId, studyId)).map((r) => ({
        id: r.id, name: r.name, type: r.type, adtype: r.adtype, media: r.media, width: r.width, height: r.height,
      }));
    case 'command':
      return (await lookupItems(db, 'command')).map((r) => ({ id: r.id, name: r.name }));
  }
}

// ---- steps ---------------------------------------------------------------------------------------

const FIXED_NAMES: Partial<Record<StepType, string>> = { validation: 'Validation', calibration: 'Calibration' };

/** Creates the step the body describes (and a new external / embedded item when asked). */
export async function createStep(db: Db, companyId: number, studyId: number, b: CreateStepInput): Promise<{ stepId: number; pageId?: number }> {
  const cellId = Number(b.cell_id);
  return editing(db, studyId, async (tx) => {
    const c = await repo.findCell(tx, studyId, cellId);
    if (!c) throw invalidField('cell_id', 'No such cell in this study');
    const ids = await repo.stepIdsOfCell(tx, cellId);
    if (ids.length >= MAX_STEPS_PER_CELL) throw invalidField('cell_id', `A cell holds at most ${MAX_STEPS_PER_CELL} steps`);
    const wanted = num(b.step_order);
    const position = wanted === null ? ids.length : Math.min(wanted, ids.length);
    const base = { studyId, cellId, position, stepType: b.step_type };
    const need = async <T>(field: string, value: string | number | null | undefined, find: (id: number) => Promise<T | null>): Promise<T> => {
      const id = num(value);
      if (id === null) throw invalidField(field, 'Required for this step type');
      const found = await find(id);
      if (!found) throw invalidField(field, 'Not found');
      return found;
    };
    switch (b.step_type) {
      case 'validation':
      case 'calibration':
        return { stepId: await repo.insertStep(tx, { ...base, name: FIXED_NAMES[b.step_type]! }) };
      case 'instruction': {
        const it = await need('step_id', b.step_id, (id) => repo.findInstruction(tx, companyId, id));
        return { stepId: await repo.insertStep(tx, { ...base, name: it.name, instructionId: it.id }) };
      }
      case 'question': {
        const it = await need('question_group_id', b.question_group_id, (id) => repo.findQuestionGroup(tx, companyId, id));
        return { stepId: await repo.insertStep(tx, { ...base, name: it.name, questionGroupId: it.id }) };
      }
      case 'stim': {
        const it = await need('stim_id', b.stim_id, (id) => repo.findStim(tx, companyId, id));
        return { stepId: await repo.insertStep(tx, { ...base, name: it.name, stimId: it.id }) };
      }
      case 'cache': {
        const it = await need('cache_page_id', b.cache_page_id, (id) => repo.findCachePage(tx, companyId, id));
        return { stepId: await repo.insertStep(tx, { ...base, name: it.name, cachePageId: it.id }) };
      }
      case 'command': {
        const it = await need('command_id', b.command_id, async (id) => {
          const name = await repo.lookupName(tx, 'command', id);
          return name === null ? null : { id, name };
        });
        return { stepId: await repo.insertStep(tx, { ...base, name: it.name, commandId: it.id }) };
      }
      case 'external':
      case 'embedded': {
        const field = b.step_type === 'external' ? 'external_page_id' : 'embedded_page_id';
        const given = b.step_type === 'external' ? b.external_page_id : b.embedded_page_id;
        if (num(given) !== null) {
          const it = await need(field, given, (id) => repo.findExternalPage(tx, companyId, b.step_type as 'external', id));
          return { stepId: await repo.insertStep(tx, { ...base, name: it.name, externalPageId: it.id }) };
        }
        // A new item: {external_url, member_insert, name}.
        const errors: Record<string, string> = {};
        const url = b.external_url === undefined ? null : parsePublicUrl(b.external_url);
        if (!url) errors.external_url = INVALID_URL_MESSAGE;
        const name = (b.name ?? '').trim();
        if (!name) errors.name = 'Required';
        if (Object.keys(errors).length) throw new InvalidInput(errors, b.external_url !== undefined && !url ? INVALID_URL_MESSAGE : 'Validation failed');
        const pageId = await repo.insertExternalPage(tx, {
          companyId, kind: b.step_type, name, url: b.external_url!.trim(), memberInsert: (b.member_insert ?? '').trim() || null,
        });
        return { stepId: await repo.insertStep(tx, { ...base, name, externalPageId: pageId }), pageId };
      }
    }
  });
}

export async function deleteStep(db: Db, studyId: number, stepId: number): Promise<void> {
  await editing(db, studyId, async (tx) => {
    const s = await repo.findStep(tx, studyId, stepId);
    if (!s) throw invalidField('step_order_id', 'No such step in this study');
    // Deleting would cascade the step's exposures away (and drop a question step's answers from
    // the question report): refused while any counted session holds data there.
    const sessions = await repo.stepSessions(tx, studyId, s.id);
    if (sessions > 0) throw new Conflict(stepHasDataMessage(s.name.trim() || `Step ${s.position + 1}`, sessions));
    await repo.removeStep(tx, s.id, s.cellId, s.position);
  });
}

export async function editStep(db: Db, studyId: number, b: { step_order_id: number | string; seconds_before_show_next?: number | null; seconds_before_move_next?: number | null; next_type_id?: number | string | null }): Promise<void> {
  await editing(db, studyId, async (tx) => {
    const s = await repo.findStep(tx, studyId, Number(b.step_order_id));
    if (!s) throw invalidField('step_order_id', 'No such step in this study');
    const given = num(b.next_type_id);
    const nextTypeId = given === 0 ? null : given;
    if (nextTypeId !== null && (await repo.lookupName(tx, 'next_button_type', nextTypeId)) === null) {
      throw invalidField('next_type_id', 'Not a next-button type');
    }
    await repo.updateStepTiming(tx, s.id, {
      show: b.seconds_before_show_next ?? 0, move: b.seconds_before_move_next ?? 0, nextTypeId,
    });
  });
}

/**
 * New orders for one or more cells. Each list must name every step of its cell exactly once
 * (a step of another cell or study, a missing or a repeated one: 400, nothing changes).
 */
export async function reorder(db: Db, studyId: number, body: Record<string, { index: number | string; step_order_id: string | number }[]>): Promise<void> {
  await editing(db, studyId, async (tx) => {
    const errors: Record<string, string> = {};
    const orders: { cellId: number; ids: number[] }[] = [];
    for (const [key, entries] of Object.entries(body)) {
      const cellId = Number(key);
      const c = await repo.findCell(tx, studyId, cellId);
      if (!c) { errors[key] = 'No such cell in this study'; continue; }
      const current = await repo.stepIdsOfCell(tx, cellId);
      const ids = [...entries].sort((a, b) => Number(a.index) - Number(b.index)).map((e) => Number(e.step_order_id));
      const known = new Set(current);
      const stranger = ids.find((id) => !known.has(id));
      if (stranger !== undefined) { errors[key] = `Step ${stranger} is not a step of this cell`; continue; }
      if (new Set(ids).size !== ids.length) { errors[key] = 'A step is named twice'; continue; }
      if (new Set(entries.map((e) => Number(e.index))).size !== entries.length) { errors[key] = 'An index is used twice'; continue; }
      if (ids.length !== current.length) { errors[key] = 'Name every step of the cell once'; continue; }
      orders.push({ cellId, ids });
    }
    if (Object.keys(errors).length) throw new InvalidInput(errors, 'The order names steps that are not those of the cell');
    for (const o of orders) await repo.writeOrder(tx, o.cellId, o.ids);
  });
}

// ---- cells ---------------------------------------------------------------------------------------

export async function createCell(db: Db, studyId: number, name: string, shortName: string): Promise<number> {
  return editing(db, studyId, async (tx) => {
    if ((await repo.countCells(tx, studyId)) >= MAX_CELLS_PER_STUDY) throw invalidField('cell_name', `A study holds at most ${MAX_CELLS_PER_STUDY} cells`);
    return repo.insertCell(tx, studyId, name.trim() || name, shortName.trim() || shortName);
  });
}

export async function editCell(db: Db, studyId: number, cellId: number, name: string, shortName: string | undefined): Promise<void> {
  await editing(db, studyId, async (tx) => {
    const c = await repo.findCell(tx, studyId, cellId);
    if (!c) throw invalidField('cell_id', 'No such cell in this study');
    const short = shortName === undefined ? c.shortName : shortName.trim() || shortName;
    await repo.updateCell(tx, cellId, name.trim() || name, short);
  });
}

export async function duplicateCell(db: Db, studyId: number, cellId: number): Promise<{ cellId: number; name: string; shortName: string }> {
  return editing(db, studyId, async (tx) => {
    const c = await repo.findCell(tx, studyId, cellId);
    if (!c) throw invalidField('cell_id', 'No such cell in this study');
    if ((await repo.countCells(tx, studyId)) >= MAX_CELLS_PER_STUDY) throw invalidField('cell_id', `A study holds at most ${MAX_CELLS_PER_STUDY} cells`);
    const n = await repo.nextDuplicateNumber(tx, studyId);
    const names = duplicateNames(c.name, c.shortName, n);
    const newId = await repo.insertCell(tx, studyId, names.name, names.shortName);
    await repo.copySteps(tx, cellId, newId);
    return { cellId: newId, ...names };
  });
}

// The cell and step board's API (issue 12, spec document 2 §7.2): every call, the lock enforced on
// the server, all-or-nothing reorders, URL rules, server-side duplicate naming, tenancy and roles.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { authHeaders, createCompany, createUser, signIn } from '../fixtures.js';
import { seedReference } from '../../seed/reference.js';
import { cachePage, cell, externalPage, instruction, questionGroup, step, stepStim, stim, study } from '../../db/schema/index.js';
import * as contract from '../../../contract/board.js';
import * as rules from '../../domain/board.js';
import { INVALID_URL_MESSAGE as DOMAIN_URL_MESSAGE } from '../../domain/urls.js';

let app: FastifyInstance;
let database: Database;
let ann: Record<string, string>;
let bob: Record<string, string>;
let vendor: Record<string, string>;
let companyA: number;
let companyB: number;
let otherStudyB: number;
let stimA: number;
let stimB: number;
let qgA: number;
let pageA: number;
let embA: number;
let cacheA: number;
let instr: number;

beforeAll(async () => {
  ({ app, database } = await testApp());
  const db = database.db;
  await seedReference(db);
  companyA = (await createCompany(db, { name: 'Acme' })).id;
  companyB = (await createCompany(db, { name: 'Other' })).id;
  await createUser(db, { companyId: companyA, username: 'ann' });
  await createUser(db, { companyId: companyB, username: 'bob' });
  await createUser(db, { companyId: companyA, username: 'vera', userTypeId: 2 });
  ann = authHeaders(await signIn(app, 'ann'));
  bob = authHeaders(await signIn(app, 'bob'));
  vendor = authHeaders(await signIn(app, 'vera'));
  [{ id: stimA }] = await db.insert(stim).values({ companyId: companyA, name: 'Leaderboard', stimType: 'i', width: 728, height: 90, mediaId: 1 }).returning();
  [{ id: stimB }] = await db.insert(stim).values({ companyId: companyB, name: 'Not yours', stimType: 'i' }).returning();
  [{ id: qgA }] = await db.insert(questionGroup).values({ companyId: companyA, name: 'Brand recall', text: 'Which brands?', comment: 'after exposure' }).returning();
  [{ id: pageA }] = await db.insert(externalPage).values({ companyId: companyA, kind: 'external', name: 'Survey', url: 'https://survey.example.com/s/1', memberInsert: 'pid' }).returning();
  [{ id: embA }] = await db.insert(externalPage).values({ companyId: companyA, kind: 'embedded', name: 'Feed', url: 'https://feed.example.com/' }).returning();
  [{ id: cacheA }] = await db.insert(cachePage).values({ companyId: companyA, name: 'News home', originalSource: 'https://news.example.com/', status: 'ordered' }).returning();
  [{ id: instr }] = await db.select({ id: instruction.id }).from(instruction).orderBy(asc(instruction.id)).limit(1);
  [{ id: otherStudyB }] = await db.insert(study).values({ companyId: companyB, name: 'B study' }).returning();
});
afterAll(async () => { await app.close(); await database.close(); });

/** A fresh unlocked study of company A with two cells of three instruction steps each. */
async function boardStudy(): Promise<{ id: number; cells: number[]; steps: number[][] }> {
  const db = database.db;
  const [{ id }] = await db.insert(study).values({ companyId: companyA, name: 'Board study', allowStepEditing: true }).returning();
  const cells: number[] = [];
  const steps: number[][] = [];
  for (let c = 0; c < 2; c++) {
    const [{ id: cellId }] = await db.insert(cell).values({ studyId: id, name: `Cell ${c + 1}`, shortName: `C${c + 1}`, position: c }).returning();
    cells.push(cellId);
    const rows = await db.insert(step).values([0, 1, 2].map((p) => ({
      studyId: id, cellId, position: p, stepType: 'instruction', name: `S${c + 1}.${p + 1}`, instructionId: instr,
    }))).returning();
    steps.push(rows.map((r) => r.id));
  }
  return { id, cells, steps };
}

const post = (url: string, payload: unknown, headers = ann) => app.inject({ method: 'POST', url, payload: payload as object, headers });
const overview = async (id: number, headers = ann) => (await post(`/v1.0/studies/${id}/steps/overview`, {}, headers)).json() as contract.BoardOverview;
const order = async (id: number) => (await overview(id)).data.map((c) => c.step_data.map((s) => s.step_order_id));

describe('contract and domain agree', () => {
  it('limits and words are the same on both sides', () => {
    expect([...contract.STEP_TYPES]).toEqual([...rules.STEP_TYPES]);
    expect([contract.CELL_NAME_MAX, contract.SHORT_NAME_MAX, contract.MAX_STEPS_PER_CELL, contract.MAX_CELLS_PER_STUDY, contract.LOCKED_MESSAGE])
      .toEqual([rules.CELL_NAME_MAX, rules.SHORT_NAME_MAX, rules.MAX_STEPS_PER_CELL, rules.MAX_CELLS_PER_STUDY, rules.LOCKED_MESSAGE]);
    expect(contract.INVALID_URL_MESSAGE).toBe(DOMAIN_URL_MESSAGE);
  });
});

describe('D2-083 D2-084 D2-085 POST /studies/{id}/steps/overview', () => {
  it('answers allow_step_editing and the cells with their ordered steps in the legacy shape', async () => {
    const s = await boardStudy();
    await database.db.update(step).set({ secondsBeforeShowNext: 3, nextTypeId: 1 }).where(eq(step.id, s.steps[0][0]));
    const res = await post(`/v1.0/studies/${s.id}/steps/overview`, undefined);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.allow_step_editing).toBe(true);
    expect(body.data.map((c: { cell_id: number }) => c.cell_id)).toEqual(s.cells);
    const first = body.data[0];
    expect(first).toMatchObject({ cell_name: 'Cell 1', short_name: 'C1', index: 0 });
    expect(first.step_data.map((x: { step_order_id: number }) => x.step_order_id)).toEqual(s.steps[0]);
    expect(first.step_data[0]).toMatchObject({
      step_type: 'Instruction Step', step_kind: 'instruction', step_type_label: 'Instruction Step', step_name: 'S1.1', index: 0,
      seconds_before_show_next: 3, seconds_before_move_next: 0, next_type_id: 1,
      step_details: 'S1.1',
      step_settings: { seconds_before_show_next: 3, next_type_id: 1, next_type: 'Standard button', item_id: instr },
    });
  });

  it('issue 39: step_type is the label and step_details one line of text (the legacy client renders both); step_kind and step_settings keep the codes', async () => {
    const s = await boardStudy();
    const made = await post(`/v1.0/studies/${s.id}/steps/create`, { cell_id: s.cells[0], step_type: 'external', external_page_id: pageA });
    expect(made.statusCode, made.body).toBe(200);
    const steps = (await overview(s.id)).data[0].step_data as { step_type: string; step_kind: string; step_details: unknown; step_settings: { url: string | null } }[];
    for (const st of steps) {
      expect(typeof st.step_details).toBe('string');
      expect(st.step_type).toBe(contract.STEP_TYPE_LABELS[st.step_kind as contract.StepType]);
    }
    const external = steps.find((x) => x.step_kind === 'external')!;
    expect(external).toMatchObject({ step_type: 'External Step', step_details: 'https://survey.example.com/s/1', step_settings: { url: 'https://survey.example.com/s/1' } });
  });

  it('is tenant-scoped (404), refuses batch users (403) and callers without a token (401)', async () => {
    const s = await boardStudy();
    expect((await post(`/v1.0/studies/${s.id}/steps/overview`, {}, bob)).statusCode).toBe(404);
    expect((await post(`/v1.0/studies/${s.id}/steps/overview`, {}, vendor)).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `/v1.0/studies/${s.id}/steps/overview` })).statusCode).toBe(401);
    // Writes too: another company's study is never touched.
    expect((await post(`/v1.0/studies/${otherStudyB}/cells/create`, { cell_name: 'x', short_name: 'x' })).statusCode).toBe(404);
  });
});

describe('D2-086 D2-087 D2-088 D2-089 the lock is enforced on the server', () => {
  it('refuses every change with 409 and a message while locked, and the toggle unlocks', async () => {
    const s = await boardStudy();
    await database.db.update(study).set({ allowStepEditing: false }).where(eq(study.id, s.id));
    const before = await overview(s.id);
    expect(before.allow_step_editing).toBe(false);
    const base = `/v1.0/studies/${s.id}`;
    const calls: [string, unknown][] = [
      ['/cells/create', { cell_name: 'New', short_name: 'N' }],
      ['/cells/edit', { cell_id: s.cells[0], cell_name: 'Renamed', short_name: 'R' }],
      ['/cells/duplicate/', { cell_id: s.cells[0] }],
      ['/steps/create', { cell_id: s.cells[0], step_type: 'validation' }],
      ['/steps/delete', { step_order_id: s.steps[0][0] }],
      ['/steps/edit', { step_order_id: s.steps[0][0], seconds_before_show_next: 5 }],
      ['/steps/overview/edit', { [s.cells[0]]: s.steps[0].slice().reverse().map((id, index) => ({ index, step_order_id: id })) }],
    ];
    for (const [path, body] of calls) {
      const res = await post(base + path, body);
      expect(res.statusCode, path).toBe(409);
      expect(res.json()).toEqual({ success: false, message: contract.LOCKED_MESSAGE });
    }
    expect(await overview(s.id)).toEqual(before);

    // The legacy client's path, with its stray trailing space.
    const unlock = await app.inject({ method: 'POST', url: `${base}/steps/overview/edit-toggle/ `, headers: ann });
    expect(unlock.statusCode).toBe(200);
    expect(unlock.json()).toEqual({ success: true, allow_step_editing: true });
    expect((await post(base + '/cells/create', { cell_name: 'New', short_name: 'N' })).statusCode).toBe(200);
    // And it locks again when asked.
    expect((await post(base + '/steps/overview/edit-toggle/', { allow_step_editing: false })).json().allow_step_editing).toBe(false);
    expect((await post(base + '/cells/create', { cell_name: 'New', short_name: 'N' })).statusCode).toBe(409);
  });

  it('issue 39: the legacy lock button (edit-toggle/ without a body) toggles: it unlocks a locked study and locks an unlocked one', async () => {
    const s = await boardStudy();
    const url = `/v1.0/studies/${s.id}/steps/overview/edit-toggle/ `;
    const toggle = async () => (await app.inject({ method: 'POST', url, headers: ann })).json().allow_step_editing;
    expect((await overview(s.id)).allow_step_editing).toBe(true);
    expect(await toggle()).toBe(false);
    expect((await overview(s.id)).allow_step_editing).toBe(false);
    expect((await post(`/v1.0/studies/${s.id}/cells/create`, { cell_name: 'New', short_name: 'N' })).statusCode).toBe(409);
    expect(await toggle()).toBe(true);
    expect((await overview(s.id)).allow_step_editing).toBe(true);
    // An explicit body still sets rather than toggles (what the SDK sends).
    expect((await post(url, { allow_step_editing: true })).json().allow_step_editing).toBe(true);
    expect((await overview(s.id)).allow_step_editing).toBe(true);
  });
});

describe('D2-113 D2-114 D2-115..D2-123 POST /studies/{id}/steps/step-detail', () => {
  it('lists each type\'s options of the acting company (and the shared ones)', async () => {
    const s = await boardStudy();
    const opts = async (step_type: string) => (await post(`/v1.0/studies/${s.id}/steps/step-detail`, { step_type })).json().data;
    const ins = await opts('instruction');
    expect(ins.length).toBeGreaterThan(0);
    expect(ins[0]).toMatchObject({ step_id: expect.any(Number), instruction_name: expect.any(String) });
    expect(await opts('question')).toContainEqual({ id: qgA, name: 'Brand recall', text: 'Which brands?', comment: 'after exposure' });
    expect(await opts('external')).toEqual([{ id: pageA, name: 'Survey', url: 'https://survey.example.com/s/1', member_insert: 'pid' }]);
    expect(await opts('embedded')).toEqual([{ id: embA, name: 'Feed', url: 'https://feed.example.com/', member_insert: null }]);
    expect(await opts('cache')).toContainEqual(expect.objectContaining({ id: cacheA, name: 'News home', original_source: 'https://news.example.com/', cached_source: null, status: 'pending' }));
    const stims = await opts('stim');
    expect(stims).toEqual([{ id: stimA, name: 'Leaderboard', type: 'Image', adtype: null, media: expect.any(String), width: 728, height: 90 }]);
    expect((await opts('command')).map((c: { name: string }) => c.name)).toEqual(['Calibrate', 'Recalibrate', 'Start camera', 'Stop camera']);
    expect((await post(`/v1.0/studies/${s.id}/steps/step-detail`, { step_type: 'validation' })).statusCode).toBe(400);
  });
});

describe('D2-128..D2-132 POST /studies/{id}/steps/create', () => {
  it('creates a step of every type at the posted position, named after what it shows', async () => {
    const s = await boardStudy();
    const c = s.cells[1];
    const create = (body: object) => post(`/v1.0/studies/${s.id}/steps/create`, { cell_id: c, ...body });
    const made: [string, string][] = [];
    for (const [body, name] of [
      [{ step_type: 'instruction', step_id: instr }, null],
      [{ step_type: 'validation' }, 'Validation'],
      [{ step_type: 'calibration' }, 'Calibration'],
      [{ step_type: 'command', command_id: 2 }, 'Recalibrate'],
      [{ step_type: 'stim', stim_id: String(stimA) }, 'Leaderboard'],
      [{ step_type: 'cache', cache_page_id: cacheA }, 'News home'],
      [{ step_type: 'question', question_group_id: qgA }, 'Brand recall'],
      [{ step_type: 'external', external_page_id: pageA }, 'Survey'],
      [{ step_type: 'embedded', embedded_page_id: embA }, 'Feed'],
    ] as [object, string | null][]) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json()).toEqual({ success: true, step_order_id: expect.any(Number) });
      made.push([(body as { step_type: string }).step_type, name ?? '']);
    }
    const cellData = (await overview(s.id)).data[1].step_data;
    expect(cellData.map((x) => x.step_kind)).toEqual(['instruction', 'instruction', 'instruction', ...made.map(([t]) => t)]);
    for (const [t, name] of made) if (name) expect(cellData.find((x) => x.step_kind === t)!.step_name).toBe(name);
    expect(cellData.find((x) => x.step_kind === 'cache')!.step_type_label).toBe('Cache Page Step');
    expect(cellData.find((x) => x.step_kind === 'stim')!.step_type).toBe('Stim Step');

    // step_order puts it in place and moves the rest down.
    const res = await create({ step_type: 'validation', step_order: 1 });
    const ids = (await order(s.id))[1];
    expect(ids[1]).toBe(res.json().step_order_id);
    expect(ids.slice(2, 4)).toEqual(s.steps[1].slice(1));
  });

  it('refuses items of another company, missing references and unknown cells (400), changing nothing', async () => {
    const s = await boardStudy();
    const before = await overview(s.id);
    for (const body of [
      { cell_id: s.cells[0], step_type: 'stim', stim_id: stimB },
      { cell_id: s.cells[0], step_type: 'stim' },
      { cell_id: s.cells[0], step_type: 'command', command_id: 99 },
      { cell_id: s.cells[0], step_type: 'nonsense' },
      { cell_id: 2147483647, step_type: 'validation' },
    ]) {
      expect((await post(`/v1.0/studies/${s.id}/steps/create`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await overview(s.id)).toEqual(before);
  });

  it('D2-122 D2-129 D2-130 creates a new external / embedded item from {external_url, member_insert, name}, public addresses only', async () => {
    const s = await boardStudy();
    const create = (body: object) => post(`/v1.0/studies/${s.id}/steps/create`, { cell_id: s.cells[0], ...body });
    const ok = await create({ step_type: 'embedded', external_url: 'https://shop.example.org/landing?x=1', member_insert: 'uid', name: 'Shop' });
    expect(ok.statusCode).toBe(200);
    const pageId = ok.json().page_id;
    const [row] = await database.db.select().from(externalPage).where(eq(externalPage.id, pageId));
    expect(row).toMatchObject({ companyId: companyA, kind: 'embedded', name: 'Shop', url: 'https://shop.example.org/landing?x=1', memberInsert: 'uid' });
    expect((await create({ step_type: 'external', external_url: 'ftp://files.example.com/a', name: 'FTP' })).statusCode).toBe(200);
    for (const url of [
      'http://10.0.0.1/', 'http://192.168.1.20/x', 'http://127.0.0.1:8080/', 'http://localhost/', 'http://169.254.169.254/latest/meta-data',
      'http://[::1]/', 'http://[fe80::1]/', 'http://172.16.5.4/', 'http://0x7f000001/', 'javascript:alert(1)', 'file:///etc/passwd',
      'gopher://example.com/', 'not a url', 'http://intranet/', 'http://printer.local/',
    ]) {
      const res = await create({ step_type: 'external', external_url: url, name: 'Bad' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Please enter a valid URL', errors: { external_url: 'Please enter a valid URL' } });
    }
  });
});

describe('D2-095 D2-136 steps/delete and steps/edit', () => {
  it('deletes a step and closes the gap', async () => {
    const s = await boardStudy();
    expect((await post(`/v1.0/studies/${s.id}/steps/delete`, { step_order_id: s.steps[0][1] })).statusCode).toBe(200);
    const cellData = (await overview(s.id)).data[0].step_data;
    expect(cellData.map((x) => [x.step_order_id, x.index])).toEqual([[s.steps[0][0], 0], [s.steps[0][2], 1]]);
    // A step of another study: 400, nothing removed.
    const other = await boardStudy();
    expect((await post(`/v1.0/studies/${s.id}/steps/delete`, { step_order_id: other.steps[0][0] })).statusCode).toBe(400);
    expect((await order(other.id))[0]).toEqual(other.steps[0]);
  });

  it('D2-134 edits timings within 0–100 s (empty is 0) and the next-button type', async () => {
    const s = await boardStudy();
    const edit = (body: object) => post(`/v1.0/studies/${s.id}/steps/edit`, { step_order_id: s.steps[0][0], ...body });
    expect((await edit({ seconds_before_show_next: 12.5, seconds_before_move_next: 100, next_type_id: 2 })).statusCode).toBe(200);
    let first = (await overview(s.id)).data[0].step_data[0];
    expect(first).toMatchObject({ seconds_before_show_next: 12.5, seconds_before_move_next: 100, next_type_id: 2 });
    expect(first.step_settings.next_type).toBe('Floating button');
    // The legacy client sends next_type_id 0 for "none".
    expect((await edit({ next_type_id: 0 })).statusCode).toBe(200);
    expect((await overview(s.id)).data[0].step_data[0].next_type_id).toBeNull();
    expect((await edit({ seconds_before_show_next: null, next_type_id: '3' })).statusCode).toBe(200);
    first = (await overview(s.id)).data[0].step_data[0];
    expect(first).toMatchObject({ seconds_before_show_next: 0, seconds_before_move_next: 0, next_type_id: 3 });
    for (const bad of [{ seconds_before_show_next: 101 }, { seconds_before_move_next: -1 }, { next_type_id: 99 }, { seconds_before_show_next: 'ten' }]) {
      expect((await edit(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('D2-090 POST /studies/{id}/steps/overview/edit (reorder)', () => {
  it('writes the new order of a cell', async () => {
    const s = await boardStudy();
    const [a, b, c] = s.steps[0];
    // Ids and indexes as numbers or decimal strings (the legacy client's drag ids are strings).
    const res = await post(`/v1.0/studies/${s.id}/steps/overview/edit`, { [s.cells[0]]: [{ index: 0, step_order_id: c }, { index: '1', step_order_id: a }, { index: 2, step_order_id: String(b) }] });
    expect(res.statusCode).toBe(200);
    expect(await order(s.id)).toEqual([[c, a, b], s.steps[1]]);
  });

  it('a list naming a step of another cell or study, or leaving one out, is a 400 and changes nothing (one transaction)', async () => {
    const s = await boardStudy();
    const other = await boardStudy();
    const [a, b, c] = s.steps[0];
    const goodFirstCell = [{ index: 0, step_order_id: c }, { index: 1, step_order_id: b }, { index: 2, step_order_id: a }];
    for (const second of [
      [{ index: 0, step_order_id: s.steps[0][0] }, ...s.steps[1].slice(1).map((id, i) => ({ index: i + 1, step_order_id: id }))], // another cell's step
      [{ index: 0, step_order_id: other.steps[1][0] }, ...s.steps[1].slice(1).map((id, i) => ({ index: i + 1, step_order_id: id }))], // another study's step
      s.steps[1].slice(1).map((id, index) => ({ index, step_order_id: id })), // one left out
      [...s.steps[1], s.steps[1][0]].map((id, index) => ({ index, step_order_id: id })), // one twice
    ]) {
      const res = await post(`/v1.0/studies/${s.id}/steps/overview/edit`, { [s.cells[0]]: goodFirstCell, [s.cells[1]]: second });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty(String(s.cells[1]));
      expect(await order(s.id)).toEqual(s.steps);
    }
    // A cell of another study.
    const res = await post(`/v1.0/studies/${s.id}/steps/overview/edit`, { [other.cells[0]]: other.steps[0].map((id, index) => ({ index, step_order_id: id })) });
    expect(res.statusCode).toBe(400);
    // Malformed keys never reach the database.
    expect((await post(`/v1.0/studies/${s.id}/steps/overview/edit`, { abc: [] })).statusCode).toBe(400);
    expect((await post(`/v1.0/studies/${s.id}/steps/overview/edit`, {})).statusCode).toBe(400);
  });
});

describe('D2-097 D2-102 D2-103 D2-104 cells/create and cells/edit', () => {
  it('creates a cell last and answers cell_id; renames it; refuses names over 100 / 20 or empty', async () => {
    const s = await boardStudy();
    const res = await post(`/v1.0/studies/${s.id}/cells/create`, { cell_name: 'Exposed', short_name: 'EXP' });
    expect(res.statusCode).toBe(200);
    const id = res.json().cell_id;
    let cells = (await overview(s.id)).data;
    expect(cells[2]).toMatchObject({ cell_id: id, cell_name: 'Exposed', short_name: 'EXP', step_data: [] });
    expect((await post(`/v1.0/studies/${s.id}/cells/edit`, { cell_id: id, cell_name: 'Exposed B', short_name: 'EXPB' })).statusCode).toBe(200);
    cells = (await overview(s.id)).data;
    expect(cells[2]).toMatchObject({ cell_name: 'Exposed B', short_name: 'EXPB' });
    // The legacy title edit sends the long name alone: the short name stays.
    expect((await post(`/v1.0/studies/${s.id}/cells/edit`, { cell_id: String(id), cell_name: 'Exposed C' })).statusCode).toBe(200);
    expect((await overview(s.id)).data[2]).toMatchObject({ cell_name: 'Exposed C', short_name: 'EXPB' });
    for (const body of [
      { cell_name: 'x'.repeat(101), short_name: 'ok' }, { cell_name: 'ok', short_name: 'x'.repeat(21) },
      { cell_name: '', short_name: 'ok' }, { cell_name: 'ok' },
    ]) {
      expect((await post(`/v1.0/studies/${s.id}/cells/create`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await post(`/v1.0/studies/${s.id}/cells/create`, { cell_name: 'x'.repeat(100), short_name: 'y'.repeat(20) })).statusCode).toBe(200);
    expect((await post(`/v1.0/studies/${s.id}/cells/edit`, { cell_id: (await boardStudy()).cells[0], cell_name: 'a', short_name: 'b' })).statusCode).toBe(400);
  });
});

describe('D2-106 D2-107 resolution 20: cells/duplicate/ copies the cell, counting per study on the server', () => {
  it("names copies '{cellName} Copy {n}' with n per study, and copies every step with its placements", async () => {
    const s = await boardStudy();
    await database.db.insert(stepStim).values({ stepId: s.steps[0][1], stimId: stimA, x: 10, y: 20 });
    const dup = async (studyId: number, cellId: number) => (await post(`/v1.0/studies/${studyId}/cells/duplicate/`, { cell_id: cellId })).json();
    const first = await dup(s.id, s.cells[0]);
    expect(first).toEqual({ success: true, cell_id: expect.any(Number), cell_name: 'Cell 1 Copy 1', short_name: 'C1-1' });
    expect((await dup(s.id, s.cells[1])).cell_name).toBe('Cell 2 Copy 2');
    expect((await dup(s.id, s.cells[0])).cell_name).toBe('Cell 1 Copy 3');
    // Another study counts from 1.
    const other = await boardStudy();
    expect((await dup(other.id, other.cells[0])).cell_name).toBe('Cell 1 Copy 1');

    const cells = (await overview(s.id)).data;
    expect(cells.map((c) => c.cell_name)).toEqual(['Cell 1', 'Cell 2', 'Cell 1 Copy 1', 'Cell 2 Copy 2', 'Cell 1 Copy 3']);
    const copy = cells[2];
    expect(copy.step_data.map((x) => x.step_name)).toEqual(['S1.1', 'S1.2', 'S1.3']);
    expect(copy.step_data.map((x) => x.step_order_id)).not.toEqual(s.steps[0]);
    const placed = await database.db.select().from(stepStim).where(eq(stepStim.stepId, copy.step_data[1].step_order_id));
    expect(placed).toMatchObject([{ stimId: stimA, x: 10, y: 20 }]);
    // The original is untouched.
    expect(cells[0].step_data.map((x) => x.step_order_id)).toEqual(s.steps[0]);
  });

  it('keeps the names within their limits', () => {
    expect(rules.duplicateNames('x'.repeat(100), 'y'.repeat(20), 12)).toEqual({ name: `${'x'.repeat(92)} Copy 12`, shortName: `${'y'.repeat(17)}-12` });
  });
});

describe('next-button options (D2-135)', () => {
  it('come from /dashboard/data/nextbuttontypes_list by POST and GET as {code, description}', async () => {
    for (const method of ['POST', 'GET'] as const) {
      const res = await app.inject({ method, url: '/v1.0/dashboard/data/nextbuttontypes_list', headers: ann });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { code: string; description: string }[]).map((i: { code: string; description: string }) => [i.code, i.description]))
        .toEqual([['1', 'Standard button'], ['2', 'Floating button'], ['3', 'No button (auto advance)']]);
    }
  });
});

describe('writes stay unchanged when nothing is wrong with them', () => {
  beforeEach(() => { delete process.env.ALLOW_PRIVATE_URLS; });
  it('cachepages/order refuses private and non-web addresses with the URL message', async () => {
    for (const url of ['http://127.0.0.1/', 'ftp://example.com/page', 'http://10.1.2.3/']) {
      const res = await post('/v1.0/cachepages/order', { url, name: 'x' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('Please enter a valid URL');
    }
    expect((await post('/v1.0/cachepages/order', { url: 'https://example.com/', name: 'x' }, vendor)).statusCode).toBe(403);
  });
});

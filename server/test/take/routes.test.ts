// Issue 22 items 1, 5, 6: the take routes on a real database — the page and the start call verify
// the signed link (403 otherwise), live links of a study that is not live are refused, the cell is
// assigned and the steps answered in order, a full cell answers quota_full with the panel's
// redirect, and delivery stores the session once (retry → duplicate) as a test session with the
// participant parameter, refusing edited or expired session tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { seedReference } from '../../seed/reference.js';
import {
  answerOption, cell, externalPage, instruction, panel, participant, question, questionGroup, step, stim, study,
} from '../../db/schema/index.js';
import { createCompany } from '../fixtures.js';
import { takeLinkPath, type TakeLink } from '../../domain/take-link.js';
import { takeLinkSecret } from '../../services/study-links.js';
import { deliverTake } from '../../services/take.js';
import { takeDeps } from '../../routes/take/index.js';
import { rawCalibration } from './calibration-data.js';
import { consented } from './consented.js';

let app: FastifyInstance;
let database: Database;
let secret: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ app, database } = await testApp());
  const db = database.db;
  await seedReference(db);
  const acme = await createCompany(db, { name: 'Acme' });
  const mk = async (name: string, extra: Partial<typeof study.$inferInsert> = {}) =>
    (await db.insert(study).values({ companyId: acme.id, name, ...extra }).returning())[0].id;
  ids.live = await mk('Live study', { live: true, phaseId: 3, participantsRequested: 2 });
  ids.setup = await mk('Setup study', { phaseId: 1, participantsRequested: 2 });
  ids.other = await mk('Other study', { live: true, phaseId: 3 });
  ids.done = await mk('Completed study', { live: false, completed: true, phaseId: 4 });
  const [c1, c2] = await db.insert(cell).values([
    { studyId: ids.live, name: 'Cell one', shortName: 'C1', position: 0 },
    { studyId: ids.live, name: 'Cell two', shortName: 'C2', position: 1 },
  ]).returning();
  ids.c1 = c1.id; ids.c2 = c2.id;
  ids.setupCell = (await db.insert(cell).values({ studyId: ids.setup, name: 'Only', shortName: 'O', position: 0 }).returning())[0].id;
  const [ins] = await db.insert(instruction).values({ companyId: acme.id, name: 'Welcome', text: 'Look at the page as you would.' }).returning();
  const [img] = await db.insert(stim).values({ companyId: acme.id, name: 'Banner', stimType: 'i', width: 300, height: 250, source: 'c/acme/banner.png' }).returning();
  const [tag] = await db.insert(stim).values({ companyId: acme.id, name: 'Script ad', stimType: 's', width: 300, height: 250, tag: '<p>ad</p>' }).returning();
  ids.img = img.id; ids.tag = tag.id;
  const [g] = await db.insert(questionGroup).values({ companyId: acme.id, name: 'Recall', text: 'A few questions' }).returning();
  const [q] = await db.insert(question).values({ questionGroupId: g.id, name: 'Seen', shortName: 'seen', text: 'Did you see an ad?', formattedType: 'single_choice' }).returning();
  ids.q = q.id;
  const opts = await db.insert(answerOption).values([{ questionId: q.id, text: 'Yes', position: 0 }, { questionId: q.id, text: 'No', position: 1 }]).returning();
  ids.yes = opts[0].id;
  const [ext] = await db.insert(externalPage).values({ companyId: acme.id, kind: 'external', name: 'Survey', url: 'https://survey.example/s?x=1', memberInsert: 'member' }).returning();
  const steps = await db.insert(step).values([
    { studyId: ids.live, cellId: c1.id, position: 0, stepType: 'instruction', instructionId: ins.id, secondsBeforeShowNext: 2, nextTypeId: 1 },
    { studyId: ids.live, cellId: c1.id, position: 1, stepType: 'calibration' },
    { studyId: ids.live, cellId: c1.id, position: 2, stepType: 'stim', stimId: img.id, secondsBeforeMoveNext: 5, nextTypeId: 3 },
    { studyId: ids.live, cellId: c1.id, position: 3, stepType: 'stim', stimId: tag.id, nextTypeId: 2 },
    { studyId: ids.live, cellId: c1.id, position: 4, stepType: 'question', questionGroupId: g.id },
    { studyId: ids.live, cellId: c1.id, position: 5, stepType: 'external', externalPageId: ext.id },
    { studyId: ids.live, cellId: c2.id, position: 0, stepType: 'instruction', instructionId: ins.id },
  ]).returning();
  ids.s0 = steps[0].id; ids.s2 = steps[2].id; ids.s4 = steps[4].id;
  ids.panel = (await db.insert(panel).values({
    studyId: ids.live, name: 'Northstar', code: 'ns', successRedirectUrl: 'https://ns.example/ok', screenoutRedirectUrl: 'https://ns.example/so',
    quotaFullRedirectUrl: 'https://ns.example/qf', participantInsertParameter: 'rid',
  }).returning())[0].id;
  secret = await takeLinkSecret(db, app.config.urlSecret);
});
afterAll(async () => { await app.close(); await database.close(); });

const link = (l: Partial<TakeLink> & { studyId: number }, param?: string) =>
  takeLinkPath(secret, { cellId: null, panelId: null, test: false, ...l }, param);
const queryOf = (path: string) => path.slice(path.indexOf('?'));
const start = async (studyId: number, query: string) => consented(app, studyId, await app.inject({ method: 'POST', url: `/v1.0/take/${studyId}/start`, payload: { query } }));
const deliver = (studyId: number, body: object) => app.inject({ method: 'POST', url: `/v1.0/take/${studyId}/session`, payload: body });

describe('the take page and the start call verify the signed link (issue 22 item 1)', () => {
  it('serves the runner page for a signed link with the runner headers, and 403 for a bad signature', async () => {
    const good = await app.inject({ method: 'GET', url: `${link({ studyId: ids.live, test: true, panelId: ids.panel }, 'rid')}P-1` });
    expect(good.statusCode).toBe(200);
    expect(good.body).toContain('<script type="module" src="/take/assets/runner.js">');
    expect(good.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(good.headers['permissions-policy']).toContain('camera=(self)');
    const bad = await app.inject({ method: 'GET', url: link({ studyId: ids.live }).replace(/sig=[\w-]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAA') });
    expect(bad.statusCode).toBe(403);
    expect(bad.body).toContain('This study link is not valid');
    expect(bad.body).not.toContain('runner.js');
  });
  it('answers 403 to a bad signature, a link edited into another cell or study, and no signature', async () => {
    const q = queryOf(link({ studyId: ids.live, test: true }));
    expect((await start(ids.live, q.replace(/sig=[\w-]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAA'))).statusCode).toBe(403);
    expect((await start(ids.live, `?cell=${ids.c2}&${q.slice(1)}`)).statusCode).toBe(403);
    expect((await start(ids.other, q)).statusCode).toBe(403);
    expect((await start(ids.live, '?test=1')).statusCode).toBe(403);
    const res = await start(ids.live, q.replace(/sig=[\w-]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAA'));
    expect(res.json()).toEqual({ success: false, message: 'This study link is not valid' });
  });
  it('answers state closed to a live link while the study is not live or completed (nothing assigned), and lets its test link in', async () => {
    const live = await start(ids.setup, queryOf(link({ studyId: ids.setup })));
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ state: 'closed', message: 'This study is not collecting responses', cell_id: null, token: null, steps: [] });
    // A completed study's live links have run out (take links themselves never expire).
    expect((await start(ids.done, queryOf(link({ studyId: ids.done })))).json().state).toBe('closed');
    const test = await start(ids.setup, queryOf(link({ studyId: ids.setup, test: true })));
    expect(test.statusCode).toBe(200);
    expect(test.json()).toMatchObject({ state: 'run', is_test: true, cell_id: ids.setupCell, steps: [] });
  });
});

describe('a test link plays its cell and is stored as a test session (issue 22 items 1, 5, 6)', () => {
  let answer: Record<string, unknown> & { token: string; steps: { type: string; step_id: number }[] };
  it("answers the cell's steps in order with their timings, next buttons and what they show", async () => {
    const res = await start(ids.live, `${queryOf(link({ studyId: ids.live, cellId: ids.c1, panelId: ids.panel, test: true }, 'rid'))}P-17`);
    expect(res.statusCode).toBe(200);
    answer = res.json();
    expect(answer).toMatchObject({ state: 'run', is_test: true, cell_id: ids.c1, panel_id: ids.panel, reference: 'P-17', redirect_url: null });
    expect(answer.session_id).toMatch(/^take-/);
    expect(answer.steps.map((s) => s.type)).toEqual(['instruction', 'calibration', 'stim', 'stim', 'question', 'external']);
    const [ins, , img, tag, q, ext] = answer.steps as unknown as Record<string, Record<string, unknown>>[];
    expect(ins).toMatchObject({ seconds_before_show_next: 2, next_button: 'standard', instruction: { title: 'Welcome', text: 'Look at the page as you would.' } });
    expect(img).toMatchObject({ seconds_before_move_next: 5, next_button: 'none', stim: { stim_id: ids.img, stim_type: 'i', width: 300, frame_src: null } });
    expect(img.stim.src).toMatch(/^\/files\/c\/acme\/banner\.png\?expires=\d+&sig=/);
    // Third-party markup only on the files origin, by a signed preview URL.
    expect(tag).toMatchObject({ next_button: 'floating', stim: { stim_id: ids.tag, stim_type: 's', src: null } });
    expect(String(tag.stim.frame_src)).toMatch(new RegExp(`^${app.config.filesOrigin}/preview/stims/${ids.tag}\\?expires=`));
    expect(q.questions).toMatchObject({ title: 'Recall', items: [{ question_id: ids.q, text: 'Did you see an ad?', type: 'single_choice', options: [{ text: 'Yes' }, { text: 'No' }] }] });
    expect(ext.external).toEqual({ url: 'https://survey.example/s?x=1&member=P-17' });
    // The study's collection key is never part of the answer.
    expect(JSON.stringify(answer)).not.toMatch(/collection/i);
  });
  it('stores the session once: a retry answers duplicate, with the panel redirect and the participant parameter', async () => {
    const body = {
      token: answer.token, status: 'complete', gaze_source: 'mouse', calibration: rawCalibration({ offset: 3.5, spread: 1.2 }),
      steps: [
        { step_id: ids.s0, page_dwell_ms: 3000, stims: [] },
        { step_id: ids.s2, page_dwell_ms: 5000, stims: [{ stim_id: ids.img, x: 10, y: 20, width: 300, height: 250, viewability: [{ start_ms: 0, end_ms: 5000, fraction: 1 }] }],
          gaze: [[0, 100, 100], [33, 101, 102], [66, 103, 101], [100, 104, 100]] },
        { step_id: ids.s4, page_dwell_ms: 2000, stims: [], answers: [{ question_id: ids.q, answer_option_id: ids.yes }] },
      ],
    };
    const first = await deliver(ids.live, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ duplicate: false, redirect_url: 'https://ns.example/ok?rid=P-17' });
    const again = await deliver(ids.live, body);
    expect(again.json()).toMatchObject({ duplicate: true, participant_id: first.json().participant_id, redirect_url: 'https://ns.example/ok?rid=P-17' });
    const rows = await database.db.select().from(participant).where(and(eq(participant.studyId, ids.live), eq(participant.reference, 'P-17')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reference: 'P-17', cellId: ids.c1, panelId: ids.panel, isTest: true, status: 'complete', gazeSource: 'mouse', hasEyetracking: true });
  });
  it("sends a screened-out respondent to the panel's screen-out redirect with the participant parameter", async () => {
    const res = await start(ids.live, `${queryOf(link({ studyId: ids.live, cellId: ids.c1, panelId: ids.panel, test: true }, 'rid'))}P-18`);
    const out = await deliver(ids.live, { token: res.json().token, status: 'screenout', gaze_source: 'mouse', steps: [{ step_id: ids.s0, page_dwell_ms: 900, stims: [] }] });
    expect(out.json()).toMatchObject({ duplicate: false, redirect_url: 'https://ns.example/so?rid=P-18' });
    const [row] = await database.db.select().from(participant).where(and(eq(participant.studyId, ids.live), eq(participant.reference, 'P-18')));
    expect(row).toMatchObject({ status: 'screenout', isTest: true });
  });
  it('refuses an edited token, a token of another study and an expired one (403)', async () => {
    const body = { token: answer.token, status: 'complete', gaze_source: 'mouse', steps: [] };
    const [payload, sig] = answer.token.split('.');
    // The same claims with the test flag cleared: a test session must not become a counted one.
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown[];
    const forged = Buffer.from(JSON.stringify(claims.map((v, i) => (i === 3 ? 0 : v)))).toString('base64url');
    expect((await deliver(ids.live, { ...body, token: `${forged}.${sig}` })).statusCode).toBe(403);
    expect((await deliver(ids.other, body)).statusCode).toBe(403);
    const expired = await deliverTake({ ...takeDeps(app), now: () => Date.now() + 25 * 3600_000 }, ids.live, { ...body, status: 'complete', gaze_source: 'mouse' });
    expect(expired.kind).toBe('invalid');
  });
  it('refuses a session outside the ingestion bounds with 400 naming the field, storing nothing', async () => {
    const res = await start(ids.live, queryOf(link({ studyId: ids.live, cellId: ids.c2, test: true })));
    const bad = await deliver(ids.live, { token: res.json().token, status: 'complete', gaze_source: 'simulated', steps: [{ step_id: ids.s0, page_dwell_ms: 10, stims: [] }] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['steps.0.step_id']);
  });
});

describe('quota per cell and balanced assignment (issue 22 item 5)', () => {
  it('gives a live respondent the emptier cell, then answers quota_full with the redirect once every cell is full', async () => {
    const db = database.db;
    const q = (p: string) => `${queryOf(link({ studyId: ids.live, panelId: ids.panel }, 'rid'))}${p}`;
    // 2 requested over 2 cells: 1 each. Test sessions (the one stored above) never count.
    await db.insert(participant).values({ studyId: ids.live, cellId: ids.c1, reference: 'L-1', sessionId: 'seed-1', status: 'complete', isTest: false });
    const second = (await start(ids.live, q('L-2'))).json();
    expect(second).toMatchObject({ state: 'run', cell_id: ids.c2, reference: 'L-2' });
    await db.insert(participant).values({ studyId: ids.live, cellId: ids.c2, reference: 'L-2', sessionId: 'seed-2', status: 'complete', isTest: false });
    const third = await start(ids.live, q('L-3'));
    expect(third.statusCode).toBe(200);
    expect(third.json()).toMatchObject({ state: 'quota_full', steps: [], reference: 'L-3', redirect_url: 'https://ns.example/qf?rid=L-3' });
    const stored = await db.select().from(participant).where(and(eq(participant.studyId, ids.live), eq(participant.reference, 'L-3')));
    expect(stored).toMatchObject([{ status: 'quota_full', isTest: false }]);
    // A full cell named by its link is full too; its test link still plays.
    expect((await start(ids.live, `${queryOf(link({ studyId: ids.live, cellId: ids.c1, panelId: ids.panel }, 'rid'))}L-4`)).json().state).toBe('quota_full');
    expect((await start(ids.live, queryOf(link({ studyId: ids.live, cellId: ids.c1, test: true })))).json().state).toBe('run');
  });
});

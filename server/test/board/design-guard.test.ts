// Issue 35 item 2: a design change never silently destroys collected data. Deleting a step that
// holds counted sessions' data, or replacing the content of a stim they saw, is refused with the
// reason (409) and the data stays in the reports; unlocking a running study is written to its
// timeline. Steps without counted data (test sessions only) still delete as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { reportTestbed, createStudy, addStimStep, addExposure, createParticipant, type Tenant } from '../analytics/report-fixtures.js';
import { answerOption, exposure, participantAnswer, question, questionGroup, step, study } from '../../db/schema/index.js';
import * as contract from '../../../contract/board.js';
import { stepHasDataMessage } from '../../domain/board.js';

let app: FastifyInstance;
let database: Database;
let db: Db;
let t: Tenant;

beforeAll(async () => {
  ({ app, database, db, t } = await reportTestbed());
});
afterAll(async () => { await app.close(); await database.close(); });

const post = (url: string, payload: unknown = {}) => app.inject({ method: 'POST', url: `/v1.0${url}`, headers: t.headers, payload: payload as object });

/** A live, locked study with one stim step seen by `sessions` counted respondents. */
async function liveStudy(sessions = 2) {
  const { studyId, cellId } = await createStudy(db, { companyId: t.companyId, name: 'Live study' });
  await db.update(study).set({ live: true, allowStepEditing: false, phaseId: 3 }).where(eq(study.id, studyId));
  const { stepId, stimId } = await addStimStep(db, studyId, cellId, { companyId: t.companyId, name: 'Spring MPU' }, 0);
  await db.update(step).set({ name: 'Spring MPU' }).where(eq(step.id, stepId));
  for (let i = 0; i < sessions; i++) {
    await addExposure(db, { studyId, cellId, stepId, stimId }, { viewable: true, viewableMs: 3000, viewed: true, dwellMs: 1200 });
  }
  return { studyId, cellId, stepId, stimId };
}

const kpi = (s: { studyId: number; cellId: number; stepId: number; stimId: number }) =>
  post(`/studies/${s.studyId}/cell/${s.cellId}/step/${s.stepId}/stimuli/${s.stimId}/kpi_analysis`);

describe('deleting a step that holds collected data (issue 35)', () => {
  it('is refused with the reason, and the step, its exposures and its report stay', async () => {
    const s = await liveStudy(2);
    expect((await kpi(s)).statusCode).toBe(200);
    expect((await post(`/studies/${s.studyId}/steps/overview/edit-toggle/`)).json()).toMatchObject({ allow_step_editing: true });
    const res = await post(`/studies/${s.studyId}/steps/delete`, { step_order_id: s.stepId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: stepHasDataMessage('Spring MPU', 2) });
    expect(res.json().message).toBe(contract.stepHasDataMessage('Spring MPU', 2));
    expect(res.json().message).toMatch(/holds data from 2 counted sessions/);
    expect(await db.select().from(step).where(eq(step.id, s.stepId))).toHaveLength(1);
    expect(await db.select().from(exposure).where(eq(exposure.stepId, s.stepId))).toHaveLength(2);
    const report = await kpi(s);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().stim_name).toBe('Spring MPU');
    const board = (await post(`/studies/${s.studyId}/steps/overview`)).json() as contract.BoardOverview;
    expect(board.data[0].step_data.map((x) => x.step_order_id)).toEqual([s.stepId]);
    expect(board).toMatchObject({ live: true, completed: false, counted_sessions: 2 });
  });

  it('a step seen only by test sessions (a run-through) still deletes; so does an empty one', async () => {
    const { studyId, cellId } = await createStudy(db, { companyId: t.companyId });
    const tested = await addStimStep(db, studyId, cellId, { companyId: t.companyId }, 0);
    const empty = await addStimStep(db, studyId, cellId, { companyId: t.companyId }, 1);
    await addExposure(db, { studyId, cellId, ...tested }, { participant: { isTest: true } });
    await addExposure(db, { studyId, cellId, ...tested }, { participant: { status: 'screenout' } });
    expect((await post(`/studies/${studyId}/steps/delete`, { step_order_id: tested.stepId })).statusCode).toBe(200);
    expect((await post(`/studies/${studyId}/steps/delete`, { step_order_id: empty.stepId })).statusCode).toBe(200);
    expect(((await post(`/studies/${studyId}/steps/overview`)).json() as contract.BoardOverview).data[0].step_data).toEqual([]);
  });

  it("a question step whose group its cell's respondents answered is refused; the answers stay", async () => {
    const { studyId, cellId } = await createStudy(db, { companyId: t.companyId });
    const [g] = await db.insert(questionGroup).values({ companyId: t.companyId, name: 'Recall' }).returning();
    const [q] = await db.insert(question).values({ questionGroupId: g.id, name: 'Seen?', shortName: 'seen', formattedType: 'single_choice' }).returning();
    const [yes] = await db.insert(answerOption).values({ questionId: q.id, text: 'Yes' }).returning();
    const [st] = await db.insert(step).values({ studyId, cellId, position: 0, stepType: 'question', name: 'Recall', questionGroupId: g.id }).returning();
    const p = await createParticipant(db, studyId, cellId);
    await db.insert(participantAnswer).values({ studyId, participantId: p, questionId: q.id, answerOptionId: yes.id, text: 'Yes' });
    const res = await post(`/studies/${studyId}/steps/delete`, { step_order_id: st.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(stepHasDataMessage('Recall', 1));
    const survey = await post(`/studies/${studyId}/survey/overview`);
    expect(survey.statusCode, survey.body).toBe(200);
    expect(JSON.stringify(survey.json())).toContain('Seen?');
  });
});

describe('unlocking a running study is recorded (issue 35)', () => {
  it('design_unlocked goes into the timeline with the sessions; a set-up study unlocks silently', async () => {
    const s = await liveStudy(3);
    expect((await post(`/studies/${s.studyId}/steps/overview/edit-toggle/`)).statusCode).toBe(200);
    // Unlocking what is already unlocked records nothing more (a body-less call would toggle, issue 39).
    await post(`/studies/${s.studyId}/steps/overview/edit-toggle/`, { allow_step_editing: true });
    const timeline = (await post(`/studies/${s.studyId}/timeline`)).json().data as { kind: string; text: string; by: string | null }[];
    const unlocks = timeline.filter((e) => e.kind === 'design_unlocked');
    expect(unlocks).toHaveLength(1);
    expect(unlocks[0].text).toBe('Cells and steps unlocked for editing (3 counted sessions collected)');
    expect(unlocks[0].by).toBeTruthy();

    const { studyId } = await createStudy(db, { companyId: t.companyId });
    await db.update(study).set({ allowStepEditing: false }).where(eq(study.id, studyId));
    await post(`/studies/${studyId}/steps/overview/edit-toggle/`);
    const quiet = (await post(`/studies/${studyId}/timeline`)).json().data as { kind: string }[];
    expect(quiet.some((e) => e.kind === 'design_unlocked')).toBe(false);
  });
});

describe("replacing the content of a stim that holds collected data (issue 35)", () => {
  it('is refused with the reason; its name still changes and its report still answers', async () => {
    const s = await liveStudy(1);
    const res = await post(`/stims/${s.stimId}/edit`, { stim_type: 's', tag: '<div>another creative</div>' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/^The stim 'Spring MPU' holds data from 1 counted session: its content \(stim_type, tag\) cannot be replaced/);
    const renamed = await post(`/stims/${s.stimId}/edit`, { name: 'Spring MPU v1' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const report = await kpi(s);
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({ stim_name: 'Spring MPU v1', stim_type: expect.any(String) });
  });
});

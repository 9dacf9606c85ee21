// Question report endpoints: overview groups, answer aggregates, participant answers, brand recall.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import {
  reportTestbed, type Tenant, createStudy, addStimStep, addExposure, createParticipant, createQuestionGroup, addQuestionStep, answer, brandId,
} from './report-fixtures.js';

let app: FastifyInstance;
let database: Database;
let t: Tenant;
let other: Tenant;
let studyId: number;
let stim: { stepId: number; stimId: number };
let screening: Awaited<ReturnType<typeof createQuestionGroup>>;
let post: Awaited<ReturnType<typeof createQuestionGroup>>;
let partner: Awaited<ReturnType<typeof createQuestionGroup>>;

beforeAll(async () => {
  const bed = await reportTestbed();
  ({ app, database, t, other } = bed);
  const db = bed.db;
  screening = await createQuestionGroup(db, t.companyId, { preassign: true, questions: [
    { name: '<p>How often do you <b>shop</b> online?</p>', answers: ['Daily', 'Weekly', 'Never'] }] });
  post = await createQuestionGroup(db, t.companyId, { questions: [
    { name: 'Which brands do you remember?', type: 'brand_recall', answers: ['Crunchy Oats', 'Fizzwell', 'None of these'] },
    { name: 'Any brand you recall?', type: 'brand_recall', answers: [] },
    { name: 'Feel', answers: ['Happy', 'Curious'] }] });
  partner = await createQuestionGroup(db, t.companyId, { system: 'ex', questions: [{ name: 'Noticed ads?', answers: ['Yes', 'No'] }] });
  const s = await createStudy(db, { companyId: t.companyId, preAssignQuestionGroupId: screening.groupId });
  studyId = s.studyId;
  stim = await addStimStep(db, studyId, s.cellId, { companyId: t.companyId, brandId: await brandId(db, 'Crunchy Oats') });
  await addQuestionStep(db, studyId, s.cellId, post.groupId, 3);
  await addQuestionStep(db, studyId, s.cellId, partner.groupId, 4);
  const where = { studyId, cellId: s.cellId, ...stim };
  const [shop] = screening.questions;
  const [recall, freeRecall] = post.questions;
  // p1 viewed the ad, recalls Crunchy Oats (prompted and spontaneously); p2 exposed, not viewed, picks Fizzwell;
  // p3 never exposed, recalls Crunchy Oats; p4 without eye tracking; a test participant and a screen-out.
  const people = [
    { ref: 'p1', et: true, shop: 0, recall: [0, 1], free: 'crunchy oats ', exposure: { viewable: true, viewed: true, dwellMs: 1000 } },
    { ref: 'p2', et: true, shop: 1, recall: [1], free: 'no idea', exposure: { viewable: true, viewed: false } },
    { ref: 'p3', et: true, shop: 1, recall: [0], free: null, exposure: null },
    { ref: 'p4', et: false, shop: 2, recall: [2], free: null, exposure: null },
    // p5 was shown the ad but sent no gaze for it: outside the base E, so neither viewed nor not viewed.
    { ref: 'p5', et: true, shop: null, recall: [0], free: null, exposure: { eyetracked: false, viewable: true } },
    { ref: 'ptest', et: true, shop: 0, recall: [0], free: null, exposure: null, isTest: true },
    { ref: 'pscreen', et: true, shop: 2, recall: [0], free: null, exposure: null, status: 'screenout' },
  ];
  for (const p of people) {
    const pid = await createParticipant(db, studyId, s.cellId, { reference: p.ref, hasEyetracking: p.et, isTest: p.isTest, status: p.status });
    if (p.shop !== null) await answer(db, studyId, pid, shop.id, ['Daily', 'Weekly', 'Never'][p.shop], shop.options[p.shop]);
    for (const r of p.recall) await answer(db, studyId, pid, recall.id, ['Crunchy Oats', 'Fizzwell', 'None of these'][r], recall.options[r]);
    if (p.free) await answer(db, studyId, pid, freeRecall.id, p.free);
    if (p.exposure) await addExposure(db, where, { participantId: pid, ...p.exposure });
  }
});
afterAll(async () => { await app.close(); await database.close(); });

const post_ = (url: string, payload: unknown = {}, headers: Record<string, string> = t.headers) =>
  app.inject({ method: 'POST', url: `/v1.0/studies/${studyId}/${url}`, headers, payload: payload as object });

describe('question report (D3-264 – D3-267)', () => {
  it('D3-264 overview: data[] the question groups (screening, then study; system ex before lu), names without HTML; survey_question the names as text (the legacy client renders them), questions the objects', async () => {
    const res = await post_('survey/overview');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.map((g: { survey_title: string }) => g.survey_title)).toEqual(['Screening questions', 'Study questions']);
    expect(d[0].questions).toEqual([{ name: 'How often do you shop online?', question_id: screening.questions[0].id, question_system: 'lu', formatted_type: 'single_choice' }]);
    expect(d[1].questions[0]).toEqual({ name: 'Noticed ads?', question_id: partner.questions[0].id, question_system: 'ex', formatted_type: 'single_choice' });
    expect(d[1].questions.slice(1).map((q: { name: string }) => q.name)).toEqual(['Which brands do you remember?', 'Any brand you recall?', 'Feel']);
    // Issue 39: the legacy survey page renders each entry of survey_question as text.
    expect(d[0].survey_question).toEqual(['How often do you shop online?']);
    expect(d[1].survey_question).toEqual(d[1].questions.map((q: { name: string }) => q.name));
    expect((await post_('stims/overview')).json().has_survey).toBe(true);
    expect((await post_('survey/overview', {}, other.headers)).statusCode).toBe(404);
  });

  it('D3-265 aggregate counts respondents per answer; limit_to_eyetracking narrows them', async () => {
    const q = screening.questions[0].id;
    const on = (await post_(`survey/lu/${q}/aggregate`, { limit_to_eyetracking: true })).json().data.data;
    expect(on).toEqual({ question_id: q, total_user_count: 3, answer_data: [{ text: 'Daily', count: 1 }, { text: 'Weekly', count: 2 }, { text: 'Never', count: 0 }] });
    const off = (await post_(`survey/lu/${q}/aggregate`, { limit_to_eyetracking: false })).json().data.data;
    expect(off.total_user_count).toBe(4);
    expect(off.answer_data.find((a: { text: string }) => a.text === 'Never').count).toBe(1);
    // multiple answers: p1 chose two brands, still one respondent
    const recall = (await post_(`survey/lu/${post.questions[0].id}/aggregate`, {})).json().data.data;
    expect(recall.total_user_count).toBe(4);
    expect(recall.answer_data).toEqual([{ text: 'Crunchy Oats', count: 3 }, { text: 'Fizzwell', count: 2 }, { text: 'None of these', count: 0 }]);
    // wrong system or a question of no step of this study → 404
    expect((await post_(`survey/ex/${q}/aggregate`, {})).statusCode).toBe(404);
    expect((await post_(`survey/lu/999999/aggregate`, {})).statusCode).toBe(404);
  });

  it('D3-267 participant answers list every respondent with their answer texts', async () => {
    const q = post.questions[0].id;
    const d = (await post_(`survey/lu/${q}/participant/`, { limit_to_eyetracking: false })).json().data.data;
    expect(d).toMatchObject({ name: 'Which brands do you remember?', short_name: 'q0', question_id: q, answers: ['Crunchy Oats', 'Fizzwell', 'None of these'] });
    expect(d.participant_answer_data).toEqual([
      { participant_reference: 'p1', answer_data: [{ text: 'Crunchy Oats' }, { text: 'Fizzwell' }] },
      { participant_reference: 'p2', answer_data: [{ text: 'Fizzwell' }] },
      { participant_reference: 'p3', answer_data: [{ text: 'Crunchy Oats' }] },
      { participant_reference: 'p4', answer_data: [{ text: 'None of these' }] },
      { participant_reference: 'p5', answer_data: [{ text: 'Crunchy Oats' }] },
    ]);
  });

  it('D3-266 brand recall aggregate splits respondents by whether they viewed the stim (issue 15: within the base E; outside it "not measured")', async () => {
    const res = await post_(`stim/${stim.stimId}/survey/spontaneous_prompted_brand_aggregate/`, {});
    expect(res.statusCode).toBe(200);
    const d = res.json().data.data;
    expect(d.brand_name).toBe('Crunchy Oats');
    expect(d.prompted.total).toEqual({ respondents: 4, recalled: 3, percent: 75 });
    expect(d.prompted.viewed).toEqual({ respondents: 1, recalled: 1, percent: 100 });
    expect(d.prompted.not_viewed).toEqual({ respondents: 1, recalled: 0, percent: 0 });
    expect(d.prompted.not_measured).toEqual({ respondents: 1, recalled: 1, percent: 100 });
    expect(d.prompted.not_exposed).toEqual({ respondents: 1, recalled: 1, percent: 100 });
    const groups = ['viewed', 'not_viewed', 'not_measured', 'not_exposed'] as const;
    expect(groups.reduce((n, g) => n + d.prompted[g].respondents, 0)).toBe(d.prompted.total.respondents);
    expect(d.spontaneous.total).toEqual({ respondents: 2, recalled: 1, percent: 50 }); // 'crunchy oats ' matches, 'no idea' does not
    expect((await post_(`stim/999999/survey/spontaneous_prompted_brand_aggregate/`, {})).statusCode).toBe(404);
  });
});

// Issue 35 item 7: the wizards create what they describe. The product question set chosen in a
// wizard is asked (a question step first in every cell: the board shows it, the runner gets it,
// its answers reach the question report); the custom study cannot choose a type another wizard
// sets up; video ad URLs of video hosts (not only file extensions) become video stims; the
// order confirmation's read of an unknown or another company's study is a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { authHeaders, createCompany, createUser, signIn } from '../fixtures.js';
import { seedReference } from '../../seed/reference.js';
import { createQuestionGroup } from '../analytics/report-fixtures.js';
import { CREATE_MESSAGES, isVideoAdUrl, videoAdName } from '../../../contract/study-create.js';
import { consented } from '../take/consented.js';

let app: FastifyInstance;
let database: Database;
let ann: Record<string, string>;
let bob: Record<string, string>;
let sue: Record<string, string>;
let group: Awaited<ReturnType<typeof createQuestionGroup>>;

beforeAll(async () => {
  ({ app, database } = await testApp());
  await seedReference(database.db);
  const a = await createCompany(database.db, { name: 'Acme' });
  const b = await createCompany(database.db, { name: 'Other' });
  await createUser(database.db, { companyId: a.id, username: 'ann' });
  await createUser(database.db, { companyId: b.id, username: 'bob' });
  await createUser(database.db, { companyId: a.id, username: 'sue', superUser: true });
  ann = authHeaders(await signIn(app, 'ann'));
  bob = authHeaders(await signIn(app, 'bob'));
  sue = authHeaders(await signIn(app, 'sue'));
  group = await createQuestionGroup(database.db, a.id, { preassign: true, questions: [{ name: 'How often do you shop online?', answers: ['Daily', 'Weekly', 'Never'] }] });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const create = (payload: object, headers = ann) => app.inject({ method: 'POST', url: '/v1.0/studies/create', headers, payload });
const rowsOf = async <T>(q: ReturnType<typeof sql>): Promise<T[]> => (await database.db.execute(q) as unknown as { rows: T[] }).rows;
const count = async (table: string): Promise<number> => Number((await rowsOf<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0].n);
const board = async (id: number) => (await app.inject({ method: 'POST', url: `/v1.0/studies/${id}/steps/overview`, headers: ann, payload: {} })).json();

describe('the product question set chosen in a wizard is asked (issue 35 item 7)', () => {
  it('is the first step of every cell, which the runner plays and whose answers reach the question report', async () => {
    const res = await create({
      study_kind: 'video', name: 'Screened pre-roll', number_of_cells: 2, incontext_site: { code: 'yt', description: 'YouTube' },
      stim_url: 'https://cdn.example.com/spot.mp4', brand_id: { name: 'Veloce Motors' },
      demographic_survey_or_lumen_questions: '2', pre_assign_question_group: { id: group.groupId, group_name: 'x' },
      include_panel_details: '2', panel_success: 'https://panel.example.com/ok',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { study_id: id, start_url: startUrl } = res.json();
    // The board shows it: a question step before the ad, in both cells.
    const cells = (await board(id)).data as { step_data: { step_kind: string; step_name: string }[] }[];
    expect(cells.map((c) => c.step_data.map((s) => s.step_kind))).toEqual([['question', 'stim'], ['question', 'stim']]);
    expect(cells[0].step_data[0].step_name).toMatch(/^Screening: Group/);

    // The runner gets it as its first step, with the group's question and answers.
    await database.db.execute(sql`update study set live = true, phase_id = 3 where id = ${id}`);
    const query = new URL(startUrl).search;
    const started = await consented(app, id, await app.inject({ method: 'POST', url: `/v1.0/take/${id}/start`, payload: { query } }));
    expect(started.statusCode, started.body).toBe(200);
    const take = started.json() as { token: string; cell_id: number; steps: { step_id: number; type: string; questions?: { items: { question_id: number; options: { id: number; text: string }[] }[] } }[] };
    expect(take.steps.map((s) => s.type)).toEqual(['question', 'stim']);
    const item = take.steps[0].questions!.items[0];
    expect(item.question_id).toBe(group.questions[0].id);
    expect(item.options.map((o) => o.text)).toEqual(['Daily', 'Weekly', 'Never']);

    // Answered and delivered, the answer is counted in the question report.
    const weekly = item.options.find((o) => o.text === 'Weekly')!.id;
    const delivered = await app.inject({
      method: 'POST', url: `/v1.0/take/${id}/session`,
      payload: {
        token: take.token, status: 'complete', gaze_source: 'mouse', connection_speed_kbps: 20000,
        steps: [{ step_id: take.steps[0].step_id, page_dwell_ms: 4000, stims: [], answers: [{ question_id: item.question_id, answer_option_id: weekly }] }],
      },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const aggregate = await app.inject({ method: 'POST', url: `/v1.0/studies/${id}/survey/lu/${item.question_id}/aggregate`, headers: ann, payload: { limit_to_eyetracking: false } });
    expect(aggregate.statusCode, aggregate.body).toBe(200);
    expect(aggregate.json().data.data).toMatchObject({ total_user_count: 1, answer_data: [{ text: 'Daily', count: 0 }, { text: 'Weekly', count: 1 }, { text: 'Never', count: 0 }] });
  });

  it('the custom study asks it too (its only step until the board adds more); no set chosen, no step', async () => {
    const res = await create({ study_kind: 'generic', name: 'Screened custom', demographic_survey_or_lumen_questions: '2', pre_assign_question_group: { id: group.groupId } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await board(res.json().study_id)).data[0].step_data.map((s: { step_kind: string }) => s.step_kind)).toEqual(['question']);
    const none = await create({ study_kind: 'generic', name: 'Unscreened', demographic_survey_or_lumen_questions: '0' });
    expect((await board(none.json().study_id)).data[0].step_data).toEqual([]);
  });
});

describe('the custom study cannot create a type another wizard sets up (issue 35 item 7)', () => {
  it.each([
    ['a code', { code: '8', description: 'Web page study' }],
    ['a plain id', 10],
    ['a name', 'Social / video ad test'],
    ['an id object', { id: 5 }],
  ])('refuses it given as %s: 400 on study_type_id with the message, nothing written', async (_label, studyType) => {
    const before = await count('study');
    const res = await create({ study_kind: 'generic', name: 'Empty shell', study_type_id: studyType });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: `study_type_id: ${CREATE_MESSAGES.ownWizard}`, errors: { study_type_id: CREATE_MESSAGES.ownWizard } });
    expect(await count('study')).toBe(before);
  });

  it('refuses the super users\' types to a super user as well; the custom type itself is created', async () => {
    for (const code of ['4', '7']) {
      for (const who of [ann, sue]) {
        const res = await create({ study_kind: 'generic', name: 'Sideways', study_type_id: { code, description: 'x' } }, who);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ study_type_id: CREATE_MESSAGES.ownWizard });
      }
    }
    const ok = await create({ study_kind: 'generic', name: 'Custom', study_type_id: { code: '0', description: 'Custom study' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().study_type_id).toBe(1);
    // The legacy client's plain id of the custom type (1) still works.
    expect((await create({ name: 'Legacy custom', study_type_id: 1 })).statusCode).toBe(200);
  });
});

describe('video ad URLs become video stims, whatever their extension (issue 35 item 7)', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'YouTube video dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'YouTube video dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'Vimeo video 76979871'],
    ['https://cdn.example.com/spots/launch.webm?token=1', 'launch.webm'],
  ])('the YouTube wizard stores %s as a video stim named %s', async (url, name) => {
    const res = await create({ study_kind: 'video', name: 'Pre-roll', incontext_site: 'yt', stim_url: url, brand_id: { name: 'Veloce Motors' } });
    expect(res.statusCode, res.body).toBe(200);
    const [stim] = await rowsOf<{ stim_type: string; name: string; source: string }>(sql`select stim_type, name, source from stim where study_id = ${res.json().study_id}`);
    expect(stim).toEqual({ stim_type: 'v', name, source: url });
  });

  it('the web page wizard classifies each stim URL by the same rule: video host pages are videos, images stay images', async () => {
    const res = await create({
      study_kind: 'web_page', name: 'Mixed page', number_of_cells: 1,
      cachepage_stim_list: [{ cachepage_url: 'https://news.example.com/', stim_list: [
        { stim_url: 'https://player.vimeo.com/video/76979871', brand_id: { name: 'Fizzwell' }, ad_type_id: { name: 'mpu 300X250' } },
        { stim_url: 'https://cdn.example.com/ads/mpu.png', brand_id: { name: 'Fizzwell' }, ad_type_id: { name: 'mpu 300X250' } },
      ] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const stims = await rowsOf<{ stim_type: string; source: string }>(sql`select stim_type, source from stim where study_id = ${res.json().study_id} order by id`);
    expect(stims).toEqual([
      { stim_type: 'v', source: 'https://player.vimeo.com/video/76979871' },
      { stim_type: 'i', source: 'https://cdn.example.com/ads/mpu.png' },
    ]);
  });

  it('the shared rule: video files and video hosts yes; images, look-alike hosts and other schemes no', () => {
    for (const url of ['https://m.youtube.com/watch?v=abc', 'https://www.youtube.com/shorts/abc', 'https://www.dailymotion.com/video/x7tgad0',
      'https://www.facebook.com/brand/videos/123/', 'https://cdn.example.com/a.MP4', 'https://cdn.example.com/live/master.m3u8']) {
      expect(isVideoAdUrl(url), url).toBe(true);
    }
    for (const url of ['https://cdn.example.com/a.png', 'https://notyoutube.com/watch?v=abc', 'https://youtube.com.evil.example/watch',
      'https://www.facebook.com/brand/', 'javascript:alert(1)//.mp4', 'not a url', '']) {
      expect(isVideoAdUrl(url), url).toBe(false);
    }
    expect(videoAdName('https://www.youtube.com/embed/abc123')).toBe('YouTube video abc123');
  });
});

describe('the order confirmation reads its study: unknown or another company\'s is 404 (issue 35 item 7)', () => {
  it('answers the creator\'s study, 404 for an unknown id and for another company\'s', async () => {
    const mine = (await create({ study_kind: 'generic', name: 'Ordered' })).json().study_id as number;
    const overview = (id: number, headers: Record<string, string>) => app.inject({ method: 'POST', url: `/v1.0/studies/${id}/overview`, headers, payload: {} });
    expect((await overview(mine, ann)).statusCode).toBe(200);
    expect((await overview(999999, ann)).statusCode).toBe(404);
    expect((await overview(mine, bob)).statusCode).toBe(404);
  });
});

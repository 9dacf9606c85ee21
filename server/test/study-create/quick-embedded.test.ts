// POST /v1.0/studies/create for the quick study (4) and the embedded/redirect study (10) — issue 17
// items 2 and 3; spec D3 §2.7, §2.8, §3, §5, §6, §9; checklist D3-039, D3-040, D3-103…D3-109;
// resolution 24. The quick study is a super user's (the server refuses everyone else), its pages
// are external steps with their insert parameters and its 'Lumen Panel Data' a panel assignment
// row; the embedded study has one embedded step per cell from embedded_page_list, surplus rows cut.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { authHeaders, createCompany, createUser, signIn } from '../fixtures.js';
import { seedReference } from '../../seed/reference.js';
import { quickTaskOf } from '../../repositories/study-create.js';

let app: FastifyInstance;
let database: Database;
let ann: Record<string, string>;
let sue: Record<string, string>;

beforeAll(async () => {
  ({ app, database } = await testApp());
  await seedReference(database.db);
  const a = await createCompany(database.db, { name: 'Acme' });
  await createUser(database.db, { companyId: a.id, username: 'ann' });
  await createUser(database.db, { companyId: a.id, username: 'sue', superUser: true });
  ann = authHeaders(await signIn(app, 'ann'));
  sue = authHeaders(await signIn(app, 'sue'));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const create = (payload: object, headers = sue) => app.inject({ method: 'POST', url: '/v1.0/studies/create', headers, payload });
const rows = async <T>(q: ReturnType<typeof sql>): Promise<T[]> => (await database.db.execute(q) as unknown as { rows: T[] }).rows;
const studyCount = async (name: string) => Number((await rows<{ n: number }>(sql`select count(*)::int as n from study where name = ${name}`))[0].n);
type Step = { step_kind: string; step_name: string; step_settings: { url: string } };
const steps = async (id: number): Promise<Step[][]> =>
  (await app.inject({ method: 'POST', url: `/v1.0/studies/${id}/steps/overview`, headers: sue, payload: {} })).json().data
    .map((c: { step_data: Step[] }) => c.step_data);

/** The quick wizard's values as the form sends them. */
const quick = (over: object = {}, task: object = {}) => ({
  study_kind: 'quick',
  name: 'Focus pages',
  environment_id: { code: '1', description: 'Webcam' },
  language: { code: 'en', description: 'English' },
  project_location: { code: 'gb', description: 'United Kingdom' },
  panel_size: 100,
  respondents: { id: 1, name: 'Cell' },
  media_id: { code: '4', description: 'Digital' },
  quick_step_list: [
    { type: 'external', url: 'https://pages.example.com/one', insert_parameter: 'pid' },
    { type: 'external', url: 'https://pages.example.com/two', insert_parameter: '' },
  ],
  quick_task_data: {
    panelist_role_id: 2, panel_id: 2, short_description: 'Look at two pages', reward: 150,
    start_date: '2026-12-01 09:00:00', expiry_date: '2026-12-31 18:00:00', ...task,
  },
  ...over,
});

/** The embedded wizard's values: two cells, a basic redirect. */
const embedded = (over: object = {}) => ({
  study_kind: 'embedded',
  name: 'Redirect test',
  environment_id: { code: '1', description: 'Webcam' },
  language: { code: 'en', description: 'English' },
  project_location: { code: 'gb', description: 'United Kingdom' },
  number_of_cells: 2,
  panel_size: 100,
  respondents: { id: 1, name: 'Cell' },
  include_panel_details: '2',
  panel_success: 'https://panel.example.com/done',
  embedded_page_list: [{ cell_index: 0, url: 'https://site.example.com/a' }, { cell_index: 1, url: 'https://site.example.com/b' }],
  ...over,
});

describe('quick study (4): D3-039, D3-103, D3-104, D3-105, §6', () => {
  it('D3-007, §6: only a super user may create it; anyone else gets 403 and nothing is kept', async () => {
    const res = await create(quick({ name: 'Not mine' }), ann);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, message: 'Only super users can create this study' });
    // Sent by study type alone (the legacy client's way) it is the same kind.
    const byType = await create({ ...quick({ name: 'Not mine' }), study_kind: undefined, study_type_id: 4 }, ann);
    expect(byType.statusCode).toBe(403);
    expect(await studyCount('Not mine')).toBe(0);
  });

  it('D3-103: the External Pages become external steps in order with their insert parameters; one cell; type 4', async () => {
    const res = await create(quick({ number_of_cells: 5 }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.study_type_id).toBe(4);
    expect(body.start_url).toContain(`/take/${body.study_id}`);
    expect(body.incontext_urls).toEqual([{ step_url: 'https://pages.example.com/one' }, { step_url: 'https://pages.example.com/two' }]);
    const cells = await steps(body.study_id);
    expect(cells).toHaveLength(1);
    expect(cells[0].map((s) => [s.step_kind, s.step_settings.url])).toEqual([
      ['external', 'https://pages.example.com/one'], ['external', 'https://pages.example.com/two'],
    ]);
    // The insert parameter is the page's: the participant id is added to its URL under that name.
    const pages = await rows<{ url: string; member_insert: string | null }>(sql`select p.url, p.member_insert from step s
      join external_page p on p.id = s.external_page_id where s.study_id = ${body.study_id} order by s.position`);
    expect(pages).toEqual([{ url: 'https://pages.example.com/one', member_insert: 'pid' }, { url: 'https://pages.example.com/two', member_insert: null }]);
    const [study] = await rows<{ media: string }>(sql`select m.code as media from study s left join lookup_item m on m.kind = 'media' and m.id = s.media_id where s.id = ${body.study_id}`);
    expect(study.media).toBe('4');
  });

  it('D3-104: Lumen Panel Data is kept as the study\'s panel assignment', async () => {
    const res = await create(quick({ name: 'Assigned' }));
    const task = await quickTaskOf(database.db, res.json().study_id);
    expect(task).toMatchObject({ shortDescription: 'Look at two pages', reward: 150 });
    const [role] = await rows<{ code: string }>(sql`select code from lookup_item where kind = 'panelist_role' and id = ${task!.panelistRoleId}`);
    const [panel] = await rows<{ code: string }>(sql`select code from lookup_item where kind = 'recruitment_panel' and id = ${task!.panelId}`);
    expect([role.code, panel.code]).toEqual(['2', '2']);
    expect(task!.startDate!.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(task!.expiryDate!.toISOString()).toBe('2026-12-31T18:00:00.000Z');
  });

  it('D3-105: panelist role and panel default to 1 when left out', async () => {
    const res = await create(quick({ name: 'Defaults', quick_task_data: { short_description: 'Pages', reward: '100' } }));
    expect(res.statusCode).toBe(200);
    const task = await quickTaskOf(database.db, res.json().study_id);
    const [role] = await rows<{ code: string }>(sql`select code from lookup_item where kind = 'panelist_role' and id = ${task!.panelistRoleId}`);
    const [panel] = await rows<{ code: string }>(sql`select code from lookup_item where kind = 'recruitment_panel' and id = ${task!.panelId}`);
    expect([role.code, panel.code]).toEqual(['1', '1']);
    expect(task).toMatchObject({ reward: 100, startDate: null, expiryDate: null });
  });

  it.each([
    ['D3-106 no page at all', { quick_step_list: [] }, {}, 'quick_step_list', 'Required'],
    ['D3-106 page URL required', { quick_step_list: [{ type: 'external', url: '', insert_parameter: '' }] }, {}, 'quick_step_list.0.url', 'Required'],
    ['D3-106 page URL valid', { quick_step_list: [{ type: 'external', url: 'https://a.example.com/x' }, { type: 'external', url: 'pages/two' }] }, {}, 'quick_step_list.1.url', 'Must be a valid URL'],
    ['D3-106 page URL at most 512', { quick_step_list: [{ url: `https://a.example.com/${'x'.repeat(491)}` }] }, {}, 'quick_step_list.0.url', 'Too long'],
    ['§9 insert parameter at most 50', { quick_step_list: [{ url: 'https://a.example.com/', insert_parameter: 'p'.repeat(51) }] }, {}, 'quick_step_list.0.insert_parameter', 'Too long'],
    ['D3-107 panelist role required', {}, { panelist_role_id: null }, 'quick_task_data.panelist_role_id', 'Required'],
    ['D3-107 panel required', {}, { panel_id: '' }, 'quick_task_data.panel_id', 'Required'],
    ['D3-107 short description required', {}, { short_description: '  ' }, 'quick_task_data.short_description', 'Required'],
    ['D3-107 short description at most 512', {}, { short_description: 'x'.repeat(513) }, 'quick_task_data.short_description', 'Too long'],
    ['D3-107 reward required', {}, { reward: '' }, 'quick_task_data.reward', 'Required'],
    ['D3-107 reward a number', {}, { reward: 'lots' }, 'quick_task_data.reward', 'Must be a number'],
    ['§3 start date format', {}, { start_date: '01/12/2026' }, 'quick_task_data.start_date', 'Use YYYY-MM-DD HH:mm:ss'],
    ['§3 expiry date a real date', {}, { expiry_date: '2026-02-30 10:00:00' }, 'quick_task_data.expiry_date', 'Use YYYY-MM-DD HH:mm:ss'],
    ['D3-045 name required', { name: '' }, {}, 'name', 'Required'],
  ])('%s', async (_id, over, task, field, message) => {
    const res = await create(quick({ name: 'Refused', ...over }, task));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
    expect(await studyCount('Refused')).toBe(0);
  });

  it('an unknown panelist role or panel is refused after the study row was written: nothing is left', async () => {
    const res = await create(quick({ name: 'Rolled back' }, { panelist_role_id: 999, panel_id: 998 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'quick_task_data.panelist_role_id': 'unknown panelist role', 'quick_task_data.panel_id': 'unknown panel' });
    expect(await studyCount('Rolled back')).toBe(0);
    expect(Number((await rows<{ n: number }>(sql`select count(*)::int as n from cell c join study s on s.id = c.study_id where s.name = 'Rolled back'`))[0].n)).toBe(0);
  });

  it('a panel size that is not a number is refused (no 5xx), though the quick study has no cells control', async () => {
    const res = await create(quick({ name: 'Refused', panel_size: 'many' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ panel_size: 'Must be a number' });
  });
});

describe('embedded/redirect study (10): D3-040, D3-108, D3-109', () => {
  it('one embedded step per cell, in cell order, with a basic redirect panel (type 1, code rd)', async () => {
    const res = await create(embedded());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.study_type_id).toBe(10);
    // issue 38: every cell's page, named by its cell (was cell 1's only).
    expect(body.incontext_urls).toEqual([
      { step_url: 'https://site.example.com/a', cell_name: 'Cell 1' },
      { step_url: 'https://site.example.com/b', cell_name: 'Cell 2' },
    ]);
    expect((await steps(body.study_id)).map((c) => c.map((s) => [s.step_kind, s.step_settings.url]))).toEqual([
      [['embedded', 'https://site.example.com/a']], [['embedded', 'https://site.example.com/b']],
    ]);
    const [panel] = await rows<{ panel_type: number; code: string }>(sql`select panel_type, code from panel where study_id = ${body.study_id}`);
    expect(panel).toEqual({ panel_type: 1, code: 'rd' });
  });

  it('D3-108: rows past the last cell are cut, not checked', async () => {
    const res = await create(embedded({
      name: 'Cut', number_of_cells: 1,
      embedded_page_list: [{ cell_index: 0, url: 'https://site.example.com/a' }, { cell_index: 1, url: 'not a url' }],
    }));
    expect(res.statusCode).toBe(200);
    expect((await steps(res.json().study_id)).map((c) => c.map((s) => s.step_settings.url))).toEqual([['https://site.example.com/a']]);
  });

  it.each([
    ['D3-108 a missing row is an empty URL', { embedded_page_list: [{ cell_index: 0, url: 'https://site.example.com/a' }] }, 'embedded_page_list.1.url', 'Required'],
    ['D3-109 URL required', { embedded_page_list: [{ cell_index: 0, url: '' }, { cell_index: 1, url: 'https://site.example.com/b' }] }, 'embedded_page_list.0.url', 'Required'],
    ['D3-109 URL valid', { embedded_page_list: [{ cell_index: 0, url: 'https://site.example.com/a' }, { cell_index: 1, url: 'ftp://site.example.com/b' }] }, 'embedded_page_list.1.url', 'Must be a valid URL'],
    ['D3-109 URL at most 512', { embedded_page_list: [{ cell_index: 0, url: `https://a.example.com/${'x'.repeat(491)}` }, { cell_index: 1, url: 'https://site.example.com/b' }] }, 'embedded_page_list.0.url', 'Too long'],
    ['D3-056 redirect success URL required', { panel_success: '' }, 'panel_success', 'Required'],
    ['D3-042 cells at most 20 (the list is not checked then)', { number_of_cells: 21 }, 'number_of_cells', 'Between 1 and 20'],
  ])('%s', async (_id, over, field, message) => {
    const res = await create(embedded({ name: 'Refused embed', ...over }), ann);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
    expect(await studyCount('Refused embed')).toBe(0);
  });

  it('any study user may create it (not a super-user kind)', async () => {
    expect((await create(embedded({ name: 'By ann' }), ann)).statusCode).toBe(200);
  });
});

// The study overview and management calls (spec document 2 §7.2; issue 11): tenancy, validation
// with the form's messages, phases that follow facts and only move forward, completion once (409
// after), panels, signed take-study links, files, subscriptions with the outbox, run-throughs for
// super users only, and the order timeline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { seedReference } from '../../seed/reference.js';
import {
  cell, notificationOutbox, panel, participant, questionGroup, runThrough, step, stim, study, studyFile,
} from '../../db/schema/index.js';
import { authHeaders, createCompany, createUser, signIn } from '../fixtures.js';
import { verifyTakeLink } from '../../domain/take-link.js';
import { takeLinkSecret } from '../../services/study-links.js';

let app: FastifyInstance;
let database: Database;
let token: string; // acme researcher
let otherToken: string; // northwind
let rootToken: string; // super user of the provider
let vendorToken: string;
let acme: { id: number };
const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ app, database } = await testApp());
  const db = database.db;
  await seedReference(db);
  const provider = await createCompany(db, { name: 'Provider' });
  acme = await createCompany(db, { name: 'Acme' });
  const northwind = await createCompany(db, { name: 'Northwind' });
  await createUser(db, { companyId: acme.id, username: 'res', email: 'res@acme.example' });
  await createUser(db, { companyId: northwind.id, username: 'nw' });
  await createUser(db, { companyId: provider.id, username: 'root', superUser: true, email: 'root@provider.example' });
  await createUser(db, { companyId: acme.id, username: 'vend', userTypeId: 2 });
  [token, otherToken, rootToken, vendorToken] = await Promise.all(['res', 'nw', 'root', 'vend'].map((u) => signIn(app, u)));

  const mk = async (name: string, extra: Partial<typeof study.$inferInsert> = {}) => {
    const [s] = await db.insert(study).values({ companyId: acme.id, name, mediaId: 1, environmentId: 1, languageId: 1, locationId: 1, ...extra }).returning();
    ids[name] = s.id;
    return s.id;
  };
  await mk('Setup study');
  await mk('Live study', { live: true, phaseId: 3, participantsRequested: 200, dataCollectionStart: new Date('2026-01-05T09:00:00Z') });
  await mk('Early study', { phaseId: 2 });
  await mk('Panel study');
  await mk('Phase study');
  const [nw] = await db.insert(study).values({ companyId: northwind.id, name: 'Secret' }).returning();
  ids.secret = nw.id;

  // Phase study: two cells with steps, a stim with a long name, and later a panel and sessions.
  const [c1, c2] = await db.insert(cell).values([
    { studyId: ids['Phase study'], name: 'Cell one', shortName: 'C1', position: 0 },
    { studyId: ids['Phase study'], name: 'Cell two', shortName: 'C2', position: 1 },
  ]).returning();
  ids.c1 = c1.id; ids.c2 = c2.id;
  const [s1] = await db.insert(stim).values({ companyId: acme.id, name: 'A very long stim name indeed', stimType: 'i' }).returning();
  await db.insert(step).values([
    { studyId: ids['Phase study'], cellId: c1.id, position: 0, stepType: 'stim', stimId: s1.id },
    { studyId: ids['Phase study'], cellId: c2.id, position: 0, stepType: 'instruction' },
  ]);
  await db.insert(studyFile).values([
    { studyId: ids['Live study'], name: 'Brief', description: 'The brief', type: 'txt', storageKey: 'c/acme/brief.txt' },
    { studyId: ids['Live study'], name: 'Deck', description: 'Debrief', type: 'link', url: 'https://docs.example/deck' },
  ]);
  const [g] = await db.insert(questionGroup).values({ companyId: acme.id, name: 'Screening A', isPreassign: true }).returning();
  ids.group = g.id;
  const [g2] = await db.insert(questionGroup).values({ companyId: northwind.id, name: 'Screening NW', isPreassign: true }).returning();
  ids.nwGroup = g2.id;
});
afterAll(async () => { await app.close(); await database.close(); });

const post = (path: string, t: string, payload?: unknown, companyId?: number) =>
  app.inject({ method: 'POST', url: `/v1.0${path}`, headers: authHeaders(t, companyId), ...(payload === undefined ? {} : { payload: payload as object }) });

const PANEL = {
  name: 'Northstar', code: 'nsp', success_redirect_url: 'https://ns.example/ok', screenout_redirect_url: 'https://ns.example/so',
  quota_full_redirect_url: 'https://ns.example/qf', participant_insert_parameter: 'rid',
};

describe('tenancy and roles (D2-224)', () => {
  const paths = (id: number) => [
    `/studies/${id}/details`, `/studies/${id}/overview`, `/studies/${id}/audience/overview`, `/studies/${id}/links`,
    `/studies/${id}/files`, `/studies/${id}/studyrunthroughs`, `/studies/${id}/timeline`,
  ];
  it("answers 404 for another company's study, 401 without a token, 403 for batch users", async () => {
    for (const p of paths(ids.secret)) expect((await post(p, token)).statusCode, p).toBe(404);
    for (const p of paths(ids['Live study'])) expect((await post(p, otherToken)).statusCode, p).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/v1.0/studies/${ids['Live study']}/overview` })).statusCode).toBe(401);
    expect((await post(`/studies/${ids['Live study']}/overview`, vendorToken)).statusCode).toBe(403);
    expect((await post(`/studies/${ids.secret}/complete`, token)).statusCode).toBe(404);
    expect((await post(`/studies/${ids.secret}/audience/create`, token, PANEL)).statusCode).toBe(404);
  });
  it('lets a super user act for the company through X-Company-Id', async () => {
    const res = await post(`/studies/${ids['Live study']}/overview`, rootToken, undefined, acme.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().study_name).toBe('Live study');
  });
  it('refuses malformed ids with 400, never 5xx', async () => {
    for (const bad of ['0', 'abc', '99999999999', '1.5']) {
      expect((await post(`/studies/${bad}/overview`, token)).statusCode).toBe(400);
    }
  });
});

describe('details and edit (D2-026, D2-053…D2-064)', () => {
  it('answers every field of §3.6 and the legacy form fields (D2-026)', async () => {
    const res = await post(`/studies/${ids['Setup study']}/details`, token);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      success: true, name: 'Setup study', project_location: 'gb', language: 'English', language_id: 1, media: 'Display', environment: 'Webcam',
      pre_assign_question_group: { id: 0, group_name: 'None' }, objective: '', decision_to_inform: '', demographic_survey_url: '',
    });
  });

  it('saves dates as dates, the group by id, the location by code and the language by name (D2-064)', async () => {
    const res = await post(`/studies/${ids['Setup study']}/edit`, token, {
      name: '  Renamed study ', project_location: 'de', language: 'german', proposal_signoff_date: '2026-03-01',
      proposed_data_collection_start: '2026-03-10', proposed_data_collection_end: '2026-03-31T00:00:00.000Z',
      pre_assign_question_group: ids.group, min_connection_speed: 512.25, study_duration: '10 minutes', incentive: '£1',
      demographic_survey_url: 'https://survey.example/s', media: 'ignored', environment: 99,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed study', project_location: 'de', language: 'German', proposal_signoff_date: '2026-03-01',
      proposed_data_collection_start: '2026-03-10', proposed_data_collection_end: '2026-03-31',
      pre_assign_question_group: { id: ids.group, group_name: 'Screening A' }, min_connection_speed: 512.25, media: 'Display',
    });
    const [row] = await database.db.select().from(study).where(eq(study.id, ids['Setup study']));
    expect(row.proposedDataCollectionStart?.toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(row.mediaId).toBe(1);
    // The legacy form: language by id; group 0 = None.
    const legacy = await post(`/studies/${ids['Setup study']}/edit`, token, { language_id: '3', pre_assign_question_group: 0 });
    expect(legacy.json()).toMatchObject({ language: 'French', pre_assign_question_group: { id: 0 } });
  });

  it("refuses bad values with the form's messages, word for word, and changes nothing (D2-058…D2-063)", async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: '   ' }, { name: 'Name required' }],
      [{ name: 'x'.repeat(51) }, { name: 'Too Long!' }],
      [{ language: '' }, { language: 'Language required' }],
      [{ project_location: null }, { project_location: 'Location required' }],
      [{ demographic_survey_url: 'not a url' }, { demographic_survey_url: '* Must be a valid URL' }],
      [{ demographic_survey_url: 'javascript:alert(1)' }, { demographic_survey_url: '* Must be a valid URL' }],
      [{ study_duration: 'y'.repeat(51), incentive: 'z'.repeat(51) }, { study_duration: 'Too Long!', incentive: 'Too Long!' }],
      [{ proposal_signoff_date: '2026-02-31' }, { proposal_signoff_date: 'must be a date (YYYY-MM-DD)' }],
      [{ proposed_data_collection_start: '2026-05-02', proposed_data_collection_end: '2026-05-01' }, { proposed_data_collection_end: 'must not be before the collection start' }],
    ];
    for (const [body, errors] of cases) {
      const res = await post(`/studies/${ids['Setup study']}/edit`, token, { ...body, notes: 'must not be saved' });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toMatchObject(errors);
    }
    const other = await post(`/studies/${ids['Setup study']}/edit`, token, { pre_assign_question_group: ids.nwGroup });
    expect(other.statusCode).toBe(400);
    const d = (await post(`/studies/${ids['Setup study']}/details`, token)).json();
    expect(d.notes).toBe('');
    // Types the contract refuses: 400, never 5xx.
    for (const body of [{ min_connection_speed: 'fast' }, { name: 5 }, { proposal_signoff_date: 7 }, { pre_assign_question_group: -1 }]) {
      expect((await post(`/studies/${ids['Setup study']}/edit`, token, body)).statusCode).toBe(400);
    }
  });

  it('writes a fieldwork-dates entry to the order timeline when the dates change (D2-011)', async () => {
    const t = (await post(`/studies/${ids['Setup study']}/timeline`, token)).json();
    expect(t.data.map((e: { kind: string }) => e.kind)).toEqual(['created', 'fieldwork_dates']);
    expect(t.data[1].text).toBe('Fieldwork dates set: 10/03/2026 – 31/03/2026');
    expect(t.data[1].by).toBe('res@acme.example');
  });
});

describe('panels (D2-038…D2-047)', () => {
  it("creates, reads, edits and deletes a panel; the legacy paths' stray trailing space works (D2-042, D2-043, D2-044)", async () => {
    const sid = ids['Panel study'];
    const created = await app.inject({ method: 'POST', url: `/v1.0/studies/${sid}/audience/create `, headers: authHeaders(token), payload: PANEL });
    expect(created.statusCode).toBe(200);
    const p = created.json().panel;
    expect(p).toMatchObject(PANEL);
    const details = await app.inject({ method: 'POST', url: `/v1.0/studies/${sid}/audience/${p.id}/details `, headers: authHeaders(token) });
    expect(details.json().panel).toMatchObject({ ...PANEL, id: p.id });
    const edited = await post(`/studies/${sid}/audience/${p.id}/edit`, token, { ...PANEL, name: 'Northstar UK' });
    expect(edited.json().panel.name).toBe('Northstar UK');
    const audience = (await post(`/studies/${sid}/audience/overview`, token, {})).json();
    expect(audience.panels).toHaveLength(1);
    expect(audience.data).toMatchObject({ id: p.id, name: 'Northstar UK', code: 'nsp' });
    // Issue 39: without a body (the legacy client) the bare array its edit-audience page reads as
    // response.data[0].name; the same panels as the object's.
    const bare = (await post(`/studies/${sid}/audience/overview `, token)).json();
    expect(bare).toEqual(audience.panels);
    expect(bare[0]).toMatchObject({ name: 'Northstar UK', code: 'nsp', success_redirect_url: PANEL.success_redirect_url, participant_insert_parameter: 'rid' });
    const overview = (await post(`/studies/${sid}/overview`, token)).json();
    expect(overview.audience_overview.panels).toEqual([{ id: p.id, name: 'Northstar UK', code: 'nsp' }]);
    expect((await post(`/studies/${sid}/audience/${p.id}/delete`, token)).json()).toEqual({ success: true });
    expect((await post(`/studies/${sid}/audience/${p.id}/details`, token)).statusCode).toBe(404);
    expect((await post(`/studies/${sid}/audience/overview`, token, {})).json()).toMatchObject({ panels: [], data: null });
    expect((await post(`/studies/${sid}/audience/overview`, token)).json()).toEqual([]);
    const kinds = (await post(`/studies/${sid}/timeline`, token)).json().data.map((e: { text: string }) => e.text);
    expect(kinds).toEqual(['Study created', "Panel 'Northstar' added", "Panel 'Northstar UK' edited", "Panel 'Northstar UK' removed"]);
  });

  it('answers every blank field with its message (D2-041)', async () => {
    const res = await post(`/studies/${ids['Panel study']}/audience/create`, token, {
      name: ' ', code: '', success_redirect_url: '', screenout_redirect_url: '', quota_full_redirect_url: '', participant_insert_parameter: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'Name required', code: 'Code required', success_redirect_url: 'Complete redirect required',
      screenout_redirect_url: 'disqualify redirect required', quota_full_redirect_url: 'Overquota redirect required',
      participant_insert_parameter: 'Parameter required',
    });
    expect((await post(`/studies/${ids['Panel study']}/audience/create`, token, { name: 'x' })).statusCode).toBe(400);
    expect((await post(`/studies/${ids['Panel study']}/audience/create`, token, { ...PANEL, participant_insert_parameter: 'sig' })).statusCode).toBe(400);
  });

  it('issue 35: redirects must be http(s) URLs ("not a url", javascript:, data:, ftp:) on create and edit; nothing is written', async () => {
    const sid = ids['Panel study'];
    const before = (await post(`/studies/${sid}/audience/overview`, token, {})).json().panels.length;
    const res = await post(`/studies/${sid}/audience/create`, token, {
      ...PANEL, success_redirect_url: 'not a url', screenout_redirect_url: 'javascript:alert(1)', quota_full_redirect_url: 'data:text/html,hi',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      success_redirect_url: 'Please enter a valid URL', screenout_redirect_url: 'Please enter a valid URL', quota_full_redirect_url: 'Please enter a valid URL',
    });
    expect((await post(`/studies/${sid}/audience/create`, token, { ...PANEL, quota_full_redirect_url: 'ftp://panel.example/full' })).json().errors)
      .toEqual({ quota_full_redirect_url: 'Please enter a valid URL' });
    expect((await post(`/studies/${sid}/audience/overview`, token, {})).json().panels).toHaveLength(before);
    const made = await post(`/studies/${sid}/audience/create`, token, { ...PANEL, success_redirect_url: 'http://panel.example/done?x=1' });
    expect(made.statusCode).toBe(200);
    const id = made.json().panel.id;
    const edit = await post(`/studies/${sid}/audience/${id}/edit`, token, { ...PANEL, success_redirect_url: ' javascript:void(0)' });
    expect(edit.json().errors).toEqual({ success_redirect_url: 'Please enter a valid URL' });
    expect((await post(`/studies/${sid}/audience/${id}/details`, token)).json().panel.success_redirect_url).toBe('http://panel.example/done?x=1');
    await post(`/studies/${sid}/audience/${id}/delete`, token);
  });

  it("never touches a panel of another study, even of the same company", async () => {
    const [p] = await database.db.insert(panel).values({ studyId: ids['Live study'], name: 'Live panel', code: 'lp' }).returning();
    for (const action of ['details', 'edit', 'delete']) {
      const res = await post(`/studies/${ids['Panel study']}/audience/${p.id}/${action}`, token, action === 'edit' ? PANEL : undefined);
      expect(res.statusCode, action).toBe(404);
    }
    expect((await post(`/studies/${ids['Live study']}/audience/${p.id}/details`, otherToken)).statusCode).toBe(404);
    await database.db.delete(panel).where(eq(panel.id, p.id));
  });
});

describe('links (D2-048, D2-049)', () => {
  it('answers signed take-study links per cell and per panel that verify and cannot be moved to another study', async () => {
    const sid = ids['Phase study'];
    await post(`/studies/${sid}/audience/create`, token, PANEL);
    const res = await app.inject({ method: 'POST', url: `/v1.0/studies/${sid}/links `, headers: authHeaders(token) });
    expect(res.statusCode).toBe(200);
    const { testing_links: testing, live_links: live } = res.json();
    expect(testing.standard).toMatch(new RegExp(`^http://localhost(:\\d+)?/take/${sid}\\?test=1&sig=[\\w-]{22}$`));
    expect(live.standard).not.toContain('test=1');
    expect(testing.cell_links.map((c: { cell_id: number }) => c.cell_id)).toEqual([ids.c1, ids.c2]);
    expect(testing.panel_links).toHaveLength(1);
    expect(testing.panel_links[0].panel_name).toBe('Northstar');
    expect(testing.panel_links[0].standard).toMatch(/&rid=$/);
    expect(testing.panel_links[0].cell_links).toHaveLength(2);
    const secret = await takeLinkSecret(database.db);
    const cellLink = live.panel_links[0].cell_links[1].standard;
    expect(verifyTakeLink(secret, `${cellLink}R123`)).toEqual({ studyId: sid, cellId: ids.c2, panelId: testing.panel_links[0].panel_id, test: false });
    // Issue 39: each cell link also carries the cell's short name and its auto-start address (the
    // legacy links table's headings and per-cell live link), the panel's parameter still last.
    const cells = await database.db.select({ id: cell.id, shortName: cell.shortName }).from(cell).where(eq(cell.studyId, sid));
    for (const c of [...testing.cell_links, ...live.panel_links[0].cell_links]) {
      expect(c.short_name).toBe(cells.find((x) => x.id === c.cell_id)!.shortName);
      expect(c.auto_start).toBe(c.standard.replace(/(&rid=)?$/, (tail: string) => `&autostart=1${tail}`));
    }
    const autoStart = live.panel_links[0].cell_links[1].auto_start;
    expect(autoStart).toMatch(/&autostart=1&rid=$/);
    expect(verifyTakeLink(secret, `${autoStart}R123`)).toEqual({ studyId: sid, cellId: ids.c2, panelId: testing.panel_links[0].panel_id, test: false });
    expect(verifyTakeLink(secret, cellLink.replace(`/take/${sid}?`, `/take/${ids['Live study']}?`))).toBeNull();
    expect(verifyTakeLink(secret, cellLink.replace(`cell=${ids.c2}`, `cell=${ids.c1}`))).toBeNull();
    expect(verifyTakeLink(secret, testing.standard.replace('test=1&', ''))).toBeNull();
    // Stable per study.
    const again = (await post(`/studies/${sid}/links`, token)).json();
    expect(again.testing_links).toEqual(testing);
  });
});

describe('files (D2-050)', () => {
  it('answers name, description, type and a signed url (external links as they are)', async () => {
    const res = await post(`/studies/${ids['Live study']}/files`, token);
    const data = res.json().data;
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({ name: 'Brief', description: 'The brief', type: 'txt' });
    expect(data[0].url).toMatch(/^\/files\/c\/acme\/brief\.txt\?expires=\d+&sig=/);
    expect(data[1].url).toBe('https://docs.example/deck');
  });
});

describe('phases follow facts and move forward only (D2-027)', () => {
  it('stays in set-up until cells with steps and a panel exist and a run-through or test session has run', async () => {
    const sid = ids['Phase study'];
    // A panel exists (links test) but nothing ran yet.
    expect((await post(`/studies/${sid}/overview`, token)).json().phase_id).toBe(1);
    await database.db.insert(participant).values({ studyId: sid, reference: 't1', sessionId: 'test-1', isTest: true });
    const qa = (await post(`/studies/${sid}/overview`, token)).json();
    expect(qa).toMatchObject({ phase_id: 2, phase_name: 'Quality Assurance' });
    // Counted live sessions sent through the collection API, before any launch: data collection, live.
    await database.db.insert(participant).values({ studyId: sid, reference: 'r1', sessionId: 'live-1', createdAt: new Date('2026-02-01T10:00:00Z') });
    const dc = (await post(`/studies/${sid}/overview`, token)).json();
    expect(dc).toMatchObject({ phase_id: 3, live: true, status: 'live', data_collection_start: '2026-02-01T10:00:00.000Z', data_collection_end: null });
    expect(dc.has_results).toBe(true);
    // A planned end passing does not end fieldwork (issue 35): the researcher closes it.
    await database.db.update(study).set({ proposedDataCollectionEnd: new Date('2026-02-10T00:00:00Z') }).where(eq(study.id, sid));
    expect((await post(`/studies/${sid}/overview`, token)).json().phase_id).toBe(3);
    // A super user closes fieldwork: analysis, not live, the actual end recorded.
    expect((await post(`/studies/${sid}/phase`, rootToken, { phase_id: 4 }, acme.id)).statusCode).toBe(200);
    const analysis = (await post(`/studies/${sid}/overview`, token)).json();
    expect(analysis).toMatchObject({ phase_id: 4, live: false, completed: false, status: 'processing' });
    expect(analysis.data_collection_end).not.toBeNull();
    // Facts going away never move it back.
    await database.db.delete(participant).where(eq(participant.studyId, sid));
    expect((await post(`/studies/${sid}/overview`, token)).json().phase_id).toBe(4);
    const timeline = (await post(`/studies/${sid}/timeline`, token)).json().data as { text: string; at: string }[];
    // The move to data collection is dated at the first live session, not when the overview was read (issue 35).
    expect(timeline.find((e) => e.text === 'Phase changed: Quality Assurance → Data Collection')!.at).toBe('2026-02-01T10:00:00.000Z');
    const texts = timeline.map((e) => e.text);
    expect(texts).toEqual(expect.arrayContaining([
      'First live session received', 'Phase changed: Setup → Quality Assurance',
      'Phase changed: Quality Assurance → Data Collection', 'Phase changed: Data Collection → Analysis & Reporting',
    ]));
  });

  it('lets only a super user advance a phase, forward only', async () => {
    const sid = ids['Early study'];
    expect((await post(`/studies/${sid}/phase`, token, { phase_id: 4 })).statusCode).toBe(403);
    expect((await post(`/studies/${sid}/phase`, rootToken, { phase_id: 2 }, acme.id)).statusCode).toBe(409);
    expect((await post(`/studies/${sid}/phase`, rootToken, { phase_id: 5 }, acme.id)).statusCode).toBe(400);
    const ok = await post(`/studies/${sid}/phase`, rootToken, { phase_id: 3 }, acme.id);
    expect(ok.json()).toEqual({ success: true, phase_id: 3 });
  });
});

describe('overview (D2-024, D2-025)', () => {
  it('answers every field of §3.1 and what the legacy client reads', async () => {
    const o = (await app.inject({ method: 'POST', url: `/v1.0/studies/${ids['Phase study']}/overview `, headers: authHeaders(token) })).json();
    expect(o).toMatchObject({
      success: true, study_name: 'Phase study', language: 'English', environment: 'Webcam', media: 'Display',
      cell_step_stim_overview: { cell_count: 2, stim_count: 1, step_count: 2 },
      survey_overview: { has_survey: false, has_demographics: false, num_questions: 0 },
      has_files: false, user_email: 'res@acme.example', subscribed: false,
      stims: [{ name: 'A very long stim name indeed' }],
    });
    expect(o.actions.map((a: { type: string }) => a.type)).toEqual(['live', 'completed', 'results']);
    expect(typeof o.status).toBe('string');
  });
});

describe('subscribe, complete and the outbox (D2-030, D2-033)', () => {
  it("subscribes with the user's e-mail (idempotent), shown among the action's assignees", async () => {
    const sid = ids['Live study'];
    const res = await post(`/studies/${sid}/assign_to_action`, token);
    expect(res.json()).toMatchObject({ success: true, subscribed: true, email: 'res@acme.example' });
    await post(`/studies/${sid}/assign_to_action`, token, {});
    const o = (await post(`/studies/${sid}/overview`, token)).json();
    expect(o.subscribed).toBe(true);
    for (const a of o.actions) expect(a.assignments).toEqual([{ email: 'res@acme.example' }]);
    expect((await post(`/studies/${sid}/assign_to_action`, token, { action_ids: [999] })).statusCode).toBe(400);
  });

  it('completes a live study in one change (live false, completed true, phase 5); a second complete is 409 and changes nothing', async () => {
    const sid = ids['Live study'];
    const res = await post(`/studies/${sid}/complete`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, phase_id: 5, live: false, completed: true });
    const [row] = await database.db.select().from(study).where(eq(study.id, sid));
    expect(row).toMatchObject({ live: false, completed: true, phaseId: 5 });
    const again = await post(`/studies/${sid}/complete`, token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: 'The study is already complete' });
    const events = (await post(`/studies/${sid}/timeline`, token)).json().data.filter((e: { kind: string }) => e.kind === 'completed');
    expect(events).toHaveLength(1);
    // One notification per subscriber; without SMTP the outbox is the record.
    const outbox = await database.db.select().from(notificationOutbox).where(eq(notificationOutbox.studyId, sid));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ email: 'res@acme.example', status: 'recorded', subject: 'Live study: the study is complete' });
    expect((await post(`/studies/${sid}/overview`, token)).json()).toMatchObject({ status: 'completed', phase_id: 5 });
  });

  it('refuses to complete a study before data collection (409)', async () => {
    const res = await post(`/studies/${ids['Panel study']}/complete`, token);
    expect(res.statusCode).toBe(409);
    const [row] = await database.db.select().from(study).where(eq(study.id, ids['Panel study']));
    expect(row).toMatchObject({ completed: false, phaseId: 1 });
  });

  it('completes once when two requests race', async () => {
    const sid = ids['Early study']; // phase 3 after the super-user test
    const [a, b] = await Promise.all([post(`/studies/${sid}/complete`, token), post(`/studies/${sid}/complete`, token)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });
});

describe('run-throughs (D2-034, D2-035)', () => {
  it('lets only super users order one; it is recorded with who and when, queued for the run-through job', async () => {
    const sid = ids['Setup study'];
    const refused = await post(`/studies/${sid}/order_study_runthrough`, token);
    expect(refused.statusCode).toBe(403);
    expect(await database.db.select().from(runThrough).where(eq(runThrough.studyId, sid))).toHaveLength(0);
    const ok = await post(`/studies/${sid}/order_study_runthrough`, rootToken, undefined, acme.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().run_through).toMatchObject({ status: 'queued', result: null, requested_by: 'root@provider.example', is_test: true });
    const list = (await post(`/studies/${sid}/studyrunthroughs`, token)).json();
    expect(list.data).toHaveLength(1);
    // The job moves it on at once (its outcomes: server/test/routes/run-through.test.ts); never a made-up pass here.
    expect(['queued', 'running', 'failed']).toContain(list.data[0].status);
    // The phase stays where it was.
    expect((await post(`/studies/${sid}/overview`, token)).json().phase_id).toBe(1);
  });
});

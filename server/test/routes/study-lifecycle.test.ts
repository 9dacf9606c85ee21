// A study's whole life through the API (issue 35 items 1, 4 and 8): launch with the checks the
// phase rules know (each unmet one named, an override for super users), pause and resume, complete;
// every change in the timeline with who and when, in the outbox for subscribers, in the status and
// the study list's Live / Completed filters; one definition of the fieldwork dates (actual start =
// first counted live session, actual end = completion) in the overview, the list and the timeline;
// the overview's stim count = the Study Specific Stims list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { seedReference } from '../../seed/reference.js';
import { cell, notificationOutbox, stim, study } from '../../db/schema/index.js';
import { authHeaders, createCompany, createUser, signIn } from '../fixtures.js';
import { ingestSession } from '../../services/ingest.js';
import { buildStudy, oneSession, type AnalyticsStudy } from '../analytics/study-fixture.js';

let app: FastifyInstance;
let database: Database;
let token: string; // acme researcher
let otherToken: string; // northwind researcher
let rootToken: string; // provider super user
let vendorToken: string;
let acme: { id: number };
let built: AnalyticsStudy;
const ids: Record<string, number> = {};

const PANEL = {
  name: 'Northstar', code: 'nsp', success_redirect_url: 'https://ns.example/ok', screenout_redirect_url: 'https://ns.example/so',
  quota_full_redirect_url: 'https://ns.example/qf', participant_insert_parameter: 'rid',
};

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

  // A study set up in the product: two cells with steps, stims placed and one made for it but not placed.
  built = await buildStudy(db, { companyId: acme.id, completed: false });
  ids.main = built.studyId;
  await db.update(study).set({ phaseId: 1, live: false, completed: false, name: 'Summer launch' }).where(eq(study.id, built.studyId));
  await db.update(stim).set({ studyId: built.studyId }).where(eq(stim.id, built.foreignStimId));

  const mk = async (name: string, extra: Partial<typeof study.$inferInsert> = {}) => {
    const [s] = await db.insert(study).values({ companyId: acme.id, name, mediaId: 1, environmentId: 1, languageId: 1, locationId: 1, ...extra }).returning();
    ids[name] = s.id;
    return s.id;
  };
  await mk('Empty study');
  await mk('Half study');
  await db.insert(cell).values([
    { studyId: ids['Half study'], name: 'Cell with nothing', shortName: 'N', position: 0 },
  ]);
  await mk('Override study');
  await mk('Done study', { phaseId: 5, completed: true, dataCollectionEnd: new Date('2025-05-01T00:00:00Z') });
  await mk('Legacy study', { phaseId: 3, live: false });
});
afterAll(async () => { await app.close(); await database.close(); });

const post = (path: string, t: string, payload?: unknown, companyId?: number) =>
  app.inject({ method: 'POST', url: `/v1.0${path}`, headers: authHeaders(t, companyId), ...(payload === undefined ? {} : { payload: payload as object }) });
const overview = async (sid: number) => (await post(`/studies/${sid}/overview`, token)).json();
const timeline = async (sid: number) => (await post(`/studies/${sid}/timeline`, token)).json().data as { kind: string; text: string; at: string; by: string | null }[];
const row = async (sid: number) => (await database.db.select().from(study).where(eq(study.id, sid)))[0];
const listed = async (filter: Record<string, unknown> = {}) =>
  ((await post('/studies', token, { results_per_page: 100, page_num: 1, ...filter })).json().data as {
    study_id: number; live: boolean; paused: boolean; completed: boolean; data_collection_start: string | null; data_collection_end: string | null;
  }[]);

describe('launch checks (issue 35 item 1)', () => {
  it('refuses a launch with 409 naming every unmet check, and changes nothing', async () => {
    const empty = await post(`/studies/${ids['Empty study']}/launch`, token);
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toEqual({
      success: false, message: 'The study cannot be launched yet',
      errors: {
        cells: 'Add a cell to the study', steps: 'Add a cell with steps', panel: 'Add a panel in Edit audience',
        test_run: 'Run the study through once: a passed run-through or a completed test session',
      },
    });
    const half = (await post(`/studies/${ids['Half study']}/launch`, token)).json();
    expect(half.errors.steps).toBe("Cell 'Cell with nothing' has no steps");
    expect(half.errors.cells).toBeUndefined();
    expect(await row(ids['Empty study'])).toMatchObject({ phaseId: 1, live: false, paused: false, completed: false });
    expect((await timeline(ids['Empty study'])).map((e) => e.kind)).toEqual(['created']);
  });

  it('lists each check in the overview, passed or with why not', async () => {
    const o = await overview(ids.main);
    expect(o.launch_checks).toEqual([
      { id: 'cells', label: 'The study has at least one cell', passed: true, message: null },
      { id: 'steps', label: 'Every cell has steps', passed: true, message: null },
      { id: 'panel', label: 'A panel exists', passed: false, message: 'Add a panel in Edit audience' },
      { id: 'test_run', label: 'A test run passed', passed: false, message: 'Run the study through once: a passed run-through or a completed test session' },
    ]);
    expect(o).toMatchObject({ status: 'processing', live: false, paused: false, completed: false, phase_id: 1 });
  });

  it('lets only a super user override unmet checks; the timeline names what was overridden and who', async () => {
    const sid = ids['Override study'];
    const refused = await post(`/studies/${sid}/launch`, token, { override: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, message: 'Only super users may launch a study whose checks are unmet' });
    expect((await row(sid)).live).toBe(false);
    const ok = await post(`/studies/${sid}/launch`, rootToken, { override: true }, acme.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, phase_id: 3, live: true, paused: false, completed: false });
    const launched = (await timeline(sid)).find((e) => e.kind === 'launched')!;
    expect(launched.text).toBe('Study launched, checks overridden: The study has at least one cell; Every cell has steps; A panel exists; A test run passed');
    expect(launched.by).toBe('root@provider.example');
  });

  it('refuses to launch a study twice or a completed one (409)', async () => {
    const again = await post(`/studies/${ids['Override study']}/launch`, rootToken, { override: true }, acme.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The study is already launched');
    const done = await post(`/studies/${ids['Done study']}/launch`, token);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe('The study is already complete');
  });

  it('opens the links of a study in data collection that was never live, without a second phase change', async () => {
    const sid = ids['Legacy study'];
    const res = await post(`/studies/${sid}/launch`, rootToken, { override: true }, acme.id);
    expect(res.json()).toEqual({ success: true, phase_id: 3, live: true, paused: false, completed: false });
    expect((await timeline(sid)).map((e) => e.kind)).toEqual(['created', 'launched']);
  });

  it('answers 404 to another company and 403 to batch users, for every life-cycle call', async () => {
    for (const action of ['launch', 'pause', 'resume', 'complete']) {
      expect((await post(`/studies/${ids.main}/${action}`, otherToken)).statusCode, action).toBe(404);
      expect((await post(`/studies/${ids.main}/${action}`, vendorToken)).statusCode, action).toBe(403);
    }
    expect(await row(ids.main)).toMatchObject({ phaseId: 1, live: false, paused: false, completed: false });
  });
});

describe('a study runs its whole life (issue 35 items 1 and 4)', () => {
  it('launches once set up: Setup → QA → Data Collection, live, in the timeline with who, subscribers told', async () => {
    const sid = ids.main;
    expect((await post(`/studies/${sid}/assign_to_action`, token)).statusCode).toBe(200);
    expect((await post(`/studies/${sid}/audience/create`, token, PANEL)).statusCode).toBe(200);
    // A test session that completed: the test run passed.
    const test = oneSession(built, 'test-1');
    test.participant = { ...test.participant, is_test: true };
    await ingestSession(database.db, test);
    expect((await overview(sid)).launch_checks.every((c: { passed: boolean }) => c.passed)).toBe(true);

    const res = await post(`/studies/${sid}/launch`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, phase_id: 3, live: true, paused: false, completed: false });
    const t = await timeline(sid);
    const mine = t.filter((e) => e.by === 'res@acme.example').map((e) => e.text);
    expect(mine).toEqual(expect.arrayContaining([
      'Phase changed: Quality Assurance → Data Collection', 'Study launched',
    ]));
    expect(t.some((e) => e.text === 'Phase changed: Setup → Quality Assurance')).toBe(true);
    const o = await overview(sid);
    expect(o).toMatchObject({ status: 'live', live: true, paused: false, phase_id: 3, data_collection_start: null, data_collection_end: null });
    const outbox = await database.db.select().from(notificationOutbox).where(eq(notificationOutbox.studyId, sid));
    expect(outbox.map((m) => m.subject)).toContain('Summer launch: the study is live');
    expect((await listed({ filter_live: '1' })).map((s) => s.study_id)).toContain(sid);
  });

  it('dates fieldwork from the first counted live session, the same in the overview, the list and the timeline', async () => {
    const sid = ids.main;
    await ingestSession(database.db, oneSession(built, 'live-1'));
    const start = (await row(sid)).dataCollectionStart!;
    expect(start).toBeInstanceOf(Date);
    // A later session does not move the start.
    await ingestSession(database.db, oneSession(built, 'live-2'));
    expect((await row(sid)).dataCollectionStart!.toISOString()).toBe(start.toISOString());
    const o = await overview(sid);
    expect(o.data_collection_start).toBe(start.toISOString());
    expect(o.data_collection_end).toBeNull();
    const inList = (await listed()).find((s) => s.study_id === sid)!;
    expect(inList.data_collection_start).toBe(start.toISOString());
    expect(inList.data_collection_end).toBeNull();
    expect((await timeline(sid)).find((e) => e.kind === 'first_live_session')!.at).toBe(start.toISOString());
  });

  it('pauses and resumes: live stays true (the Live filter lists it), paused follows, each change in the timeline and the outbox', async () => {
    const sid = ids.main;
    const paused = await post(`/studies/${sid}/pause`, token);
    expect(paused.json()).toEqual({ success: true, phase_id: 3, live: true, paused: true, completed: false });
    expect(await overview(sid)).toMatchObject({ status: 'paused', live: true, paused: true });
    const inLive = (await listed({ filter_live: '1' })).find((s) => s.study_id === sid)!;
    expect(inLive).toMatchObject({ live: true, paused: true, completed: false });
    expect((await listed({ filter_live: '0' })).map((s) => s.study_id)).not.toContain(sid);
    const twice = await post(`/studies/${sid}/pause`, token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('The study is already paused');

    expect((await post(`/studies/${sid}/resume`, token)).json()).toEqual({ success: true, phase_id: 3, live: true, paused: false, completed: false });
    const again = await post(`/studies/${sid}/resume`, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The study is not paused');
    const t = await timeline(sid);
    expect(t.filter((e) => e.kind === 'paused' || e.kind === 'resumed').map((e) => [e.text, e.by])).toEqual([
      ['Fieldwork paused', 'res@acme.example'], ['Fieldwork resumed', 'res@acme.example'],
    ]);
    const subjects = (await database.db.select().from(notificationOutbox).where(eq(notificationOutbox.studyId, sid))).map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Summer launch: fieldwork is paused', 'Summer launch: fieldwork has resumed']));
  });

  it('refuses to pause a study that is not live (409)', async () => {
    const res = await post(`/studies/${ids['Half study']}/pause`, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a live study can be paused');
  });

  it('completes a paused study: not live, not paused, completed, the actual end = the completion, everywhere the same', async () => {
    const sid = ids.main;
    await post(`/studies/${sid}/pause`, token);
    const res = await post(`/studies/${sid}/complete`, token);
    expect(res.statusCode).toBe(200);
    const r = await row(sid);
    expect(r).toMatchObject({ live: false, paused: false, completed: true, phaseId: 5 });
    const completedAt = (await timeline(sid)).find((e) => e.kind === 'completed')!;
    expect(completedAt.by).toBe('res@acme.example');
    expect(r.dataCollectionEnd!.toISOString()).toBe(completedAt.at);
    const o = await overview(sid);
    expect(o).toMatchObject({ status: 'completed', data_collection_end: completedAt.at });
    const inList = (await listed({ filter_completed: '1' })).find((s) => s.study_id === sid)!;
    expect(inList).toMatchObject({ completed: true, live: false, paused: false, data_collection_end: completedAt.at, data_collection_start: o.data_collection_start });
    expect((await listed({ filter_live: '1' })).map((s) => s.study_id)).not.toContain(sid);
    // Nothing moves once complete.
    for (const action of ['pause', 'resume', 'launch', 'complete']) {
      expect((await post(`/studies/${sid}/${action}`, token)).statusCode, action).toBe(409);
    }
  });

  it('shows the planned dates as planned, apart from the actual ones', async () => {
    const sid = ids['Half study'];
    await post(`/studies/${sid}/edit`, token, { proposed_data_collection_start: '2026-03-02', proposed_data_collection_end: '2026-03-30' });
    const o = await overview(sid);
    expect(o).toMatchObject({
      data_collection_start: null, data_collection_end: null,
      planned_data_collection_start: '2026-03-02T00:00:00.000Z', planned_data_collection_end: '2026-03-30T00:00:00.000Z',
    });
    const inList = (await listed()).find((s) => s.study_id === sid)!;
    expect(inList).toMatchObject({ data_collection_start: null, data_collection_end: null });
  });
});

describe('overview counts match the lists they summarise (issue 35 item 8)', () => {
  it("counts and lists the Study Specific Stims tab's stims, the unplaced one made for the study included", async () => {
    const sid = ids.main;
    const o = await overview(sid);
    const tab = (await post(`/studies/${sid}/stims`, token, { results_per_page: 100, page_num: 1 })).json();
    expect(o.cell_step_stim_overview.stim_count).toBe(tab.total_count);
    expect(o.stims.map((s: { name: string }) => s.name)).toEqual(tab.data.map((s: { name: string }) => s.name));
    expect(o.stims.map((s: { name: string }) => s.name)).toContain('Elsewhere');
    // A deleted stim leaves both.
    await database.db.update(stim).set({ deletedAt: new Date() }).where(and(eq(stim.id, built.foreignStimId)));
    const after = await overview(sid);
    expect(after.cell_step_stim_overview.stim_count).toBe(tab.total_count - 1);
  });
});

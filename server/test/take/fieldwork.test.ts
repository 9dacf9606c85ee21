// Issues 35 item 3 and 36 item 3 (fieldwork), on a real database: a study that stopped collecting
// refuses live starts and late deliveries and sends the respondent back to the panel with the
// participant parameter; collection-key ingestion refuses a completed study; a panel reference
// completes a study at most once (the database refuses a second counted completion, a second
// delivery is stored as duplicate); a simulated source on a live link reserves nothing; a burst of
// starts holds cells for minutes only and is rate-limited per link and address; quota-full
// answers add no rows beyond one per panel reference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { seedReference } from '../../seed/reference.js';
import { cell, instruction, panel, participant, step, study, takeReservation, takeStart } from '../../db/schema/index.js';
import { createCompany } from '../fixtures.js';
import { takeLinkPath, type TakeLink } from '../../domain/take-link.js';
import { takeLinkSecret } from '../../services/study-links.js';
import { deliverTake, startTake, type TakeDeps, recordTakeConsent } from '../../services/take.js';
import { ingestSession } from '../../services/ingest.js';
import { countedPerCell } from '../../repositories/take.js';
import { takeDeps } from '../../routes/take/index.js';
import {
  TAKE_ALREADY_COMPLETED, TAKE_SIMULATED_LIVE, TAKE_STUDY_CLOSED, TAKE_STUDY_PAUSED, TAKE_TOO_MANY_STARTS,
} from '../../../contract/take.js';
import { consented } from './consented.js';

let app: FastifyInstance;
let database: Database;
let secret: string;
const ids: Record<string, number> = {};
const KEY = 'fieldwork-collection-key';

beforeAll(async () => {
  ({ app, database } = await testApp());
  const db = database.db;
  await seedReference(db);
  const acme = await createCompany(db, { name: 'Acme' });
  const [ins] = await db.insert(instruction).values({ companyId: acme.id, name: 'Welcome', text: 'Hello' }).returning();
  const mk = async (name: string, extra: Partial<typeof study.$inferInsert> = {}, cells = 1) => {
    const id = (await db.insert(study).values({
      companyId: acme.id, name, live: true, phaseId: 3, collectionKeyHash: createHash('sha256').update(KEY).digest('hex'), ...extra,
    }).returning())[0].id;
    const made = await db.insert(cell).values(Array.from({ length: cells }, (_, i) => ({ studyId: id, name: `Cell ${i}`, shortName: `C${i}`, position: i }))).returning();
    ids[`${name}Cell`] = made[0].id;
    ids[`${name}Step`] = (await db.insert(step).values({ studyId: id, cellId: made[0].id, position: 0, stepType: 'instruction', instructionId: ins.id }).returning())[0].id;
    ids[`${name}Panel`] = (await db.insert(panel).values({
      studyId: id, name: 'Northstar', code: `ns-${name}`, successRedirectUrl: 'https://ns.example/ok', screenoutRedirectUrl: 'https://ns.example/so',
      quotaFullRedirectUrl: 'https://ns.example/qf', participantInsertParameter: 'rid',
    }).returning())[0].id;
    ids[name] = id;
    return id;
  };
  await mk('paused', { paused: true });
  await mk('late');
  await mk('latePaused');
  await mk('collect');
  await mk('once');
  await mk('burst', { participantsRequested: 3 }, 3);
  await mk('limit');
  await mk('qf', { participantsRequested: 1 });
  secret = await takeLinkSecret(db, app.config.urlSecret);
});
afterAll(async () => { await app.close(); await database.close(); });

/** The query of a take link of `name`'s study through its panel, with the respondent's reference. */
const q = (name: string, reference?: string, l: Partial<TakeLink> = {}) => {
  const path = takeLinkPath(secret, { studyId: ids[name], cellId: null, panelId: ids[`${name}Panel`], test: false, ...l }, 'rid');
  return `${path.slice(path.indexOf('?'))}${reference ?? ''}`;
};
const start = async (name: string, query: string, remoteAddress = '203.0.113.7') =>
  consented(app, ids[name], await app.inject({ method: 'POST', url: `/v1.0/take/${ids[name]}/start`, payload: { query }, remoteAddress }));
const deliver = (name: string, body: object) => app.inject({ method: 'POST', url: `/v1.0/take/${ids[name]}/session`, payload: body });
const quality = (name: string, body: object) => app.inject({ method: 'POST', url: `/v1.0/take/${ids[name]}/quality`, payload: body });
const done = (name: string, token: string) => ({ token, status: 'complete', gaze_source: 'mouse', connection_speed_kbps: 9000, steps: [{ step_id: ids[`${name}Step`], page_dwell_ms: 1500, stims: [] }] });
const rowsOf = (name: string) => database.db.select().from(participant).where(eq(participant.studyId, ids[name]));
const reservations = (name: string) => database.db.select().from(takeReservation).where(eq(takeReservation.studyId, ids[name]));
const setStudy = (name: string, values: Partial<typeof study.$inferInsert>) => database.db.update(study).set(values).where(eq(study.id, ids[name]));

describe('a study that is not collecting sends the respondent back to the panel (issue 35 item 3)', () => {
  it('a paused study answers state paused with the panel redirect and the participant parameter; nothing reserved or stored', async () => {
    const res = await start('paused', q('paused', 'P-1'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'paused', message: TAKE_STUDY_PAUSED, redirect_url: 'https://ns.example/qf?rid=P-1', reference: 'P-1', token: null, cell_id: null, steps: [],
    });
    expect(await reservations('paused')).toEqual([]);
    expect(await rowsOf('paused')).toEqual([]);
    // Its test link still plays (a researcher checks a paused study).
    expect((await start('paused', q('paused', 'T-1', { test: true }))).json().state).toBe('run');
  });

  it('a completed study answers state closed, redirected with the parameter', async () => {
    await setStudy('paused', { paused: false, live: false, completed: true });
    expect((await start('paused', q('paused', 'P-2'))).json()).toMatchObject({
      state: 'closed', message: TAKE_STUDY_CLOSED, redirect_url: 'https://ns.example/qf?rid=P-2',
    });
  });

  it('a session started while live and delivered after "Complete study" is refused: status closed, nothing stored or counted, reservation released', async () => {
    const run = (await start('late', q('late', 'L-1'))).json();
    const stored = (await start('late', q('late', 'L-0'))).json();
    // One delivered before the completion: its retry afterwards answers as stored.
    const first = await deliver('late', done('late', stored.token));
    expect(first.json()).toMatchObject({ status: 'complete', duplicate: false });
    expect(await reservations('late')).toHaveLength(1);
    await setStudy('late', { live: false, completed: true });
    const res = await deliver('late', done('late', run.token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true, duplicate: false, participant_id: null, status: 'closed', message: TAKE_STUDY_CLOSED,
      redirect_url: 'https://ns.example/qf?rid=L-1', failures: [],
    });
    expect((await rowsOf('late')).map((r) => r.reference)).toEqual(['L-0']);
    expect(await reservations('late')).toEqual([]);
    expect((await deliver('late', done('late', stored.token))).json()).toMatchObject({ duplicate: true, status: 'complete', participant_id: first.json().participant_id });
    // The quality gate refuses too (not as a quality failure): nothing stored.
    const gate = await quality('late', { token: run.token, stage: 'connection', gaze_source: 'mouse', connection_speed_kbps: 9000 });
    expect(gate.json()).toMatchObject({ pass: false, refused: 'closed', message: TAKE_STUDY_CLOSED, failures: [], participant_id: null, redirect_url: 'https://ns.example/qf?rid=L-1' });
    expect(await rowsOf('late')).toHaveLength(1);
  });

  it('a session delivered after the study was paused is refused with status paused; a test session is still stored', async () => {
    const run = (await start('latePaused', q('latePaused', 'LP-1'))).json();
    const test = (await start('latePaused', q('latePaused', 'LP-T', { test: true }))).json();
    await setStudy('latePaused', { paused: true });
    expect((await deliver('latePaused', done('latePaused', run.token))).json()).toMatchObject({
      status: 'paused', message: TAKE_STUDY_PAUSED, participant_id: null, redirect_url: 'https://ns.example/qf?rid=LP-1',
    });
    expect((await deliver('latePaused', done('latePaused', test.token))).json()).toMatchObject({ status: 'complete', duplicate: false });
    expect((await rowsOf('latePaused')).map((r) => [r.reference, r.isTest])).toEqual([['LP-T', true]]);
  });

  it('collection-key ingestion on a completed study: 409 and nothing stored; the retry of a stored session answers duplicate', async () => {
    const session = (sid: string, reference: string, isTest = false) => ({
      study_id: ids.collect, session_id: sid,
      participant: {
        reference, cell_id: ids.collectCell, panel_id: ids.collectPanel, has_eyetracking: false, status: 'complete', is_test: isTest, consented_at: '2026-11-20T10:00:00Z',
      },
      steps: [],
    });
    const collect = (body: object) => app.inject({ method: 'POST', url: '/v1.0/collect/session', headers: { 'x-collection-key': KEY }, payload: body });
    const before = await collect(session('c-1', 'C-1'));
    expect(before.json()).toMatchObject({ duplicate: false });
    await setStudy('collect', { live: false, completed: true });
    const late = await collect(session('c-2', 'C-2'));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ success: false, message: 'This study is completed: it no longer collects responses' });
    expect((await collect(session('c-1', 'C-1'))).json()).toEqual({ success: true, duplicate: true, participant_id: before.json().participant_id });
    expect((await collect(session('c-3', 'C-3', true))).statusCode).toBe(200);
    expect((await rowsOf('collect')).map((r) => r.reference).sort()).toEqual(['C-1', 'C-3']);
  });
});

describe('a panel reference completes a study at most once (issues 35 item 3, 36 item 3)', () => {
  it('two sessions of one reference: the second completion is stored as duplicate, never counted, and sent to the screen-out redirect', async () => {
    const a = (await start('once', q('once', 'R-1'))).json();
    const b = (await start('once', q('once', 'R-1'))).json();
    expect([a.state, b.state]).toEqual(['run', 'run']);
    expect((await deliver('once', done('once', a.token))).json()).toMatchObject({ status: 'complete', redirect_url: 'https://ns.example/ok?rid=R-1' });
    const second = await deliver('once', done('once', b.token));
    expect(second.json()).toMatchObject({
      status: 'duplicate', duplicate: false, message: TAKE_ALREADY_COMPLETED, redirect_url: 'https://ns.example/so?rid=R-1',
    });
    expect((await rowsOf('once')).map((r) => r.status).sort()).toEqual(['complete', 'duplicate']);
    expect(await countedPerCell(database.db, ids.once)).toEqual(new Map([[ids.onceCell, 1]]));
    // A third start of the reference is told at once, before any step: nothing reserved or stored.
    expect((await start('once', q('once', 'R-1'))).json()).toMatchObject({ state: 'duplicate', redirect_url: 'https://ns.example/so?rid=R-1', token: null });
    expect(await reservations('once')).toEqual([]);
  });

  it('sessions of one reference arriving together (one ingestion group) count once', async () => {
    const body = (sid: string) => ({
      study_id: ids.once, session_id: sid,
      participant: { reference: 'R-2', cell_id: ids.onceCell, panel_id: ids.oncePanel, has_eyetracking: false, status: 'complete' as const, is_test: false },
      steps: [],
    });
    const results = await Promise.all(['g-1', 'g-2', 'g-3'].map((sid) => ingestSession(database.db, body(sid))));
    expect(results.map((r) => r.status).sort()).toEqual(['complete', 'duplicate', 'duplicate']);
    const rows = await database.db.select().from(participant).where(and(eq(participant.studyId, ids.once), eq(participant.reference, 'R-2')));
    expect(rows.filter((r) => r.status === 'complete')).toHaveLength(1);
  });

  it('the database itself refuses a second counted completion of a reference (participant_complete_reference_uq)', async () => {
    const row = { studyId: ids.once, cellId: ids.onceCell, panelId: ids.oncePanel, reference: 'R-3', status: 'complete', isTest: false };
    await database.db.insert(participant).values({ ...row, sessionId: 'db-1' });
    await expect(database.db.insert(participant).values({ ...row, sessionId: 'db-2' })).rejects.toThrow();
    // Test sessions, screen-outs and other panels' references are not completions of it.
    await database.db.insert(participant).values([
      { ...row, sessionId: 'db-3', isTest: true }, { ...row, sessionId: 'db-4', status: 'screenout' }, { ...row, sessionId: 'db-5', panelId: null },
    ]);
  });
});

describe('a simulated gaze source on a live link is refused at the start (issue 35 item 6)', () => {
  it('403 with its own message; no reservation, no respondent row', async () => {
    const res = await start('limit', `${q('limit', 'S-1')}&source=simulated`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: TAKE_SIMULATED_LIVE });
    expect(await reservations('limit')).toEqual([]);
    expect(await rowsOf('limit')).toEqual([]);
    expect(await database.db.select().from(takeStart).where(eq(takeStart.studyId, ids.limit))).toEqual([]);
    // Its test link may use it (automated run-throughs).
    expect((await start('limit', `${q('limit', 'S-1', { test: true })}&source=simulated`)).json().state).toBe('run');
  });
});

describe('fieldwork links cannot be exhausted (issue 36 item 3)', () => {
  it('a burst of starts holds its cells only for the reservation time: real respondents enter once they lapse', async () => {
    const t0 = Date.parse('2026-11-27T09:00:00Z');
    const base = takeDeps(app);
    const at = (ms: number): TakeDeps => ({ ...base, now: () => t0 + ms });
    // 49 scripted starts (quota 1 per cell over 3 cells), each from its own address so the rate limit lets them all through.
    const burst = [];
    for (let i = 0; i < 49; i++) burst.push(await startTake(at(i * 100), ids.burst, q('burst', `B-${i}`), { address: `198.51.100.${i}` }));
    const states = burst.map((o) => (o.kind === 'ok' ? o.answer.state : o.kind));
    expect(states.filter((s) => s === 'run')).toHaveLength(3);
    expect(states.filter((s) => s === 'quota_full')).toHaveLength(46);
    // While the reservations live, a real respondent is turned away...
    const early = await startTake(at(60_000), ids.burst, q('burst', 'REAL-1'), { address: '192.0.2.1' });
    expect(early.kind === 'ok' && early.answer.state).toBe('quota_full');
    // ...and once they lapse (minutes, not a day), enters.
    const later = await startTake(at(base.reservationTtlSeconds * 1000 + 60_000), ids.burst, q('burst', 'REAL-2'), { address: '192.0.2.1' });
    expect(later.kind === 'ok' && later.answer.state).toBe('run');
    expect(base.reservationTtlSeconds).toBeLessThanOrEqual(3600);
    // The real respondent's delivery counts; the lapsed reservations are gone.
    const agreed = later.kind === 'ok'
      ? await recordTakeConsent(at(base.reservationTtlSeconds * 1000 + 90_000), ids.burst, { token: later.answer.token!, agree: true, version: later.answer.consent!.version })
      : null;
    const token = agreed?.kind === 'agreed' ? agreed.token : '';
    const stored = await deliverTake(at(base.reservationTtlSeconds * 1000 + 120_000), ids.burst, { ...done('burst', token), status: 'complete', gaze_source: 'mouse', steps: [] });
    expect(stored.kind === 'ok' && stored.status).toBe('complete');
    expect(await reservations('burst')).toEqual([]);
  });

  it('quota-full answers store one row per panel reference, and none for a start without one', async () => {
    const c = (await start('qf', q('qf', 'QF-0'))).json();
    expect(c.state).toBe('run');
    await deliver('qf', done('qf', c.token));
    for (let i = 0; i < 5; i++) expect((await start('qf', q('qf', 'QF-1'), `203.0.113.${50 + i}`)).json()).toMatchObject({ state: 'quota_full', token: null, redirect_url: 'https://ns.example/qf?rid=QF-1' });
    for (let i = 0; i < 5; i++) expect((await start('qf', q('qf'), `203.0.113.${60 + i}`)).json().state).toBe('quota_full');
    expect((await rowsOf('qf')).map((r) => [r.reference, r.status]).sort()).toEqual([['QF-0', 'complete'], ['QF-1', 'quota_full']]);
  });

  it('a burst of starts beyond the limit from one address gets 429 with Retry-After; another address and the test link still start', async () => {
    const limit = app.config.take.startLimit;
    expect(limit).toBeGreaterThan(0);
    const answers = [];
    for (let i = 0; i < limit + 3; i++) answers.push(await start('limit', q('limit', `X-${i}`), '198.51.100.200'));
    expect(answers.slice(0, limit).map((r) => r.statusCode)).toEqual(Array(limit).fill(200));
    const refused = answers.slice(limit);
    expect(refused.map((r) => r.statusCode)).toEqual([429, 429, 429]);
    expect(refused[0].json()).toEqual({ success: false, message: TAKE_TOO_MANY_STARTS });
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused[0].headers['retry-after'])).toBeLessThanOrEqual(app.config.take.startWindowMinutes * 60);
    // Refused starts reserve nothing: only the allowed ones hold a cell.
    expect(await reservations('limit')).toHaveLength(limit);
    expect((await start('limit', q('limit', 'Y-1'), '198.51.100.201')).statusCode).toBe(200);
    expect((await start('limit', q('limit', 'T-1', { test: true }), '198.51.100.200')).statusCode).toBe(200);
  });

  it('the limit counts a window: after it, the same address starts again (injectable clock)', async () => {
    const t0 = Date.parse('2026-11-27T10:00:00Z');
    const deps = { ...takeDeps(app), startLimit: { limit: 2, windowSeconds: 600 } };
    const at = (ms: number) => ({ ...deps, now: () => t0 + ms });
    const go = (ms: number) => startTake(at(ms), ids.limit, q('limit', 'W'), { address: '198.51.100.77' });
    expect((await go(0)).kind).toBe('ok');
    expect((await go(1000)).kind).toBe('ok');
    const third = await go(2000);
    expect(third).toEqual({ kind: 'rate_limited', retryAfterSeconds: 598 });
    expect((await go(601_000)).kind).toBe('ok');
  });
});

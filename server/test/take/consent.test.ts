// Issue 41 item 1: informed consent before anything is collected. The start answers the study's
// consent text (the default, naming the company, stored as version 1); nothing is stored for a
// token without consent (delivery and quality gate 403); agreeing records the version and time with
// the participant; declining counts a refusal for the study and cell, releases the reservation,
// stores nothing else and sends the respondent to the panel's screen-out redirect with the
// participant parameter. The researcher's edits of the text are versioned, past versions kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { reportTestbed, createStudy, type Tenant } from '../analytics/report-fixtures.js';
import { consentRefusal, instruction, panel, participant, step, study, studyConsentText, takeReservation } from '../../db/schema/index.js';
import { takeLinkPath, type TakeLink } from '../../domain/take-link.js';
import { takeLinkSecret } from '../../services/study-links.js';
import { TAKE_CONSENT_REQUIRED, TAKE_CONSENT_VERSION } from '../../../contract/take.js';
import { defaultConsentText } from '../../domain/consent.js';
import { DETAILS_MESSAGES } from '../../../contract/study.js';

let app: FastifyInstance;
let database: Database;
let db: Db;
let t: Tenant;
let secret: string;
let companyName: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ app, database, db, t } = await reportTestbed());
  ({ studyId: ids.study, cellId: ids.cell } = await createStudy(db, { companyId: t.companyId, name: 'Consent study' }));
  await db.update(study).set({ live: true, phaseId: 3 }).where(eq(study.id, ids.study));
  ({ studyId: ids.open, cellId: ids.openCell } = await createStudy(db, { companyId: t.companyId, name: 'No consent asked' }));
  await db.update(study).set({ live: true, phaseId: 3, consentRequired: false }).where(eq(study.id, ids.open));
  for (const [s, c] of [[ids.study, ids.cell], [ids.open, ids.openCell]]) {
    const [ins] = await db.insert(instruction).values({ companyId: t.companyId, name: 'Welcome', text: 'Hello' }).returning();
    ids[`step${s}`] = (await db.insert(step).values({ studyId: s, cellId: c, position: 0, stepType: 'instruction', instructionId: ins.id }).returning())[0].id;
  }
  ids.panel = (await db.insert(panel).values({
    studyId: ids.study, name: 'Northstar', code: 'ns', successRedirectUrl: 'https://ns.example/ok', screenoutRedirectUrl: 'https://ns.example/so?x=1',
    quotaFullRedirectUrl: 'https://ns.example/qf', participantInsertParameter: 'rid',
  }).returning())[0].id;
  secret = await takeLinkSecret(db, app.config.urlSecret);
  companyName = (await app.inject({ method: 'POST', url: `/v1.0/studies/${ids.study}/details`, headers: t.headers })).json().consent_text.match(/run by (.*?), who/)[1];
});
afterAll(async () => { await app.close(); await database.close(); });

const link = (l: Partial<TakeLink> & { studyId: number }, param?: string) => takeLinkPath(secret, { cellId: null, panelId: null, test: false, ...l }, param);
const start = async (studyId: number, reference: string, test = false) => {
  const path = `${link({ studyId, panelId: studyId === ids.study ? ids.panel : null, test }, 'rid')}${studyId === ids.study ? reference : ''}`;
  const res = await app.inject({ method: 'POST', url: `/v1.0/take/${studyId}/start`, payload: { query: path.slice(path.indexOf('?')) } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const take = (studyId: number, what: 'consent' | 'session' | 'quality', payload: object) =>
  app.inject({ method: 'POST', url: `/v1.0/take/${studyId}/${what}`, payload });
const session = (studyId: number, token: string) => ({
  token, status: 'complete', gaze_source: 'mouse', steps: [{ step_id: ids[`step${studyId}`], page_dwell_ms: 1200, stims: [] }],
});
const post = (url: string, payload: object = {}) => app.inject({ method: 'POST', url: `/v1.0${url}`, headers: t.headers, payload });
const participantsOf = (studyId: number) => db.select().from(participant).where(eq(participant.studyId, studyId));

describe('consent before anything is collected (issue 41 item 1)', () => {
  it('the start answers the default text naming the company, stored once as version 1', async () => {
    expect(companyName).toBeTruthy();
    const a = await start(ids.study, 'P-1');
    expect(a.state).toBe('run');
    expect(a.consent).toEqual({ version: 1, text: defaultConsentText(companyName) });
    expect(a.consent.text).toContain('the video never leaves your device');
    expect(a.consent.text).toMatch(/withdraw/);
    await start(ids.study, 'P-2');
    expect(await db.select().from(studyConsentText).where(eq(studyConsentText.studyId, ids.study))).toHaveLength(1);
  });

  it('a token without consent stores nothing: delivery and quality gate answer 403', async () => {
    const a = await start(ids.study, 'P-3');
    const d = await take(ids.study, 'session', session(ids.study, a.token));
    expect(d.statusCode).toBe(403);
    expect(d.json()).toEqual({ success: false, message: TAKE_CONSENT_REQUIRED });
    const q = await take(ids.study, 'quality', { token: a.token, stage: 'connection', gaze_source: 'mouse', connection_speed_kbps: 1 });
    expect(q.statusCode).toBe(403);
    expect(await participantsOf(ids.study)).toHaveLength(0);
  });

  it('agreeing records the version and the time with the participant', async () => {
    const a = await start(ids.study, 'P-4');
    expect((await take(ids.study, 'consent', { token: a.token, agree: true, version: 7 })).json()).toMatchObject({ errors: { version: TAKE_CONSENT_VERSION } });
    expect((await take(ids.study, 'consent', { token: a.token, agree: true })).statusCode).toBe(400);
    const c = await take(ids.study, 'consent', { token: a.token, agree: true, version: a.consent.version });
    expect(c.statusCode, c.body).toBe(200);
    const body = c.json();
    expect(body).toMatchObject({ agreed: true, consent_version: 1, redirect_url: null });
    // An edited consent claim breaks the signature.
    const [payload, sig] = body.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    claims[7] = 2;
    expect((await take(ids.study, 'session', session(ids.study, `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`))).statusCode).toBe(403);
    const d = await take(ids.study, 'session', session(ids.study, body.token));
    expect(d.statusCode, d.body).toBe(200);
    const [p] = await participantsOf(ids.study);
    expect(p).toMatchObject({ reference: 'P-4', status: 'complete', consentVersion: 1 });
    expect(p.consentedAt?.toISOString()).toBe(body.consented_at);
  });

  it('declining counts one refusal for the study and cell, stores nothing else and names the screen-out redirect', async () => {
    const before = (await participantsOf(ids.study)).length;
    const a = await start(ids.study, 'P-9');
    expect(await db.select().from(takeReservation).where(eq(takeReservation.sessionId, a.session_id))).toHaveLength(1);
    const c = await take(ids.study, 'consent', { token: a.token, agree: false });
    expect(c.json()).toEqual({
      success: true, agreed: false, token: null, consent_version: null, consented_at: null, redirect_url: 'https://ns.example/so?x=1&rid=P-9',
    });
    expect(await db.select().from(takeReservation).where(eq(takeReservation.sessionId, a.session_id))).toHaveLength(0);
    expect(await db.select().from(consentRefusal).where(eq(consentRefusal.studyId, ids.study))).toEqual([{ studyId: ids.study, cellId: ids.cell, refusals: 1 }]);
    expect(await participantsOf(ids.study)).toHaveLength(before);
    // The declined token cannot store a session either.
    expect((await take(ids.study, 'session', session(ids.study, a.token))).statusCode).toBe(403);
    // A test link's refusal is not fieldwork: not counted.
    const test = await start(ids.study, 'P-10', true);
    expect((await take(ids.study, 'consent', { token: test.token, agree: false })).json().agreed).toBe(false);
    const overview = await post(`/studies/${ids.study}/overview`);
    expect(overview.json().audience_overview.consent_refusals).toBe(1);
  });

  it('a study that does not ask for consent answers no text and stores sessions without it', async () => {
    const a = await start(ids.open, 'x');
    expect(a.consent).toBeNull();
    expect((await take(ids.open, 'session', session(ids.open, a.token))).statusCode).toBe(200);
    const [p] = await participantsOf(ids.open);
    expect(p).toMatchObject({ consentVersion: null, consentedAt: null });
  });
});

describe('the consent text in Edit Study Details: versioned, past versions kept (issue 41 item 1)', () => {
  it('an edit that changes the text adds a version; the same text adds none; respondents count per version', async () => {
    const text = 'We measure where you look.\n\nThe video never leaves your device.';
    const e = await post(`/studies/${ids.study}/edit`, { consent_text: `  ${text.replace('\n\n', '\r\n\r\n')}  ` });
    expect(e.statusCode, e.body).toBe(200);
    expect(e.json()).toMatchObject({ consent_required: true, consent_text: text, consent_version: 2 });
    expect((await post(`/studies/${ids.study}/edit`, { consent_text: text })).json().consent_version).toBe(2);
    const v = (await post(`/studies/${ids.study}/consent_versions`)).json();
    expect(v.data.map((x: { version: number; respondents: number; created_by: string | null }) => [x.version, x.respondents, x.created_by === null]))
      .toEqual([[1, 1, true], [2, 0, false]]);
    expect(v.data[0].text).toBe(defaultConsentText(companyName));
    // The next respondent is shown version 2; one who agreed to version 1 before still delivers it.
    expect((await start(ids.study, 'P-20')).consent).toEqual({ version: 2, text });
  });

  it('an empty text is refused with the form message; consent_required switches the screen off', async () => {
    const res = await post(`/studies/${ids.study}/edit`, { consent_text: ' \n ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ consent_text: DETAILS_MESSAGES.consentText });
    expect((await post(`/studies/${ids.study}/edit`, { consent_required: false })).json().consent_required).toBe(false);
    expect((await start(ids.study, 'P-21')).consent).toBeNull();
    await post(`/studies/${ids.study}/edit`, { consent_required: true });
  });

  it('a study that never stored a text shows the default as version 0 in the details', async () => {
    const { studyId } = await createStudy(db, { companyId: t.companyId, name: 'Fresh' });
    expect((await post(`/studies/${studyId}/details`)).json()).toMatchObject({ consent_required: true, consent_version: 0, consent_text: defaultConsentText(companyName) });
    expect((await post(`/studies/${studyId}/consent_versions`)).json().data).toEqual([]);
  });
});

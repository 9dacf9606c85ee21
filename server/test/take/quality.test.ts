// Issue 22 items 4 and 8: the quality gate on a real database (PGlite). The server computes the
// measures from the runner's raw calibration (the browser's own figures are ignored), compares
// them with the study's thresholds and decides: missing or implausible raw data fail with the reason; a failure is stored at once as screenout with
// the measures (and answered with the panel's screen-out redirect and the participant parameter),
// a delivery claiming 'complete' with failing measures is stored as screenout anyway, measures left
// out do not slip past a cell that calibrates, and unset thresholds always pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { seedReference } from '../../seed/reference.js';
import { cell, instruction, panel, participant, step, study } from '../../db/schema/index.js';
import { createCompany } from '../fixtures.js';
import { takeLinkPath, type TakeLink } from '../../domain/take-link.js';
import { takeLinkSecret } from '../../services/study-links.js';
import { CALIBRATION_DATA_MISSING } from '../../services/take-quality.js';
import { PROBE_BYTES } from '../../../contract/take.js';
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
  const thresholds = { maxAccuracy: 100, maxPrecision: 50, minCalibrationFrameRate: 20, minConnectionSpeed: 1000 };
  const mk = async (name: string, extra: Partial<typeof study.$inferInsert>) =>
    (await db.insert(study).values({ companyId: acme.id, name, live: true, phaseId: 3, ...extra }).returning())[0].id;
  ids.strict = await mk('Strict study', thresholds);
  ids.plain = await mk('Plain study', {});
  const [ins] = await db.insert(instruction).values({ companyId: acme.id, name: 'Welcome', text: 'Hello' }).returning();
  const mkCell = async (studyId: number, name: string, calibrates: boolean) => {
    const c = (await db.insert(cell).values({ studyId, name, shortName: name.slice(0, 5), position: 0 }).returning())[0].id;
    const rows = await db.insert(step).values([
      { studyId, cellId: c, position: 0, stepType: 'instruction', instructionId: ins.id },
      ...(calibrates ? [{ studyId, cellId: c, position: 1, stepType: 'validation' }] : []),
    ]).returning();
    return { cell: c, step: rows[0].id };
  };
  const a = await mkCell(ids.strict, 'Calibrating', true);
  const b = await mkCell(ids.strict, 'No calibration', false);
  const p = await mkCell(ids.plain, 'Plain', true);
  ids.cal = a.cell; ids.calStep = a.step; ids.nocal = b.cell; ids.nocalStep = b.step; ids.plainCell = p.cell; ids.plainStep = p.step;
  ids.panel = (await db.insert(panel).values({
    studyId: ids.strict, name: 'Northstar', code: 'ns', successRedirectUrl: 'https://ns.example/ok', screenoutRedirectUrl: 'https://ns.example/so',
    quotaFullRedirectUrl: 'https://ns.example/qf', participantInsertParameter: 'rid',
  }).returning())[0].id;
  secret = await takeLinkSecret(db, app.config.urlSecret);
});
afterAll(async () => { await app.close(); await database.close(); });

const tokenOf = async (l: Partial<TakeLink> & { studyId: number }, reference: string) => {
  const path = takeLinkPath(secret, { cellId: null, panelId: null, test: false, ...l }, l.panelId ? 'rid' : undefined);
  const res = await consented(app, l.studyId, await app.inject({ method: 'POST', url: `/v1.0/take/${l.studyId}/start`, payload: { query: `${path.slice(path.indexOf('?'))}${l.panelId ? reference : ''}` } }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
};
const quality = (studyId: number, body: object) => app.inject({ method: 'POST', url: `/v1.0/take/${studyId}/quality`, payload: body });
const deliver = (studyId: number, body: object) => app.inject({ method: 'POST', url: `/v1.0/take/${studyId}/session`, payload: body });
const stored = async (studyId: number, reference: string) =>
  database.db.select().from(participant).where(and(eq(participant.studyId, studyId), eq(participant.reference, reference)));
const good = { calibration: rawCalibration(), connection_speed_kbps: 50_000 };

describe('the quality gate is decided on the server (issue 22 item 4)', () => {
  it('passes measures inside the thresholds and stores nothing', async () => {
    const token = await tokenOf({ studyId: ids.strict, cellId: ids.cal, panelId: ids.panel }, 'Q-1');
    const res = await quality(ids.strict, { token, stage: 'validation', gaze_source: 'mouse', ...good });
    expect(res.json()).toEqual({ success: true, pass: true, refused: null, message: null, failures: [], participant_id: null, redirect_url: null });
    expect(await stored(ids.strict, 'Q-1')).toEqual([]);
  });
  it('fails a measure over its threshold: stored at once as screenout with the measures, sent to the screen-out redirect with the parameter', async () => {
    const token = await tokenOf({ studyId: ids.strict, cellId: ids.cal, panelId: ids.panel }, 'Q-2');
    const body = { token, stage: 'validation', gaze_source: 'mouse', ...good, calibration: rawCalibration({ offset: 180 }), steps: [{ step_id: ids.calStep, page_dwell_ms: 4000, stims: [] }] };
    const res = await quality(ids.strict, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      pass: false, redirect_url: 'https://ns.example/so?rid=Q-2',
      failures: [{ measure: 'calibration_accuracy_px', value: 180, threshold: 100, message: 'Accuracy 180 px is over the maximum of 100 px' }],
    });
    const rows = await stored(ids.strict, 'Q-2');
    expect(rows).toMatchObject([{ status: 'screenout', isTest: false, calibrationAccuracyPx: 180, frameRate: 30, connectionSpeedKbps: 50_000 }]);
    // A retry answers the same and stores nothing more; the later delivery is a duplicate.
    expect((await quality(ids.strict, body)).json()).toMatchObject({ pass: false, participant_id: rows[0].id });
    const late = await deliver(ids.strict, { token, status: 'complete', gaze_source: 'mouse', ...good, steps: [] });
    expect(late.json()).toMatchObject({ duplicate: true, participant_id: rows[0].id });
    expect(await stored(ids.strict, 'Q-2')).toHaveLength(1);
    // ...and answers as stored: passing measures on a second try never earn the success redirect.
    expect(late.json()).toMatchObject({ status: 'screenout', redirect_url: 'https://ns.example/so?rid=Q-2' });
  });
  it('refuses the simulated gaze source on a live link (403): its self-clicked calibration would always pass and its gaze would enter the reports', async () => {
    const token = await tokenOf({ studyId: ids.plain, cellId: ids.plainCell }, 'x');
    expect((await quality(ids.plain, { token, stage: 'validation', gaze_source: 'simulated', ...good })).statusCode).toBe(403);
    expect((await deliver(ids.plain, { token, status: 'complete', gaze_source: 'simulated', ...good, steps: [] })).statusCode).toBe(403);
    const test = await tokenOf({ studyId: ids.plain, cellId: ids.plainCell, test: true }, 'x');
    expect((await deliver(ids.plain, { token: test, status: 'complete', gaze_source: 'simulated', ...good, steps: [] })).json()).toMatchObject({ status: 'complete' });
  });
  it('judges the connection speed alone at the connection stage', async () => {
    const token = await tokenOf({ studyId: ids.strict, cellId: ids.cal, panelId: ids.panel }, 'Q-3');
    expect((await quality(ids.strict, { token, stage: 'connection', gaze_source: 'mouse', connection_speed_kbps: 5000 })).json().pass).toBe(true);
    const slow = await quality(ids.strict, { token, stage: 'connection', gaze_source: 'mouse', connection_speed_kbps: 300 });
    expect(slow.json()).toMatchObject({ pass: false, failures: [{ measure: 'connection_speed_kbps', value: 300, threshold: 1000 }] });
    expect(await stored(ids.strict, 'Q-3')).toMatchObject([{ status: 'screenout', connectionSpeedKbps: 300 }]);
  });
  it('fails a calibration stage that leaves its raw data out, or sends only the figures (ignored)', async () => {
    const token = await tokenOf({ studyId: ids.strict, cellId: ids.cal, panelId: ids.panel }, 'Q-4');
    const res = await quality(ids.strict, {
      token, stage: 'calibration', gaze_source: 'mouse', connection_speed_kbps: 5000, calibration_accuracy_px: 1, calibration_precision_px: 1, frame_rate: 60,
    });
    expect(res.json()).toMatchObject({ pass: false, failures: [{ measure: 'calibration_data', value: null, threshold: null, message: CALIBRATION_DATA_MISSING }] });
    expect(await stored(ids.strict, 'Q-4')).toMatchObject([{ status: 'screenout', calibrationAccuracyPx: null, frameRate: null }]);
  });
  it('computes the stored measures itself: a forged good figure beside bad raw data changes nothing', async () => {
    const token = await tokenOf({ studyId: ids.strict, cellId: ids.cal, panelId: ids.panel }, 'Q-9');
    const res = await deliver(ids.strict, {
      token, status: 'complete', gaze_source: 'mouse', ...good, calibration: rawCalibration({ offset: 150 }),
      calibration_accuracy_px: 2, calibration_precision_px: 1, frame_rate: 60, steps: [],
    });
    expect(res.json()).toMatchObject({ status: 'screenout', failures: [{ measure: 'calibration_accuracy_px', value: 150, threshold: 100 }] });
    expect(await stored(ids.strict, 'Q-9')).toMatchObject([{ status: 'screenout', calibrationAccuracyPx: 150, calibrationPrecisionPx: 4, frameRate: 30 }]);
  });
  it('fails implausible raw data with the reason, whatever the thresholds (stored as screenout)', async () => {
    const token = await tokenOf({ studyId: ids.plain, cellId: ids.plainCell }, 'Q-10');
    const forged = rawCalibration();
    forged.targets[2].target = { x: 640, y: 400 };
    forged.targets[5].samples.reverse();
    const res = await quality(ids.plain, { token, stage: 'validation', gaze_source: 'mouse', calibration: forged, connection_speed_kbps: 1 });
    expect(res.json()).toMatchObject({
      pass: false,
      failures: [
        { measure: 'calibration_data', message: 'Calibration point 3 is not where the 9-point grid puts it on the reported screen' },
        { measure: 'calibration_data', message: 'The gaze timestamps at calibration point 6 are not increasing' },
        // Reversed, its first point is at the window's end.
        { measure: 'calibration_data', message: 'The gaze at calibration point 6 does not span its collection window' },
      ],
    });
    const rows = await database.db.select().from(participant).where(eq(participant.id, res.json().participant_id));
    expect(rows).toMatchObject([{ status: 'screenout', calibrationAccuracyPx: null }]);
  });
  it("stores a delivery claiming 'complete' with failing measures as screenout, whatever the client says", async () => {
    const token = await tokenOf({ studyId: ids.strict, cellId: ids.cal, panelId: ids.panel }, 'Q-5');
    const res = await deliver(ids.strict, { token, status: 'complete', gaze_source: 'mouse', ...good, calibration: rawCalibration({ hz: 12 }), steps: [{ step_id: ids.calStep, page_dwell_ms: 4000, stims: [] }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'screenout', redirect_url: 'https://ns.example/so?rid=Q-5', failures: [{ measure: 'frame_rate', value: 12, threshold: 20 }] });
    expect(await stored(ids.strict, 'Q-5')).toMatchObject([{ status: 'screenout', frameRate: 12 }]);
  });
  it('does not let a delivery skip the gate by leaving the measures out of a calibrating cell', async () => {
    const token = await tokenOf({ studyId: ids.strict, cellId: ids.cal, panelId: ids.panel }, 'Q-6');
    const res = await deliver(ids.strict, { token, status: 'complete', gaze_source: 'mouse', steps: [] });
    expect(res.json()).toMatchObject({ status: 'screenout', redirect_url: 'https://ns.example/so?rid=Q-6' });
    // An unmeasured connection speed is not a failure (issue 35 item 6): the missing calibration is.
    expect(res.json().failures.map((f: { measure: string }) => f.measure)).toEqual(['calibration_data']);
  });
  it('passes an unmeasurable connection speed (the probe failed) at the connection stage, and completes on it (issue 35 item 6)', async () => {
    const token = await tokenOf({ studyId: ids.strict, cellId: ids.nocal, panelId: ids.panel }, 'Q-U');
    expect((await quality(ids.strict, { token, stage: 'connection', gaze_source: 'mouse', connection_speed_kbps: null })).json())
      .toMatchObject({ pass: true, failures: [] });
    const res = await deliver(ids.strict, { token, status: 'complete', gaze_source: 'mouse', connection_speed_kbps: null, steps: [{ step_id: ids.nocalStep, page_dwell_ms: 2000, stims: [] }] });
    expect(res.json()).toMatchObject({ status: 'complete', failures: [] });
    expect(await stored(ids.strict, 'Q-U')).toMatchObject([{ status: 'complete', connectionSpeedKbps: null }]);
  });
  it('completes a respondent of a cell without calibration on the connection speed alone', async () => {
    const token = await tokenOf({ studyId: ids.strict, cellId: ids.nocal, panelId: ids.panel }, 'Q-7');
    const res = await deliver(ids.strict, { token, status: 'complete', gaze_source: 'mouse', connection_speed_kbps: 5000, steps: [{ step_id: ids.nocalStep, page_dwell_ms: 2000, stims: [] }] });
    expect(res.json()).toMatchObject({ status: 'complete', failures: [], redirect_url: 'https://ns.example/ok?rid=Q-7' });
  });
  it('passes everything when the thresholds are unset', async () => {
    const token = await tokenOf({ studyId: ids.plain, cellId: ids.plainCell }, 'x');
    const bad = rawCalibration({ offset: 900, hz: 2 });
    const q = await quality(ids.plain, { token, stage: 'validation', gaze_source: 'mouse', calibration: bad, connection_speed_kbps: 1 });
    expect(q.json()).toMatchObject({ pass: true, failures: [] });
    const d = await deliver(ids.plain, { token, status: 'complete', gaze_source: 'mouse', calibration: bad, steps: [] });
    expect(d.json()).toMatchObject({ status: 'complete', failures: [] });
  });
  it('stores a test link that fails as a screened-out test session', async () => {
    const token = await tokenOf({ studyId: ids.strict, cellId: ids.cal, panelId: ids.panel, test: true }, 'Q-8');
    const res = await quality(ids.strict, { token, stage: 'validation', gaze_source: 'mouse', ...good, calibration: rawCalibration({ spread: 60 }) });
    expect(res.json()).toMatchObject({ pass: false, redirect_url: 'https://ns.example/so?rid=Q-8' });
    expect(await stored(ids.strict, 'Q-8')).toMatchObject([{ status: 'screenout', isTest: true }]);
  });
  it('refuses a bad token (403) and a stage it does not know (400)', async () => {
    expect((await quality(ids.strict, { token: 'a.b', stage: 'validation', gaze_source: 'mouse' })).statusCode).toBe(403);
    const token = await tokenOf({ studyId: ids.strict, cellId: ids.cal }, 'x');
    expect((await quality(ids.plain, { token, stage: 'validation', gaze_source: 'mouse' })).statusCode).toBe(403);
    expect((await quality(ids.strict, { token, stage: 'later', gaze_source: 'mouse' })).statusCode).toBe(400);
  });
  it('serves the speed probe: a known size, never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1.0/take/probe' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(PROBE_BYTES);
    expect(res.headers['cache-control']).toBe('no-store, no-transform');
    expect(res.headers['content-type']).toContain('application/octet-stream');
  });
});

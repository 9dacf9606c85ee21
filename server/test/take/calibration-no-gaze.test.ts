// Issue 35 item 6: a calibration without a single gaze point is ONE failure, not one per dot. A
// phone whose taps were lost used to be screened out with "No gaze was recorded at calibration
// point 1 … 9"; a webcam respondent who ends a calibration that never saw a face (the runner sends
// the calibration with no points) is told that, in one line. Stored as screenout like any failure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { seedReference } from '../../seed/reference.js';
import { cell, participant, step, study } from '../../db/schema/index.js';
import { createCompany } from '../fixtures.js';
import { takeLinkPath } from '../../domain/take-link.js';
import { takeLinkSecret } from '../../services/study-links.js';
import { CALIBRATION_NO_FACE, CALIBRATION_NO_GAZE } from '../../../shared/gaze-quality.js';
import { rawCalibration } from './calibration-data.js';
import { consented } from './consented.js';

let app: FastifyInstance;
let database: Database;
let secret: string;
let studyId = 0;
let cellId = 0;

beforeAll(async () => {
  ({ app, database } = await testApp());
  const db = database.db;
  await seedReference(db);
  const acme = await createCompany(db, { name: 'Acme' });
  studyId = (await db.insert(study).values({ companyId: acme.id, name: 'No gaze', live: true, phaseId: 3 }).returning())[0].id;
  cellId = (await db.insert(cell).values({ studyId, name: 'Calibrating', shortName: 'Cal', position: 0 }).returning())[0].id;
  await db.insert(step).values({ studyId, cellId, position: 0, stepType: 'calibration' });
  secret = await takeLinkSecret(db, app.config.urlSecret);
});
afterAll(async () => { await app.close(); await database.close(); });

async function token(): Promise<string> {
  const path = takeLinkPath(secret, { studyId, cellId, panelId: null, test: false });
  const res = await consented(app, studyId, await app.inject({ method: 'POST', url: `/v1.0/take/${studyId}/start`, payload: { query: path.slice(path.indexOf('?')) } }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}
const quality = (body: object) => app.inject({ method: 'POST', url: `/v1.0/take/${studyId}/quality`, payload: body });

describe('a calibration without any gaze (issue 35 item 6)', () => {
  it('nine dots without a point: one line, not nine', async () => {
    const empty = rawCalibration();
    for (const t of empty.targets) t.samples = [];
    const res = await quality({ token: await token(), stage: 'calibration', gaze_source: 'mouse', calibration: empty, connection_speed_kbps: 5000 });
    expect(res.json()).toMatchObject({ pass: false, failures: [{ measure: 'calibration_data', value: null, threshold: null, message: CALIBRATION_NO_GAZE }] });
    expect(res.json().failures).toHaveLength(1);
  });
  it('a webcam calibration ended without a face (no points): one line that says so, stored as screenout', async () => {
    const { area } = rawCalibration();
    const res = await quality({ token: await token(), stage: 'calibration', gaze_source: 'webcam', calibration: { area, targets: [] }, connection_speed_kbps: 5000 });
    expect(res.json()).toMatchObject({ pass: false, failures: [{ measure: 'calibration_data', message: CALIBRATION_NO_FACE }] });
    expect(res.json().failures).toHaveLength(1);
    const rows = await database.db.select().from(participant).where(eq(participant.id, res.json().participant_id));
    expect(rows).toMatchObject([{ status: 'screenout', gazeSource: 'webcam' }]);
  });
  it('gaze at some dots only still names each dot without gaze', async () => {
    const partly = rawCalibration();
    partly.targets[4].samples = [];
    const res = await quality({ token: await token(), stage: 'calibration', gaze_source: 'mouse', calibration: partly, connection_speed_kbps: 5000 });
    expect(res.json().failures.map((f: { message: string }) => f.message)).toEqual(['No gaze was recorded at calibration point 5 (0 of at least 2 points)']);
  });
});

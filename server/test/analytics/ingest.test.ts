// POST /v1.0/collect/session and ingestSession on a real database (PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set): validation, idempotency, one transaction per session, summaries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { testApp } from '../helpers.js';
import { createUser } from '../fixtures.js';
import { issueToken } from '../../repositories/tokens.js';
import type { Database } from '../../db/client.js';
import { ingestSession, type SessionBody } from '../../services/ingest.js';
import { unpackFloat32 } from '../../analytics/pack.js';
import { buildStudy, track, type AnalyticsStudy } from './study-fixture.js';
import { CONSENT_ATTESTATION } from '../../routes/ingest/index.js';

let app: FastifyInstance;
let database: Database;
let s: AnalyticsStudy;
let key: string;
let token: string;

async function counts() {
  const r = await database.db.execute(sql`select
    (select count(*)::int from participant) as participants,
    (select count(*)::int from exposure) as exposures,
    (select count(*)::int from exposure_gaze) as gaze,
    (select count(*)::int from exposure_aoi) as aois,
    (select count(*)::int from participant_answer) as answers`);
  return (r as unknown as { rows: Record<string, number>[] }).rows[0];
}

let n = 0;
function session(over: { steps?: SessionBody['steps']; participant?: Partial<SessionBody['participant']> } = {}): SessionBody {
  n++;
  const mpuGaze = track([[400, 150, 250], [400, 300, 300], [400, 200, 400]], { start: 500 }).gaze;
  return {
    study_id: s.studyId,
    session_id: `session-${n}`,
    participant: {
      reference: `R${n}`, cell_id: s.cellId, has_eyetracking: true, calibration_accuracy_px: 40, calibration_precision_px: 6,
      frame_rate: 30, connection_speed_kbps: 20000, status: 'complete', is_test: false, consented_at: '2026-11-01T09:00:00.000Z', age_group_id: 2, gender_group_id: 1,
      ...over.participant,
    },
    steps: over.steps ?? [
      { step_id: s.instructionStepId, page_dwell_ms: 3000, stims: [] },
      {
        step_id: s.cacheStepId, page_dwell_ms: 9000, gaze: mpuGaze,
        stims: [
          { stim_id: s.mpuId, x: 100, y: 200, width: 300, height: 250, viewability: [{ start_ms: 0, end_ms: 5000, fraction: 1 }] },
          { stim_id: s.billboardId, x: 0, y: 1400, width: 970, height: 250, viewability: [{ start_ms: 6000, end_ms: 7500, fraction: 0.35 }] },
        ],
      },
      { step_id: s.questionStepId, page_dwell_ms: 4000, stims: [], answers: [{ question_id: s.questionId, answer_option_id: s.optionIds[0] }] },
    ],
  };
}

const post = (payload: unknown, headers: Record<string, string> = { 'x-collection-key': key }) =>
  app.inject({ method: 'POST', url: '/v1.0/collect/session', payload: payload as object, headers });

beforeAll(async () => {
  ({ app, database } = await testApp());
  s = await buildStudy(database.db, { completed: false });
  const user = await createUser(database.db, { companyId: s.companyId });
  token = await issueToken(database.db, user.id, 1);
  const res = await app.inject({ method: 'POST', url: `/v1.0/studies/${s.studyId}/collection-key`, headers: { authorization: `Token ${token}` } });
  expect(res.statusCode).toBe(200);
  key = res.json().data.collection_key;
});
afterAll(async () => { await app.close(); await database.close(); });

describe('collection key', () => {
  it('is required: 401 without it, 403 with a wrong one, and nothing is stored', async () => {
    const before = await counts();
    expect((await post(session(), {})).statusCode).toBe(401);
    const wrong = await post(session(), { 'x-collection-key': 'not-the-key' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ success: false });
    expect(await counts()).toEqual(before);
  });

  it('does not reveal which study ids exist: an unknown study and a wrong key get the same 403', async () => {
    const before = await counts();
    const wrongKey = await post(session(), { 'x-collection-key': 'not-the-key' });
    const unknownStudy = await post({ ...session(), study_id: 999_999 }, { 'x-collection-key': 'not-the-key' });
    const unknownWithRealKey = await post({ ...session(), study_id: 999_999 });
    for (const res of [unknownStudy, unknownWithRealKey]) {
      expect(res.statusCode).toBe(wrongKey.statusCode);
      expect(res.json()).toEqual(wrongKey.json());
    }
    expect(wrongKey.json()).toEqual({ success: false, message: 'Invalid collection key' });
    expect(await counts()).toEqual(before);
  });

  it('is issued only to a signed-in user of the study\'s company, and rotating it retires the old key', async () => {
    expect((await app.inject({ method: 'POST', url: `/v1.0/studies/${s.studyId}/collection-key` })).statusCode).toBe(401);
    const other = await buildStudy(database.db, { completed: false });
    const outsider = await createUser(database.db, { companyId: other.companyId });
    const outsiderToken = await issueToken(database.db, outsider.id, 1);
    const res = await app.inject({ method: 'POST', url: `/v1.0/studies/${s.studyId}/collection-key`, headers: { authorization: `Token ${outsiderToken}` } });
    expect(res.statusCode).toBe(404);
    const rotated = await app.inject({ method: 'POST', url: `/v1.0/studies/${other.studyId}/collection-key`, headers: { authorization: `Token ${outsiderToken}` } });
    const first = rotated.json().data.collection_key;
    const again = await app.inject({ method: 'POST', url: `/v1.0/studies/${other.studyId}/collection-key`, headers: { authorization: `Token ${outsiderToken}` } });
    const second = again.json().data.collection_key;
    expect(second).not.toBe(first);
    const body = { ...session(), study_id: other.studyId, participant: { ...session().participant, cell_id: other.cellId }, steps: [] };
    expect((await post(body, { 'x-collection-key': first })).statusCode).toBe(403);
    expect((await post(body, { 'x-collection-key': second })).statusCode).toBe(200);
    // Another study's real key passes the header check but not the body's study: the same 403.
    const crossed = await post(session(), { 'x-collection-key': second });
    expect(crossed.statusCode).toBe(403);
    expect(crossed.json()).toEqual({ success: false, message: 'Invalid collection key' });
  });

  it('issue 36: a key no study has is refused before the body is parsed (malformed JSON answers 403, not 400)', async () => {
    const garbage = (headers: Record<string, string>) => app.inject({
      method: 'POST', url: '/v1.0/collect/session', headers: { 'content-type': 'application/json', ...headers }, payload: `{"study_id": ${'['.repeat(1000)}`,
    });
    const wrong = await garbage({ 'x-collection-key': 'not-the-key' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ success: false, message: 'Invalid collection key' });
    // With the real key the body is read: then the malformed JSON is what is wrong.
    expect((await garbage({ 'x-collection-key': key })).statusCode).toBe(400);
  });
});

describe('ingestion', () => {
  it('stores a session with summaries, packed gaze, AOI rows and answers', async () => {
    const body = session();
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    const out = res.json();
    expect(out).toMatchObject({ success: true, duplicate: false });
    const rows = (await database.db.execute(sql`select e.*, s.name from exposure e join stim s on s.id = e.stim_id
      where e.participant_id = ${out.participant_id} order by e.id`)) as unknown as { rows: Record<string, unknown>[] };
    const [mpu, billboard] = rows.rows;
    expect(mpu).toMatchObject({ name: 'MPU', viewable: true, viewed: true, fixation_count: 3, eyetracked: true, page_dwell_ms: 9000, viewable_ms: 5000, first_viewable_ms: 0 });
    expect(Number(mpu.dwell_ms)).toBeCloseTo(1200, 2);
    expect(Number(mpu.time_to_first_view_ms)).toBeCloseTo(500, 2);
    expect(mpu.analysis_config_id).toEqual(expect.any(Number));
    // 30 % rule for the billboard; 1.5 s at 35 % is viewable but nobody looked
    expect(billboard).toMatchObject({ name: 'Billboard', viewable: true, viewed: false, dwell_ms: 0, fixation_count: 0 });

    const gaze = (await database.db.execute(sql`select sample_count, samples, fixations from exposure_gaze where exposure_id = ${mpu.id}`)) as unknown as { rows: { sample_count: number; samples: Uint8Array; fixations: Uint8Array }[] };
    const g = gaze.rows[0];
    const sent = body.steps[1].gaze!;
    expect(g.sample_count).toBe(sent.length);
    const samples = unpackFloat32(new Uint8Array(g.samples));
    expect(samples.length).toBe(sent.length * 3);
    expect(samples[3]).toBeCloseTo(sent[1][0], 3);
    expect(samples[4]).toBe(150);
    const fixations = unpackFloat32(new Uint8Array(g.fixations));
    expect(fixations.length).toBe(3 * 4);
    expect(fixations[1]).toBeCloseTo(400, 2);

    // the MPU (natural 600×500) is drawn at 300×250: page (150, 250) is stim (100, 100), in the logo;
    // page (300, 300) is stim (400, 200) and (200, 400) is stim (200, 400): in neither AOI
    const aois = (await database.db.execute(sql`select aoi_id, fixation_count, dwell_ms from exposure_aoi where exposure_id = ${mpu.id} order by aoi_id`)) as unknown as { rows: { aoi_id: number; fixation_count: number; dwell_ms: number }[] };
    expect(aois.rows).toEqual([{ aoi_id: s.logoAoiId, fixation_count: 1, dwell_ms: expect.closeTo(400, 2) }]);

    const answers = (await database.db.execute(sql`select question_id, answer_option_id, text from participant_answer where participant_id = ${out.participant_id}`)) as unknown as { rows: unknown[] };
    expect(answers.rows).toEqual([{ question_id: s.questionId, answer_option_id: s.optionIds[0], text: 'Yes' }]);
  });

  it('re-sending the same session answers duplicate with the same participant and stores nothing more', async () => {
    const body = session();
    const first = (await post(body)).json();
    const before = await counts();
    const again = await post(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, duplicate: true, participant_id: first.participant_id });
    expect(await counts()).toEqual(before);
  });

  it('a non-eye-tracked respondent gets exposures with viewability but no gaze', async () => {
    const body = session({ participant: { has_eyetracking: false, calibration_accuracy_px: null } });
    delete body.steps[1].gaze;
    const out = (await post(body)).json();
    const r = (await database.db.execute(sql`select e.eyetracked, e.viewable, e.viewed, (select count(*)::int from exposure_gaze g where g.exposure_id = e.id) as g
      from exposure e where participant_id = ${out.participant_id}`)) as unknown as { rows: unknown[] };
    expect(r.rows).toEqual([{ eyetracked: false, viewable: true, viewed: false, g: 0 }, { eyetracked: false, viewable: true, viewed: false, g: 0 }]);
  });

  const bad: [string, (b: SessionBody) => unknown, string][] = [
    ['missing participant', (b) => ({ ...b, participant: undefined }), 'participant'],
    ['fraction above 1', (b) => { b.steps[1].stims[0].viewability[0].fraction = 1.5; return b; }, 'steps.1.stims.0.viewability.0.fraction'],
    ['gaze sample with two numbers', (b) => { b.steps[1].gaze![4] = [1, 2]; return b; }, 'steps.1.gaze.4'],
    ['unknown status', (b) => ({ ...b, participant: { ...b.participant, status: 'maybe' } }), 'participant.status'],
    ['end before start', (b) => { b.steps[1].stims[0].viewability[0] = { start_ms: 10, end_ms: 5, fraction: 1 }; return b; }, 'steps.1.stims.0.viewability.0.end_ms'],
    ['cell of another study', (b) => ({ ...b, participant: { ...b.participant, cell_id: 999_999 } }), 'participant.cell_id'],
    ['unknown step', (b) => { b.steps[0].step_id = 999_999; return b; }, 'steps.0.step_id'],
    ['stim not in the study', (b) => { b.steps[1].stims[1].stim_id = s.foreignStimId; return b; }, 'steps.1.stims.1.stim_id'],
    ['unknown age group', (b) => ({ ...b, participant: { ...b.participant, age_group_id: 77 } }), 'participant.age_group_id'],
    ['answer option of another question', (b) => { b.steps[2].answers![0].answer_option_id = 999_999; return b; }, 'steps.2.answers.0.answer_option_id'],
  ];
  for (const [name, mutate, field] of bad) {
    it(`rejects a bad payload (${name}) with 400 naming ${field}, storing nothing`, async () => {
      const before = await counts();
      const res = await post(mutate(session()));
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
      expect(Object.keys(res.json().errors ?? {})).toContain(field);
      expect(await counts()).toEqual(before);
    });
  }

  it('an error in a later step rolls back the whole session (participant and earlier exposures)', async () => {
    const before = await counts();
    // step 1 is valid and written first; step 2's answer names an unknown question
    const body = session();
    body.steps[2].answers = [{ question_id: 999_999, answer_option_id: null, text: 'x' }];
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    // the same session can then be sent correctly
    expect((await post({ ...body, steps: session().steps })).json().duplicate).toBe(false);
  });

  it('a failure thrown after a step was written leaves nothing behind', async () => {
    const before = await counts();
    let written = 0;
    await expect(ingestSession(database.db, session(), {
      afterStep: (i) => { written = i; if (i === 1) throw new Error('disk full'); },
    })).rejects.toThrow('disk full');
    expect(written).toBe(1);
    expect(await counts()).toEqual(before);
  });

  it('accepts a large session (10 stims × 10 s at 30 Hz on one page)', async () => {
    const gaze = track(Array.from({ length: 300 }, (_, i) => [300, 100 + (i % 10) * 90, 300 + (i % 7) * 120] as [number, number, number])).gaze;
    const body = session({
      steps: [{
        step_id: s.cacheStepId, page_dwell_ms: 100_000, gaze,
        stims: [{ stim_id: s.mpuId, x: 100, y: 200, width: 300, height: 250, viewability: [{ start_ms: 0, end_ms: 100_000, fraction: 1 }] }],
      }],
    });
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    const r = (await database.db.execute(sql`select sample_count from exposure_gaze g join exposure e on e.id = g.exposure_id where e.participant_id = ${res.json().participant_id}`)) as unknown as { rows: { sample_count: number }[] };
    expect(r.rows[0].sample_count).toBe(gaze.length);
  });
});

describe('consent of collector imports (issue 41)', () => {
  it('a study that asks for consent refuses a session without the attestation, and stores the one given', async () => {
    const before = await counts();
    const none = await post(session({ participant: { consented_at: null } }));
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ 'participant.consented_at': CONSENT_ATTESTATION });
    const bad = await post(session({ participant: { consented_at: 'yesterday' } }));
    expect(bad.json().errors).toEqual({ 'participant.consented_at': 'must be an ISO 8601 date and time' });
    const version = await post(session({ participant: { consent_version: 3 } }));
    expect(version.json().errors).toEqual({ 'participant.consent_version': "must be a version of this study's consent text" });
    expect(await counts()).toEqual(before);
    const ok = await post(session({ participant: { consented_at: '2026-11-02T10:30:00+01:00' } }));
    expect(ok.statusCode, ok.body).toBe(200);
    const r = await database.db.execute(sql`select consent_version, consented_at from participant where id = ${ok.json().participant_id}`);
    const row = (r as unknown as { rows: { consent_version: number | null; consented_at: Date | string }[] }).rows[0];
    expect(row.consent_version).toBeNull();
    expect(new Date(row.consented_at).toISOString()).toBe('2026-11-02T09:30:00.000Z');
  });
});

// Issue 9 item 2: ingestion cannot poison reports. Every number of a session is finite and inside
// the documented bounds (contract/ingest.ts, docs/metrics.md "Bounds"); intervals and samples lie
// inside their page; steps belong to the participant's cell and stims to their step; samples are in
// time order and not denser than 120 Hz. A refused session stores nothing and the 400 names the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { testApp } from '../helpers.js';
import { createUser } from '../fixtures.js';
import { issueToken } from '../../repositories/tokens.js';
import type { Database } from '../../db/client.js';
import type { SessionBody } from '../../services/ingest.js';
import { MAX_SAMPLES } from '../../../contract/ingest.js';
import { buildStudy, track, type AnalyticsStudy } from './study-fixture.js';

let app: FastifyInstance;
let database: Database;
let s: AnalyticsStudy;
let key: string;
let otherCellStepId: number;

const rows = async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;

async function counts() {
  return (await rows<Record<string, number>>(sql`select
    (select count(*)::int from participant) as participants,
    (select count(*)::int from exposure) as exposures,
    (select count(*)::int from exposure_gaze) as gaze,
    (select count(*)::int from exposure_aoi) as aois,
    (select count(*)::int from participant_answer) as answers`))[0];
}

let n = 0;
function session(): SessionBody {
  n++;
  return {
    study_id: s.studyId,
    session_id: `bounds-${n}`,
    participant: {
      reference: `B${n}`, cell_id: s.cellId, has_eyetracking: true, calibration_accuracy_px: 40, calibration_precision_px: 6,
      frame_rate: 30, connection_speed_kbps: 20000, status: 'complete', is_test: false, consented_at: '2026-11-01T09:00:00.000Z',
    },
    steps: [
      { step_id: s.instructionStepId, page_dwell_ms: 3000, stims: [] },
      {
        step_id: s.cacheStepId, page_dwell_ms: 9000, gaze: track([[400, 150, 250], [400, 300, 300]], { start: 500 }).gaze,
        stims: [
          { stim_id: s.mpuId, x: 100, y: 200, width: 300, height: 250, viewability: [{ start_ms: 0, end_ms: 6000, fraction: 1 }] },
        ],
      },
    ],
  };
}

const post = (payload: unknown) => app.inject({
  method: 'POST', url: '/v1.0/collect/session', headers: { 'x-collection-key': key, 'content-type': 'application/json' },
  payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
});

/** Posts a refused session: 400 naming `field`, and not one row written. */
async function refused(payload: unknown, field: string) {
  const before = await counts();
  const res = await post(payload);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ success: false, errors: { [field]: expect.any(String) } });
  expect(await counts()).toEqual(before);
  return res.json().errors[field] as string;
}

beforeAll(async () => {
  ({ app, database } = await testApp());
  s = await buildStudy(database.db, { completed: false });
  const user = await createUser(database.db, { companyId: s.companyId });
  const token = await issueToken(database.db, user.id, 1);
  const res = await app.inject({ method: 'POST', url: `/v1.0/studies/${s.studyId}/collection-key`, headers: { authorization: `Token ${token}` } });
  key = res.json().data.collection_key;
  [{ id: otherCellStepId }] = await rows<{ id: number }>(sql`select id from step where cell_id = ${s.otherCellId}`);
  expect((await post(session())).statusCode).toBe(200);
});
afterAll(async () => { await app.close(); await database.close(); });

describe('every number finite and within its bound (contract schema)', () => {
  // [what, JSON path in the session, value written raw into the JSON, field the 400 names]
  const cases: [string, string, string][] = [
    ['steps.1.page_dwell_ms', '1e400', 'Infinity from JSON'],
    ['steps.1.page_dwell_ms', '1e308', 'beyond an hour'],
    ['steps.1.page_dwell_ms', '"Infinity"', 'a string is not coerced'],
    ['steps.1.stims.0.x', '1e308', ''],
    ['steps.1.stims.0.y', '-1e400', ''],
    ['steps.1.stims.0.width', '1e308', ''],
    ['steps.1.stims.0.height', '100001', ''],
    ['steps.1.stims.0.viewability.0.end_ms', '1e308', ''],
    ['steps.1.stims.0.viewability.0.start_ms', '-1', ''],
    ['participant.frame_rate', '1e308', ''],
    ['participant.frame_rate', '"0x1e"', 'hex is not a number'],
    ['participant.calibration_accuracy_px', '1e400', ''],
    ['participant.connection_speed_kbps', '1e308', ''],
    ['steps.1.gaze.0.0', '1e400', 'sample t'],
    ['steps.1.gaze.0.1', '1e308', 'sample x'],
    ['steps.1.gaze.0.2', '-1e308', 'sample y'],
  ];
  for (const [path, raw, why] of cases) {
    it(`refuses ${path} = ${raw}${why ? ` (${why})` : ''}`, async () => {
      const marker = -123456.5;
      const body = session() as unknown as Record<string, unknown>;
      const parts = path.split('.');
      let at = body as Record<string, unknown>;
      for (const p of parts.slice(0, -1)) at = at[p] as Record<string, unknown>;
      at[parts[parts.length - 1]] = marker;
      await refused(JSON.stringify(body).replace(String(marker), raw), path);
    });
  }
});

describe('bounds that depend on other fields (analytics checks)', () => {
  it('an interval longer than the page is refused and the stim\'s average viewable time is unchanged (the issue\'s poisoning example)', async () => {
    const avg = async () => (await rows<{ avg: number }>(sql`select avg(viewable_ms)::float8 as avg from exposure where stim_id = ${s.mpuId}`))[0].avg;
    const before = await avg();
    const body = session();
    body.steps[1].stims[0].viewability = [{ start_ms: 0, end_ms: 10_000_000, fraction: 1 }];
    // beyond the static bound (1 h) …
    await refused(body, 'steps.1.stims.0.viewability.0.end_ms');
    // … and, inside it, beyond this page's dwell
    body.steps[1].stims[0].viewability = [{ start_ms: 0, end_ms: 9001, fraction: 1 }];
    expect(await refused(body, 'steps.1.stims.0.viewability.0.end_ms')).toMatch(/page dwell/);
    expect(await avg()).toBe(before);
    // ending exactly at the dwell is fine
    body.steps[1].stims[0].viewability = [{ start_ms: 0, end_ms: 9000, fraction: 1 }];
    expect((await post(body)).statusCode).toBe(200);
  });

  it('an interval ending before it starts is refused', async () => {
    const body = session();
    body.steps[1].stims[0].viewability = [{ start_ms: 10, end_ms: 5, fraction: 1 }];
    await refused(body, 'steps.1.stims.0.viewability.0.end_ms');
  });

  it('a gaze sample after the page dwell is refused', async () => {
    const body = session();
    body.steps[1].gaze!.push([9000.5, 10, 10]);
    expect(await refused(body, `steps.1.gaze.${body.steps[1].gaze!.length - 1}`)).toMatch(/page dwell/);
  });

  it('gaze samples out of time order are refused', async () => {
    const body = session();
    const g = body.steps[1].gaze!;
    [g[3], g[4]] = [g[4], g[3]];
    expect(await refused(body, 'steps.1.gaze.4')).toMatch(/time order/);
  });

  it('more samples than 120 Hz over the page dwell are refused', async () => {
    const body = session();
    body.steps[1].page_dwell_ms = 1000;
    body.steps[1].stims[0].viewability = [{ start_ms: 0, end_ms: 1000, fraction: 1 }];
    body.steps[1].gaze = Array.from({ length: 122 }, (_, i) => [i * (1000 / 121), 100, 100]);
    expect(await refused(body, 'steps.1.gaze')).toMatch(/120 Hz/);
    // 121 samples over one second (t = 0 … 1000 ms) is exactly 120 Hz
    body.steps[1].gaze = body.steps[1].gaze.slice(0, 121).map(([, x, y], i) => [Math.min(1000, i * (1000 / 120)), x, y]);
    expect((await post(body)).statusCode).toBe(200);
  });

  it(`more than ${MAX_SAMPLES} samples (10 min at 120 Hz) per step, hence per exposure, are refused`, async () => {
    const body = session();
    body.steps[1].page_dwell_ms = 3_600_000;
    body.steps[1].gaze = Array.from({ length: MAX_SAMPLES + 1 }, (_, i) => [i * 10, 100, 100]);
    await refused(body, 'steps.1.gaze');
  });
});

describe('steps and stims belong to the participant', () => {
  it('a step of another cell is refused', async () => {
    const body = session();
    body.steps.push({ step_id: otherCellStepId, page_dwell_ms: 1000, stims: [] });
    expect(await refused(body, 'steps.2.step_id')).toMatch(/cell/);
  });

  it('a stim of the study that the step does not show is refused', async () => {
    const body = session();
    body.steps[1].stims.push({ stim_id: s.videoId, x: 0, y: 0, width: 640, height: 360, viewability: [] });
    expect(await refused(body, 'steps.1.stims.1.stim_id')).toMatch(/not shown/);
  });

  it('a stim of another company is refused', async () => {
    const body = session();
    body.steps[1].stims[0].stim_id = s.foreignStimId;
    await refused(body, 'steps.1.stims.0.stim_id');
  });
});

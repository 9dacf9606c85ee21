// Issue 35 item 5: every field of the details form saves and reads back, numbers included, and the
// quality thresholds are checked against their ranges with messages that name the range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import { reportTestbed, createStudy, type Tenant } from '../analytics/report-fixtures.js';
import { MIN_DWELL_ABOVE_MAX_MESSAGE, QUALITY_LIMITS, qualityRangeMessage, type QualityField } from '../../../contract/study.js';

let app: FastifyInstance;
let database: Database;
let db: Db;
let t: Tenant;
let studyId: number;

beforeAll(async () => {
  ({ app, database, db, t } = await reportTestbed());
  ({ studyId } = await createStudy(db, { companyId: t.companyId, name: 'Thresholds' }));
});
afterAll(async () => { await app.close(); await database.close(); });

const post = (url: string, payload: unknown = {}) => app.inject({ method: 'POST', url: `/v1.0${url}`, headers: t.headers, payload: payload as object });
const FIELDS = Object.keys(QUALITY_LIMITS) as QualityField[];

describe('quality thresholds in studies/{id}/edit (issue 35)', () => {
  it('every threshold saves, reads back from details, and clears with null', async () => {
    const values = {
      min_connection_speed: 512.5, min_calibration_frame_rate: 24, max_accuracy: 55, max_precision: 40.5,
      max_gaze_duration: 1500, max_dwell_ms: 30000, min_dwell_ms: 200,
    };
    const res = await post(`/studies/${studyId}/edit`, values);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject(values);
    expect((await post(`/studies/${studyId}/details`)).json()).toMatchObject(values);
    const cleared = await post(`/studies/${studyId}/edit`, { max_accuracy: null });
    expect(cleared.json()).toMatchObject({ ...values, max_accuracy: null });
  });

  it('a value outside its range is refused with the range in words, and nothing is saved', async () => {
    const before = (await post(`/studies/${studyId}/details`)).json();
    for (const f of FIELDS) {
      for (const bad of [-1, QUALITY_LIMITS[f].max + 0.5]) {
        const res = await post(`/studies/${studyId}/edit`, { name: 'Changed name', [f]: bad });
        expect(res.statusCode, `${f}=${bad}`).toBe(400);
        expect(res.json()).toEqual({ success: false, message: 'Validation failed', errors: { [f]: qualityRangeMessage(f) } });
      }
    }
    expect(qualityRangeMessage('max_accuracy')).toBe('must be a number from 0 to 10000 pixels');
    expect((await post(`/studies/${studyId}/details`)).json()).toEqual(before);
  });

  it('the minimum dwell may not exceed the maximum dwell (against the stored value too)', async () => {
    const res = await post(`/studies/${studyId}/edit`, { min_dwell_ms: 40000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ min_dwell_ms: MIN_DWELL_ABOVE_MAX_MESSAGE });
    expect((await post(`/studies/${studyId}/edit`, { min_dwell_ms: 40000, max_dwell_ms: 60000 })).statusCode).toBe(200);
  });
});

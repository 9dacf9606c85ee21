// Issue 38: a report widget on an intranet page reads with an embed token; its heatmaps and
// images must load from Gazeboard, not from the intranet. Without PUBLIC_URL, the answers to an
// embed token carry absolute /files and /visuals URLs built from the request's own origin; the
// dashboard's own (signed-in) answers stay root-relative. With PUBLIC_URL, that wins.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import { reportTestbed, type Tenant, createStudy, addStimStep } from '../analytics/report-fixtures.js';

let app: FastifyInstance;
let database: Database;
let db: Db;
let t: Tenant;
let studyId: number;
let cellId: number;
let stepId: number;
let stimId: number;
const INTRANET = 'https://intranet.example.com';
const saved = process.env.PUBLIC_URL;

beforeAll(async () => {
  delete process.env.PUBLIC_URL;
  ({ app, database, t, db } = await reportTestbed());
  ({ studyId, cellId } = await createStudy(db, { companyId: t.companyId, name: 'Embedded study' }));
  ({ stepId, stimId } = await addStimStep(db, studyId, cellId, { companyId: t.companyId, name: 'MPU', source: 'stims/mpu.png' }));
  expect((await app.inject({ method: 'POST', url: '/v1.0/company/allowed-origins', headers: t.headers, payload: { origin: INTRANET } })).statusCode).toBe(200);
});
afterAll(async () => { await app.close(); await database.close(); });
afterEach(() => { if (saved === undefined) delete process.env.PUBLIC_URL; else process.env.PUBLIC_URL = saved; });

async function embedToken(): Promise<string> {
  const res = await app.inject({ method: 'POST', url: `/v1.0/studies/${studyId}/embed-tokens`, headers: t.headers, payload: { name: 'Intranet', origins: [INTRANET], report_types: ['kpi'] } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { token: string }).token;
}

const kpi = (headers: Record<string, string>) => app.inject({
  method: 'POST', url: `/v1.0/studies/${studyId}/cell/${cellId}/step/${stepId}/stimuli/${stimId}/kpi_analysis`,
  headers: { host: 'gazeboard.example.org', ...headers }, payload: {},
});

describe('embed tokens get absolute file and visual URLs (issue 38)', () => {
  it('without PUBLIC_URL: absolute from the request\'s own origin, for images and heatmaps', async () => {
    delete process.env.PUBLIC_URL;
    const res = await kpi({ authorization: `Token ${await embedToken()}`, origin: INTRANET });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Record<string, string>;
    expect(body.stim_source).toMatch(/^http:\/\/gazeboard\.example\.org\/files\/stims\/mpu\.png\?/);
    for (const k of ['heatmap_source', 'analysis_source', 'feature_analysis_source', 'view_order_source']) {
      expect(body[k], k).toMatch(new RegExp(`^http://gazeboard\\.example\\.org/visuals/${studyId}/${stepId}/${stimId}/`));
    }
  });

  it('the signed-in dashboard keeps root-relative URLs (same origin)', async () => {
    delete process.env.PUBLIC_URL;
    const body = (await kpi(t.headers)).json() as Record<string, string>;
    expect(body.stim_source).toMatch(/^\/files\/stims\/mpu\.png\?/);
    expect(body.heatmap_source).toMatch(/^\/visuals\//);
  });

  it('PUBLIC_URL wins for everyone', async () => {
    process.env.PUBLIC_URL = 'https://dash.example.com/';
    const body = (await kpi({ authorization: `Token ${await embedToken()}`, origin: INTRANET })).json() as Record<string, string>;
    expect(body.heatmap_source).toMatch(/^https:\/\/dash\.example\.com\/visuals\//);
  });
});

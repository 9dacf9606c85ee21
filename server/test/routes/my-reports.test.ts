// My Reports, My Downloads and My Validations (issue 19): tenancy of report rows and panels, the
// embed URL's scope (one panel's report opens, nothing else), altered, expired and revoked tokens
// refused, download records and the participant export job, run-through records.
import { markRunThroughSession } from '../../repositories/study-management.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/client.js';
import { reportTestbed, type Tenant, createStudy, addStimStep, addExposure } from '../analytics/report-fixtures.js';
import { createUser } from '../fixtures.js';
import { issueEmbedToken } from '../../services/embed-tokens.js';
import { reportPanel, reportRow, runThrough } from '../../db/schema/index.js';
import { until } from '../jobs/helpers.js';

let app: FastifyInstance;
let database: Database;
let db: Db;
let t: Tenant;
let other: Tenant;
let studyId: number;
let otherStudyId: number;
let nwStudyId: number;
let cellId: number;
let stepId: number;
let stimId: number;
let stepId2: number;
let stimId2: number;

beforeAll(async () => {
  const bed = await reportTestbed();
  ({ app, database, t, other, db } = bed);
  ({ studyId, cellId } = await createStudy(db, { companyId: t.companyId, name: 'Embed study' }));
  ({ stepId, stimId } = await addStimStep(db, studyId, cellId, { companyId: t.companyId, name: 'Shown MPU' }));
  ({ stepId: stepId2, stimId: stimId2 } = await addStimStep(db, studyId, cellId, { companyId: t.companyId, name: 'Other MPU' }, 2));
  for (let i = 0; i < 3; i++) {
    await addExposure(db, { studyId, cellId, stepId, stimId }, { viewable: true, viewableMs: 3000, viewed: true, dwellMs: 1000 });
  }
  ({ studyId: otherStudyId } = await createStudy(db, { companyId: t.companyId, name: 'Second study' }));
  ({ studyId: nwStudyId } = await createStudy(db, { companyId: other.companyId, name: 'Northwind study' }));
});
afterAll(async () => { await app.close(); await database.close(); });

const req = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  app.inject({ method, url: `/v1.0${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const key = (step: number, stim: number) => `${cellId}:${step}:${studyId}:${stim}`;
const embed = (token: string) => ({ authorization: `Token ${token}` });
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const stimPath = (step: number, stim: number, suffix: string) => `/studies/${studyId}/cell/${cellId}/step/${step}/stimuli/${stim}/${suffix}`;

async function savePanel(name: string, stims = [key(stepId, stimId)], reportType = 'kpi') {
  const res = await req('POST', `/studies/${studyId}/report-panels`, t.headers, { name, report_type: reportType, stims });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().panel as { id: number; url: string; name: string };
}

describe('My Reports rows and panels (D3-169, tenancy)', () => {
  it('D3-169 a saved report view is a panel of its study row, in both get-report-details', async () => {
    const p = await savePanel('KPI of the MPU');
    const study = (await req('GET', `/studies/${studyId}/get-report-details`, t.headers)).json();
    expect(study).toMatchObject({ success: true, rows: [{ name: 'Saved reports', study_id: studyId, panels: [{ id: p.id, name: 'KPI of the MPU', url: `report-panels/${p.id}`, report_type: 'kpi' }] }] });
    const user = (await req('GET', '/user/get-report-details', t.headers)).json();
    expect(user.rows.flatMap((r: { panels: { id: number }[] }) => r.panels.map((x) => x.id))).toContain(p.id);
    expect((await req('GET', `/studies/${otherStudyId}/get-report-details`, t.headers)).json()).toEqual({ success: true, rows: [] });
  });

  it('tenancy: another company sees no rows, gets 404 for the study, its panel and its URL', async () => {
    const p = await savePanel('Private');
    expect((await req('GET', '/user/get-report-details', other.headers)).json()).toEqual({ success: true, rows: [] });
    expect((await req('GET', `/studies/${studyId}/get-report-details`, other.headers)).statusCode).toBe(404);
    expect((await req('GET', `/user/get-report-url?panel_url=${p.url}`, other.headers)).statusCode).toBe(404);
    expect((await req('GET', `/studies/${nwStudyId}/get-report-url?panel_url=${p.url}`, other.headers)).statusCode).toBe(404);
    expect((await req('DELETE', `/report-panels/${p.id}`, other.headers)).statusCode).toBe(404);
    expect((await req('POST', `/studies/${studyId}/report-panels`, other.headers, { name: 'x', report_type: 'demographics', stims: [] })).statusCode).toBe(404);
  });

  it('saving refuses stims of another study and per-stim reports without stims', async () => {
    const stray = await req('POST', `/studies/${studyId}/report-panels`, t.headers, { name: 'x', report_type: 'kpi', stims: [`${cellId}:${stepId}:${nwStudyId}:${stimId}`] });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().errors.stims).toMatch(/Not stims of this study/);
    const none = await req('POST', `/studies/${studyId}/report-panels`, t.headers, { name: 'x', report_type: 'feature', stims: [] });
    expect(none.json().errors.stims).toBe('Please select at least one stim');
    expect((await req('POST', `/studies/${studyId}/report-panels`, t.headers, { name: 'Demo', report_type: 'demographics', stims: [] })).statusCode).toBe(200);
  });
});

describe('embed URLs (D3-170): one panel, read-only, expiring, hashed, revocable', () => {
  it('D3-170 the URL opens its report: the stim tree and its own stim\'s KPI', async () => {
    const p = await savePanel('Scoped');
    const res = await req('GET', `/studies/${studyId}/get-report-url?panel_url=${encodeURIComponent(p.url)}`, t.headers);
    expect(res.statusCode).toBe(200);
    const { url, expires_at } = res.json();
    const u = new URL(url);
    expect(u.pathname).toBe('/embed/report');
    expect(u.searchParams.get('report_type')).toBe('kpi');
    expect(u.searchParams.get('stims')).toBe(key(stepId, stimId));
    expect(new Date(expires_at).getTime()).toBeGreaterThan(Date.now());
    const token = tokenOf(url);
    expect(token).toMatch(/^gze_/);
    expect((await req('POST', `/studies/${studyId}/stims/overview`, embed(token), {})).statusCode).toBe(200);
    const kpi = await req('POST', stimPath(stepId, stimId, 'kpi_analysis'), embed(token), {});
    expect(kpi.statusCode, kpi.body).toBe(200);
  });

  it('a URL for one panel opens nothing else: other stims, other studies, writes, My Reports itself, the profile', async () => {
    const p = await savePanel('Only this');
    const token = tokenOf((await req('GET', `/user/get-report-url?panel_url=${p.id}`, t.headers)).json().url);
    expect((await req('POST', stimPath(stepId2, stimId2, 'kpi_analysis'), embed(token), {})).statusCode).toBe(403);
    expect((await req('POST', `/studies/${otherStudyId}/stims/overview`, embed(token), {})).statusCode).toBe(403);
    expect((await req('POST', `/studies/${nwStudyId}/stims/overview`, embed(token), {})).statusCode).toBe(403);
    expect((await req('POST', `/studies/${studyId}/report-panels`, embed(token), { name: 'x', report_type: 'demographics', stims: [] })).statusCode).toBe(403);
    expect((await req('GET', `/studies/${studyId}/get-report-details`, embed(token))).statusCode).toBe(403);
    expect((await req('GET', `/studies/${studyId}/get-report-url?panel_url=${p.id}`, embed(token))).statusCode).toBe(403);
    expect((await req('GET', '/user/get-details', embed(token))).statusCode).toBe(403);
    expect((await req('POST', `/studies/${studyId}/overview`, embed(token), {})).statusCode).toBe(403);
    expect((await req('GET', '/downloads', embed(token))).statusCode).toBe(403);
  });

  it('an altered token is refused (401); only its hash is stored', async () => {
    const p = await savePanel('Altered');
    const token = tokenOf((await req('GET', `/user/get-report-url?panel_url=${p.id}`, t.headers)).json().url);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const altered = token.slice(0, -1) + last;
    expect((await req('POST', `/studies/${studyId}/stims/overview`, embed(altered), {})).statusCode).toBe(401);
    const stored = await db.execute(`select count(*)::int as n from embed_token where token_hash = '${token}'`);
    expect((stored as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('an expired token is refused (401)', async () => {
    const issuedAt = new Date(Date.now() - 2 * 3600_000);
    const { token } = await issueEmbedToken(db, { companyId: t.companyId, createdBy: t.userId, studyId }, 3600, issuedAt);
    expect((await req('POST', `/studies/${studyId}/stims/overview`, embed(token), {})).statusCode).toBe(401);
  });

  it('revoking the panel\'s URLs, or deleting the panel, refuses its tokens (401)', async () => {
    const p = await savePanel('Revoked');
    const a = tokenOf((await req('GET', `/user/get-report-url?panel_url=${p.id}`, t.headers)).json().url);
    expect((await req('POST', `/studies/${studyId}/stims/overview`, embed(a), {})).statusCode).toBe(200);
    const r = await req('POST', `/report-panels/${p.id}/revoke`, t.headers);
    expect(r.json()).toEqual({ success: true, revoked: 1 });
    expect((await req('POST', `/studies/${studyId}/stims/overview`, embed(a), {})).statusCode).toBe(401);
    const b = tokenOf((await req('GET', `/user/get-report-url?panel_url=${p.id}`, t.headers)).json().url);
    expect((await req('DELETE', `/report-panels/${p.id}`, t.headers)).statusCode).toBe(200);
    expect((await req('POST', `/studies/${studyId}/stims/overview`, embed(b), {})).statusCode).toBe(401);
    expect((await req('GET', `/user/get-report-url?panel_url=${p.id}`, t.headers)).statusCode).toBe(404);
  });
});

describe('company rows (the seeded form: a report builder address as target)', () => {
  it('a study-wide compare panel opens every placed stim of its study; a target of another company is 404', async () => {
    const [row] = await db.insert(reportRow).values({ companyId: t.companyId, studyId: null, name: 'Tracker' }).returning();
    const [mine] = await db.insert(reportPanel).values({ reportRowId: row.id, name: 'Whole study', target: `/my_studies/overview/${studyId}/reports?report_type=compare` }).returning();
    const [theirs] = await db.insert(reportPanel).values({ reportRowId: row.id, name: 'Stray', target: `/my_studies/overview/${nwStudyId}/reports?report_type=compare` }).returning();
    const details = (await req('GET', '/user/get-report-details', t.headers)).json();
    const tracker = details.rows.find((r: { id: number }) => r.id === row.id);
    expect(tracker.panels[0]).toMatchObject({ id: mine.id, study_id: studyId, report_type: 'compare' });
    const url = new URL((await req('GET', `/user/get-report-url?panel_url=${mine.id}`, t.headers)).json().url);
    expect(url.searchParams.get('stims')!.split('|').sort()).toEqual([key(stepId, stimId), key(stepId2, stimId2)].sort());
    const token = url.searchParams.get('token')!;
    const compareBody = { data: [{ cell_id: cellId, step_id: stepId2, stim_id: stimId2 }] };
    expect((await req('POST', `/studies/${studyId}/compare_report/overall_attention`, embed(token), compareBody)).statusCode).toBe(200);
    // A compare panel opens the compare report's reads only (issue 36: each report type its own operations).
    expect((await req('POST', stimPath(stepId2, stimId2, 'kpi_analysis'), embed(token), {})).statusCode).toBe(403);
    expect((await req('GET', `/user/get-report-url?panel_url=${theirs.id}`, t.headers)).statusCode).toBe(404);
  });
});

describe('My Downloads', () => {
  it('records downloads per user, newest first, paged; another study or company is refused', async () => {
    for (const name of ['stim-data.csv', 'participant-data.csv', 'feature-data.csv']) {
      expect((await req('POST', '/downloads', t.headers, { name, kind: 'csv', study_id: studyId, size: 120 })).statusCode).toBe(200);
    }
    const page = (await req('GET', '/downloads?results_per_page=10', t.headers)).json();
    expect(page.data.slice(0, 3).map((d: { name: string }) => d.name)).toEqual(['feature-data.csv', 'participant-data.csv', 'stim-data.csv']);
    expect(page.data[0]).toMatchObject({ kind: 'csv', study_id: studyId, study_name: 'Embed study', size: 120, status: 'done', url: null });
    expect((await req('GET', '/downloads', other.headers)).json().data).toEqual([]);
    expect((await req('POST', '/downloads', other.headers, { name: 'x.csv', kind: 'csv', study_id: studyId, size: 1 })).statusCode).toBe(404);
    expect((await req('GET', `/downloads/${page.data[0].id}`, other.headers)).statusCode).toBe(404);
  });

  it('the participant export runs as a job: queued, then done with size and a signed link', async () => {
    const res = await req('POST', `/studies/${studyId}/export-participants`, t.headers);
    expect(res.statusCode, res.body).toBe(200);
    const { download } = res.json();
    expect(download).toMatchObject({ kind: 'export', status: 'queued', progress: 0, url: null });
    const done = await until('export', async () => {
      const d = (await req('GET', `/downloads/${download.id}`, t.headers)).json().download;
      return d.status === 'done' || d.status === 'failed' ? d : undefined;
    });
    expect(done).toMatchObject({ status: 'done', progress: 100 });
    expect(done.size).toBeGreaterThan(0);
    const file = await app.inject({ method: 'GET', url: done.url });
    expect(file.statusCode).toBe(200);
    const lines = file.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^cell_id,cell_name,step_id,stim_id,stim_name,participant_reference/);
    expect(lines).toHaveLength(4); // header + 3 exposures
    expect((await req('POST', `/studies/${nwStudyId}/export-participants`, t.headers)).statusCode).toBe(404);
    // Done, so a new click queues a new export.
    expect((await req('POST', `/studies/${studyId}/export-participants`, t.headers)).json().download.id).not.toBe(download.id);
  });
});

describe('My Validations (resolution 23)', () => {
  it('D3-172 lists real run-throughs of the company: executed by, date, result; searched and sorted', async () => {
    const root = await createUser(db, { companyId: t.companyId, username: 'root', superUser: true, email: 'root@provider.example' });
    // A queued order as recorded (ordering itself, and the job moving it on, are server/test/routes/run-through.test.ts).
    await db.insert(runThrough).values({ studyId, requestedBy: root.id, status: 'queued' });
    await db.insert(runThrough).values({ studyId: otherStudyId, requestedBy: t.userId, status: 'failed', result: 'Step 2: the page did not load' });
    await db.insert(runThrough).values({ studyId: nwStudyId, requestedBy: other.userId, status: 'passed' });
    const list = (await req('GET', '/validations', t.headers)).json();
    expect(list.total).toBe(2);
    expect(list.data.map((r: { study_name: string }) => r.study_name).sort()).toEqual(['Embed study', 'Second study']);
    const queued = list.data.find((r: { study_name: string }) => r.study_name === 'Embed study');
    expect(queued).toMatchObject({ executed_by: 'root@provider.example', status: 'queued', result: null });
    const byResult = (await req('GET', '/validations?order_by=Result&direction=asc', t.headers)).json();
    expect(byResult.data.map((r: { status: string }) => r.status)).toEqual(['failed', 'queued']);
    const search = (await req('GET', '/validations?search=second', t.headers)).json();
    expect(search.data).toEqual([expect.objectContaining({ study_name: 'Second study', result: 'Step 2: the page did not load' })]);
    expect((await req('GET', '/validations', other.headers)).json().data.map((r: { study_name: string }) => r.study_name)).toEqual(['Northwind study']);
  });

  it('D3-172 issue 19: sessions taken on a test link are rows too — passed when complete, else failed with the end and the last step reached', async () => {
    await addExposure(db, { studyId, cellId, stepId, stimId }, { participant: { isTest: true, reference: 'tester-ok' } });
    const screened = await addExposure(db, { studyId, cellId, stepId, stimId }, { participant: { isTest: true, reference: 'tester-out', status: 'screenout' } });
    await addExposure(db, { studyId, cellId, stepId: stepId2, stimId: stimId2 }, { participantId: screened.participantId });
    const list = (await req('GET', '/validations?search=tester&order_by=Executed_by&direction=asc', t.headers)).json();
    expect(list.total).toBe(2);
    expect(list.data).toEqual([
      expect.objectContaining({ kind: 'test_session', study_id: studyId, study_name: 'Embed study', executed_by: 'Test link: tester-ok', status: 'passed', result: null, is_test: true }),
      expect.objectContaining({ kind: 'test_session', executed_by: 'Test link: tester-out', status: 'failed', result: expect.stringMatching(/^Screened out after step 3\b/) }),
    ]);
    // Real respondents are not validations; the filter and the other company see only their own.
    expect((await req('GET', '/validations?status=failed', t.headers)).json().data.map((r: { executed_by: string }) => r.executed_by))
      .toEqual(expect.arrayContaining(['Test link: tester-out']));
    expect((await req('GET', '/validations', t.headers)).json().total).toBe(4);
    expect((await req('GET', '/validations?search=tester', other.headers)).json().total).toBe(0);
  });

  it('issue 38: one Automate run is one row with its result; the test session it took is not a second row', async () => {
    const [run] = await db.insert(runThrough).values({ studyId, requestedBy: t.userId, status: 'failed', result: 'Cell A: step 2 did not render' }).returning();
    const taken = await addExposure(db, { studyId, cellId, stepId, stimId }, { participant: { isTest: true, reference: 'automate-run' } });
    const before = (await req('GET', '/validations?search=', t.headers)).json().total;
    await markRunThroughSession(db, taken.participantId, run.id);
    const list = (await req('GET', '/validations', t.headers)).json();
    expect(list.total).toBe(before - 1);
    expect(list.data.filter((r: { executed_by: string }) => r.executed_by === 'Test link: automate-run')).toEqual([]);
    expect(list.data.filter((r: { kind: string; id: number }) => r.kind === 'run_through' && r.id === run.id))
      .toEqual([expect.objectContaining({ status: 'failed', result: 'Cell A: step 2 did not render' })]);
  });
});

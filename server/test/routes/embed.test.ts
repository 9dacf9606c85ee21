// Embedding (issue 20 items 1, 2, 8): embed tokens from the Share / Embed dialog's API — scope
// (every operation of the contract × an embed token: only its in-scope reads pass), origins,
// expiry, revocation — and a company's allowed origins with the CORS answers they give.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import { reportTestbed, type Tenant, createStudy, addStimStep, addExposure, addPageStep } from '../analytics/report-fixtures.js';
import { operations } from '../../../contract/index.js';
import { opensFor, type EmbedTokenView } from '../../../contract/embed.js';
import { bodyStimsInScope, issueEmbedToken, scopeRows, StimOutOfScope } from '../../services/embed-tokens.js';
import { Type } from 'typebox';
import { Binary, embedProblems } from '../../../contract/common.js';
import { issueToken } from '../../repositories/tokens.js';
import { stimIdsIn } from '../helpers.js';
import { authHeaders, createUser } from '../fixtures.js';

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

const INTRANET = 'https://intranet.example.com';
const PORTAL = 'http://portal.example.org:8443';

beforeAll(async () => {
  ({ app, database, t, other, db } = await reportTestbed());
  ({ studyId, cellId } = await createStudy(db, { companyId: t.companyId, name: 'Shared study' }));
  ({ stepId, stimId } = await addStimStep(db, studyId, cellId, { companyId: t.companyId, name: 'Shared MPU' }));
  ({ stepId: stepId2, stimId: stimId2 } = await addStimStep(db, studyId, cellId, { companyId: t.companyId, name: 'Private MPU' }, 2));
  ({ studyId: otherStudyId } = await createStudy(db, { companyId: t.companyId, name: 'Second study' }));
  ({ studyId: nwStudyId } = await createStudy(db, { companyId: other.companyId, name: 'Northwind study' }));
  for (const origin of [INTRANET, PORTAL]) {
    expect((await req('POST', '/company/allowed-origins', t.headers, { origin })).statusCode).toBe(200);
  }
});
afterAll(async () => { await app.close(); await database.close(); });

type Method = 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
const req = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
  app.inject({ method, url: url.startsWith('/v1.0') || !url.startsWith('/') || url.startsWith('/visuals') ? url : `/v1.0${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const embed = (token: string, origin?: string) => ({ authorization: `Token ${token}`, ...(origin ? { origin } : {}) });

async function share(body: Record<string, unknown>, study = studyId, headers = t.headers) {
  const res = await req('POST', `/studies/${study}/embed-tokens`, headers, { name: 'Intranet widget', origins: [INTRANET], ...body });
  return res;
}
async function shareOk(body: Record<string, unknown> = {}) {
  const res = await share(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { token: string; embed: EmbedTokenView };
}

/** A path of the contract filled for this study (or another one), its stim and place. */
function fill(path: string, over: { study?: number; stim?: number; step?: number } = {}): string {
  const values: Record<string, number> = {
    id: over.study ?? studyId, studyId: over.study ?? studyId, cell: cellId, step: over.step ?? stepId, stepId: over.step ?? stepId,
    stim: over.stim ?? stimId, stimId: over.stim ?? stimId, questionId: 1, panelId: 1, tokenId: 1, originId: 1,
  };
  return path.replace(/:(\w+)/g, (_m, name: string) => String(values[name] ?? 1)).replace('*', 'x');
}

const tokenOps = operations.filter((op) => !op.public);
const bodyOf = (op: { method: string }) => (op.method === 'GET' || op.method === 'DELETE' ? undefined : {});

describe('embed tokens: every operation × an embed token (issue 20 item 8)', () => {
  it('a token for one study, one stim and the KPI report passes only the in-scope reads; every write and every other area answers 403', async () => {
    const { token } = await shareOk({ stim_ids: [stimId], report_types: ['kpi'] });
    const passed: string[] = [];
    for (const op of tokenOps) {
      const res = await req(op.method as Method, fill(op.path), embed(token, INTRANET), bodyOf(op));
      const name = `${op.method} ${op.path}`;
      const inScope = opensFor(op, ['kpi']);
      if (inScope) {
        expect([401, 403], `${name} in scope: ${res.body}`).not.toContain(res.statusCode);
        expect(res.statusCode, name).toBeLessThan(500);
        passed.push(name);
      } else {
        expect(res.statusCode, `${name} out of scope: ${res.body}`).toBe(403);
      }
    }
    // The reads that pass are the report areas' (sanity: the loop did reach them).
    expect(passed).toContain('POST /v1.0/studies/:id/cell/:cell/step/:step/stimuli/:stim/kpi_analysis');
    expect(passed).toContain('POST /v1.0/studies/:id/stims/overview');
    expect(passed.some((n) => n.includes('/survey/'))).toBe(false);
  });

  it('every in-scope read of an unlimited token is refused for another study of the company, another company\'s study and another stim', async () => {
    const { token } = await shareOk({ stim_ids: [stimId] });
    const reads = tokenOps.filter((op) => op.embed && op.embed.reportTypes !== 'any');
    expect(reads.length).toBeGreaterThan(10);
    for (const op of reads) {
      const name = `${op.method} ${op.path}`;
      const own = await req(op.method as Method, fill(op.path), embed(token), bodyOf(op));
      expect([401, 403], `${name}: ${own.body}`).not.toContain(own.statusCode);
      for (const study of [otherStudyId, nwStudyId]) {
        expect((await req(op.method as Method, fill(op.path, { study }), embed(token), bodyOf(op))).statusCode, `${name} study ${study}`).toBe(403);
      }
      if (/:stim\b|:stimId\b/.test(op.path)) {
        expect((await req(op.method as Method, fill(op.path, { stim: stimId2, step: stepId2 }), embed(token), bodyOf(op))).statusCode, `${name} other stim`).toBe(403);
      }
    }
  });

  it('stims named in a compare body must be the token\'s too', async () => {
    const { token } = await shareOk({ stim_ids: [stimId] });
    const body = (stim: number, step: number) => ({ data: [{ cell_id: cellId, step_id: step, stim_id: stim }] });
    expect((await req('POST', `/studies/${studyId}/compare_report/overall_attention`, embed(token), body(stimId, stepId))).statusCode).toBe(200);
    expect((await req('POST', `/studies/${studyId}/compare_report/overall_attention`, embed(token), body(stimId2, stepId2))).statusCode).toBe(403);
    // The norm selectors' one call (issue 40 item 2): the same rule.
    expect((await req('POST', `/studies/${studyId}/compare_report/norm_sizes`, embed(token), body(stimId, stepId))).statusCode).toBe(200);
    expect((await req('POST', `/studies/${studyId}/compare_report/norm_sizes`, embed(token), body(stimId2, stepId2))).statusCode).toBe(403);
  });

  it('report types: a demographics token reads the demographic summary, not attention or questions', async () => {
    const { token } = await shareOk({ report_types: ['demographics'] });
    expect((await req('POST', `/studies/${studyId}/participant_demographic_summary`, embed(token), {})).statusCode).toBe(200);
    expect((await req('POST', `/studies/${studyId}/stims/overview`, embed(token), {})).statusCode).toBe(403);
    expect((await req('POST', `/studies/${studyId}/survey/overview`, embed(token), {})).statusCode).toBe(403);
  });

  it('My Reports panel URLs stay the narrowest scope: their panel\'s report type and stims', async () => {
    const p = await req('POST', `/studies/${studyId}/report-panels`, t.headers, { name: 'KPI', report_type: 'kpi', stims: [`${cellId}:${stepId}:${studyId}:${stimId}`] });
    expect(p.statusCode, p.body).toBe(200);
    const url = (await req('GET', `/studies/${studyId}/get-report-url?panel_url=${p.json().panel.id}`, t.headers)).json().url as string;
    const token = new URL(url).searchParams.get('token')!;
    expect((await req('POST', `/studies/${studyId}/cell/${cellId}/step/${stepId}/stimuli/${stimId}/kpi_analysis`, embed(token), {})).statusCode).toBe(200);
    expect((await req('POST', `/studies/${studyId}/participant_demographic_summary`, embed(token), {})).statusCode).toBe(403);
    // Our own report page (same host) carries it without any allowed origin; another site does not.
    expect((await req('POST', `/studies/${studyId}/stims/overview`, embed(token, 'http://localhost:80'), {})).statusCode).toBe(200);
    expect((await req('POST', `/studies/${studyId}/stims/overview`, embed(token, INTRANET), {})).statusCode).toBe(403);
    // Not listed in the dialog's list (they live an hour and are revoked per panel).
    const list = (await req('GET', `/studies/${studyId}/embed-tokens`, t.headers)).json().data as EmbedTokenView[];
    expect(list.every((x) => x.name !== '')).toBe(true);
  });
});

describe('embed tokens: origins, expiry, revocation', () => {
  const read = (token: string, origin?: string) => req('POST', `/studies/${studyId}/stims/overview`, embed(token, origin), {});

  it('checks Origin against the token\'s origins: its own pass, another site and `null` are 403, no Origin (not a browser page) passes', async () => {
    const { token } = await shareOk();
    expect((await read(token, INTRANET)).statusCode).toBe(200);
    expect((await read(token, `${INTRANET}/`)).statusCode).toBe(200);
    expect((await read(token, PORTAL)).statusCode).toBe(403);
    expect((await read(token, 'https://evil.example.com')).statusCode).toBe(403);
    expect((await read(token, 'null')).statusCode).toBe(403);
    expect((await read(token, 'http://intranet.example.com')).statusCode).toBe(403);
    expect((await read(token)).statusCode).toBe(200);
  });

  it('a token stops working on an origin the company removes from its allowed origins', async () => {
    const added = await req('POST', '/company/allowed-origins', t.headers, { origin: 'https://kiosk.example.com' });
    const { token } = await shareOk({ origins: ['https://kiosk.example.com'] });
    expect((await read(token, 'https://kiosk.example.com')).statusCode).toBe(200);
    expect((await req('DELETE', `/company/allowed-origins/${added.json().origin.id}`, t.headers)).statusCode).toBe(200);
    expect((await read(token, 'https://kiosk.example.com')).statusCode).toBe(403);
  });

  it('an expired token is 401 and listed as expired', async () => {
    const issuedAt = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    const { token } = await issueEmbedToken(db, { companyId: t.companyId, createdBy: t.userId, studyId, name: 'Old', origins: [INTRANET] }, 3600, issuedAt);
    expect((await read(token, INTRANET)).statusCode).toBe(401);
    const list = (await req('GET', `/studies/${studyId}/embed-tokens`, t.headers)).json().data as EmbedTokenView[];
    expect(list.find((x) => x.name === 'Old')?.status).toBe('expired');
  });

  it('revoking is immediate (401 after), idempotent, listed as revoked; another company cannot revoke it (404)', async () => {
    const { token, embed: e } = await shareOk({ name: 'Revoke me' });
    expect((await read(token, INTRANET)).statusCode).toBe(200);
    expect((await req('POST', `/embed-tokens/${e.id}/revoke`, other.headers)).statusCode).toBe(404);
    expect((await read(token, INTRANET)).statusCode).toBe(200);
    expect((await req('POST', `/embed-tokens/${e.id}/revoke`, t.headers)).statusCode).toBe(200);
    expect((await read(token, INTRANET)).statusCode).toBe(401);
    expect((await req('POST', `/embed-tokens/${e.id}/revoke`, t.headers)).statusCode).toBe(200);
    const list = (await req('GET', `/studies/${studyId}/embed-tokens`, t.headers)).json().data as EmbedTokenView[];
    expect(list.find((x) => x.id === e.id)).toMatchObject({ status: 'revoked', name: 'Revoke me', origins: [INTRANET] });
  });

  it('creating: the token is answered once and stored hashed; stims of another study, origins the company does not allow, and another company\'s study are refused', async () => {
    const { token, embed: e } = await shareOk({ stim_ids: [stimId], report_types: ['kpi', 'compare'], expires_in_days: 7 });
    expect(token).toMatch(/^gze_[A-Za-z0-9_-]{43}$/);
    expect(e).toMatchObject({ study_id: studyId, stim_ids: [stimId], report_types: ['kpi', 'compare'], origins: [INTRANET], status: 'active' });
    const days = (Date.parse(e.expires_at) - Date.parse(e.created_at)) / 86400000;
    expect(Math.round(days)).toBe(7);
    const stored = await db.execute(`select count(*)::int as n from embed_token where token_hash = '${token}'`);
    expect((stored as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    expect(JSON.stringify((await req('GET', `/studies/${studyId}/embed-tokens`, t.headers)).json())).not.toContain(token);

    const { studyId: s2, cellId: c2 } = await createStudy(db, { companyId: t.companyId, name: 'Third' });
    const { stimId: foreignStim } = await addStimStep(db, s2, c2, { companyId: t.companyId, name: 'Elsewhere' });
    const bad = await share({ stim_ids: [foreignStim] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.stim_ids).toContain(String(foreignStim));
    const notAllowed = await share({ origins: ['https://other.example.com'] });
    expect(notAllowed.statusCode).toBe(400);
    expect(notAllowed.json().errors.origins).toBe('https://other.example.com is not an allowed origin of your company');
    expect((await share({}, nwStudyId)).statusCode).toBe(404);
    expect((await req('GET', `/studies/${nwStudyId}/embed-tokens`, t.headers)).statusCode).toBe(404);
    expect((await share({ report_types: ['nope'] })).statusCode).toBe(400);
    expect((await share({ expires_in_days: 400 })).statusCode).toBe(400);
  });

  it('an embed token cannot list, create or revoke embed tokens, nor manage origins', async () => {
    const { token, embed: e } = await shareOk();
    expect((await req('GET', `/studies/${studyId}/embed-tokens`, embed(token))).statusCode).toBe(403);
    expect((await req('POST', `/studies/${studyId}/embed-tokens`, embed(token), { name: 'x', origins: [] })).statusCode).toBe(403);
    expect((await req('POST', `/embed-tokens/${e.id}/revoke`, embed(token))).statusCode).toBe(403);
    expect((await req('GET', '/company/allowed-origins', embed(token))).statusCode).toBe(403);
    expect((await req('POST', '/company/allowed-origins', embed(token), { origin: 'https://x.example.com' })).statusCode).toBe(403);
  });
});

describe('allowed origins per company (issue 20 item 2)', () => {
  it('lists, adds (normalised, 409 twice), removes; refuses wildcards, paths and null; each company sees its own', async () => {
    const list = async (h: Record<string, string>) => ((await req('GET', '/company/allowed-origins', h)).json().data as { origin: string; id: number }[]).map((o) => o.origin);
    expect(await list(t.headers)).toEqual(expect.arrayContaining([INTRANET, PORTAL]));
    expect(await list(other.headers)).toEqual([]);
    const added = await req('POST', '/company/allowed-origins', other.headers, { origin: 'HTTPS://Partner.Example.net:443/' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().origin.origin).toBe('https://partner.example.net');
    expect((await req('POST', '/company/allowed-origins', other.headers, { origin: 'https://partner.example.net' })).statusCode).toBe(409);
    for (const origin of ['https://*.example.com', 'https://a.example.com/path', 'null', 'ftp://a.example.com', '']) {
      expect((await req('POST', '/company/allowed-origins', other.headers, { origin })).statusCode, origin).toBe(400);
    }
    const id = added.json().origin.id as number;
    expect((await req('DELETE', `/company/allowed-origins/${id}`, t.headers)).statusCode).toBe(404);
    expect(await list(other.headers)).toEqual(['https://partner.example.net']);
    expect((await req('DELETE', `/company/allowed-origins/${id}`, other.headers)).statusCode).toBe(200);
    expect(await list(other.headers)).toEqual([]);
  });

  it('CORS: a preflight from an allowed origin is answered (no credentials); a refused origin gets no CORS headers', async () => {
    const preflight = (origin: string) => app.inject({
      method: 'OPTIONS', url: `/v1.0/studies/${studyId}/stims/overview`,
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    const ok = await preflight(INTRANET);
    expect(ok.statusCode).toBeLessThan(300);
    expect(ok.headers['access-control-allow-origin']).toBe(INTRANET);
    expect(String(ok.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
    const refused = await preflight('https://evil.example.com');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight('null')).headers['access-control-allow-origin']).toBeUndefined();

    // The actual request: allowed origin answered with ACAO, never with credentials.
    const { token } = await shareOk();
    const res = await req('POST', `/studies/${studyId}/stims/overview`, embed(token, INTRANET), {});
    expect(res.headers['access-control-allow-origin']).toBe(INTRANET);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();

    // Removed: this process forgets it at once.
    const origin = 'https://temp.example.com';
    const added = await req('POST', '/company/allowed-origins', t.headers, { origin });
    expect((await preflight(origin)).headers['access-control-allow-origin']).toBe(origin);
    await req('DELETE', `/company/allowed-origins/${added.json().origin.id}`, t.headers);
    expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
  });
});

// Issue 36 item 2: the token's stims and report types hold on every operation an embed token may
// call, the rows a route answers included (server/plugins/auth.ts filters them, whatever the route
// computed), and each report type opens its own operations only.
describe('embed scope on every route (issue 36 item 2)', () => {
  let pageStepId: number;
  const PRIVATE_REF = 'private-respondent-7';
  const SHARED_REF = 'shared-respondent-3';

  beforeAll(async () => {
    // Respondents of both stims on their own steps, and one page step holding both stims.
    await addExposure(db, { studyId, cellId, stepId, stimId }, { participant: { reference: SHARED_REF }, viewable: true, viewableMs: 2000, viewed: true, dwellMs: 800 });
    await addExposure(db, { studyId, cellId, stepId: stepId2, stimId: stimId2 }, { participant: { reference: PRIVATE_REF }, viewable: true, viewableMs: 2000, viewed: true, dwellMs: 900 });
    pageStepId = await addPageStep(db, studyId, cellId, [stimId, stimId2], 3);
    await addExposure(db, { studyId, cellId, stepId: pageStepId, stimId }, { participant: { reference: `${SHARED_REF}-page` } });
    await addExposure(db, { studyId, cellId, stepId: pageStepId, stimId: stimId2 }, { participant: { reference: `${PRIVATE_REF}-page` } });
  });

  it('a stim-limited token reads only its stims\' rows from the study-wide downloads, the step\'s participant data and the stim tree', async () => {
    const { token } = await shareOk({ stim_ids: [stimId] });
    const calls: [string, Record<string, unknown>][] = [
      [`/studies/${studyId}/report`, {}],
      [`/studies/${studyId}/participant_report`, {}],
      [`/studies/${studyId}/feature_report`, {}],
      [`/studies/${studyId}/cell/${cellId}/step/${pageStepId}/participant_report`, {}],
      [`/studies/${studyId}/stims/overview`, {}],
    ];
    for (const [url, body] of calls) {
      const own = await req('POST', url, t.headers, body);
      expect(own.statusCode, `${url} (researcher): ${own.body}`).toBe(200);
      // The researcher sees both stims (so the check below is not vacuous) ...
      expect([...stimIdsIn(own.json())].sort(), url).toEqual([stimId, stimId2].sort());
      const res = await req('POST', url, embed(token, INTRANET), body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      // ... the token only its own: no other stim's id, name or respondent.
      expect([...stimIdsIn(res.json())], url).toEqual([stimId]);
      expect(res.body, url).not.toContain('Private MPU');
      expect(res.body, url).not.toContain(PRIVATE_REF);
    }
    // The stim tree keeps the steps that hold the token's stims, and only those.
    const tree = (await req('POST', `/studies/${studyId}/stims/overview`, embed(token), {})).json() as { data: { step_list: { step_id: number }[] }[] };
    expect(tree.data.flatMap((c) => c.step_list.map((st) => st.step_id)).sort()).toEqual([stepId, pageStepId].sort());
    // Participant data of the token's stim still answers its respondents.
    const rows = (await req('POST', `/studies/${studyId}/participant_report`, embed(token), {})).json().data as { participant_reference: string }[];
    expect(rows.map((r) => r.participant_reference).sort()).toEqual([SHARED_REF, `${SHARED_REF}-page`].sort());
  });

  it('a step holding only another stim answers no rows; an unlimited token reads every stim', async () => {
    const limited = (await shareOk({ stim_ids: [stimId] })).token;
    const onlyOther = await req('POST', `/studies/${studyId}/cell/${cellId}/step/${stepId2}/participant_report`, embed(limited), {});
    expect(onlyOther.statusCode).toBe(200);
    expect(onlyOther.json().data).toEqual([]);
    const all = (await shareOk()).token;
    const res = await req('POST', `/studies/${studyId}/participant_report`, embed(all), {});
    expect([...stimIdsIn(res.json())].sort()).toEqual([stimId, stimId2].sort());
  });

  it('report types: a KPI + demographics token reads the KPI and demographics reads only (compare and feature reads are 403)', async () => {
    const { token } = await shareOk({ report_types: ['kpi', 'demographics'] });
    const perStim = (part: string) => `/studies/${studyId}/cell/${cellId}/step/${stepId}/stimuli/${stimId}/${part}`;
    const compareBody = { data: [{ cell_id: cellId, step_id: stepId, stim_id: stimId }] };
    const expectations: [string, unknown, number][] = [
      [perStim('kpi_analysis'), {}, 200],
      [perStim('graph2_data'), {}, 200],
      [perStim('report'), {}, 200],
      [perStim('participant_report'), {}, 200],
      [`/studies/${studyId}/participant_demographic_summary`, {}, 200],
      [`/studies/${studyId}/compare_report/overall_attention`, compareBody, 403],
      [`/studies/${studyId}/compare_report/feature_attention`, compareBody, 403],
      [`/studies/${studyId}/compare_report/visual_data`, compareBody, 403],
      [perStim('feature_analysis'), {}, 403],
      [perStim('feature_report'), {}, 403],
      [`/studies/${studyId}/feature_report`, {}, 403],
      [`/studies/${studyId}/survey/overview`, {}, 403],
    ];
    for (const [url, body, status] of expectations) {
      const res = await req('POST', url, embed(token), body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      if (status === 403) expect(res.json().message).toBe('This embed token does not open this');
    }
  });

  it('every operation of each report type refuses a token of another type; the contract marks which ones accept embed tokens at all', async () => {
    const embeddable = tokenOps.filter((op) => op.embed);
    // Writes, the embed and My Reports areas and company lists never accept one.
    expect(embeddable.every((op) => op.access === 'read')).toBe(true);
    expect(embeddable.some((op) => op.path.includes('embed-tokens') || op.path.includes('report-panels') || op.path.includes('prestudyquestiongroups'))).toBe(false);
    for (const type of ['compare', 'kpi', 'feature', 'demographics', 'questionAnswers'] as const) {
      const { token } = await shareOk({ report_types: [type] });
      for (const op of embeddable) {
        const res = await req(op.method as Method, fill(op.path), embed(token), bodyOf(op));
        const name = `${type}: ${op.method} ${op.path}`;
        if (opensFor(op, [type])) expect(res.statusCode, `${name}: ${res.body}`).not.toBe(403);
        else expect(res.statusCode, name).toBe(403);
      }
    }
  });
});

// Issue 36 item 8: a company's allowed origins are its administrators' to change (and super users'
// acting for it); every other user of the company reads them, and nothing changes on a refusal.
describe('allowed origins: company administrators only (issue 36 item 8)', () => {
  const userHeaders = async (input: { companyId: number; userTypeId?: number; companyAdmin?: boolean; superUser?: boolean }) => {
    const u = await createUser(db, input);
    return authHeaders(await issueToken(db, u.id, 1));
  };

  it('a study user and a batch user who are not administrators read the list but get 403 adding or removing; nothing changes', async () => {
    const list = async () => ((await req('GET', '/company/allowed-origins', t.headers)).json().data as { id: number; origin: string }[]);
    const before = await list();
    const study = await userHeaders({ companyId: t.companyId });
    const batch = await userHeaders({ companyId: t.companyId, userTypeId: 2 });
    for (const h of [study, batch]) {
      expect((await req('GET', '/company/allowed-origins', h)).statusCode).toBe(200);
      const add = await req('POST', '/company/allowed-origins', h, { origin: 'https://sneaky.example.com' });
      expect(add.statusCode, add.body).toBe(403);
      expect(add.json()).toEqual({ success: false, message: 'Only company administrators may change this' });
      expect((await req('DELETE', `/company/allowed-origins/${before[0].id}`, h)).statusCode).toBe(403);
    }
    expect(await list()).toEqual(before);
    const me = (await req('GET', '/user/get-details', study)).json();
    expect(me.company_admin).toBe(false);
  });

  it('an administrator of either user type adds and removes; a super user acting for the company too; an administrator of another company cannot touch them', async () => {
    const batchAdmin = await userHeaders({ companyId: t.companyId, userTypeId: 2, companyAdmin: true });
    expect((await req('GET', '/user/get-details', batchAdmin)).json().company_admin).toBe(true);
    const added = await req('POST', '/company/allowed-origins', batchAdmin, { origin: 'https://kiosk-two.example.com' });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().origin.id as number;
    // Another company's administrator: their own company's list, so this id is not found.
    expect((await req('DELETE', `/company/allowed-origins/${id}`, other.headers)).statusCode).toBe(404);
    const root = await createUser(db, { companyId: other.companyId, superUser: true });
    const rootToken = await issueToken(db, root.id, 1);
    expect((await req('DELETE', `/company/allowed-origins/${id}`, authHeaders(rootToken, t.companyId))).statusCode).toBe(200);
    expect((await req('POST', '/company/allowed-origins', authHeaders(rootToken, t.companyId), { origin: 'https://kiosk-two.example.com' })).statusCode).toBe(200);
    expect((await req('DELETE', `/company/allowed-origins/${id}`, batchAdmin)).statusCode).toBe(404);
  });

  it('the contract says so: add and remove are company_admin and super_user operations', () => {
    const byId = Object.fromEntries(operations.map((op) => [op.operationId, op]));
    expect([...byId.addAllowedOrigin.roles].sort()).toEqual(['company_admin', 'super_user']);
    expect([...byId.removeAllowedOrigin.roles].sort()).toEqual(['company_admin', 'super_user']);
    expect(byId.listAllowedOrigins.roles).toContain('study_user');
  });
});

describe('embed scope building blocks (issue 36 item 2)', () => {
  it('scopeRows drops other stims\' rows at any depth, and the parents they alone filled; a stray stim id outside a list refuses the answer', () => {
    const fields = ['stim_id', 'stimulus_id'];
    const tree = {
      study_id: 1,
      data: [
        { cell_id: 1, step_list: [{ step_id: 1, stimulus_list: [{ stimulus_id: 5, stimulus_name: 'Mine' }, { stimulus_id: 6, stimulus_name: 'Theirs' }] }, { step_id: 2, stimulus_list: [{ stimulus_id: 6 }] }] },
        { cell_id: 2, step_list: [{ step_id: 3, stimulus_list: [{ stimulus_id: 6 }] }] },
        { cell_id: 3, step_list: [] },
      ],
    };
    expect(scopeRows(tree, [5], fields)).toEqual({
      study_id: 1,
      data: [{ cell_id: 1, step_list: [{ step_id: 1, stimulus_list: [{ stimulus_id: 5, stimulus_name: 'Mine' }] }] }, { cell_id: 3, step_list: [] }],
    });
    expect(scopeRows({ data: [{ stim_id: 5, participant_data: [{ participant_reference: 'a' }] }, { stim_id: 6, participant_data: [{ participant_reference: 'b' }] }] }, [5], fields))
      .toEqual({ data: [{ stim_id: 5, participant_data: [{ participant_reference: 'a' }] }] });
    expect(() => scopeRows({ stim_id: 6, stim_name: 'Theirs' }, [5], fields)).toThrow(StimOutOfScope);
    const at = new Date('2026-11-27T10:00:00Z');
    expect(scopeRows({ data: [{ stim_id: 5, at }] }, [5], fields).data[0].at).toBe(at);
    expect(bodyStimsInScope([5], { data: [{ stim_id: 5 }, { nested: { stim_id: 6 } }] }, fields)).toBe(false);
    expect(bodyStimsInScope([5], { data: [{ stim_id: 5 }] }, fields)).toBe(true);
  });

  it('embedProblems refuses operations the row filter could not keep in scope', () => {
    const base = { access: 'read' as const, roles: ['study_user'] as const, path: '/v1.0/studies/:id/x', embed: { reportTypes: ['kpi'] as const } };
    const ok = Type.Object({ data: Type.Array(Type.Object({ stim_id: Type.Integer(), stim_name: Type.String() })) });
    expect(embedProblems({ ...base, response: { 200: ok } })).toEqual([]);
    expect(embedProblems({ ...base, access: 'write', response: { 200: ok } })).not.toEqual([]);
    expect(embedProblems({ ...base, roles: ['batch_user'], response: { 200: ok } })).not.toEqual([]);
    expect(embedProblems({ ...base, path: '/v1.0/company/x', response: { 200: ok } })).not.toEqual([]);
    expect(embedProblems({ ...base, path: '/v1.0/studies/:id/creative/:creativeStim', response: { 200: ok } })).not.toEqual([]);
    expect(embedProblems({ ...base, response: { 200: Type.Object({ data: Type.Array(Type.Object({ stim_name: Type.String() })) }) } })).not.toEqual([]);
    expect(embedProblems({ ...base, response: { 200: Type.Object({ stim_id: Type.Integer() }) } })).not.toEqual([]);
    expect(embedProblems({ ...base, path: '/v1.0/studies/:id/s/:stim', response: { 200: Type.Object({ stim_id: Type.Integer() }) } })).toEqual([]);
    expect(embedProblems({ ...base, response: { 200: Binary('text/csv', 'a file') } })).not.toEqual([]);
  });
});

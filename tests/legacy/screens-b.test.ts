// Issue 39 (second half): the legacy front end's screens that broke against our server, replayed
// over HTTP on the demo data with the ids and payloads those screens send — the stim lists (no
// pager: every row; the Stim Types filter), the overview's links table, the survey page, the edit
// audience page, the AOI editor frame and the preflights of a front end on another origin. Every
// list these screens show must be non-empty for the demo data (readProblems fails an empty []).
// Runs against a server started here (the real app on a free port, demo seed, ALLOWED_ORIGINS =
// the legacy client's origin), or LEGACY_BASE_URL with LEGACY_ORIGIN set to an allowed origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityApp, type SecurityApp } from '../security/helpers.js';
import { DEMO_PASSWORD } from '../../server/seed/index.js';
import { legacyFetch, readProblems, type LegacyResponse } from './reads.js';

const BASE_URL = process.env.LEGACY_BASE_URL?.replace(/\/+$/, '');
/** Where the legacy front end is served (its own origin, as an operator runs it). */
const LEGACY_ORIGIN = process.env.LEGACY_ORIGIN ?? 'http://legacy.localhost:3000';

let s: SecurityApp | null = null;
let base = '';
let researcher = '';
let vendor = '';

/** A call with a body only when the screen sends one; problems of each read, 2xx required. */
function expectReads(res: LegacyResponse, reads: string[]) {
  expect(res.status, res.text.slice(0, 300)).toBeGreaterThanOrEqual(200);
  expect(res.status, res.text.slice(0, 300)).toBeLessThan(300);
  const problems = reads.flatMap((r) => readProblems(res.json, r));
  expect(problems, `${problems.slice(0, 8).join('; ')} — in ${res.text.slice(0, 300)}`).toEqual([]);
}

const post = (path: string, token: string, body?: unknown) => legacyFetch(base, 'POST', `/v1.0${path}`, { token, body });
const get = (path: string, token: string) => legacyFetch(base, 'GET', `/v1.0${path}`, { token });

async function signInAs(username: string): Promise<string> {
  const res = await legacyFetch(base, 'POST', '/v1.0/auth-token', { body: { username, password: DEMO_PASSWORD } });
  return (res.json as { token: string }).token;
}

/** The stimtypes list as the Stim Types dropdown reads it: a bare array of {id, code, description}. */
async function stimTypeDescriptions(token: string): Promise<string[]> {
  const res = await get('/dashboard/data/stimtypes_list', token);
  expectReads(res, ['[]:arr', '[].description:str']);
  return (res.json as { description: string }[]).map((t) => t.description);
}

/** StimsTableContainer.js filterFuncs: `val.type.toUpperCase() === stimType.toUpperCase()`. */
const legacyTypeFilter = <T extends { type: string }>(rows: T[], description: string) =>
  rows.filter((r) => r.type.toUpperCase() === description.toUpperCase());

beforeAll(async () => {
  if (BASE_URL) {
    base = BASE_URL;
  } else {
    s = await securityApp({ demo: true, config: { allowedOrigins: [LEGACY_ORIGIN] } });
    base = (await s.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/+$/, '');
  }
  researcher = await signInAs('researcher');
  vendor = await signInAs('vendor');
}, 180_000);
afterAll(async () => { await s?.close(); });

describe('stim lists: no pager, so every row; the Stim Types filter finds rows', () => {
  it('fetchStimsData: POST /stims without a body answers every stim of the library (more than one page of 25) with the fields the table reads', async () => {
    const res = await post('/stims', researcher);
    expectReads(res, ['data:arr', 'data[].id:num', 'data[].name:str', 'data[].media:any', 'data[].brand:any', 'data[].type:str', 'data[].source:str|null']);
    const body = res.json as { data: { id: number; type: string }[]; total_count: number; total_page_num: number };
    expect(body.total_count).toBeGreaterThan(25);
    expect(body.data).toHaveLength(body.total_count);
    expect(body.total_page_num).toBe(1);
    expect(new Set(body.data.map((r) => r.id)).size).toBe(body.total_count);
    // The SDK's stim library still pages: it always sends page_num and results_per_page.
    const sdk = (await post('/stims', researcher, { results_per_page: 25, page_num: 1, order_by: 'name_asc', filter_name: '', filter_stimtype: 'ALL', filter_media_id: 'ALL' })).json as { data: unknown[]; total_count: number };
    expect(sdk.data).toHaveLength(25);
    expect(sdk.total_count).toBe(body.total_count);
  });

  it("the Stim Types filter: every row's type is one of the stimtypes list's descriptions, and each type present is found by it", async () => {
    const descriptions = await stimTypeDescriptions(researcher);
    const rows = (await post('/stims', researcher)).json as { data: { type: string; stim_type: string }[] };
    const found = descriptions.map((d) => legacyTypeFilter(rows.data, d).length);
    expect(found.reduce((a, b) => a + b, 0)).toBe(rows.data.length);
    expect(found[descriptions.indexOf('Image')]).toBeGreaterThan(0);
  });

  it('getVendorStimList: vendor/stimulus/list with {} (the vendor stim list on mount) answers every discovered stim; the type filter finds them', async () => {
    const res = await legacyFetch(base, 'POST', '/v1.0/vendor/stimulus/list ', { token: vendor, body: {} });
    expectReads(res, ['data:arr', 'data[].internal_stim_id:any', 'data[].identifier:any', 'data[].name:str', 'data[].type:str', 'data[].width:num|null', 'data[].height:num|null', 'data[].discovered_date:str|null']);
    const body = res.json as { data: { type: string }[]; total_count: number };
    expect(body.total_count).toBeGreaterThan(25);
    expect(body.data).toHaveLength(body.total_count);
    const descriptions = await stimTypeDescriptions(vendor);
    expect(descriptions.map((d) => legacyTypeFilter(body.data, d).length).reduce((a, b) => a + b, 0)).toBe(body.data.length);
    // The SDK's batch stim list pages as before.
    const sdk = (await post('/vendor/stimulus/list', vendor, { filter_name: '', filter_stimtype: '', order_by: 'name_asc', results_per_page: 25, page_num: 1 })).json as { data: { type_group: string }[] };
    expect(sdk.data).toHaveLength(25);
    for (const r of sdk.data) expect(['image', 'video', 'script', 'vast']).toContain(r.type_group);
  });
});

/** A study of the demo data whose screens have something to show: panels, questions, cells. */
let study = 0;

describe('study overview, survey and edit audience pages', () => {
  beforeAll(async () => {
    const list = (await get('/studies', researcher)).json as { data: { study_id: number; cell_count: number }[] };
    for (const r of list.data.filter((x) => x.cell_count > 1)) {
      const audience = (await post(`/studies/${r.study_id}/audience/overview`, researcher)).json;
      const survey = (await post(`/studies/${r.study_id}/survey/overview`, researcher)).json as { data?: { survey_question: unknown[] }[] };
      if (Array.isArray(audience) && audience.length && survey.data?.some((g) => g.survey_question.length)) { study = r.study_id; break; }
    }
    expect(study, 'a demo study with panels, questions and two cells').toBeGreaterThan(0);
  });

  it("getLinksData: every cell link carries short_name (the column heading) and auto_start (the cell's live link)", async () => {
    const res = await legacyFetch(base, 'POST', `/v1.0/studies/${study}/links `, { token: researcher });
    const cellReads = (at: string) => [`${at}.cell_links[].cell_id:num`, `${at}.cell_links[].short_name:str`, `${at}.cell_links[].auto_start:str`, `${at}.cell_links[].standard:str`];
    expectReads(res, [
      'testing_links.standard:str', 'testing_links.auto_start:str', 'live_links.standard:str',
      ...cellReads('testing_links'), ...cellReads('live_links'),
      'live_links.panel_links[].cell_links[].short_name:str', 'live_links.panel_links[].cell_links[].auto_start:str',
    ]);
    const live = (res.json as { live_links: { cell_links: { short_name: string; auto_start: string; standard: string }[] } }).live_links;
    for (const c of live.cell_links) {
      expect(c.short_name.trim()).not.toBe('');
      expect(c.auto_start).toMatch(/^https?:\/\/[^/]+\/take\/\d+\?.*autostart=1/);
    }
  });

  it('fetchSurveyData: survey_question[] are strings the survey page renders (the SDK reads questions[])', async () => {
    const res = await post(`/studies/${study}/survey/overview`, researcher);
    expectReads(res, ['data:arr', 'data[].survey_title:str', 'data[].survey_question:arr']);
    const groups = (res.json as { data: { survey_question: unknown[]; questions: { name: string }[] }[] }).data;
    const all = groups.flatMap((g) => g.survey_question);
    expect(all.length).toBeGreaterThan(0);
    for (const q of all) expect(typeof q).toBe('string');
    for (const g of groups) expect(g.survey_question).toEqual(g.questions.map((q) => q.name));
  });

  it("edit.fetchAudienceDetails: no body, a bare array of panels read as response.data[0].name; the SDK's {} gets the object", async () => {
    const res = await post(`/studies/${study}/audience/overview`, researcher);
    expectReads(res, ['[]:arr', '[0].name:str', '[0].code:str', '[0].success_redirect_url:str', '[0].screenout_redirect_url:str', '[0].quota_full_redirect_url:str', '[0].participant_insert_parameter:str']);
    const overview = await post(`/studies/${study}/audience/overview`, researcher, {});
    expectReads(overview, ['panels[].name:str', 'participants_requested:num', 'data.name:str']);
    expect((overview.json as { panels: unknown[] }).panels).toEqual(res.json);
    // The overview's panel list reads /overview's audience_overview.panels: the same panels.
    const o = (await legacyFetch(base, 'POST', `/v1.0/studies/${study}/overview `, { token: researcher })).json as { audience_overview: { panels: { id: number }[] } };
    expect(o.audience_overview.panels.map((p) => p.id)).toEqual((res.json as { id: number }[]).map((p) => p.id));
  });
});

describe('AOI editor frame and a front end on another origin', () => {
  /** What a browser sends when the legacy page frames our address (a navigation: no Origin). */
  const frame = (path: string) => fetch(`${base}${path}`, { headers: { accept: 'text/html,application/xhtml+xml', 'sec-fetch-dest': 'iframe' } });

  it('the study stim address serves our page, framed only by our origin and the legacy origin; its token reads and saves the AOIs through the API', async () => {
    const tree = (await post(`/studies/${study}/stims/overview`, researcher)).json as { data: { step_list: { stimulus_list: { stimulus_id: number }[] }[] }[] };
    const stimId = tree.data.flatMap((c) => c.step_list.flatMap((st) => st.stimulus_list.map((x) => x.stimulus_id)))[0];
    const page = await frame(`/stimuli/stimulus/feature-editor/?stimulus_id=${stimId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const ancestors = /frame-ancestors ([^;]*)/.exec(page.headers.get('content-security-policy') ?? '')?.[1].split(' ');
    expect(ancestors).toEqual(["'self'", LEGACY_ORIGIN]);
    expect(page.headers.get('x-frame-options')).toBeNull();
    // The page signs in with the legacy client's own token (#token=… or postMessage, never in the
    // request): the element then reads and saves with it, as the dashboard's editor does.
    const read = await get(`/analysis/stimuli/${stimId}`, researcher);
    expectReads(read, ['data.aois:arr']);
    const aois = (read.json as { data: { aois: unknown[] } }).data.aois;
    const saved = await legacyFetch(base, 'POST', `/v1.0/analysis/stimuli/${stimId}`, { token: researcher, body: { aois } });
    expect(saved.status, saved.text.slice(0, 200)).toBe(200);
  });

  it('the batch stim address likewise, with the vendor\'s token and the batch stim id', async () => {
    const list = (await post('/vendor/stimulus/list', vendor, {})).json as { data: { internal_stim_id: number }[] };
    const id = list.data[0].internal_stim_id;
    const page = await frame(`/stimuli/tpstimulus/tpstimuli-feature-editor/?stimulus_id=${id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors 'self' ${LEGACY_ORIGIN}`);
    expectReads(await get(`/analysis/tpstimuli/${id}`, vendor), ['data.aois:arr']);
  });

  it('preflights from the legacy origin are answered with Access-Control-Max-Age, so calls are not each preceded by one', async () => {
    const pre = await fetch(`${base}/v1.0/studies/${study}/links`, {
      method: 'OPTIONS',
      headers: { origin: LEGACY_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get('access-control-allow-origin')).toBe(LEGACY_ORIGIN);
    expect(Number(pre.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    const call = await legacyFetch(base, 'POST', `/v1.0/studies/${study}/links`, { token: researcher, origin: LEGACY_ORIGIN });
    expect(call.headers.get('access-control-allow-origin')).toBe(LEGACY_ORIGIN);
  });
});

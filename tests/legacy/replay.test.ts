// Issue 10 item 1: the legacy client's own calls (/work/shared/legacy-client-calls.json, copied
// to tests/legacy/legacy-client-calls.json) replayed over HTTP against the real server on the
// demo data: every call answers 2xx with every field the legacy client reads, of the type it
// reads — document 1's screens (issue 10) and those of documents 2 and 3 built since (issues 11–19),
// with the ids and payloads those screens send, writes in the order the screens make them.
// Runs against a server started here (the real app listening on a free port, PGlite or
// TEST_DATABASE_URL), or against LEGACY_BASE_URL (e.g. `npm start` on http://127.0.0.1:8080).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityApp, type SecurityApp } from '../security/helpers.js';
import { simulateStudy } from '../../server/seed/respondents.js';
import { DEMO_PASSWORD } from '../../server/seed/index.js';
import { readProblems as checkRead } from './reads.js';

interface LegacyCall {
  id: string;
  method: 'GET' | 'POST';
  base: string;
  path: string;
  auth: boolean;
  payload: string[];
  live: boolean;
  reads: string[];
  spec_document: string;
}

const CALLS = (JSON.parse(readFileSync(new URL('./legacy-client-calls.json', import.meta.url), 'utf8')) as { calls: LegacyCall[] }).calls;


/** The legacy client is axios: this is what it sends. */
const AXIOS_ACCEPT = 'application/json, text/plain, */*';

const BASE_URL = process.env.LEGACY_BASE_URL?.replace(/\/+$/, '');
let s: SecurityApp | null = null;
let base = '';
let token = '';
let studyId = 0;

async function call(
  c: Pick<LegacyCall, 'method' | 'base' | 'path' | 'auth'>, body?: Record<string, unknown>,
  vars: Record<string, number> = {}, as = token, study = studyId,
) {
  const headers: Record<string, string> = { accept: AXIOS_ACCEPT };
  if (c.auth) headers.authorization = `Token ${as}`;
  if (body) headers['content-type'] = 'application/json;charset=utf-8';
  // The path as the legacy client writes it (stray trailing spaces kept), its {names} filled in.
  const path = c.path.replace(/\{(\w+)\}/g, (_m, k: string) => String(k === 'study' ? study : vars[k]));
  const url = `${base}${c.base}${path}`;
  const res = await fetch(url, { method: c.method, headers, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  let json: unknown = null;
  try { json = text ? JSON.parse(text) : null; } catch { /* not JSON: the status check reports it */ }
  return { status: res.status, json, text };
}

/** Payload values the legacy screens send. */
const VALUES: Record<string, unknown> = {
  username: 'researcher',
  password: DEMO_PASSWORD,
  first_name: 'Rita',
  last_name: 'Patel',
  location: 'London',
  job_title: 'Head of Research',
  phone_number: '+44 20 7946 0101',
  message: 'Sent by the legacy client replay',
};

const title = (c: LegacyCall) =>
  `${c.id}: ${c.method} ${c.base}${c.path}${c.live ? '' : ' (never called by the legacy client; answered anyway)'} → 2xx with ${c.reads.length ? c.reads.join(', ') : 'status only'}`;

function expectRead(c: LegacyCall, res: Awaited<ReturnType<typeof call>>) {
  expect(res.status, res.text.slice(0, 300)).toBeGreaterThanOrEqual(200);
  expect(res.status, res.text.slice(0, 300)).toBeLessThan(300);
  const problems = c.reads.flatMap((r) => checkRead(res.json, r));
  expect(problems, `${problems.slice(0, 8).join('; ')} — in ${JSON.stringify(res.json).slice(0, 300)}`).toEqual([]);
}

beforeAll(async () => {
  if (BASE_URL) {
    base = BASE_URL;
  } else {
    s = await securityApp({ demo: true });
    base = (await s.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/+$/, '');
  }
  const signIn = await call({ method: 'POST', base: '/v1.0', path: '/auth-token', auth: false }, { username: 'researcher', password: DEMO_PASSWORD });
  token = (signIn.json as { token: string }).token;
  // A completed study with cells, from the study list as the legacy client reads it.
  const list = (await call({ method: 'GET', base: '/v1.0', path: '/studies', auth: true })).json as { data: { study_id: number; completed: boolean; cell_count: number; participants_returned: number }[] };
  const done = list.data.filter((r) => r.completed && r.cell_count > 1);
  studyId = (done.find((r) => r.participants_returned > 0) ?? done[0]).study_id;
  // In-process: a few respondents through the real ingestion path, so the demographic counts are not all 0.
  if (s) await simulateStudy(s.database.db, studyId, { count: 12 });
}, 180_000);
afterAll(async () => { await s?.close(); });

describe('legacy client calls of the screens that exist (document 1: sign-in, home, study list, account, contact, demographics, lookups)', () => {
  const built = CALLS.filter((c) => c.spec_document === 'doc1');
  it('every call of the list is replayed: here (document 1) or below (documents 2 and 3)', () => {
    expect(Object.keys(LATER).sort()).toEqual(CALLS.filter((c) => c.spec_document !== 'doc1').map((c) => c.id).sort());
  });

  for (const c of built) {
    it(title(c), async () => {
      const body = c.payload.length ? Object.fromEntries(c.payload.map((f) => [f, VALUES[f]])) : undefined;
      expectRead(c, await call(c, body));
    });
  }

  it('what the screens read agrees: home counts = list totals; the summary counts the list\'s returned participants', async () => {
    const home = (await call({ method: 'GET', base: '/v1.0', path: '/studies/overview', auth: true })).json as Record<string, number>;
    const list = (await call({ method: 'GET', base: '/v1.0', path: '/studies', auth: true })).json as { data: { study_id: number; participants_returned: number; live: boolean; completed: boolean }[]; total_live: number; total_completed: number };
    expect([home.total_live, home.total_completed]).toEqual([list.total_live, list.total_completed]);
    expect(list.total_live).toBe(list.data.filter((r) => r.live).length);
    expect(list.total_completed).toBe(list.data.filter((r) => r.completed).length);
    const summary = (await call({ method: 'POST', base: '/v1.0', path: '/studies/{study}/participant_demographic_summary', auth: true })).json as { total: number; data: { gender: { count: number }[]; gender_cell: { data: { count: number }[] }[] }[] };
    const row = list.data.find((r) => r.study_id === studyId)!;
    expect(row.participants_returned).toBeGreaterThan(0);
    expect(summary.total).toBe(row.participants_returned);
    const perCell = summary.data[0].gender_cell.flatMap((cell) => cell.data).reduce((n, g) => n + g.count, 0);
    expect(perCell).toBe(summary.data[0].gender.reduce((n, g) => n + g.count, 0));
  });

  it('the update the legacy client sends (no e-mail) keeps the e-mail', async () => {
    const details = (await call({ method: 'GET', base: '/v1.0', path: '/user/get-details', auth: true })).json as { email: string | null; job_title: string };
    expect(details.email).toMatch(/@/);
    expect(details.job_title).toBe(VALUES.job_title);
  });
});

// ---- documents 2 and 3: the screens built since (issues 11–19) ------------------------------------

/** Ids the later screens put in their paths and bodies, read from the server as those screens do. */
interface Later {
  vendorToken: string;
  /** A placed stim of the replayed (completed) study. */
  cell: number; step: number; stim: number;
  /** A study the writes may change: neither live nor completed. */
  work: number;
  batch: { internal_batch_id: string; internal_vendor_id: string; internal_stim_id: number; internal_step_id: number };
  panel?: number;
  cellOfWork?: number;
}
let later: Later;

const V1 = (method: 'GET' | 'POST', path: string) => ({ method, base: '/v1.0', path, auth: true });
/** The placed stim as the per-stim paths name it. */
const stimVars = () => ({ cell: later.cell, step: later.step, stim: later.stim });
const ids = (c: { cell: number; step: number; stim: number }) => ({ data: [{ cell_id: c.cell, step_id: c.step, stim_id: c.stim }] });
const PANEL = {
  name: 'Legacy replay panel', code: 'lrp', success_redirect_url: 'https://panel.example/ok', screenout_redirect_url: 'https://panel.example/out',
  quota_full_redirect_url: 'https://panel.example/full', participant_insert_parameter: 'pid',
};

type Prepared = { body?: Record<string, unknown>; vars?: Record<string, number>; as?: string; study?: number };
/**
 * Per call: what its screen sends. Keyed by the list's ids; the test checks every later call has an
 * entry, so a call added to the list fails until it is replayed. Writes come in the order the screens
 * make them (create a panel before reading and editing it, unlock before changing steps).
 */
const LATER: Record<string, () => Promise<Prepared> | Prepared> = {
  fetchStimData: () => ({}),
  fetchSurveyData: () => ({}),
  fetchAttentionResponseData: () => ({ body: ids(later) }),
  fetchGraphResponseData: () => ({ body: ids(later) }),
  fetchFeatureResponseData: () => ({ body: ids(later) }),
  fetchVisualResponseData: () => ({ body: ids(later) }),
  fetchKpiData: () => ({ body: {}, vars: stimVars() }),
  fetchKpiGraphData: () => ({ vars: stimVars() }),
  fetchKpiRawData: () => ({ vars: stimVars() }),
  fetchFeatureData: () => ({ body: {}, vars: stimVars() }),
  fetchFeatureRawData: () => ({ vars: stimVars() }),
  getParticipantReport: () => ({ vars: stimVars() }),
  downloadReportData_participant_report: () => ({}),
  downloadReportData_report: () => ({}),
  downloadReportData_feature_report: () => ({}),
  'fetchStudies(study overview)': () => ({}),
  createPanel: () => ({ body: PANEL }),
  fetchOverviewData: async () => {
    // The panel just created is the one the overview lists last.
    const o = (await call(V1('POST', '/studies/{study}/overview'))).json as { audience_overview: { panels: { id: number; name: string }[] } };
    later.panel = o.audience_overview.panels.find((p) => p.name === PANEL.name)?.id;
    return {};
  },
  fetchAudienceOverviewData: () => ({}),
  'edit.fetchAudienceDetails': () => ({}),
  getPanelDetails: () => ({ vars: { panel: later.panel! } }),
  editPanelDetails: () => ({ vars: { panel: later.panel! }, body: { ...PANEL, name: 'Legacy replay panel (edited)' } }),
  deletePanel: () => ({ vars: { panel: later.panel! } }),
  getLinksData: () => ({}),
  getFilesForStudy: () => ({}),
  getStudyDetails: () => ({ study: later.work }),
  postStudyDetailsEdit: () => ({
    study: later.work,
    body: { name: 'Legacy replay study', objective: 'Replay', environment: 1, media: 1, language_id: 1, decision_to_inform: 'Go / no go', demographic_survey_url: '', demographic_survey_insert_parameter: '' },
  }),
  unlockStudy: () => ({ study: later.work }),
  fetchStepData: async () => {
    const o = (await call(V1('POST', '/studies/{study}/steps/overview'), undefined, {}, token, later.work)).json as { data: { cell_id: number }[] };
    later.cellOfWork = o.data[0].cell_id;
    return { study: later.work };
  },
  getStepDetailInfo: () => ({ study: later.work, body: { step_type: 'instruction' } }),
  postNewStepDataToApi: async () => {
    const options = (await call(V1('POST', '/studies/{study}/steps/step-detail'), { step_type: 'instruction' }, {}, token, later.work)).json as { data: { step_id: number }[] };
    return { study: later.work, body: { step_order: 0, cell_id: later.cellOfWork, step_type: 'instruction', step_id: options.data[0].step_id } };
  },
  editStepData: async () => ({ study: later.work, body: { step_order_id: (await workSteps())[0], seconds_before_show_next: 2, seconds_before_move_next: 10, next_type_id: 0 } }),
  postStepReOrderData: async () => {
    const steps = await workSteps();
    const reversed = [...steps].reverse().map((id, index) => ({ index, step_order_id: id }));
    return { study: later.work, body: { [String(later.cellOfWork)]: reversed } };
  },
  deleteStepFromCell: async () => ({ study: later.work, body: { step_order_id: (await workSteps())[0] } }),
  addCell: () => ({ study: later.work, body: { cell_name: 'Legacy replay cell', short_name: 'LRC' } }),
  editTask: () => ({ study: later.work, body: { cell_id: later.cellOfWork, cell_name: 'Legacy replay cell (renamed)', short_name: 'LRC2' } }),
  orderACachePage: () => ({ body: { url: 'https://www.example.com/', name: 'Legacy replay page' } }),
  fetchStimsData: () => ({ body: {} }),
  onAddNewStudySubmit: () => ({ body: { name: 'Legacy replay new study', environment_id: 1, media_id: 4, study_type_id: 0, language_id: 1, number_of_cells: 1, panel_size: 100 } }),
  getAllFiles: () => ({}),
  fetchBatchData: () => ({ as: later.vendorToken, body: {} }),
  fetchBatchStimsData: () => ({ as: later.vendorToken, body: batchRef() }),
  fetchBatchGraphData: () => ({ as: later.vendorToken, body: batchRef() }),
  getVendorStimList: () => ({ as: later.vendorToken, body: { results_per_page: 25, page_num: 1, filter_name: '', filter_stimtype: '', order_by: 'name_asc' } }),
  getReportVisual: () => ({ as: later.vendorToken, body: batchRef() }),
  getReportData: () => ({ as: later.vendorToken, body: batchRef() }),
  getReportFeatureData: () => ({ as: later.vendorToken, body: batchRef() }),
  downloadParticipantData: () => ({ as: later.vendorToken, body: batchRef(true) }),
  downloadReportStim: () => ({ as: later.vendorToken, body: batchRef(true) }),
  'downloadFeatureData(service)': () => ({ as: later.vendorToken, body: batchRef(true) }),
  getReportParticipantData: () => ({ as: later.vendorToken, body: batchRef() }),
  getReportParticipantFeatureData: () => ({ as: later.vendorToken, body: batchRef() }),
  getReportParticipant: () => ({ as: later.vendorToken, body: batchRef() }),
  getReportStats: () => ({ as: later.vendorToken, body: batchRef() }),
};

function batchRef(withStep = false): Record<string, unknown> {
  const { internal_batch_id, internal_vendor_id, internal_stim_id, internal_step_id } = later.batch;
  return { internal_batch_id, internal_vendor_id, internal_stim_id, ...(withStep ? { internal_step_id } : {}) };
}

async function workSteps(): Promise<number[]> {
  const o = (await call(V1('POST', '/studies/{study}/steps/overview'), undefined, {}, token, later.work)).json as { data: { cell_id: number; step_data: { step_order_id: number }[] }[] };
  return o.data.find((c) => c.cell_id === later.cellOfWork)!.step_data.map((s) => s.step_order_id);
}

/** The order the screens call in: reads, then each screen's writes in its own order. */
const ORDER = Object.keys(LATER);

describe('legacy client calls of the screens of documents 2 and 3 (issues 11–19)', () => {
  beforeAll(async () => {
    const vendor = await call({ method: 'POST', base: '/v1.0', path: '/auth-token', auth: false }, { username: 'vendor', password: DEMO_PASSWORD });
    const vendorToken = (vendor.json as { token: string }).token;
    const tree = (await call(V1('POST', '/studies/{study}/stims/overview'))).json as { data: { cell_id: number; step_list: { step_id: number; stimulus_list: { stimulus_id: number }[] }[] }[] };
    // The placed stim the per-stim screens open: one whose default norm (same brand) has other
    // stims to compare with, so norm_data holds numbers (an empty comparison set answers nulls)…
    const placed = tree.data.flatMap((c) => c.step_list.flatMap((st) => st.stimulus_list.map((x) => ({ cell: c.cell_id, step: st.step_id, stim: x.stimulus_id }))));
    const all = { data: placed.map((x) => ({ cell_id: x.cell, step_id: x.step, stim_id: x.stim })) };
    const attention = (await call(V1('POST', '/studies/{study}/compare_report/overall_attention'), all)).json as { data: { cell_id: number; step_id: number; stim_id: number; norm_data: { avg_stim_dwell_time: number | null } }[] };
    const features = (await call(V1('POST', '/studies/{study}/compare_report/feature_attention'), all)).json as { data: { step_id: number; stim_id: number; feature_data: Record<string, { avg_feature_dwell_time: number | null }> }[] };
    // …and some AOI of it was fixated (the feature report's mean dwell is a number somewhere).
    const fixated = (r: { step_id: number; stim_id: number }) => features.data.some((f) => f.step_id === r.step_id && f.stim_id === r.stim_id
      && Object.values(f.feature_data).some((d) => typeof d.avg_feature_dwell_time === 'number'));
    const normed = attention.data.find((r) => typeof r.norm_data.avg_stim_dwell_time === 'number' && fixated(r));
    const pick = normed ? { cell: normed.cell_id, step: normed.step_id, stim: normed.stim_id } : placed[0];
    const list = (await call(V1('GET', '/studies'))).json as { data: { study_id: number; live: boolean; completed: boolean; cell_count: number }[] };
    const work = list.data.find((r) => !r.live && !r.completed && r.cell_count > 0)!.study_id;
    const batches = (await call(V1('POST', '/batch/list'), {}, {}, vendorToken)).json as { data: { internal_batch_id: string; internal_vendor_id: string }[] };
    let batch: Later['batch'] | undefined;
    for (const b of batches.data) {
      const stims = (await call(V1('POST', '/batch/stims'), { internal_batch_id: b.internal_batch_id, internal_vendor_id: b.internal_vendor_id }, {}, vendorToken)).json as { data: { internal_stim_id: number; internal_step_id: number | null }[] };
      const s = stims.data.find((x) => x.internal_step_id !== null);
      if (s) { batch = { ...b, internal_stim_id: s.internal_stim_id, internal_step_id: s.internal_step_id! }; break; }
    }
    later = { vendorToken, ...pick, work, batch: batch! };
  });

  for (const id of ORDER) {
    const c = CALLS.find((x) => x.id === id);
    if (!c) continue; // the coverage test above names it
    it(title(c), async () => {
      const p = await LATER[id]();
      expectRead(c, await call(c, p.body, p.vars, p.as ?? token, p.study ?? studyId));
    });
  }
});

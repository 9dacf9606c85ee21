// Issue 39 items 1 and 3 (part A): the legacy client's step board, batch report (vendor), compare
// report and attention curves, read as its screens read them (georgewright1066/Dashboard @ 63a2b83:
// CellStepManagement/components/Task.js, BatchOverview, BatchKpi/components/Table.js,
// BatchKpiContainer.js, AttentionReport/components/FeatureAttention/Table.js, Graph/*.js), with the
// ids and bodies those screens send, on the demo data — and every graph, list and report those
// screens read is non-empty there. replay.test.ts checks the call list's types; this file checks
// what each screen does with the values (a white page, 'NaN', a transposed curve).
// Same server as replay.test.ts: in process (PGlite or TEST_DATABASE_URL), or LEGACY_BASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { securityApp, type SecurityApp } from '../security/helpers.js';
import { simulateStudy } from '../../server/seed/respondents.js';
import { DEMO_PASSWORD } from '../../server/seed/index.js';
import { batch } from '../../server/db/schema/index.js';

const AXIOS_ACCEPT = 'application/json, text/plain, */*';
const BASE_URL = process.env.LEGACY_BASE_URL?.replace(/\/+$/, '');
let s: SecurityApp | null = null;
let base = '';
let researcher = '';
let vendor = '';

/** A body as the untyped legacy client reads it. */
type Json = Record<string, any>;

/** A call as the legacy client's axios makes it: `Token` header, JSON body when it sends one. */
async function post(path: string, body?: unknown, as = researcher): Promise<{ status: number; json: Json; text: string }> {
  const headers: Record<string, string> = { accept: AXIOS_ACCEPT, authorization: `Token ${as}` };
  if (body !== undefined) headers['content-type'] = 'application/json;charset=utf-8';
  const res = await fetch(`${base}/v1.0${path}`, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json: Json = {};
  try { json = text ? JSON.parse(text) as Json : {}; } catch { /* the status check reports it */ }
  return { status: res.status, json, text };
}
async function ok(path: string, body?: unknown, as = researcher): Promise<Json> {
  const r = await post(path, body, as);
  expect(r.status, `${path}: ${r.text.slice(0, 300)}`).toBe(200);
  return r.json;
}

/** What React renders without throwing: text, a number, nothing. An object child is a white page. */
const renderable = (v: unknown) => v === null || v === undefined || typeof v === 'string' || typeof v === 'number';
/** The legacy tables format every value as `Number(v).toFixed(n)`. */
const legacyNumber = (v: unknown, places = 1) => Number(v).toFixed(places);

/** The card colours of the legacy board (Task.js getColor); anything else falls to the default. */
const LEGACY_STEP_LABELS = ['Validation Step', 'Cache Page Step', 'Instruction Step', 'Stim Step', 'External Step', 'Embedded Step', 'Question Group Step', 'Calibration Step'];

let study = 0; // a completed study with placed stims and AOIs, respondents simulated
let work = 0; // a study the board may lock and unlock
let placed: { cell_id: number; step_id: number; stim_id: number }[] = [];
let batchRef: { internal_batch_id: string; internal_vendor_id: string } = { internal_batch_id: '', internal_vendor_id: '' };
let batchStim = 0;

beforeAll(async () => {
  if (BASE_URL) base = BASE_URL;
  else {
    s = await securityApp({ demo: true });
    base = (await s.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/+$/, '');
  }
  const signIn = async (username: string) => {
    const res = await fetch(`${base}/v1.0/auth-token`, { method: 'POST', headers: { 'content-type': 'application/json', accept: AXIOS_ACCEPT }, body: JSON.stringify({ username, password: DEMO_PASSWORD }) });
    return ((await res.json()) as { token: string }).token;
  };
  [researcher, vendor] = await Promise.all([signIn('researcher'), signIn('vendor')]);

  // The study list as the legacy client reads it: a completed study whose stims carry AOIs.
  const list = (await (await fetch(`${base}/v1.0/studies`, { headers: { accept: AXIOS_ACCEPT, authorization: `Token ${researcher}` } })).json()) as { data: { study_id: number; live: boolean; completed: boolean; cell_count: number }[] };
  work = list.data.find((r) => !r.live && !r.completed && r.cell_count > 0)!.study_id;
  for (const row of list.data.filter((r) => r.completed && r.cell_count > 0)) {
    const tree = await ok(`/studies/${row.study_id}/stims/overview`);
    const refs = (tree.data as Json[]).flatMap((c) => (c.step_list as Json[]).flatMap((st) => (st.stimulus_list as Json[]).map((x) => ({ cell_id: c.cell_id as number, step_id: st.step_id as number, stim_id: x.stimulus_id as number }))));
    if (!refs.length) continue;
    const features = await ok(`/studies/${row.study_id}/compare_report/feature_attention`, { data: refs });
    if ((features.feature_tag_list as string[]).length) { study = row.study_id; placed = refs; break; }
  }
  expect(study, 'the demo has a completed study with AOIs').toBeGreaterThan(0);

  // The vendor's batch list, then the first batch with a measured stim (the batch report's ids).
  const batches = await ok('/batch/list', {}, vendor);
  for (const b of batches.data as Json[]) {
    const ref = { internal_batch_id: String(b.internal_batch_id), internal_vendor_id: String(b.internal_vendor_id) };
    const stims = await ok('/batch/stims', ref, vendor);
    const measured = (stims.data as Json[]).find((x) => x.internal_step_id !== null);
    if (measured) { batchRef = ref; batchStim = measured.internal_stim_id as number; break; }
  }
  expect(batchStim, 'the demo has a batch with a measured stim').toBeGreaterThan(0);

  // In process: respondents through the real ingestion path (the demo seeds them in the background
  // of a running server, not here), so the curves and reports have data as on a started server.
  if (s) {
    const [row] = await s.database.db.select({ studyId: batch.studyId }).from(batch).where(eq(batch.internalId, batchRef.internal_batch_id));
    await simulateStudy(s.database.db, study, { count: 8 });
    if (row?.studyId) await simulateStudy(s.database.db, row.studyId, { count: 8 });
  }
}, 900_000);
afterAll(async () => { await s?.close(); });

describe('issue 39: the step board (CellStepManagement)', () => {
  it('steps/overview: every card renders (step_details is text) and is headed and coloured by its label', async () => {
    for (const id of [work, study]) {
      const board = await ok(`/studies/${id}/steps/overview%20`);
      const steps = (board.data as Json[]).flatMap((c) => c.step_data as Json[]);
      expect(steps.length).toBeGreaterThan(0);
      for (const st of steps) {
        // Task.js: <h3>{index + 1} | {task.step_type}</h3> … <p>{task.step_details}</p>
        expect(renderable(st.step_details), JSON.stringify(st.step_details)).toBe(true);
        expect(typeof st.step_details).toBe('string');
        expect((st.step_details as string).length).toBeGreaterThan(0);
        expect(st.step_type).toMatch(/ Step$/);
        expect(st.step_type).toBe(st.step_type_label);
      }
      // Every type the demo holds that the legacy board knows gets its colour, not the default.
      const known = steps.filter((st) => ['instruction', 'stim', 'cache', 'calibration', 'validation', 'external', 'embedded'].includes(st.step_kind as string));
      expect(known.length).toBeGreaterThan(0);
      for (const st of known) expect(LEGACY_STEP_LABELS).toContain(st.step_type);
    }
  });

  it('the lock button (edit-toggle/ with no body) locks and unlocks in turn', async () => {
    const before = (await ok(`/studies/${work}/steps/overview`)).allow_step_editing as boolean;
    const first = await ok(`/studies/${work}/steps/overview/edit-toggle/%20`);
    expect(first.allow_step_editing).toBe(!before);
    expect((await ok(`/studies/${work}/steps/overview`)).allow_step_editing).toBe(!before);
    const second = await ok(`/studies/${work}/steps/overview/edit-toggle/%20`);
    expect(second.allow_step_editing).toBe(before);
    expect((await ok(`/studies/${work}/steps/overview`)).allow_step_editing).toBe(before);
  });
});

describe('issue 39: the batch screens of a vendor (BatchData, BatchOverview, BatchKpi, BatchFeature)', () => {
  it('the vendor stim list mounts: batch/stimulus/discovered {} and POST /stims answer 200', async () => {
    const discovered = await ok('/batch/stimulus/discovered', {}, vendor);
    expect(discovered.data).toEqual([]);
    const stims = await ok('/stims', undefined, vendor);
    expect(stims.data).toEqual([]);
    // …and its rows come from vendor/stimulus/list, which the demo fills.
    expect(((await ok('/vendor/stimulus/list%20', { results_per_page: 100, page_num: 1, filter_name: '', filter_stimtype: '', order_by: 'name_asc' }, vendor)).data as Json[]).length).toBeGreaterThan(0);
  });

  it("the batch overview's 'Number of Stims' is data[0].stim_data.length (the batch's stims)", async () => {
    const discovered = await ok('/batch/stimulus/discovered', batchRef, vendor);
    const flat = await ok('/batch/stims', batchRef, vendor);
    // BatchOverviewContainer.js: const numberOfStims = batchStims[0].stim_data.length;
    expect(Array.isArray(discovered.data[0].stim_data)).toBe(true);
    expect(discovered.data[0].stim_data.length).toBe((flat.data as Json[]).length);
    expect(discovered.data[0].stim_data.length).toBeGreaterThan(0);
    expect(discovered.data[0].stim_data.map((x: Json) => x.internal_stim_id)).toEqual((flat.data as Json[]).map((x) => x.internal_stim_id));
    expect(discovered.data[0]).toMatchObject({ internal_batch_id: batchRef.internal_batch_id, internal_vendor_id: batchRef.internal_vendor_id });
  });

  it('the KPI page: title stim_data.stim_type, every table row a number in both columns (Base size too), the Original visual', async () => {
    const body = { ...batchRef, internal_stim_id: batchStim };
    const report = await ok('/batch/report-data', body, vendor);
    const item = report.data[0] as Json;
    // BatchKpiContainer.js: {reportDataObj.stim_name} : {reportDataObj.stim_data.stim_type}
    expect(item.stim_data.stim_type).toBe(item.stim_type);
    expect(['image', 'video', 'script', 'vast']).toContain(item.stim_data.stim_type);
    // BatchKpi/components/Table.js: every key of stim_data, Number(stim_data[key]) and Number(norm_data[key]).
    // stim_type (the title's text) is the one non-numeric key (docs/decisions.md, issue 39 item 5).
    const rows = Object.keys(item.stim_data as Json).filter((k) => k !== 'stim_type');
    expect(rows).toContain('base_size');
    for (const key of rows) {
      expect(legacyNumber(item.stim_data[key]), `stim_data.${key}`).not.toBe('NaN');
      expect(legacyNumber(item.norm_data[key]), `norm_data.${key}`).not.toBe('NaN');
    }
    expect(item.norm_data.base_size).toBe(item.norm_data.norm_size);
    expect(item.stim_data.base_size).toBeGreaterThan(0);

    // The visuals: item[filter].low_quality for Original (stim_source), Heatmap, Analysis.
    const visuals = await ok('/batch/report-visual', body, vendor);
    expect((visuals.data as Json[]).length).toBeGreaterThan(0);
    for (const v of visuals.data as Json[]) {
      for (const filter of ['stim_source', 'heatmap_urls', 'analysis_urls']) {
        expect(typeof v[filter]?.low_quality, `${filter}.low_quality`).toBe('string');
        expect((v[filter].low_quality as string).length).toBeGreaterThan(0);
      }
      expect(v.stim_source.url).toBe(v.stim_source_url);
    }
  });

  it('the KPI curve: graph_data x = percent still viewing, y = dwell ms; survival_data keeps the SDK\'s axes', async () => {
    const graph = await ok('/batch/report-graph', { ...batchRef, internal_stim_id: batchStim }, vendor);
    const curve = graph.data[0] as Json;
    expectLegacyCurve(curve, graph.time_segment as number);
  });

  it('the feature page reads report-feature-data with features for the demo batch', async () => {
    const features = await ok('/batch/report-feature-data', batchRef, vendor);
    expect((features.data as Json[]).length).toBeGreaterThan(0);
    expect((features.data as Json[]).some((d) => (d.feature_data as Json[]).length > 0)).toBe(true);
  });
});

/** A legacy curve: non-empty, y the grid in ms, x the percent still viewing (never rising), and
 * the transpose of survival_data (x seconds, y percent). */
function expectLegacyCurve(curve: Json, segmentMs: number) {
  const points = curve.graph_data as { x: number; y: number }[];
  const survival = curve.survival_data as { x: number; y: number }[];
  expect(points.length).toBeGreaterThan(1);
  expect(points).toEqual(survival.map((p) => ({ x: p.y, y: Math.round(p.x * 1000) })));
  expect(points[0].y).toBe(0);
  expect(points[1].y).toBe(segmentMs);
  for (const p of points) {
    expect(p.x).toBeGreaterThanOrEqual(0);
    expect(p.x).toBeLessThanOrEqual(100);
    expect(Number.isInteger(p.y)).toBe(true);
  }
  for (let i = 1; i < points.length; i++) expect(points[i].x).toBeLessThanOrEqual(points[i - 1].x);
  // Somebody is still viewing at the start (the demo data is not empty).
  expect(points[0].x).toBeGreaterThan(0);
}

describe('issue 39: the compare report (AttentionReport) and the KPI curve', () => {
  it('feature_attention: feature_data[tag][metric] and norm_data[tag][metric] for every tag and stim, avg_stim_dwell_time the default', async () => {
    const res = await ok(`/studies/${study}/compare_report/feature_attention`, { data: placed });
    const tags = res.feature_tag_list as string[];
    expect(tags.length).toBeGreaterThan(0);
    expect((res.data as Json[]).length).toBe(placed.length);
    // FeatureAttention/Table.js for both metrics of its drop-down: no throw, no 'NaN'.
    for (const filter of ['avg_stim_dwell_time', 'panelist_viewed_percent']) {
      for (const tag of tags) {
        for (const item of res.data as Json[]) {
          expect(item.feature_data[tag], `${item.stim_name} feature_data.${tag}`).toBeTypeOf('object');
          expect(item.norm_data[tag], `${item.stim_name} norm_data.${tag}`).toBeTypeOf('object');
          expect(filter in item.feature_data[tag] && filter in item.norm_data[tag]).toBe(true);
          expect(legacyNumber(item.feature_data[tag][filter])).not.toBe('NaN');
          expect(legacyNumber(item.norm_data[tag][filter])).not.toBe('NaN');
        }
      }
    }
    for (const item of res.data as Json[]) {
      for (const tag of tags) {
        expect(item.feature_data[tag].avg_stim_dwell_time).toBe(item.feature_data[tag].avg_feature_dwell_time);
        expect(item.norm_data[tag].avg_stim_dwell_time).toBe(item.norm_data[tag].avg_feature_dwell_time);
      }
    }
    // Some stim has a measured feature dwell (the table is not all zeros on the demo data).
    expect((res.data as Json[]).some((d) => tags.some((t) => typeof d.feature_data[t].avg_stim_dwell_time === 'number'))).toBe(true);
  });

  it('compare_report/graph_data: legacy axes on every curve; graph2_data (the SDK) unchanged = survival_data', async () => {
    const [legacy, spec] = await Promise.all([
      ok(`/studies/${study}/compare_report/graph_data`, { data: placed }),
      ok(`/studies/${study}/compare_report/graph2_data`, { data: placed }),
    ]);
    expect((legacy.data as Json[]).length).toBe(placed.length);
    (legacy.data as Json[]).forEach((curve, i) => {
      expect(curve.survival_data).toEqual(spec.data[i].graph_data);
      expect(curve.graph_data).toEqual((spec.data[i].graph_data as { x: number; y: number }[]).map((p) => ({ x: p.y, y: Math.round(p.x * 1000) })));
    });
    // At least one stim's curve is drawn on the demo data.
    const drawn = (legacy.data as Json[]).filter((c) => (c.graph_data as { x: number }[])[0]?.x > 0);
    expect(drawn.length).toBeGreaterThan(0);
    expectLegacyCurve(drawn[0], legacy.time_segment as number);
  });

  it('the KPI page curve (stimuli/{stim}/graph_data) on the legacy axes', async () => {
    const attention = await ok(`/studies/${study}/compare_report/overall_attention`, { data: placed });
    const seen = (attention.data as Json[]).find((r) => (r.stim_data.panelist_viewed_percent ?? 0) > 0)!;
    const path = `/studies/${study}/cell/${seen.cell_id}/step/${seen.step_id}/stimuli/${seen.stim_id}`;
    const graph = await ok(`${path}/graph_data`, {});
    expectLegacyCurve(graph.data[0], graph.time_segment as number);
    expect(graph.data[0].survival_data).toEqual((await ok(`${path}/graph2_data`, {})).data[0].graph_data);
  });
});

describe('issue 39: every graph, list and report the legacy screens read is non-empty on the demo data', () => {
  it('study screens', async () => {
    const tree = await ok(`/studies/${study}/stims/overview`);
    expect((tree.data as Json[]).length).toBeGreaterThan(0);
    const body = { data: placed };
    const attention = await ok(`/studies/${study}/compare_report/overall_attention`, body);
    expect((attention.data as Json[]).length).toBeGreaterThan(0);
    expect((attention.data as Json[]).some((r) => (r.stim_data.avg_stim_dwell_time ?? 0) > 0)).toBe(true);
    expect(Object.keys(attention.norm_types as Json).length).toBeGreaterThan(0);
    const visuals = await ok(`/studies/${study}/compare_report/visual_data`, body);
    expect((visuals.data as Json[]).length).toBe(placed.length);
    const seen = (attention.data as Json[]).find((r) => (r.stim_data.panelist_viewed_percent ?? 0) > 0)!;
    const path = `/studies/${study}/cell/${seen.cell_id}/step/${seen.step_id}/stimuli/${seen.stim_id}`;
    const kpi = await ok(`${path}/kpi_analysis`, {});
    expect(kpi.stim_data.base_size).toBeGreaterThan(0);
    for (const suffix of ['report', 'feature_report']) expect(((await ok(`${path}/${suffix}`)).data as Json[]).length, suffix).toBeGreaterThan(0);
    // The feature page of a stim with AOIs lists its features.
    const features = await ok(`/studies/${study}/compare_report/feature_attention`, body);
    const withTags = (features.data as Json[]).find((d) => Object.values(d.feature_data as Json).some((f: Json) => f.panelist_viewed_percent !== null))!;
    const featurePage = await ok(`/studies/${study}/cell/${withTags.cell_id}/step/${withTags.step_id}/stimuli/${withTags.stim_id}/feature_analysis`, {});
    expect((featurePage.data as Json[]).length).toBeGreaterThan(0);
    expect(((await ok(`/studies/${study}/cell/${seen.cell_id}/step/${seen.step_id}/participant_report%20`)).data as Json[]).length).toBeGreaterThan(0);
    expect(((await ok(`/studies/${study}/participant_demographic_summary`)).data as Json[]).length).toBeGreaterThan(0);
    expect(((await ok('/stims', {})).data as Json[]).length).toBeGreaterThan(0);
  });

  it('batch screens (vendor)', async () => {
    expect(((await ok('/batch/list', {}, vendor)).data as Json[]).length).toBeGreaterThan(0);
    const report = await ok('/batch/report-data', batchRef, vendor);
    expect((report.data as Json[]).length).toBeGreaterThan(0);
    expect((report.data as Json[]).some((d) => d.stim_data.base_size > 0)).toBe(true);
    const download = { ...batchRef, internal_stim_id: batchStim };
    expect(((await ok('/batch/report-participant', batchRef, vendor)).data as Json[]).length).toBeGreaterThan(0);
    const perStim = await ok('/batch/report-participant-data', { ...download, internal_step_id: report.data.find((d: Json) => d.internal_stim_id === batchStim).internal_step_id }, vendor);
    expect((perStim.data[0].participant_data as Json[]).length).toBeGreaterThan(0);
  });
});

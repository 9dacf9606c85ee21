// Batches (issue 18): the batch calls of spec document 3 §7 over sessions stored through the real
// ingestion path, vendor scoping (D3-130), the roles both ways, and batch numbers equal to the
// study engine's for the same sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/client.js';
import { batch, batchStim, cell, step, study, vendor, studyFile } from '../../db/schema/index.js';
import { createCompany, createUser } from '../fixtures.js';
import { issueToken } from '../../repositories/tokens.js';
import { seedReference } from '../../seed/reference.js';
import { simulateStudy } from '../../seed/respondents.js';
import { addAoi, createStim } from '../analytics/report-fixtures.js';
import { until } from '../jobs/helpers.js';

let app: FastifyInstance;
let database: Database;
let db: Db;
const h = (token: string) => ({ authorization: `Token ${token}` });
let vendorUser: string;
let studyUser: string;
let superUser: string;
let foreignVendorUser: string;
let ids: {
  studyId: number; cellId: number; batchA: string; batchB: string; vendor1: string; vendor2: string;
  steps: number[]; stims: number[]; batchStims: number[]; otherBatchStim: number;
};

async function post(url: string, token: string, payload: object = {}) {
  return app.inject({ method: 'POST', url, headers: h(token), payload });
}

beforeAll(async () => {
  ({ app, database } = await testApp());
  db = database.db;
  await seedReference(db);
  const co = await createCompany(db, { name: 'Adscope test' });
  const other = await createCompany(db, { name: 'Elsewhere' });
  const tokenOf = async (companyId: number, userTypeId: number, superFlag = false) =>
    issueToken(db, (await createUser(db, { companyId, userTypeId, superUser: superFlag })).id, 1);
  vendorUser = await tokenOf(co.id, 2);
  studyUser = await tokenOf(co.id, 1);
  superUser = await tokenOf(co.id, 1, true);
  foreignVendorUser = await tokenOf(other.id, 2);

  // The backing study: one cell, one stim step per batch stim (docs/metrics.md "Batches").
  const [s] = await db.insert(study).values({ companyId: co.id, name: 'Batch ADS-1 backing', live: true, phaseId: 3, participantsRequested: 60 }).returning();
  const [c] = await db.insert(cell).values({ studyId: s.id, name: 'In the wild', shortName: 'WILD', position: 0 }).returning();
  const stims = [
    await createStim(db, { companyId: co.id, name: 'Shopwise MPU', stimType: 'i', width: 300, height: 250 }),
    await createStim(db, { companyId: co.id, name: 'Shopwise pre-roll', stimType: 'v', width: 640, height: 360 }),
    await createStim(db, { companyId: co.id, name: 'Shopwise expandable', stimType: 's', width: 970, height: 250 }),
  ];
  await addAoi(db, stims[0], 'logo', { x: 0, y: 0, width: 150, height: 125 });
  await addAoi(db, stims[0], 'cta', { x: 150, y: 125, width: 150, height: 125 });
  const steps: number[] = [];
  for (const [i, stimId] of stims.entries()) {
    const [st] = await db.insert(step).values({ studyId: s.id, cellId: c.id, position: i, stepType: 'stim', stimId, name: `stim ${i}` }).returning();
    steps.push(st.id);
  }
  const [v1, v2] = await db.insert(vendor).values([
    { companyId: co.id, internalId: 'VT-1', name: 'Display monitor' },
    { companyId: co.id, internalId: 'VT-2', name: 'Social monitor' },
  ]).returning();
  const [bA, bB] = await db.insert(batch).values([
    { companyId: co.id, vendorId: v1.id, studyId: s.id, internalId: 'BT-0001', batchLabel: 'ADS-1', name: 'Retail sweep', estimatedBatchSize: 300, live: true, dataCollectionStart: new Date('2025-10-01T00:00:00Z') },
    { companyId: co.id, vendorId: v2.id, studyId: null, internalId: 'BT-0002', batchLabel: 'ADS-2', name: null, estimatedBatchSize: 200, completed: true, dataCollectionStart: new Date('2025-03-01T00:00:00Z') },
  ]).returning();
  const bs = await db.insert(batchStim).values(stims.map((stimId, i) => ({
    batchId: bA.id, stimId, stepId: steps[i], identifier: `CR-${100 + i}`, url: 'https://news.example/a', discoveredDate: new Date(`2025-10-0${i + 1}T10:00:00Z`),
  }))).returning();
  const [other1] = await db.insert(batchStim).values({ batchId: bB.id, stimId: stims[0], stepId: null, identifier: 'CR-900' }).returning();
  await db.insert(studyFile).values({ studyId: s.id, name: 'Batch brief', description: 'What was measured', type: 'pdf', url: 'https://files.example/brief.pdf' });
  ids = {
    studyId: s.id, cellId: c.id, batchA: 'BT-0001', batchB: 'BT-0002', vendor1: 'VT-1', vendor2: 'VT-2',
    steps, stims, batchStims: bs.map((x) => x.id), otherBatchStim: other1.id,
  };
  // Respondents through the real ingestion path (the simulator's sessions, ingestSession).
  await simulateStudy(db, s.id, { count: 45 });
}, 180_000);
afterAll(async () => { await app.close(); await database.close(); });

const ref = () => ({ internal_batch_id: ids.batchA, internal_vendor_id: ids.vendor1 });

describe('batch list (D3-128, D3-129)', () => {
  it('D3-128 answers data, total_page_num, page_num, results_per_page with live/completed counts', async () => {
    const res = await post('/v1.0/batch/list', vendorUser, {});
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b.data.map((r: { batch_id: string }) => r.batch_id)).toEqual(['ADS-1', 'ADS-2']);
    expect(b).toMatchObject({ page_num: 1, total_page_num: 1, results_per_page: 25, total_live: 1, total_completed: 1, total_count: 2 });
    expect(b.data[0]).toMatchObject({
      name: 'Retail sweep', batch_id: 'ADS-1', internal_batch_id: 'BT-0001', internal_vendor_id: 'VT-1', estimated_batch_size: 300,
      live: true, completed: false, data_collection_start: '2025-10-01T00:00:00.000Z', report_generated_date: null, stim_count: 3,
    });
    expect(b.data[1].name).toBe(''); // no name yet: '' (shown as TBD), a string as the legacy client reads
  });

  it('D3-128 filters by id and name, sorts and pages (legacy string numbers accepted)', async () => {
    expect((await post('/v1.0/batch/list', vendorUser, { filter_id: 'ads-2' })).json().data.map((r: { batch_id: string }) => r.batch_id)).toEqual(['ADS-2']);
    expect((await post('/v1.0/batch/list', vendorUser, { filter_name: 'retail' })).json().total_count).toBe(1);
    const sorted = (await post('/v1.0/batch/list', vendorUser, { order_by: 'estimated_batch_size_asc' })).json();
    expect(sorted.data.map((r: { batch_id: string }) => r.batch_id)).toEqual(['ADS-2', 'ADS-1']);
    const paged = (await post('/v1.0/batch/list', vendorUser, { results_per_page: '10', page_num: '2' })).json();
    expect(paged).toMatchObject({ page_num: 2, results_per_page: 10, data: [] });
    expect((await post('/v1.0/batch/list', vendorUser, { order_by: 'nope' })).statusCode).toBe(400);
  });

  it('a batch user of another company sees none of these batches', async () => {
    expect((await post('/v1.0/batch/list', foreignVendorUser)).json().data).toEqual([]);
  });
});

describe('vendor scoping (D3-130)', () => {
  it('D3-130 the vendor id is checked with the batch: wrong vendor, unknown batch or another company → 404', async () => {
    expect((await post('/v1.0/batch/stims', vendorUser, ref())).statusCode).toBe(200);
    expect((await post('/v1.0/batch/stims', vendorUser, { ...ref(), internal_vendor_id: ids.vendor2 })).statusCode).toBe(404);
    expect((await post('/v1.0/batch/stims', vendorUser, { ...ref(), internal_batch_id: 'BT-9999' })).statusCode).toBe(404);
    expect((await post('/v1.0/batch/report-data', foreignVendorUser, ref())).statusCode).toBe(404);
    expect((await post('/v1.0/batch/report-data', vendorUser, { ...ref(), internal_stim_id: ids.otherBatchStim })).statusCode).toBe(404);
    expect((await post('/v1.0/batch/stims', vendorUser, { internal_batch_id: ids.batchA })).statusCode).toBe(400);
  });
});

describe('roles both ways', () => {
  it('study users get 403 on batch and vendor calls', async () => {
    for (const url of ['/v1.0/batch/list', '/v1.0/batch/stims', '/v1.0/batch/report-data', '/v1.0/vendor/stimulus/list']) {
      expect((await post(url, studyUser, ref())).statusCode, url).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: `/v1.0/analysis/tpstimuli/${ids.batchStims[0]}`, headers: h(studyUser) })).statusCode).toBe(403);
  });

  it('batch users get 403 on study content but keep the shell calls', async () => {
    const compare = `/v1.0/studies/${ids.studyId}/compare_report/overall_attention`;
    expect((await post(compare, vendorUser, { data: [] })).statusCode).toBe(403);
    expect((await post('/v1.0/studies', vendorUser)).statusCode).toBe(403);
    expect((await post(`/v1.0/studies/${ids.studyId}/participant_demographic_summary`, vendorUser)).statusCode).toBe(403);
    const home = await app.inject({ method: 'GET', url: '/v1.0/studies/overview', headers: h(vendorUser) });
    expect(home.statusCode).toBe(200);
    // D1-082: the batch user's home counts come from their batches.
    expect(home.json()).toMatchObject({ total_live: 1, total_completed: 1 });
    expect((await app.inject({ method: 'GET', url: '/v1.0/user/get-details', headers: h(vendorUser) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/v1.0/dashboard/data/environments_list', headers: h(vendorUser) })).statusCode).toBe(200);
  });

  it('super users pass both ways', async () => {
    expect((await post('/v1.0/batch/list', superUser)).statusCode).toBe(200);
    expect((await post('/v1.0/studies', superUser)).statusCode).toBe(200);
  });
});

describe('batch stims and reports on the study engine', () => {
  it('D3-140 batch stims carry identifier, type, size, dates, feature names and metrics', async () => {
    for (const url of ['/v1.0/batch/stims', '/v1.0/batch/stimulus/discovered']) {
      const res = await post(url, vendorUser, ref());
      expect(res.statusCode).toBe(200);
      // The legacy path answers the stims as data[0].stim_data (issue 39), /batch/stims flat.
      const d = url.endsWith('discovered') ? res.json().data[0].stim_data : res.json().data;
      expect(d.map((s: { type: string }) => s.type)).toEqual(['image', 'video', 'script']);
      expect(d[0]).toMatchObject({
        internal_stim_id: ids.batchStims[0], internal_step_id: ids.steps[0], stim_id: ids.stims[0], identifier: 'CR-100',
        name: 'Shopwise MPU', width: 300, height: 250, discovered_date: '2025-10-01T10:00:00.000Z', batch_id: 'ADS-1',
        feature_data: ['logo', 'cta'], aoi_count: 2,
      });
      expect(d[1].feature_data).toEqual([]);
      expect(d[0].stim_data.base_size).toBeGreaterThan(20);
    }
  });

  it('D3-149 report-data equals the study engine for the same sessions (every metric, norms and features)', async () => {
    const batchRes = await post('/v1.0/batch/report-data', vendorUser, ref());
    expect(batchRes.statusCode).toBe(200);
    const b = batchRes.json();
    expect(b).toMatchObject({ internal_batch_id: 'BT-0001', internal_vendor_id: 'VT-1' });
    const refs = ids.stims.map((stimId, i) => ({ cell_id: ids.cellId, step_id: ids.steps[i], stim_id: stimId }));
    const studyRes = await post(`/v1.0/studies/${ids.studyId}/compare_report/overall_attention`, superUser, { data: refs });
    expect(studyRes.statusCode).toBe(200);
    const s = studyRes.json();
    for (let i = 0; i < 3; i++) {
      // Beside the study engine's numbers, what the legacy KPI page reads (issue 39): the title's
      // stim_data.stim_type and the 'Base size' row's norm_data.base_size (= norm_size).
      expect(b.data[i].stim_data).toEqual({ ...s.data[i].stim_data, stim_type: b.data[i].stim_type });
      expect(b.data[i].norm_data).toEqual({ ...s.data[i].norm_data, base_size: s.data[i].norm_data.norm_size });
    }
    expect(b.data.map((d: { stim_data: { stim_type: string } }) => d.stim_data.stim_type)).toEqual(['image', 'video', 'script']);
    const feat = (await post(`/v1.0/studies/${ids.studyId}/compare_report/feature_attention`, superUser, { data: refs })).json();
    const logo = b.data[0].feature_data.find((f: { feature_name: string }) => f.feature_name === 'logo');
    expect(logo.avg_feature_dwell_time).toEqual(feat.data[0].feature_data.logo.avg_feature_dwell_time);
    expect(logo.participant_viewed_percent).toEqual(feat.data[0].feature_data.logo.panelist_viewed_percent);
    expect(logo.avg_page_dwell_time).toEqual(s.data[0].stim_data.avg_page_dwell_time);
  });

  it('issue 39: discovered names its batch group; {} (the legacy stim list on mount) answers an empty list; one id alone is a 400', async () => {
    const res = (await post('/v1.0/batch/stimulus/discovered', vendorUser, ref())).json();
    expect(res.data).toHaveLength(1);
    expect(res.data[0]).toMatchObject({ internal_batch_id: 'BT-0001', internal_vendor_id: 'VT-1', batch_id: 'ADS-1' });
    expect(res.data[0].stim_data).toHaveLength(3);
    const empty = await post('/v1.0/batch/stimulus/discovered', vendorUser, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual([]);
    const half = await post('/v1.0/batch/stimulus/discovered', vendorUser, { internal_batch_id: 'BT-0001' });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors).toHaveProperty('internal_vendor_id');
  });

  it('D3-154 report-feature-data for one stim; D3-150 report-graph is the study survival curve', async () => {
    const one = { ...ref(), internal_stim_id: ids.batchStims[0] };
    const f = (await post('/v1.0/batch/report-feature-data', vendorUser, one)).json();
    expect(f.data).toHaveLength(1);
    expect(f.data[0].feature_data.map((x: { feature_name: string }) => x.feature_name)).toEqual(['logo', 'cta']);
    const g = (await post('/v1.0/batch/report-graph', vendorUser, one)).json();
    const sg = (await post(`/v1.0/studies/${ids.studyId}/cell/${ids.cellId}/step/${ids.steps[0]}/stimuli/${ids.stims[0]}/graph2_data`, superUser, {})).json();
    // survival_data is the study curve (x seconds, y percent; what the SDK draws); graph_data is on
    // the legacy client's axes: x = percent still viewing, y = dwell ms (issue 39).
    expect(g.data[0].survival_data).toEqual(sg.data[0].graph_data);
    expect(g.data[0].graph_data).toEqual(sg.data[0].graph_data.map((p: { x: number; y: number }) => ({ x: p.y, y: Math.round(p.x * 1000) })));
    expect(g.data[0].graph_data[1]).toEqual({ x: sg.data[0].graph_data[1].y, y: 100 });
    expect(g.data[0].stim_name).toBe('Shopwise MPU');
  });

  it('D3-148 report-visual: signed visuals each with a low_quality URL; no view order for a video', async () => {
    const v = (await post('/v1.0/batch/report-visual', vendorUser, ref())).json().data;
    expect(v[0].heatmap_urls.url).toMatch(/\/visuals\/\d+\/\d+\/\d+\/heatmap\.png\?/);
    expect(v[0].heatmap_urls.low_quality).toMatch(/quality=low/);
    expect(v[0].view_order_urls).toBeDefined();
    expect(v[1].view_order_urls).toBeUndefined();
    // The creative as the other visuals, {url, low_quality} (the legacy 'Original'); the plain address as stim_source_url (issue 39).
    expect(v[0].stim_source).toEqual({ url: v[0].stim_source_url, low_quality: v[0].stim_source_low_quality });
    // A stim without a file (this fixture's) still answers the object: the legacy page reads into it.
    expect(v[0]).toHaveProperty('stim_source.low_quality');
    const png = await app.inject({ method: 'GET', url: v[0].heatmap_urls.url });
    expect(png.statusCode).toBe(200);
  });

  it('issue 37: report-gaze-points is the study explorer answer for the batch stim; vendor-scoped; needs a stim', async () => {
    const one = { ...ref(), internal_stim_id: ids.batchStims[0] };
    const res = await post('/v1.0/batch/report-gaze-points', vendorUser, { ...one, slice_ms: 500 });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    const study = (await post(`/v1.0/studies/${ids.studyId}/cell/${ids.cellId}/step/${ids.steps[0]}/stimuli/${ids.stims[0]}/gaze_points`, superUser, { slice_ms: 500 })).json();
    expect(b.base_size).toBeGreaterThan(0);
    expect(b.fixation_count).toBeGreaterThan(0);
    // Same numbers as the study report over every respondent (batch reports carry no filters).
    expect({ ...b, stim_source: null }).toEqual({ ...study, stim_source: null });
    expect(b.aois.map((a: { tag: string }) => a.tag).sort()).toEqual(['cta', 'logo']);
    expect((await post('/v1.0/batch/report-gaze-points', vendorUser, { ...one, internal_vendor_id: ids.vendor2 })).statusCode).toBe(404);
    expect((await post('/v1.0/batch/report-gaze-points', foreignVendorUser, one)).statusCode).toBe(404);
    expect((await post('/v1.0/batch/report-gaze-points', vendorUser, { ...ref(), internal_stim_id: ids.otherBatchStim })).statusCode).toBe(404);
    expect((await post('/v1.0/batch/report-gaze-points', vendorUser, ref())).statusCode).toBe(400);
    expect((await post('/v1.0/batch/report-gaze-points', studyUser, one)).statusCode).toBe(403);
  });

  it('D3-155 downloads: participant rows, per-stim participant data, feature rows, stats; internal_step_id checked', async () => {
    const one = { ...ref(), internal_stim_id: ids.batchStims[0], internal_step_id: ids.steps[0] };
    const p = (await post('/v1.0/batch/report-participant', vendorUser, ref())).json().data;
    expect(p.length).toBeGreaterThan(40);
    expect(p[0]).toHaveProperty('participant_reference');
    const pd = (await post('/v1.0/batch/report-participant-data', vendorUser, one)).json();
    expect(pd.data[0].participant_data.length).toBe(p.filter((r: { internal_stim_id: number }) => r.internal_stim_id === ids.batchStims[0]).length);
    const pf = (await post('/v1.0/batch/report-participant-feature-data', vendorUser, one)).json();
    expect(pf.data[0]).toMatchObject({ stim_id: ids.stims[0], stim_name: 'Shopwise MPU' });
    expect(pf.data[0].participant_data[0]).toHaveProperty('feature_name');
    const st = (await post('/v1.0/batch/report-stats', vendorUser, one)).json().data;
    expect(st.map((r: { metric: string }) => r.metric)).toContain('attention_per_1000_impressions');
    expect((await post('/v1.0/batch/report-participant-data', vendorUser, { ...one, internal_step_id: ids.steps[1] })).statusCode).toBe(404);
  });
});

describe('vendor stim list (D3-161) and files', () => {
  it('D3-161 lists every discovered stim of the company, filters by name and type, trailing space tolerated', async () => {
    const all = (await post('/v1.0/vendor/stimulus/list ', vendorUser, {})).json();
    expect(all.total_count).toBe(4);
    expect(all.data[0]).toHaveProperty('discovered_date');
    // Issue 39: {} (the legacy client's body) answers every row as one page; paging when asked.
    expect(all).toMatchObject({ page_num: 1, total_page_num: 1, results_per_page: 4 });
    expect(all.data).toHaveLength(4);
    const paged = (await post('/v1.0/vendor/stimulus/list', vendorUser, { page_num: 1, results_per_page: 10 })).json();
    expect(paged).toMatchObject({ page_num: 1, total_page_num: 1, results_per_page: 10, total_count: 4 });
    const beyond = (await post('/v1.0/vendor/stimulus/list', vendorUser, { page_num: 2, results_per_page: 10 })).json();
    expect(beyond).toMatchObject({ page_num: 2, total_count: 4, data: [] });
    // type: the stimtypes list's description (the legacy Stim Types filter); type_group: what the SDK shows.
    const byName = new Map(all.data.map((x: { name: string; type: string; type_group: string }) => [x.name, [x.type, x.type_group]]));
    expect(byName.get('Shopwise pre-roll')).toEqual(['Video', 'video']);
    const descriptions = new Set(['Script', 'VAST URL', 'VAST XML', 'Image', 'Video']);
    for (const x of all.data as { type: string }[]) expect(descriptions.has(x.type), x.type).toBe(true);
    expect((await post('/v1.0/vendor/stimulus/list', vendorUser, { filter_stimtype: 'Video' })).json().data.map((x: { name: string }) => x.name)).toEqual(['Shopwise pre-roll']);
    const videos = (await post('/v1.0/vendor/stimulus/list', vendorUser, { filter_stimtype: 'video' })).json();
    expect(videos.data.map((x: { name: string }) => x.name)).toEqual(['Shopwise pre-roll']);
    expect((await post('/v1.0/vendor/stimulus/list', vendorUser, { filter_stimtype: 'All', filter_name: 'mpu' })).json().total_count).toBe(2);
  });

  it('files of the batches with links; trailing space tolerated', async () => {
    const f = (await post('/v1.0/studies/files ', vendorUser)).json();
    expect(f.data).toEqual([expect.objectContaining({ name: 'Batch brief', type: 'pdf', url: 'https://files.example/brief.pdf', batch_id: 'ADS-1' })]);
  });
});

describe('AOIs of batch stims (/analysis/tpstimuli)', () => {
  it('reads and replaces the AOIs and queues the recompute of the feature metrics', async () => {
    const url = `/v1.0/analysis/tpstimuli/${ids.batchStims[1]}`;
    const got = await app.inject({ method: 'GET', url, headers: h(vendorUser) });
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toMatchObject({ id: ids.batchStims[1], stim_id: ids.stims[1], aois: [] });
    const saved = await app.inject({ method: 'POST', url, headers: h(vendorUser), payload: { aois: [{ tag: 'product', shape: 'rect', x: 0, y: 0, width: 320, height: 360 }] } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.aois).toHaveLength(1);
    expect(saved.json().job_id).toBeGreaterThan(0);
    expect((await app.inject({ method: 'GET', url, headers: h(foreignVendorUser) })).statusCode).toBe(404);

    // The job is the stims area's recompute-aois; once done, the batch feature report has the new
    // AOI with the same numbers as the study engine's feature report of that stim.
    const jobId = saved.json().job_id as number;
    const job = await until(`job ${jobId}`, async () => {
      const j = (await app.inject({ method: 'GET', url: `/v1.0/jobs/${jobId}`, headers: h(vendorUser) })).json().data;
      if (j.state === 'failed') throw new Error(j.error);
      return j.state === 'completed' ? j : undefined;
    });
    expect(job.name).toBe('recompute-aois');
    const f = (await post('/v1.0/batch/report-feature-data', vendorUser, { ...ref(), internal_stim_id: ids.batchStims[1] })).json();
    const product = f.data[0].feature_data.find((x: { feature_name: string }) => x.feature_name === 'product');
    const refs = [{ cell_id: ids.cellId, step_id: ids.steps[1], stim_id: ids.stims[1] }];
    const study = (await post(`/v1.0/studies/${ids.studyId}/compare_report/feature_attention`, superUser, { data: refs })).json();
    expect(study.data[0].feature_data.product.panelist_viewed_percent).toBeGreaterThan(0);
    expect(product.participant_viewed_percent).toEqual(study.data[0].feature_data.product.panelist_viewed_percent);
    expect(product.avg_feature_dwell_time).toEqual(study.data[0].feature_data.product.avg_feature_dwell_time);
  });

  it('refuses what the stim AOI editor refuses (one rule set): a polygon of two points', async () => {
    const url = `/v1.0/analysis/tpstimuli/${ids.batchStims[1]}`;
    const bad = await app.inject({ method: 'POST', url, headers: h(vendorUser), payload: { aois: [{ tag: 'x', shape: 'polygon', x: 0, y: 0, width: 1, height: 1, points: [[0, 0], [5, 5]] }] } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('a polygon needs at least 3 points');
  });
});

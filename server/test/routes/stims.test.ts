// The stim library API (spec document 2 §3.8, §4.4, §5, §7.1): lists with their sort and filter
// rules, create/details/edit/delete, signed uploads (single use, size limit, checked type), image
// size read from the file, brands (super users, clean_name, duplicates), roles and tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { seedReference } from '../../seed/reference.js';
import { createCompany, createUser, signIn, authHeaders } from '../fixtures.js';
import { createStudy, addStimStep, createStim, addExposure } from '../analytics/report-fixtures.js';
import { adTypeGroup, adType } from '../../db/schema/index.js';

let app: FastifyInstance;
let database: Database;
let h: Record<string, string>;
let other: Record<string, string>;
let batch: Record<string, string>;
let superH: Record<string, string>;
let companyId: number;
let otherCompanyId: number;
let chain: { asset: number; group: number; type: number; otherGroup: number; otherType: number };
let brand: number;

const post = (url: string, payload: unknown, headers = h) => app.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers = h) => app.inject({ method: 'GET', url, headers });

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 186, b: 219 } } }).png().toBuffer();
}
/** The start of an MP4 (an ftyp box): what file-type recognises as video/mp4. */
const MP4 = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');

/** create_signed_url, then the PUT; answers the source to store. */
async function upload(fileName: string, bytes: Buffer, contentType: string, headers = h): Promise<string> {
  const signed = await post('/v1.0/stims/create_signed_url', { file_name: fileName, content_type: contentType, size: bytes.length }, headers);
  expect(signed.statusCode).toBe(200);
  const url = new URL(signed.json().url);
  const put = await app.inject({ method: 'PUT', url: url.pathname + url.search, headers: { 'content-type': contentType }, payload: bytes });
  expect(put.statusCode).toBe(200);
  return signed.json().source;
}

const base = () => ({ ad_asset_type_id: chain.asset, ad_type_group_id: chain.group, ad_type_id: chain.type, brand_id: brand });

beforeAll(async () => {
  ({ app, database } = await testApp());
  const db = database.db;
  await seedReference(db);
  const co = await createCompany(db);
  companyId = co.id;
  const user = await createUser(db, { companyId });
  h = authHeaders(await signIn(app, user.username));
  const oc = await createCompany(db);
  otherCompanyId = oc.id;
  other = authHeaders(await signIn(app, (await createUser(db, { companyId: oc.id })).username));
  batch = authHeaders(await signIn(app, (await createUser(db, { companyId, userTypeId: 2 })).username));
  superH = authHeaders(await signIn(app, (await createUser(db, { companyId, superUser: true })).username));
  const groups = await db.select().from(adTypeGroup);
  const g = groups[0];
  const og = groups.find((x) => x.adAssetTypeId !== g.adAssetTypeId)!;
  const types = await db.select().from(adType);
  chain = {
    asset: g.adAssetTypeId, group: g.id, type: types.find((t) => t.adTypeGroupId === g.id)!.id,
    otherGroup: og.id, otherType: types.find((t) => t.adTypeGroupId === og.id)!.id,
  };
  brand = (await get('/v1.0/dashboard/data/brands_list/')).json()[0].id;
});
afterAll(async () => { await app.close(); await database.close(); });

describe('D2-191 D2-192 D2-168 create script and VAST stims', () => {
  it('creates a script stim and answers stim_id; details show it with a signed preview on the files origin', async () => {
    const res = await post('/v1.0/stims/create', { name: 'Rich MPU', stim_type: 's', tag: '<script>document.write("ad")</script>', ...base() });
    expect(res.statusCode).toBe(200);
    const id = res.json().stim_id;
    const d = (await get(`/v1.0/stims/${id}/details`)).json().data;
    expect(d).toMatchObject({ id, name: 'Rich MPU', stim_type: 's', ad_type_group_id: chain.group, ad_group_type_id: chain.group, brand_id: brand, media: 'Digital' });
    expect(d.preview_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/preview\/stims\/\d+\?expires=\d+&sig=/);
    expect(d.preview_url.startsWith(app.config.filesOrigin!)).toBe(true);
    // The library row's source is that preview page (the legacy client reads a string there).
    const row = (await post('/v1.0/stims', { filter_name: 'Rich MPU' })).json().data.find((r: { id: number }) => r.id === id);
    expect(row.source.split('?')[0]).toBe(d.preview_url.split('?')[0]);
  });

  it('tells VAST XML from a VAST URL whatever type was sent, and finds the media file', async () => {
    const xml = `<VAST version="3.0"><Ad id="1"><InLine><AdSystem>t</AdSystem><AdTitle>t</AdTitle><Impression/><Creatives><Creative><Linear>
      <Duration>00:00:15</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://cdn.example.com/ad.mp4]]></MediaFile></MediaFiles>
      </Linear></Creative></Creatives></InLine></Ad></VAST>`;
    const asXml = await post('/v1.0/stims/create', { name: 'VAST xml', stim_type: 'va', tag: xml, ...base() });
    expect(asXml.json().data).toMatchObject({ stim_type: 'vx', vast_media_url: 'https://cdn.example.com/ad.mp4' });
    const asUrl = await post('/v1.0/stims/create', { name: 'VAST url', stim_type: 'vx', tag: 'https://ads.example.com/vast.xml', ...base() });
    expect(asUrl.json().data).toMatchObject({ stim_type: 'va', source: 'https://ads.example.com/vast.xml' });
    const bad = await post('/v1.0/stims/create', { name: 'VAST junk', stim_type: 'va', tag: 'not a vast <b>', ...base() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.tag).toMatch(/VAST XML or a VAST URL/);
  });

  it('refuses empty content, a missing name and a broken ad type chain (D2-172, D2-200, D2-201)', async () => {
    const empty = await post('/v1.0/stims/create', { name: 'x', stim_type: 's', tag: '   ', ...base() });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.tag).toBe('Stim content is required');
    const noName = await post('/v1.0/stims/create', { name: '', stim_type: 's', tag: 'x' });
    expect(noName.statusCode).toBe(400);
    const wrongGroup = await post('/v1.0/stims/create', { name: 'x', stim_type: 's', tag: 'x', ...base(), ad_type_group_id: chain.otherGroup });
    expect(wrongGroup.statusCode).toBe(400);
    expect(wrongGroup.json().errors.ad_type_group_id).toMatch(/not a group of that ad asset type/);
    const wrongType = await post('/v1.0/stims/create', { name: 'x', stim_type: 's', tag: 'x', ...base(), ad_type_id: chain.otherType });
    expect(wrongType.json().errors.ad_type_id).toMatch(/not an ad type of that group/);
  });
});

describe('D2-179 D2-193 image and video stims through signed uploads', () => {
  it('reads the image size from the stored file (not the client) and makes a low-quality variant', async () => {
    const created = await post('/v1.0/stims/create', { name: 'Billboard', stim_type: 'i', ...base(), width: 1, height: 1 });
    expect(created.statusCode).toBe(200);
    const id = created.json().stim_id;
    const source = await upload('billboard.png', await png(970, 250), 'image/png');
    const edited = await post(`/v1.0/stims/${id}/edit`, { source, width: 5, height: 5 });
    expect(edited.statusCode).toBe(200);
    const d = edited.json().data;
    expect(d).toMatchObject({ width: 970, height: 250, file_name: 'billboard.png', source_key: source, media: 'Display' });
    expect(d.source).toMatch(/^\/files\/c\/\d+\/uploads\/.+billboard\.png\?expires=/);
    expect(d.low_quality_source).toMatch(/\.webp\?expires=/);
    const lq = await app.inject({ method: 'GET', url: d.low_quality_source });
    expect(lq.statusCode).toBe(200);
    const meta = await sharp(lq.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);
  });

  it('takes a video\'s measured size and duration, checked for sanity', async () => {
    const source = await upload('spot.mp4', MP4, 'video/mp4');
    const ok = await post('/v1.0/stims/create', { name: 'Spot', stim_type: 'v', source, width: 1280, height: 720, duration_ms: 15000, ...base() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ width: 1280, height: 720, duration_ms: 15000, media: 'Video' });
    const silly = await post('/v1.0/stims/create', { name: 'Spot', stim_type: 'v', width: 100000, height: 720, ...base() });
    expect(silly.statusCode).toBe(400);
    const half = await post('/v1.0/stims/create', { name: 'Spot', stim_type: 'v', width: 640, ...base() });
    expect(half.statusCode).toBe(400);
  });

  it('refuses a source that is not an uploaded file of the company and kind', async () => {
    const notUploaded = await post('/v1.0/stims/create_signed_url', { file_name: 'x.png', content_type: 'image/png' });
    const key = notUploaded.json().source;
    expect((await post('/v1.0/stims/create', { name: 'x', stim_type: 'i', source: key, ...base() })).statusCode).toBe(400);
    const video = await upload('a.mp4', MP4, 'video/mp4');
    const asImage = await post('/v1.0/stims/create', { name: 'x', stim_type: 'i', source: video, ...base() });
    expect(asImage.json().errors.source).toMatch(/not an image/);
    const theirs = await upload('theirs.png', await png(10, 10), 'image/png', other);
    expect((await post('/v1.0/stims/create', { name: 'x', stim_type: 'i', source: theirs, ...base() })).statusCode).toBe(400);
  });

  it('signed URLs are single use, size-limited and type-checked', async () => {
    const bytes = await png(20, 20);
    const signed = (await post('/v1.0/stims/create_signed_url', { file_name: 'once.png', content_type: 'image/png', size: bytes.length })).json();
    const u = new URL(signed.url);
    const put = () => app.inject({ method: 'PUT', url: u.pathname + u.search, headers: { 'content-type': 'image/png' }, payload: bytes });
    expect((await put()).statusCode).toBe(200);
    const again = await put();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This upload URL has already been used');

    const small = (await post('/v1.0/stims/create_signed_url', { file_name: 'small.png', content_type: 'image/png', size: 10 })).json();
    const s = new URL(small.url);
    const big = await app.inject({ method: 'PUT', url: s.pathname + s.search, headers: { 'content-type': 'image/png' }, payload: bytes });
    expect(big.statusCode).toBe(413);

    // A declared PDF is only a claim (the bytes decide, tests/security/files): its PUT is refused.
    const pdf = (await post('/v1.0/stims/create_signed_url', { file_name: 'page.html', content_type: 'application/pdf' })).json();
    const p = new URL(pdf.url);
    const pdfPut = await app.inject({ method: 'PUT', url: p.pathname + p.search, headers: { 'content-type': 'application/pdf' }, payload: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 32)]) });
    expect(pdfPut.statusCode).toBe(415);
    expect((await post('/v1.0/stims/create_signed_url', { file_name: 'x.png', size: 300 * 1024 * 1024 })).statusCode).toBe(400);

    // Declared an image, sent a video: refused, and the URL may be used again for the right file.
    const img = (await post('/v1.0/stims/create_signed_url', { file_name: 'kind.png', content_type: 'image/png' })).json();
    const k = new URL(img.url);
    const wrong = await app.inject({ method: 'PUT', url: k.pathname + k.search, headers: { 'content-type': 'image/png' }, payload: MP4 });
    expect(wrong.statusCode).toBe(415);
    const right = await app.inject({ method: 'PUT', url: k.pathname + k.search, headers: { 'content-type': 'image/png' }, payload: bytes });
    expect(right.statusCode).toBe(200);
  });
});

describe('D2-153 D2-155 D2-156 D2-157 lists', () => {
  let studyId: number;
  let foreignStudyId: number;
  beforeAll(async () => {
    const db = database.db;
    for (const [name, w, type] of [['b wide', 900, 'i'], ['A narrow', 80, 'i'], ['c mid', 300, 'v']] as const) {
      await createStim(db, { companyId, name, stimType: type, width: w, height: 100 });
    }
    const st = await createStudy(db, { companyId });
    studyId = st.studyId;
    await addStimStep(db, st.studyId, st.cellId, { companyId, name: 'zeta placed', width: 10, height: 10 });
    await createStim(db, { companyId: otherCompanyId, name: 'A narrow of another company', width: 1, height: 1 });
    foreignStudyId = (await createStudy(db, { companyId: otherCompanyId })).studyId;
  });

  const names = async (body: object, url = '/v1.0/stims') => {
    const res = await post(url, body);
    expect(res.statusCode).toBe(200);
    return res.json().data.map((s: { name: string }) => s.name) as string[];
  };

  it('defaults to 25 per page, page 1, name_asc (case-insensitive), and answers the legacy fields', async () => {
    const res = await post('/v1.0/stims', { page_num: 1 });
    const body = res.json();
    expect(body).toMatchObject({ page_num: 1, results_per_page: 25, order_by: 'name_asc' });
    const ns = body.data.map((s: { name: string }) => s.name);
    expect(ns).toEqual([...ns].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(ns).not.toContain('A narrow of another company');
    expect(Object.keys(body.data[0])).toEqual(expect.arrayContaining(['id', 'name', 'media', 'brand', 'width', 'height', 'type', 'source', 'low_quality_source', 'study_id']));
  });

  it('sorts width numerically and filters by name, type, media and ALL', async () => {
    const byWidth = (await post('/v1.0/stims', { order_by: 'width_desc', filter_name: 'narrow' })).json().data;
    expect(byWidth.map((s: { width: number }) => s.width)).toEqual([80]);
    const widths = (await post('/v1.0/stims', { order_by: 'width_asc', filter_stimtype: 'ALL', filter_media_id: 'ALL', results_per_page: 100 })).json().data
      .map((s: { width: number | null }) => s.width).filter((w: number | null) => w !== null);
    expect(widths).toEqual([...widths].sort((a: number, b: number) => a - b));
    expect(await names({ filter_stimtype: 'v', filter_name: 'mid' })).toEqual(['c mid']);
    expect(await names({ filter_stimtype: 5, filter_name: 'mid' })).toEqual(['c mid']);
    expect(await names({ filter_stimtype: 'i', filter_name: 'mid' })).toEqual([]);
    expect(await names({ filter_name: 'NARROW' })).toEqual(['A narrow']);
  });

  it('issue 39: without page_num and results_per_page (the legacy client posts no body) every row comes as one page; type is the stimtypes description, stim_type the code', async () => {
    // More stims than one page of 10 (the demo data's 228 are replayed in tests/legacy/screens-b).
    for (let i = 0; i < 11; i++) await createStim(database.db, { companyId, name: `Paging stim ${i}`, width: 10, height: 10 });
    const paged = (await post('/v1.0/stims', { page_num: 1, results_per_page: 10 })).json();
    expect(paged.data).toHaveLength(10);
    expect(paged.total_count).toBeGreaterThan(10);
    for (const res of [await post('/v1.0/stims', {}), await app.inject({ method: 'POST', url: '/v1.0/stims', headers: h })]) {
      const all = res.json();
      expect(res.statusCode, res.body).toBe(200);
      expect(all.data).toHaveLength(paged.total_count);
      expect(all).toMatchObject({ page_num: 1, total_page_num: 1, results_per_page: paged.total_count, total_count: paged.total_count });
    }
    const lookups = (await app.inject({ method: 'GET', url: '/v1.0/dashboard/data/stimtypes_list', headers: h })).json();
    const described = new Map(((Array.isArray(lookups) ? lookups : lookups.data) as { code: string; description: string }[]).map((t) => [t.code, t.description]));
    const rows = (await post('/v1.0/stims', {})).json().data as { type: string; stim_type: string; type_name: string }[];
    for (const r of rows) expect([r.type, r.type_name]).toEqual([described.get(r.stim_type), described.get(r.stim_type)]);
  });

  it('pages', async () => {
    const p = (await post('/v1.0/stims', { results_per_page: 10, page_num: 2 })).json();
    expect(p.page_num).toBe(2);
    expect(p.total_page_num).toBe(Math.ceil(p.total_count / 10));
  });

  it('the study list holds the study\'s placed stims only; another company\'s study is 404', async () => {
    expect(await names({}, `/v1.0/studies/${studyId}/stims`)).toEqual(['zeta placed']);
    expect((await post(`/v1.0/studies/${foreignStudyId}/stims`, {})).statusCode).toBe(404);
  });
});

describe('D2-150 D2-210 D2-211 details, edit, delete; tenancy and roles', () => {
  it('edits only the fields sent; another company\'s stim is 404 everywhere', async () => {
    const id = (await post('/v1.0/stims/create', { name: 'Edit me', stim_type: 's', tag: '<b>x</b>', ...base() })).json().stim_id;
    const res = await post(`/v1.0/stims/${id}/edit`, { name: 'Edited', ad_group_type_id: chain.group });
    expect(res.json().data).toMatchObject({ name: 'Edited', tag: '<b>x</b>', brand_id: brand });
    expect((await get(`/v1.0/stims/${id}/details`, other)).statusCode).toBe(404);
    expect((await post(`/v1.0/stims/${id}/edit`, { name: 'mine' }, other)).statusCode).toBe(404);
    expect((await post(`/v1.0/stims/${id}/delete`, {}, other)).statusCode).toBe(404);
    expect((await post('/v1.0/stims/delete', { ids: [id] }, other)).statusCode).toBe(404);
  });

  it('deletes several in one transaction; a stim on a step or with data stops all with a 409 naming why', async () => {
    const db = database.db;
    const a = (await post('/v1.0/stims/create', { name: 'Free A', stim_type: 's', tag: 'a', ...base() })).json().stim_id;
    const b = (await post('/v1.0/stims/create', { name: 'Free B', stim_type: 's', tag: 'b', ...base() })).json().stim_id;
    const st = await createStudy(db, { companyId, name: 'Spring test' });
    const placed = await addStimStep(db, st.studyId, st.cellId, { companyId, name: 'Placed' });
    await addExposure(db, { ...st, ...placed }, { viewable: true });
    const refused = await post('/v1.0/stims/delete', { ids: [a, placed.stimId, b] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Nothing was deleted: 'Placed' (id ${placed.stimId}) is placed on a step of 'Spring test' and has collected data (1 exposure).`);
    expect((await get(`/v1.0/stims/${a}/details`)).statusCode).toBe(200);
    const one = await post(`/v1.0/stims/${placed.stimId}/delete`, {});
    expect(one.statusCode).toBe(409);
    const ok = await post('/v1.0/stims/delete', { ids: [a, b] });
    expect(ok.json()).toEqual({ success: true, deleted: [a, b].sort((x, y) => x - y) });
    expect((await get(`/v1.0/stims/${a}/details`)).statusCode).toBe(404);
    const single = (await post('/v1.0/stims/create', { name: 'Single', stim_type: 's', tag: 'c', ...base() })).json().stim_id;
    const legacy = await app.inject({ method: 'POST', url: `/v1.0/stims/${single}/delete`, headers: h });
    expect(legacy.statusCode).toBe(200);
  });

  it('batch users are refused the stim library (403); the list answers them empty (the legacy vendor stim list asks on mount, issue 39)', async () => {
    const list = await post('/v1.0/stims', {}, batch);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ data: [], total_count: 0 });
    expect((await post('/v1.0/stims/create', { name: 'x', stim_type: 's', tag: 'x' }, batch)).statusCode).toBe(403);
    expect((await post('/v1.0/stims/create_signed_url', { file_name: 'x.png' }, batch)).statusCode).toBe(403);
  });
});

describe('D2-213 D2-214 D2-215 D2-216 brands', () => {
  it('only super users create; clean_name is lowercase; duplicates are refused', async () => {
    expect((await post('/v1.0/brandcategorys/create', { name: 'Drinks' }, h)).statusCode).toBe(403);
    const cat = await post('/v1.0/brandcategorys/create', { name: '  Soft  Drinks ', clean_name: 'WHATEVER' }, superH);
    expect(cat.statusCode).toBe(200);
    expect(cat.json()).toMatchObject({ success: true, data: { name: 'Soft Drinks', clean_name: 'soft drinks' } });
    expect((await post('/v1.0/brandcategorys/create', { name: 'SOFT drinks' }, superH)).statusCode).toBe(409);
    const categoryId = cat.json().id;
    expect((await post('/v1.0/brands/create', { name: 'Fizz', brand_category_id: categoryId }, h)).statusCode).toBe(403);
    const b = await post('/v1.0/brands/create', { name: 'FizzCo', clean_name: 'x', brand_category_id: String(categoryId) }, superH);
    expect(b.json()).toMatchObject({ success: true, data: { name: 'FizzCo', clean_name: 'fizzco', brand_category: { id: categoryId, name: 'Soft Drinks' } } });
    const dup = await post('/v1.0/brands/create', { name: 'fizzco', brand_category_id: categoryId }, superH);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe("A brand named 'fizzco' already exists");
    expect((await post('/v1.0/brands/create', { name: 'Nope', brand_category_id: 999999 }, superH)).statusCode).toBe(400);
    const list = (await get('/v1.0/dashboard/data/brands_list/')).json();
    expect(list.find((x: { name: string }) => x.name === 'FizzCo')).toMatchObject({ clean_name: 'fizzco', brand_category_id: categoryId });
  });

  it('D2-218 D2-219 ad type groups and types are filtered by their parent', async () => {
    const groups = (await get(`/v1.0/dashboard/data/adtypegroups_list/?ad_asset_type_id=${chain.asset}`)).json();
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.every((g: { ad_asset_type_id: number }) => g.ad_asset_type_id === chain.asset)).toBe(true);
    const types = (await get(`/v1.0/dashboard/data/adtypes_list/?ad_type_group_id=${chain.group}`)).json();
    expect(types.every((t: { ad_type_group_id: number }) => t.ad_type_group_id === chain.group)).toBe(true);
  });
});

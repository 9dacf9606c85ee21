import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { seedReference, LOOKUPS } from '../../seed/reference.js';
import { adTypeGroup, questionGroup } from '../../db/schema/index.js';
import { authHeaders, createCompany, createUser, signIn } from '../fixtures.js';
import { LOOKUP_ENVELOPE_ACCEPT } from '../../../contract/lookups.js';

let app: FastifyInstance;
let database: Database;
let token: string;
let rootToken: string;
let acme: { id: number; name: string; internalId: string };
let other: { id: number; name: string; internalId: string };

beforeAll(async () => {
  ({ app, database } = await testApp());
  const db = database.db;
  await seedReference(db);
  acme = await createCompany(db, { name: 'Acme', internalId: 'acme' });
  other = await createCompany(db, { name: 'Other', internalId: 'other' });
  // One private screening group each: only the owner sees it.
  await db.insert(questionGroup).values([
    { companyId: acme.id, name: 'Acme screener', isPreassign: true },
    { companyId: other.id, name: 'Other screener', isPreassign: true },
  ]);
  await createUser(db, { companyId: acme.id, username: 'ann' });
  await createUser(db, { companyId: acme.id, username: 'root', superUser: true });
  token = await signIn(app, 'ann');
  rootToken = await signIn(app, 'root');
});
afterAll(async () => { await app.close(); await database.close(); });

// The enveloped form (what the SDK asks for); the legacy default, a bare array, is tested below.
const enveloped = (t: string) => ({ ...authHeaders(t), accept: LOOKUP_ENVELOPE_ACCEPT });
const get = (path: string, t = token) => app.inject({ method: 'GET', url: `/v1.0/dashboard/data/${path}`, headers: enveloped(t) });
const post = (path: string, payload?: object, t = token) =>
  app.inject({ method: 'POST', url: `/v1.0/dashboard/data/${path}`, headers: enveloped(t), ...(payload ? { payload } : {}) });
const bare = (method: 'GET' | 'POST', path: string, accept?: string) =>
  app.inject({ method, url: `/v1.0/dashboard/data/${path}`, headers: { ...authHeaders(token), ...(accept ? { accept } : {}) } });

type Item = { id: number; name: string; code: string; description: string; [k: string]: unknown };

const SIMPLE: [string, string, string][] = [
  ['D1-130', 'stimtypes_list', 'stim_type'],
  ['D1-132', 'environments_list', 'environment'],
  ['D1-133', 'medias_list', 'media'],
  ['D1-134', 'studytypes_list', 'study_type'],
  ['D1-135', 'projectlocations_list', 'project_location'],
  ['D1-136', 'studylanguages_list', 'study_language'],
  ['D1-139', 'incontextsites_list', 'incontext_site'],
  ['D1-140', 'panels_list', 'recruitment_panel'],
  ['D1-141', 'panelistroles_list', 'panelist_role'],
  ['D1-144', 'adcategorys_list', 'ad_category'],
  ['D1-145', 'nextbuttontypes_list', 'next_button_type'],
];

describe('D1.13 lookup lists', () => {
  it('D1-129 D1-146 (legacy client) a plain request gets the bare array the legacy client reads, by GET and POST; the envelope only on request', async () => {
    const expected = LOOKUPS.environment.map(([i, code, name]) => ({ id: i, name, code, description: name }));
    for (const accept of [undefined, 'application/json, text/plain, */*', 'application/json']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await bare(method, 'environments_list', accept);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual(expected);
        expect(res.headers.vary).toMatch(/accept/i);
      }
    }
    expect((await bare('GET', 'demographics/age_list')).json()).toEqual(
      LOOKUPS.age_group.map(([i, code, name]) => ({ id: i, name, code, description: name })));
    expect((await bare('GET', 'environments_list', 'application/json; envelope=1')).json()).toEqual({ success: true, data: expected });
    expect((await bare('GET', 'environments_list', 'application/json;envelope="1", */*')).json()).toEqual({ success: true, data: expected });
  });

  for (const [id, path, kind] of SIMPLE) {
    it(`${id} D1-129 D1-146 ${path} answers {success, data} with {id, name, code, description} by GET and POST, with and without a trailing slash`, async () => {
      const expected = LOOKUPS[kind].map(([i, code, name]) => ({ id: i, name, code, description: name }));
      for (const res of [await get(path), await post(path), await post(path, {}), await get(`${path}/`), await post(`${path}/`)]) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ success: true, data: expected });
      }
    });
  }

  it('D1-130 stim types carry the legacy codes', async () => {
    const data = (await post('stimtypes_list')).json().data as Item[];
    expect(data.map((d) => d.code)).toEqual(['s', 'va', 'vx', 'i', 'v']);
  });

  it('D1-131 adtypes_list lists ad types with their group, filtered by ad_type_group_id (query or body)', async () => {
    const all = (await get('adtypes_list')).json().data as Item[];
    expect(all.length).toBe(17);
    expect(all[0]).toMatchObject({ name: 'Leaderboard 728x90', ad_type_group_id: expect.any(Number), ad_category_id: 1 });
    const [social] = await database.db.select().from(adTypeGroup).where(eq(adTypeGroup.name, 'Story ads'));
    const byQuery = (await get(`adtypes_list?ad_type_group_id=${social.id}`)).json().data as Item[];
    expect(byQuery.map((d) => d.name)).toEqual(['Facebook story', 'Instagram story', 'Snapchat story']);
    const byBody = (await post('adtypes_list', { ad_type_group_id: social.id })).json().data as Item[];
    expect(byBody).toEqual(byQuery);
    expect((await get('adtypes_list?ad_type_group_id=0')).json().data).toHaveLength(17);
    const bad = await get('adtypes_list?ad_type_group_id=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('ad_type_group_id');
  });

  it('ad asset types and ad type groups (filtered by ad_asset_type_id)', async () => {
    const assets = (await get('adassettypes_list')).json().data as Item[];
    expect(assets.map((a) => a.name)).toEqual(['Display', 'Social', 'Video', 'Rich media']);
    const groups = (await get(`adtypegroups_list?ad_asset_type_id=${assets[1].id}`)).json().data as Item[];
    expect(groups.map((g) => g.name)).toEqual(['Feed ads', 'Story ads']);
    expect(groups[0]).toMatchObject({ ad_asset_type_id: assets[1].id, code: String(groups[0].id), description: 'Feed ads' });
  });

  it('D1-138 D1-143 brands (with clean_name and category) and brand categories', async () => {
    const brands = (await get('brands_list')).json().data as Item[];
    expect(brands).toHaveLength(15);
    const fizz = brands.find((b) => b.name === 'Fizzwell')!;
    expect(fizz).toMatchObject({ clean_name: 'fizzwell', description: 'Fizzwell', brand_category: 'Food & drink' });
    const categories = (await post('brandcategorys_list')).json().data as Item[];
    expect(categories.find((c) => c.id === fizz.brand_category_id)?.name).toBe('Food & drink');
  });

  it('D1-137 pre-study question groups: screening groups of the product and the acting company only', async () => {
    const names = ((await get('prestudyquestiongroups_list')).json().data as Item[]).map((g) => g.name);
    expect(names).toEqual(['Standard screening', 'Acme screener']);
    const asOther = ((await app.inject({ method: 'GET', url: '/v1.0/dashboard/data/prestudyquestiongroups_list', headers: { ...authHeaders(rootToken, other.id), accept: LOOKUP_ENVELOPE_ACCEPT } })).json().data as Item[]).map((g) => g.name);
    expect(asOther).toEqual(['Standard screening', 'Other screener']);
  });

  it('D1-128 D1-142 companies_list answers {id, internal_id, name} to super users', async () => {
    for (const res of [await get('companies_list', rootToken), await post('companies_list', {}, rootToken)]) {
      expect(res.statusCode).toBe(200);
      expect((res.json().data as Item[]).map(({ id, internal_id, name }) => ({ id, internal_id, name }))).toEqual([
        { id: acme.id, internal_id: 'acme', name: 'Acme' },
        { id: other.id, internal_id: 'other', name: 'Other' },
      ]);
    }
  });

  it('D1-142 companies_list answers 403 to everyone else', async () => {
    const res = await get('companies_list');
    expect(res.statusCode).toBe(403);
    expect(res.json().success).toBe(false);
  });

  it('D1-123 demographic filter items {id, name} for age, family, earnings and gender', async () => {
    for (const kind of ['age', 'family', 'earnings', 'gender']) {
      const res = await get(`demographics/${kind}_list`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data as Item[];
      expect(data.map(({ id, name }) => ({ id, name }))).toEqual(LOOKUPS[`${kind}_group`].map(([id, , name]) => ({ id, name })));
    }
  });

  it('D1-126 lookups need a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1.0/dashboard/data/medias_list' });
    expect(res.statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { seedReference } from '../../seed/reference.js';
import { batch, cell, participant, study, vendor } from '../../db/schema/index.js';
import { authHeaders, createCompany, createUser, signIn } from '../fixtures.js';

let app: FastifyInstance;
let database: Database;
let sortToken: string;
let bigToken: string;
let rootToken: string;
let vendorToken: string;
let bigco: { id: number };
let otherco: { id: number };
const ids: Record<string, number> = {};

type StudyRow = typeof study.$inferInsert;

beforeAll(async () => {
  ({ app, database } = await testApp());
  const db = database.db;
  await seedReference(db);
  const provider = await createCompany(db, { name: 'Provider' });
  const sortco = await createCompany(db, { name: 'Sortco', logoUrl: 'logos/sortco.png' });
  bigco = await createCompany(db, { name: 'Bigco', logoUrl: 'https://cdn.example.com/bigco.png' });
  otherco = await createCompany(db, { name: 'Otherco' });
  const vendorco = await createCompany(db, { name: 'Vendorco' });

  const rows: [string, Partial<StudyRow>][] = [
    ['alpha', { environmentId: 1, mediaId: 3, live: true, completed: false, participantsRequested: 100, dataCollectionStart: new Date('2026-01-05T09:00:00Z'), dataCollectionEnd: new Date('2026-02-01T17:30:00Z') }],
    ['Beta', { environmentId: 3, mediaId: 1, live: false, completed: true, participantsRequested: 50 }],
    ['charlie 50%', { environmentId: 2, mediaId: 2, live: true, completed: true }],
    ['Delta_x', { environmentId: null, mediaId: null }],
    ['echo', { environmentId: 4, mediaId: 1 }],
  ];
  for (const [name, extra] of rows) {
    const [s] = await db.insert(study).values({ companyId: sortco.id, name, ...extra }).returning();
    ids[name] = s.id;
  }
  await db.insert(cell).values([
    { studyId: ids.alpha, name: 'Cell A', shortName: 'A', position: 0 },
    { studyId: ids.alpha, name: 'Cell B', shortName: 'B', position: 1 },
    { studyId: ids.Beta, name: 'Only cell', shortName: 'C', position: 0 },
  ]);
  const p = (studyId: number, n: number, extra: Partial<typeof participant.$inferInsert> = {}) =>
    ({ studyId, reference: `r${n}`, sessionId: `s${studyId}-${n}`, ...extra });
  await db.insert(participant).values([
    p(ids.alpha, 1), p(ids.alpha, 2), p(ids.alpha, 3),
    p(ids.alpha, 4, { isTest: true }),
    p(ids.alpha, 5, { status: 'screenout' }),
    p(ids.alpha, 6, { status: 'quota_full' }),
    p(ids.Beta, 1),
  ]);
  await db.insert(study).values(Array.from({ length: 27 }, (_, i) => ({
    companyId: bigco.id, name: `Study ${String(i + 1).padStart(2, '0')}`, live: i < 3,
  })));
  await db.insert(study).values({ companyId: otherco.id, name: 'Secret alpha', live: true });
  // Vendorco: a batch user's company with batches (and one study that must not count for them).
  await db.insert(study).values({ companyId: vendorco.id, name: 'Backing study', live: true, completed: true });
  const [v] = await db.insert(vendor).values({ companyId: vendorco.id, internalId: 'v-1', name: 'Vendor One' }).returning();
  await db.insert(batch).values([
    { companyId: vendorco.id, vendorId: v.id, internalId: 'b-1', batchLabel: 'B1', live: true },
    { companyId: vendorco.id, vendorId: v.id, internalId: 'b-2', batchLabel: 'B2', live: true },
    { companyId: vendorco.id, vendorId: v.id, internalId: 'b-3', batchLabel: 'B3', live: true, completed: true },
    { companyId: vendorco.id, vendorId: v.id, internalId: 'b-4', batchLabel: 'B4', completed: true },
    { companyId: vendorco.id, vendorId: v.id, internalId: 'b-5', batchLabel: 'B5' },
  ]);

  await createUser(db, { companyId: sortco.id, username: 'sorter', firstName: 'Sam' });
  await createUser(db, { companyId: bigco.id, username: 'big' });
  await createUser(db, { companyId: provider.id, username: 'root', superUser: true });
  await createUser(db, { companyId: vendorco.id, username: 'vendor', userTypeId: 2, firstName: 'Vera' });
  [sortToken, bigToken, rootToken, vendorToken] = await Promise.all(['sorter', 'big', 'root', 'vendor'].map((u) => signIn(app, u)));
});
afterAll(async () => { await app.close(); await database.close(); });

const list = (token: string, payload: Record<string, unknown> = {}, companyId?: number) =>
  app.inject({ method: 'POST', url: '/v1.0/studies', payload, headers: authHeaders(token, companyId) });
const names = async (payload: Record<string, unknown>) => {
  const res = await list(sortToken, payload);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { name: string }[]).map((s) => s.name);
};

describe('D1.9 home overview (GET /v1.0/studies/overview)', () => {
  it('D1-078 answers total_live, total_completed, company, company_logo_url, first_name for the company', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1.0/studies/overview', headers: authHeaders(sortToken) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total_live: 2, total_completed: 2, company: 'Sortco', first_name: 'Sam' });
    // A stored logo key becomes a signed /files URL the browser can load without a token.
    expect(body.company_logo_url).toMatch(/^\/files\/logos\/sortco\.png\?expires=\d+&sig=[\w-]+$/);
  });

  it('D1-080 the overview counts equal the study list totals', async () => {
    const overview = (await app.inject({ method: 'GET', url: '/v1.0/studies/overview', headers: authHeaders(bigToken) })).json();
    const listed = (await list(bigToken)).json();
    expect(overview.total_live).toBe(3);
    expect(overview.total_completed).toBe(0);
    expect([listed.total_live, listed.total_completed]).toEqual([overview.total_live, overview.total_completed]);
    expect(overview.company_logo_url).toBe('https://cdn.example.com/bigco.png');
  });

  it('D1-082 batch users get counts from their batches', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1.0/studies/overview', headers: authHeaders(vendorToken) });
    expect(res.json()).toMatchObject({ total_live: 3, total_completed: 2, company: 'Vendorco', first_name: 'Vera' });
  });

  it('D1-075 a super user sees the acting company\'s overview', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1.0/studies/overview', headers: authHeaders(rootToken, bigco.id) });
    expect(res.json()).toMatchObject({ total_live: 3, company: 'Bigco' });
  });
});

describe('D1.10 study list (POST /v1.0/studies)', () => {
  it('D1-105 D1-106 answers the list envelope and item fields', async () => {
    const res = await list(sortToken, { order_by: 'name_asc' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total_live: 2, total_completed: 2, page_num: 1, total_page_num: 1, order_by: 'name_asc', results_per_page: 25, total_count: 5 });
    expect(body.data[0]).toEqual({
      study_id: ids.alpha, name: 'alpha', environment: 'Webcam', media: 'Video', live: true, paused: false, completed: false,
      cell_count: 2, participants_requested: 100, participants_returned: 3,
      data_collection_start: '2026-01-05T09:00:00.000Z', data_collection_end: '2026-02-01T17:30:00.000Z',
    });
    const beta = body.data.find((s: { name: string }) => s.name === 'Beta');
    expect(beta).toMatchObject({ environment: 'Lab', media: 'Display', live: false, completed: true, cell_count: 1, participants_returned: 1, data_collection_start: null, data_collection_end: null });
    const delta = body.data.find((s: { name: string }) => s.name === 'Delta_x');
    expect(delta).toMatchObject({ environment: null, media: null, cell_count: 0, participants_returned: 0 });
  });

  it('D1-089 D1-090 D1-091 defaults: 25 per page, page 1, name_asc, no filters (an empty body or none at all)', async () => {
    const bodies = [await list(bigToken, {}), await app.inject({ method: 'POST', url: '/v1.0/studies', headers: authHeaders(bigToken) })];
    for (const res of bodies) {
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ page_num: 1, results_per_page: 25, order_by: 'name_asc', total_count: 27, total_page_num: 2 });
      expect(body.data).toHaveLength(25);
      expect(body.data[0].name).toBe('Study 01');
    }
  });

  it('D1-089 page sizes 10, 25, 50 and 100 page the list', async () => {
    const expected: Record<number, [number, number]> = { 10: [3, 10], 25: [2, 25], 50: [1, 27], 100: [1, 27] };
    for (const [size, [pages, first]] of Object.entries(expected)) {
      const body = (await list(bigToken, { results_per_page: Number(size) })).json();
      expect(body.total_page_num).toBe(pages);
      expect(body.data).toHaveLength(first);
    }
    const last = (await list(bigToken, { results_per_page: 10, page_num: 3 })).json();
    expect(last.data.map((s: { name: string }) => s.name)).toEqual(['Study 21', 'Study 22', 'Study 23', 'Study 24', 'Study 25', 'Study 26', 'Study 27']);
    expect(last.page_num).toBe(3);
    const beyond = (await list(bigToken, { results_per_page: 10, page_num: 4 })).json();
    expect(beyond.data).toEqual([]);
    // The legacy client sends numbers as strings.
    const strings = (await list(bigToken, { results_per_page: '10', page_num: '2' })).json();
    expect(strings.data[0].name).toBe('Study 11');
  });

  it('D1-089 other page sizes and bad page numbers are refused with the field named', async () => {
    for (const [payload, field] of [[{ results_per_page: 30 }, 'results_per_page'], [{ page_num: 0 }, 'page_num'], [{ page_num: 'two' }, 'page_num']] as const) {
      const res = await list(bigToken, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: { [field]: expect.any(String) } });
    }
  });

  it('D1-101 sorts by name case-insensitively, both directions', async () => {
    expect(await names({ order_by: 'name_asc' })).toEqual(['alpha', 'Beta', 'charlie 50%', 'Delta_x', 'echo']);
    expect(await names({ order_by: 'name_desc' })).toEqual(['echo', 'Delta_x', 'charlie 50%', 'Beta', 'alpha']);
    expect(await names({ order_by: 'NAME_DESC' })).toEqual(['echo', 'Delta_x', 'charlie 50%', 'Beta', 'alpha']);
  });

  it('D1-101 sorts by environment name, both directions (no environment last)', async () => {
    expect(await names({ order_by: 'environment_asc' })).toEqual(['echo', 'Beta', 'charlie 50%', 'alpha', 'Delta_x']);
    expect(await names({ order_by: 'environment_desc' })).toEqual(['alpha', 'charlie 50%', 'Beta', 'echo', 'Delta_x']);
  });

  it('D1-101 sorts by media name, both directions (ties by name)', async () => {
    expect(await names({ order_by: 'media_asc' })).toEqual(['Beta', 'echo', 'charlie 50%', 'alpha', 'Delta_x']);
    expect(await names({ order_by: 'media_desc' })).toEqual(['alpha', 'charlie 50%', 'Beta', 'echo', 'Delta_x']);
  });

  it('D1-148 sorts by id, both directions', async () => {
    expect(await names({ order_by: 'id_asc' })).toEqual(['alpha', 'Beta', 'charlie 50%', 'Delta_x', 'echo']);
    expect(await names({ order_by: 'id_desc' })).toEqual(['echo', 'Delta_x', 'charlie 50%', 'Beta', 'alpha']);
  });

  it('an unknown order_by is refused with the field named', async () => {
    const res = await list(sortToken, { order_by: 'colour_asc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('order_by');
  });

  it('D1-107 filter_name is a case-insensitive substring; % and _ match literally', async () => {
    expect(await names({ filter_name: 'A' })).toEqual(['alpha', 'Beta', 'charlie 50%', 'Delta_x']);
    expect(await names({ filter_name: 'LTA' })).toEqual(['Delta_x']);
    expect(await names({ filter_name: '%' })).toEqual(['charlie 50%']);
    expect(await names({ filter_name: '_' })).toEqual(['Delta_x']);
    expect(await names({ filter_name: '' })).toHaveLength(5);
    expect(await names({ filter_name: 'zzz' })).toEqual([]);
  });

  it("D1-107 filter_live '1' keeps live studies; '-1' is no filter; numbers work too", async () => {
    expect(await names({ filter_live: '1' })).toEqual(['alpha', 'charlie 50%']);
    expect(await names({ filter_live: 1 })).toEqual(['alpha', 'charlie 50%']);
    expect(await names({ filter_live: '-1' })).toHaveLength(5);
    expect(await names({ filter_live: -1 })).toHaveLength(5);
    expect(await names({ filter_live: '0' })).toEqual(['Beta', 'Delta_x', 'echo']);
  });

  it("D1-107 filter_completed '1' keeps completed studies; '-1' is no filter", async () => {
    expect(await names({ filter_completed: '1' })).toEqual(['Beta', 'charlie 50%']);
    expect(await names({ filter_completed: '-1' })).toHaveLength(5);
    expect(await names({ filter_live: '1', filter_completed: '1' })).toEqual(['charlie 50%']);
  });

  it('D1-107 filter_media_id and filter_environment_id restrict; 0 means all', async () => {
    expect(await names({ filter_media_id: 1 })).toEqual(['Beta', 'echo']);
    expect(await names({ filter_media_id: '2' })).toEqual(['charlie 50%']);
    expect(await names({ filter_media_id: 0 })).toHaveLength(5);
    expect(await names({ filter_environment_id: 3 })).toEqual(['Beta']);
    expect(await names({ filter_environment_id: 0 })).toHaveLength(5);
    expect(await names({ filter_media_id: 1, filter_environment_id: 4 })).toEqual(['echo']);
  });

  it('D1-107 totals count the whole list, not the filtered page', async () => {
    const body = (await list(sortToken, { filter_name: 'echo' })).json();
    expect(body).toMatchObject({ total_count: 1, total_live: 2, total_completed: 2 });
  });

  it('filters of the wrong type are refused with the field named', async () => {
    // A number as filter_name is refused too: bodies are never coerced (only the legacy client's
    // decimal strings for numbers are accepted, by the contract's own pattern).
    for (const [payload, field] of [[{ filter_live: 'yes' }, 'filter_live'], [{ filter_media_id: -2 }, 'filter_media_id'], [{ filter_name: 42 }, 'filter_name']] as const) {
      const res = await list(sortToken, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    }
  });
});

describe('legacy client: GET /v1.0/studies (the whole list, unpaged)', () => {
  it('D1-105 answers every study of the company in name order with the item fields and the totals', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1.0/studies', headers: authHeaders(bigToken) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(27);
    expect(body).toMatchObject({ total_live: 3, total_completed: 0, total_count: 27 });
    expect(body.data.map((s: { name: string }) => s.name)).toEqual(Array.from({ length: 27 }, (_, i) => `Study ${String(i + 1).padStart(2, '0')}`));
    const sorted = (await app.inject({ method: 'GET', url: '/v1.0/studies', headers: authHeaders(sortToken) })).json();
    const alpha = sorted.data.find((s: { name: string }) => s.name === 'alpha');
    expect(Object.keys(alpha).sort()).toEqual([
      'cell_count', 'completed', 'data_collection_end', 'data_collection_start', 'environment', 'live', 'media', 'name',
      'participants_requested', 'participants_returned', 'paused', 'study_id',
    ]);
    expect(alpha).toMatchObject({ cell_count: 2, participants_returned: 3, participants_requested: 100 });
    expect((await app.inject({ method: 'GET', url: '/v1.0/studies' })).statusCode).toBe(401);
  });
});

describe('one natural name order on every database', () => {
  // Written in the order people expect; inserted shuffled. Case, accents, punctuation and number
  // runs must not change the order, on PGlite (bytes) or PostgreSQL (its locale) alike.
  const EXPECTED = [
    'Ångström ads',
    'Blue Harbour Bank — Always-on',
    'Blue Harbour Bank Loyalty',
    'blue harbour bank savings',
    'Café launch',
    'cafe Menu',
    'Éclair campaign',
    'eclair wave 2',
    'Eclair wave 10',
    'Zebra 9',
    'zebra 10',
    'Zoë test',
  ];
  it('sorts names naturally, case-insensitively and accent-aware, the same on PGlite and PostgreSQL', async () => {
    const db = database.db;
    const co = await createCompany(db, { name: 'Natural order' });
    const shuffled = [...EXPECTED].sort((a, b) => (a.length * 7 + a.charCodeAt(1)) % 11 - (b.length * 7 + b.charCodeAt(1)) % 11);
    for (const name of shuffled) await db.insert(study).values({ companyId: co.id, name });
    await createUser(db, { companyId: co.id, username: 'natural' });
    const t = await signIn(app, 'natural');
    const page = async (order_by: string) => ((await list(t, { order_by, results_per_page: 25 })).json().data as { name: string }[]).map((s) => s.name);
    expect(await page('name_asc')).toEqual(EXPECTED);
    expect(await page('name_desc')).toEqual([...EXPECTED].reverse());
    const all = (await app.inject({ method: 'GET', url: '/v1.0/studies', headers: authHeaders(t) })).json();
    expect(all.data.map((s: { name: string }) => s.name)).toEqual(EXPECTED);
    // Paging cuts the same order.
    expect([...(await list(t, { results_per_page: 10 })).json().data, ...(await list(t, { results_per_page: 10, page_num: 2 })).json().data]
      .map((s: { name: string }) => s.name)).toEqual(EXPECTED);
  });
});

describe('tenant isolation and company switching', () => {
  it('a company never sees another company\'s studies in its list', async () => {
    const all = await names({ filter_name: 'alpha' });
    expect(all).toEqual(['alpha']);
    const big = (await list(bigToken, { results_per_page: 100 })).json();
    expect(big.data.every((s: { name: string }) => s.name.startsWith('Study '))).toBe(true);
  });

  it('D1-075 a super user\'s X-Company-Id switches the list to that company', async () => {
    const own = (await list(rootToken)).json();
    expect(own.total_count).toBe(0);
    const big = (await list(rootToken, {}, bigco.id)).json();
    expect(big.total_count).toBe(27);
    const other = (await list(rootToken, {}, otherco.id)).json();
    expect(other.data.map((s: { name: string }) => s.name)).toEqual(['Secret alpha']);
  });

  it('an unknown company id from a super user is refused', async () => {
    const res = await list(rootToken, {}, 999_999);
    expect(res.statusCode).toBe(403);
  });

  it('X-Company-Id from a non-super user is refused even for their own company', async () => {
    const res = await list(bigToken, {}, bigco.id);
    expect(res.statusCode).toBe(403);
  });
});

describe("GET /v1.0/studies/{id}/owner (issue 38: a super user following a link to another company's study)", () => {
  it('tells a super user which company owns the study, whichever company they act for', async () => {
    for (const headers of [authHeaders(rootToken), authHeaders(rootToken, otherco.id)]) {
      const res = await app.inject({ method: 'GET', url: `/v1.0/studies/${ids.alpha}/owner`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, study_id: ids.alpha, company_id: expect.any(Number), company_name: 'Sortco' });
    }
  });

  it("answers 404 'Study not found' for no such study", async () => {
    const res = await app.inject({ method: 'GET', url: '/v1.0/studies/999999/owner', headers: authHeaders(rootToken) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Study not found' });
  });

  it('tenancy: study and batch users learn nothing — the same 403 for their own, another company\'s and no study', async () => {
    for (const token of [sortToken, bigToken, vendorToken]) {
      const bodies = new Set<string>();
      for (const id of [ids.alpha, 999999]) {
        const res = await app.inject({ method: 'GET', url: `/v1.0/studies/${id}/owner`, headers: authHeaders(token) });
        expect(res.statusCode).toBe(403);
        expect(res.body).not.toContain('Sortco');
        bodies.add(res.body);
      }
      expect(bodies.size).toBe(1);
    }
    const anon = await app.inject({ method: 'GET', url: `/v1.0/studies/${ids.alpha}/owner` });
    expect(anon.statusCode).toBe(401);
  });
});

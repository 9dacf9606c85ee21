// @vitest-environment node
// The SDK's domains against the REAL server: every request of the store goes through fastify's
// inject on a fresh database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set), so a change of
// either side's payload shape fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../../../server/test/helpers';
import { createCompany, createUser, signIn } from '../../../server/test/fixtures';
import { seedReference } from '../../../server/seed/reference';
import { participant, study } from '../../../server/db/schema/index';
import type { Database } from '../../../server/db/client';
import { setTransport, type ApiConfig } from './client';
import { recorded } from './test-transport';
import { createGazeStore, type GazeStore } from '../store/store';
import type { Resource } from '../resource/resource';
import { homeOverview } from '../home/overview';
import { DEFAULT_STUDY_QUERY, studyList, studyQueryReducer, studyListView, type StudyQueryAction } from '../studies/list';
import { lookupList, lookupOptions } from '../lookups/lists';
import { demographicFilterList, demographicSummary, FILTER_KINDS, initialView, piesOf, summaryParams, viewReducer } from '../demographics/demographics';

let app: FastifyInstance;
let database: Database;
let studyId: number;
let api: ApiConfig;

const until = async (probe: () => boolean, ms = 10_000) => {
  const start = Date.now();
  while (!probe() && Date.now() - start < ms) await new Promise((r) => setTimeout(r, 10));
  expect(probe()).toBe(true);
};

async function load<P, D>(store: GazeStore, resource: Resource<P, D>, params: P) {
  store.dispatch(resource.actions.fetch({ api, params }));
  await until(() => ['success', 'error'].includes(resource.select(store.getState(), api, params).status));
  return resource.select(store.getState(), api, params);
}

function injectTransport() {
  setTransport(async (req) => {
    const { method, url, headers } = recorded(req);
    const res = await app.inject({ method: method as 'GET', url, headers, payload: req.body as string | undefined });
    return { status: res.statusCode, data: res.body ? JSON.parse(res.body) : {} };
  });
}

beforeAll(async () => {
  ({ app, database } = await testApp());
  const db = database.db;
  await seedReference(db);
  const acme = await createCompany(db, { name: 'Acme' });
  await createUser(db, { companyId: acme.id, username: 'sdk-ann', firstName: 'Ann' });
  const rows = await db.insert(study).values([
    { companyId: acme.id, name: 'Beta, launch', live: true, environmentId: 2, mediaId: 1, participantsRequested: 100 },
    { companyId: acme.id, name: 'alpha', completed: true, environmentId: 1, mediaId: 3 },
    { companyId: acme.id, name: 'Gamma', live: true, environmentId: 3 },
  ]).returning();
  studyId = rows[0].id;
  await db.insert(participant).values([
    { studyId, reference: 'a', sessionId: 'a', genderGroupId: 1, familyGroupId: 1, earningsGroupId: 2, hasEyetracking: true },
    { studyId, reference: 'b', sessionId: 'b', genderGroupId: 2, familyGroupId: 1, hasEyetracking: false },
    { studyId, reference: 'c', sessionId: 'c', genderGroupId: null, hasEyetracking: true },
  ]);
  const token = await signIn(app, 'sdk-ann');
  api = { apiBase: '/v1.0', token, companyId: null };
  injectTransport();
}, 120_000);

afterAll(async () => {
  setTransport();
  await app?.close();
  await database?.close();
});

describe('SDK ↔ server contract', () => {
  it('D1-078 D1-080 home overview', async () => {
    const e = await load(createGazeStore(), homeOverview, undefined);
    expect(e.data).toMatchObject({ total_live: 2, total_completed: 1, company: 'Acme', first_name: 'Ann' });
  });

  it('D1-101 D1-105 D1-106 D1-107 study list: defaults, case-insensitive sort, filters', async () => {
    const store = createGazeStore();
    let query = DEFAULT_STUDY_QUERY;
    const loaded = async (action?: StudyQueryAction) => {
      if (action) query = studyQueryReducer(query, action);
      const e = await load(store, studyList, query);
      expect(e.error).toBeNull();
      return studyListView(e.data).items;
    };
    let items = await loaded();
    expect(items.map((s) => s.name)).toEqual(['alpha', 'Beta, launch', 'Gamma']);
    expect(items[1]).toMatchObject({ environment: 'Mobile', media: 'Display', live: true, completed: false, participants_requested: 100, cell_count: 0 });
    items = await loaded({ type: 'sort', orderBy: 'name_desc' });
    expect(items.map((s) => s.name)).toEqual(['Gamma', 'Beta, launch', 'alpha']);
    items = await loaded({ type: 'filters', filters: { filter_live: '1' } });
    expect(items.map((s) => s.name).sort()).toEqual(['Beta, launch', 'Gamma']);
    items = await loaded({ type: 'filters', filters: { filter_environment_id: 3 } });
    expect(items.map((s) => s.name)).toEqual(['Gamma']);
    items = await loaded({ type: 'filters', filters: { filter_live: '-1', filter_environment_id: 0, filter_completed: '1' } });
    expect(items.map((s) => s.name)).toEqual(['alpha']);
    items = await loaded({ type: 'filters', filters: { filter_completed: '-1' } });
    items = await loaded({ type: 'search', text: 'BETA' });
    expect(items.map((s) => s.name)).toEqual(['Beta, launch']);
    items = await loaded({ type: 'search', text: '' });
    items = await loaded({ type: 'pageSize', size: 10 });
    expect(items).toHaveLength(3);
    expect(studyListView(studyList.select(store.getState(), api, query).data).totalPages).toBe(1);
  });

  it('D1-132 D1-133 lookup lists feed the filter selects', async () => {
    const store = createGazeStore();
    const [env, media] = await Promise.all([load(store, lookupList, 'environments_list'), load(store, lookupList, 'medias_list')]);
    expect(media.data!.length).toBeGreaterThan(0);
    expect(lookupOptions(env.data!)).toEqual([
      { value: 1, label: 'Webcam' }, { value: 2, label: 'Mobile' }, { value: 3, label: 'Lab' }, { value: 4, label: 'All devices' },
    ]);
  });

  it('D1-108 D1-110 D1-115 D1-122 D1-123 demographics: name, Other slice, limit and filters', async () => {
    const store = createGazeStore();
    const lists = await Promise.all(FILTER_KINDS.map((k) => load(store, demographicFilterList, k)));
    let view = initialView();
    let e = await load(store, demographicSummary, summaryParams(studyId, view));
    expect(e.error).toBeNull();
    expect(e.data!.studyName).toBe('Beta, launch');
    expect(lists[FILTER_KINDS.indexOf('earnings')].data!.map((i) => i.name)).toContain('20-40');
    const pie = (title: string) => piesOf(e.data).find((p) => p.title === title)!;
    expect(pie('Gender').slices.filter((s) => s.y > 0)).toEqual([{ name: 'Female', y: 1 }, { name: 'Male', y: 1 }, { name: 'Other', y: 1 }]);
    expect(pie('Earnings').slices.filter((s) => s.y > 0)).toEqual([{ name: '£20-40k', y: 1 }, { name: 'Other', y: 2 }]);

    view = viewReducer(view, { type: 'limit', limit: true });
    e = await load(store, demographicSummary, summaryParams(studyId, view));
    expect(pie('Gender').slices.filter((s) => s.y > 0)).toEqual([{ name: 'Female', y: 1 }, { name: 'Other', y: 1 }]);

    view = viewReducer(viewReducer(viewReducer(view, { type: 'open' }), { type: 'toggle', field: 'genders_group_ids', id: 1 }), { type: 'submit' });
    e = await load(store, demographicSummary, summaryParams(studyId, view));
    expect(pie('Gender').slices.filter((s) => s.y > 0)).toEqual([{ name: 'Female', y: 1 }]);
    expect(pie('Gender').hasData).toBe(false);
  });

  it('D1-124 an unknown study records "Somethign went wrong"', async () => {
    const e = await load(createGazeStore(), demographicSummary, summaryParams(999999, initialView()));
    expect(e.error).toBe('Somethign went wrong');
  });
});

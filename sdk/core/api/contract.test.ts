// @vitest-environment node
// The SDK's domains against the REAL server: every request of the store goes through fastify's
// inject on a fresh database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set), so a change of
// either side's payload shape fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../../../server/test/helpers';
import { createCompany, createUser, signIn } from '../../../server/test/fixtures';
import { seedReference } from '../../../server/seed/reference';
import { participant, study } from '../../../server/db/schema/index';
import type { Database } from '../../../server/db/client';
import { configure, resetCredentials, setTransport } from './client';
import { createGazeStore } from '../store/store';
import { homeActions } from '../home/slice';
import { selectOverview } from '../home/selectors';
import { studiesActions } from '../studies/slice';
import * as studySel from '../studies/selectors';
import { lookupsActions } from '../lookups/slice';
import { lookupOptions, selectLookupList } from '../lookups/selectors';
import { demographicsActions } from '../demographics/slice';
import * as demoSel from '../demographics/selectors';

let app: FastifyInstance;
let database: Database;
let studyId: number;

const until = async (probe: () => boolean, ms = 10_000) => {
  const start = Date.now();
  while (!probe() && Date.now() - start < ms) await new Promise((r) => setTimeout(r, 10));
  expect(probe()).toBe(true);
};

function injectTransport() {
  setTransport(async (config: InternalAxiosRequestConfig) => {
    const url = `${(config.baseURL ?? '').replace(/\/+$/, '')}${config.url ?? ''}`;
    const headers = Object.fromEntries(Object.entries(AxiosHeaders.from(config.headers).toJSON()).map(([k, v]) => [k.toLowerCase(), String(v)]));
    const res = await app.inject({ method: (config.method ?? 'get').toUpperCase() as 'GET', url, headers, payload: config.data });
    const response = { data: res.body ? JSON.parse(res.body) : {}, status: res.statusCode, statusText: '', headers: {}, config, request: {} };
    if (res.statusCode >= 200 && res.statusCode < 300) return response;
    throw new AxiosError(`status ${res.statusCode}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
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
  resetCredentials();
  configure({ apiBase: '/v1.0', token });
  injectTransport();
}, 120_000);

afterAll(async () => {
  setTransport();
  resetCredentials();
  await app?.close();
  await database?.close();
});

describe('SDK ↔ server contract', () => {
  it('D1-078 D1-080 home overview', async () => {
    const store = createGazeStore();
    store.dispatch(homeActions.load());
    await until(() => selectOverview(store.getState()) !== null);
    expect(selectOverview(store.getState())).toMatchObject({ total_live: 2, total_completed: 1, company: 'Acme', first_name: 'Ann' });
  });

  it('D1-101 D1-105 D1-106 D1-107 study list: defaults, case-insensitive sort, filters', async () => {
    const store = createGazeStore();
    const loaded = async (action: Parameters<typeof store.dispatch>[0]) => {
      store.dispatch(action);
      await until(() => !studySel.selectStudiesLoading(store.getState()));
      expect(studySel.selectStudiesError(store.getState())).toBeNull();
      return studySel.selectStudies(store.getState());
    };
    let items = await loaded(studiesActions.load());
    expect(items.map((s) => s.name)).toEqual(['alpha', 'Beta, launch', 'Gamma']);
    expect(items[1]).toMatchObject({ environment: 'Mobile', media: 'Display', live: true, completed: false, participants_requested: 100, cell_count: 0 });
    items = await loaded(studiesActions.sort('name_desc'));
    expect(items.map((s) => s.name)).toEqual(['Gamma', 'Beta, launch', 'alpha']);
    items = await loaded(studiesActions.setFilters({ filter_live: '1' }));
    expect(items.map((s) => s.name).sort()).toEqual(['Beta, launch', 'Gamma']);
    items = await loaded(studiesActions.setFilters({ filter_environment_id: 3 }));
    expect(items.map((s) => s.name)).toEqual(['Gamma']);
    items = await loaded(studiesActions.setFilters({ filter_live: '-1', filter_environment_id: 0, filter_completed: '1' }));
    expect(items.map((s) => s.name)).toEqual(['alpha']);
    items = await loaded(studiesActions.setFilters({ filter_completed: '-1' }));
    items = await loaded(studiesActions.search('BETA'));
    expect(items.map((s) => s.name)).toEqual(['Beta, launch']);
    items = await loaded(studiesActions.search(''));
    items = await loaded(studiesActions.setPageSize(10));
    expect(items).toHaveLength(3);
    expect(studySel.selectStudyTotalPages(store.getState())).toBe(1);
  });

  it('D1-132 D1-133 lookup lists feed the filter selects', async () => {
    const store = createGazeStore();
    store.dispatch(lookupsActions.request('environments_list'));
    store.dispatch(lookupsActions.request('medias_list'));
    await until(() => selectLookupList('medias_list')(store.getState()).length > 0 && selectLookupList('environments_list')(store.getState()).length > 0);
    expect(lookupOptions(selectLookupList('environments_list')(store.getState()))).toEqual([
      { value: 1, label: 'Webcam' }, { value: 2, label: 'Mobile' }, { value: 3, label: 'Lab' }, { value: 4, label: 'All devices' },
    ]);
  });

  it('D1-108 D1-110 D1-115 D1-122 D1-123 demographics: name, Other slice, limit and filters', async () => {
    const store = createGazeStore();
    store.dispatch(demographicsActions.loadFilterLists());
    store.dispatch(demographicsActions.load(studyId));
    await until(() => !demoSel.selectDemographicsLoading(store.getState(), studyId) && Object.keys(demoSel.selectFilterLists(store.getState())).length === 4);
    expect(demoSel.selectDemographicsError(store.getState(), studyId)).toBeNull();
    expect(demoSel.selectDemographicsStudyName(store.getState(), studyId)).toBe('Beta, launch');
    expect(demoSel.selectFilterList('earnings')(store.getState())!.map((i) => i.name)).toContain('20-40');
    const gender = () => demoSel.selectPies(store.getState(), studyId).find((p) => p.title === 'Gender')!;
    expect(gender().slices.filter((s) => s.y > 0)).toEqual([{ name: 'Female', y: 1 }, { name: 'Male', y: 1 }, { name: 'Other', y: 1 }]);
    const earnings = () => demoSel.selectPies(store.getState(), studyId).find((p) => p.title === 'Earnings')!;
    expect(earnings().slices.filter((s) => s.y > 0)).toEqual([{ name: '£20-40k', y: 1 }, { name: 'Other', y: 2 }]);

    store.dispatch(demographicsActions.setLimitToEyetracking({ studyId, limit: true }));
    await until(() => !demoSel.selectDemographicsLoading(store.getState(), studyId));
    expect(gender().slices.filter((s) => s.y > 0)).toEqual([{ name: 'Female', y: 1 }, { name: 'Other', y: 1 }]);

    store.dispatch(demographicsActions.openFilters(studyId));
    store.dispatch(demographicsActions.toggleFilter({ studyId, field: 'genders_group_ids', id: 1 }));
    store.dispatch(demographicsActions.submitFilters(studyId));
    await until(() => !demoSel.selectDemographicsLoading(store.getState(), studyId));
    expect(gender().slices.filter((s) => s.y > 0)).toEqual([{ name: 'Female', y: 1 }]);
    expect(gender().hasData).toBe(false);
  });

  it('D1-124 an unknown study records "Somethign went wrong"', async () => {
    const store = createGazeStore();
    store.dispatch(demographicsActions.load(999999));
    await until(() => demoSel.selectDemographicsError(store.getState(), 999999) !== null);
    expect(demoSel.selectDemographicsError(store.getState(), 999999)).toBe('Somethign went wrong');
  });
});

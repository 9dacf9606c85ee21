import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { seedReference, LOOKUPS } from '../../seed/reference.js';
import { cell, participant, study } from '../../db/schema/index.js';
import { DEMOGRAPHIC_KINDS, SUMMARY_KEYS } from '../../../contract/demographics.js';
import { authHeaders, createCompany, createUser, signIn } from '../fixtures.js';

let app: FastifyInstance;
let database: Database;
let token: string;
let rootToken: string;
let studyId: number;
let emptyStudyId: number;
let foreignStudyId: number;
let acmeId: number;

// [age, gender, family, earnings, socialgrade, ethnicity, eyetracking, test]
type P = [number | null, number | null, number | null, number | null, number | null, number | null, boolean, boolean?];
const PEOPLE: P[] = [
  [1, 1, 1, 1, 1, 1, true],
  [1, 2, 1, 2, 2, 1, true],
  [2, 1, 3, 2, 1, 3, false],
  [2, 2, 3, 3, 3, 3, true],
  [3, 1, 2, 5, 4, 5, false],
  [null, 3, null, null, null, null, true],
  [1, 1, 1, 1, 1, 1, true, true], // a test respondent: never counted
];
/** Screened out / quota full: not returned, so not counted either (the study list's participants_returned). */
const NOT_COMPLETE = ['screenout', 'quota_full'] as const;
let cellIds: number[] = [];

beforeAll(async () => {
  ({ app, database } = await testApp());
  const db = database.db;
  await seedReference(db);
  const acme = await createCompany(db, { name: 'Acme' });
  const other = await createCompany(db, { name: 'Other' });
  acmeId = acme.id;
  const [s] = await db.insert(study).values({ companyId: acme.id, name: 'Summer campaign' }).returning();
  const [e] = await db.insert(study).values({ companyId: acme.id, name: 'Empty' }).returning();
  const [f] = await db.insert(study).values({ companyId: other.id, name: 'Foreign' }).returning();
  studyId = s.id;
  emptyStudyId = e.id;
  foreignStudyId = f.id;
  cellIds = (await db.insert(cell).values([{ studyId, name: 'Control', shortName: 'C' }, { studyId, name: 'Exposed', shortName: 'E' }]).returning()).map((c) => c.id);
  // Even-numbered people in Control, odd-numbered in Exposed.
  await db.insert(participant).values(PEOPLE.map(([age, gender, family, earnings, grade, ethnicity, et, test], i) => ({
    studyId, cellId: cellIds[i % 2], reference: `r${i}`, sessionId: `s${i}`, ageGroupId: age, genderGroupId: gender, familyGroupId: family,
    earningsGroupId: earnings, socialgradeGroupId: grade, ethnicityGroupId: ethnicity, hasEyetracking: et, isTest: test ?? false,
  })));
  await db.insert(participant).values(NOT_COMPLETE.map((status, i) => ({
    studyId, cellId: cellIds[0], reference: `n${i}`, sessionId: `n${i}`, ageGroupId: 1, genderGroupId: 1, status, hasEyetracking: true,
  })));
  // The same people in the foreign study must never leak into Acme's counts.
  await db.insert(participant).values(PEOPLE.map(([age], i) => ({ studyId: foreignStudyId, reference: `f${i}`, sessionId: `f${i}`, ageGroupId: age })));
  await createUser(db, { companyId: acme.id, username: 'ann' });
  await createUser(db, { companyId: other.id, username: 'root', superUser: true });
  token = await signIn(app, 'ann');
  rootToken = await signIn(app, 'root');
});
afterAll(async () => { await app.close(); await database.close(); });

const raw = (id: number, payload?: Record<string, unknown>, headers = authHeaders(token)) =>
  app.inject({ method: 'POST', url: `/v1.0/studies/${id}/participant_demographic_summary`, headers, ...(payload ? { payload } : {}) });
/** The answer with data[0]'s per-kind lists as {<kind>_group: [{id, name, count}]} (what most tests compare). */
const summary = async (id: number, payload?: Record<string, unknown>, headers = authHeaders(token)) => {
  const res = await raw(id, payload, headers);
  const body = res.statusCode === 200 ? res.json() : null;
  const data = body ? Object.fromEntries(DEMOGRAPHIC_KINDS.map((k) => [k,
    (body.data[0][SUMMARY_KEYS[k]] as Group[]).map(({ id: gid, name, count }) => ({ id: gid, name, count }))])) : null;
  return { statusCode: res.statusCode, body: res.body, json: () => (body ? { ...body, data } : res.json()) };
};

type Group = { id: number; name: string; count: number };
const counts = (groups: Group[]) => Object.fromEntries(groups.filter((g) => g.count > 0).map((g) => [g.id, g.count]));

describe('D1-122 participant demographic summary', () => {
  it('lists every group of every kind with its count (test respondents left out)', async () => {
    const res = await summary(studyId, {});
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, study_id: studyId, study_name: 'Summer campaign', total: 6 });
    expect(Object.keys(body.data).sort()).toEqual(['age_group', 'earnings_group', 'ethnicity_group', 'family_group', 'gender_group', 'socialgrade_group']);
    for (const kind of Object.keys(body.data)) {
      expect(body.data[kind].map((g: Group) => [g.id, g.name])).toEqual(LOOKUPS[kind].filter(([, , name]) => !name.startsWith('Other')).map(([id, , name]) => [id, name]));
    }
    expect(body.data.age_group).toContainEqual({ id: 1, name: '18-24', count: 2 });
    expect(body.data.age_group).toContainEqual({ id: 6, name: '65+', count: 0 });
    expect(counts(body.data.age_group)).toEqual({ 1: 2, 2: 2, 3: 1 });
    expect(counts(body.data.gender_group)).toEqual({ 1: 3, 2: 2, 3: 1 });
    expect(counts(body.data.family_group)).toEqual({ 1: 2, 2: 1, 3: 2 });
    expect(counts(body.data.earnings_group)).toEqual({ 1: 1, 2: 2, 3: 1, 5: 1 });
    expect(counts(body.data.socialgrade_group)).toEqual({ 1: 2, 2: 1, 3: 1, 4: 1 });
    // 'Other ethnic group' (5) is not listed: that respondent and the one with no ethnicity make
    // the pie's one Other slice, total − Σ listed = 2 (issue 38).
    expect(counts(body.data.ethnicity_group)).toEqual({ 1: 2, 3: 2 });
    expect(body.data.ethnicity_group.map((g: Group) => g.name)).toEqual(['White', 'Mixed', 'Asian', 'Black']);
    expect(body.total - body.data.ethnicity_group.reduce((a: number, g: Group) => a + g.count, 0)).toBe(2);
  });

  it('issue 38: a legacy list whose Other answer is named plain "Other" is folded the same way; per cell too', async () => {
    await database.db.execute(sql`update lookup_item set name = 'Other' where kind = 'ethnicity_group' and id = 5`);
    try {
      const body = (await raw(studyId, {})).json();
      const d = body.data[0];
      expect(d.ethnicity.map((g: Group) => g.name)).toEqual(['White', 'Mixed', 'Asian', 'Black']);
      for (const c of d.ethnicity_cell) expect(c.data.map((g: { description: string }) => g.description)).not.toContain('Other');
    } finally {
      await database.db.execute(sql`update lookup_item set name = 'Other ethnic group' where kind = 'ethnicity_group' and id = 5`);
    }
  });

  it('D1-115 limit_to_eyetracking keeps respondents with eye-tracking data (bool, 1 or "true")', async () => {
    for (const flag of [true, 1, 'true']) {
      const body = (await summary(studyId, { limit_to_eyetracking: flag })).json();
      expect(body.total).toBe(4);
      expect(counts(body.data.age_group)).toEqual({ 1: 2, 2: 1 });
      expect(counts(body.data.gender_group)).toEqual({ 1: 1, 2: 2, 3: 1 });
    }
    for (const flag of [false, 0, 'false']) {
      expect((await summary(studyId, { limit_to_eyetracking: flag })).json().total).toBe(6);
    }
  });

  it('filters combine with OR within a kind and AND across kinds; empty lists do not filter', async () => {
    const female = (await summary(studyId, { genders_group_ids: [1] })).json();
    expect(female.total).toBe(3);
    expect(counts(female.data.age_group)).toEqual({ 1: 1, 2: 1, 3: 1 });

    const young = (await summary(studyId, { age_group_ids: [1, 2] })).json();
    expect(young.total).toBe(4);

    const youngFemale = (await summary(studyId, { age_group_ids: [1, 2], genders_group_ids: [1] })).json();
    expect(youngFemale.total).toBe(2);
    expect(counts(youngFemale.data.family_group)).toEqual({ 1: 1, 3: 1 });

    const all = (await summary(studyId, { age_group_ids: [], family_group_ids: [], earnings_group_ids: [], genders_group_ids: [] })).json();
    expect(all.total).toBe(6);

    const rich = (await summary(studyId, { earnings_group_ids: [2], family_group_ids: [3], limit_to_eyetracking: true })).json();
    expect(rich.total).toBe(0);
    expect(counts(rich.data.age_group)).toEqual({});

    const richAll = (await summary(studyId, { earnings_group_ids: [2], family_group_ids: [3] })).json();
    expect(richAll.total).toBe(1);
    expect(counts(richAll.data.ethnicity_group)).toEqual({ 3: 1 });
  });

  it('a study without respondents lists every group with count 0; a call without a body works', async () => {
    const res = await summary(emptyStudyId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(0);
    expect(body.data.gender_group).toEqual(LOOKUPS.gender_group.map(([id, , name]) => ({ id, name, count: 0 })));
    expect((await raw(emptyStudyId)).json().data[0].gender_cell).toEqual([]);
  });

  it('D1-122 (legacy client) data[0] holds one summary per kind, entries {id, name, <kind>_group, count}, and per-cell breakdowns', async () => {
    const body = (await raw(studyId, {})).json();
    expect(body.data).toHaveLength(1);
    const d = body.data[0];
    expect(Object.keys(d).sort()).toEqual(Object.values(SUMMARY_KEYS).flatMap((k) => [k, `${k}_cell`]).sort());
    expect(d.age).toContainEqual({ id: 1, name: '18-24', age_group: '18-24', count: 2 });
    expect(d.gender).toContainEqual({ id: 1, name: 'Female', gender_group: 'Female', count: 3 });
    expect(d.earnings[0]).toHaveProperty('earnings_group');
    expect(d.family[0]).toHaveProperty('family_group');
    expect(d.socialgrade[0]).toHaveProperty('socialgrade_group');
    expect(d.ethnicity[0]).toHaveProperty('ethnicity_group');
    // Per cell: every group of the kind in list order with the cell's count; the cells add up to the whole.
    expect(d.age_cell.map((c: { cell_name: string }) => c.cell_name)).toEqual(['Control', 'Exposed']);
    expect(d.age_cell[0]).toMatchObject({ cell_id: cellIds[0], cell_name: 'Control' });
    expect(d.age_cell[0].data.map((g: { description: string }) => g.description)).toEqual(LOOKUPS.age_group.map(([, , name]) => name));
    const control = Object.fromEntries(d.gender_cell[0].data.map((g: { description: string; count: number }) => [g.description, g.count]));
    const exposed = Object.fromEntries(d.gender_cell[1].data.map((g: { description: string; count: number }) => [g.description, g.count]));
    // People 0, 2, 4 are in Control (Female, Female, Female), 1, 3, 5 in Exposed (Male, Male, Non-binary).
    expect(control).toMatchObject({ Female: 3, Male: 0 });
    expect(exposed).toMatchObject({ Female: 0, Male: 2, 'Non-binary': 1 });
    for (const key of Object.values(SUMMARY_KEYS)) {
      const sum = (d[`${key}_cell`] as { data: { count: number }[] }[]).flatMap((c) => c.data).reduce((n, g) => n + g.count, 0);
      expect(sum).toBe((d[key] as Group[]).reduce((n, g) => n + g.count, 0));
    }
  });

  it('counts exactly the respondents the study list returns (complete, not test)', async () => {
    const list = (await app.inject({ method: 'GET', url: '/v1.0/studies', headers: authHeaders(token) })).json();
    const row = list.data.find((r: { study_id: number }) => r.study_id === studyId);
    expect(row.participants_returned).toBe(6);
    expect((await raw(studyId, {})).json().total).toBe(row.participants_returned);
  });

  it("another company's study answers 404, and an unknown one too", async () => {
    for (const id of [foreignStudyId, 987654]) {
      const res = await summary(id, {});
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it('D1-075 a super user sees a study only while acting for its company', async () => {
    expect((await summary(foreignStudyId, {}, authHeaders(rootToken))).statusCode).toBe(200);
    expect((await summary(studyId, {}, authHeaders(rootToken))).statusCode).toBe(404);
    expect((await summary(studyId, {}, authHeaders(rootToken, acmeId))).statusCode).toBe(200);
    expect((await summary(foreignStudyId, {}, authHeaders(rootToken, acmeId))).statusCode).toBe(404);
  });

  it('bad ids and filters are validation errors naming the field', async () => {
    const bad = await raw(studyId, { age_group_ids: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)[0]).toMatch(/^age_group_ids/);
    const notList = await raw(studyId, { genders_group_ids: 'female' });
    expect(notList.statusCode).toBe(400);
    const badId = await app.inject({ method: 'POST', url: '/v1.0/studies/abc/participant_demographic_summary', headers: authHeaders(token), payload: {} });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toHaveProperty('id');
  });
});

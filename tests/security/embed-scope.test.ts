// Issue 36 item 2: embed scope on every route. On the demo data, a token limited to one stim of a
// study calls every operation openapi.json opens to embed tokens (x-embed) and never gets another
// stim's id, name or row back, participant references included (the report CSVs are these
// answers' rows); a token limited to one report type gets 403 on every operation of the others,
// and every operation without x-embed refuses embed tokens whatever it is.
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { securityApp } from './helpers.js';
import { fill, operations } from './openapi.js';
import { appUser } from '../../server/db/schema/index.js';
import { issueEmbedToken } from '../../server/services/embed-tokens.js';
import { respondentStudies, simulateStudy } from '../../server/seed/respondents.js';
import { addExposure } from '../../server/test/analytics/report-fixtures.js';
import { stimIdsIn } from '../../server/test/helpers.js';
import { REPORT_TYPES } from '../../contract/common.js';

const s = await securityApp({ demo: true });
afterAll(async () => s.close());
const all = await operations(s.app);
const tokenOps = all.filter((o) => o.path.startsWith('/v1.0/') && o.roles?.some((r) => r !== 'public' && r !== 'signed_url' && r !== 'collection_key'));
const embeddable = tokenOps.filter((o) => o.embed);

const rows = async <T>(q: string) => ((await s.database.db.execute(sql.raw(q))) as unknown as { rows: T[] }).rows;
const [researcher] = await s.database.db.select({ id: appUser.id, companyId: appUser.companyId }).from(appUser).where(eq(appUser.username, 'researcher'));

/** Every stim placed in a study (stim steps and page steps), with its place. */
interface Placed { cell: number; step: number; stim: number; name: string }
const placedIn = (studyId: number) => rows<Placed>(`
  select c.id as cell, st.id as step, coalesce(ss.stim_id, st.stim_id) as stim, sm.name
  from step st join cell c on c.id = st.cell_id left join step_stim ss on ss.step_id = st.id
  join stim sm on sm.id = coalesce(ss.stim_id, st.stim_id)
  where c.study_id = ${studyId} order by c.id, st.id, 3`);

// A demo study of the researcher that gets respondents and whose page steps hold several stims, so
// the filter has other stims' rows on the same step, in the same cell and in the study to drop; its
// respondents are simulated here (the demo does it in a background job).
const withRespondents = await respondentStudies(s.database.db);
const [chosen] = await rows<{ id: number }>(`
  select s.id from study s join cell c on c.study_id = s.id join step st on st.cell_id = c.id join step_stim ss on ss.step_id = st.id
  where s.company_id = ${researcher.companyId} and s.id in (${withRespondents.join(',') || 0})
  group by s.id having count(distinct ss.stim_id) >= 2 order by s.id limit 1`);
const studyId = chosen.id;
await simulateStudy(s.database.db, studyId, { count: 40 });
const placed = await placedIn(studyId);
/** Respondents of the study who saw other stims only (never `stim`). */
const refsWithout = async (stim: number) => (await rows<{ reference: string }>(`
  select p.reference from participant p where p.study_id = ${studyId}
    and exists (select 1 from exposure e where e.participant_id = p.id and e.stim_id <> ${stim})
    and not exists (select 1 from exposure e where e.participant_id = p.id and e.stim_id = ${stim})
  order by p.id limit 200`)).map((r) => r.reference);
// The token's stim: one on a step that also holds another stim. Simulated respondents see every
// stim of their cell's pages, so one more respondent sees another stim only: their reference, as
// any other stim's respondents', must not come back.
const shared = placed.find((p) => placed.some((q) => q.step === p.step && q.stim !== p.stim))!;
const onlyOther = placed.find((p) => p.stim !== shared.stim)!;
await addExposure(s.database.db, { studyId, cellId: onlyOther.cell, stepId: onlyOther.step, stimId: onlyOther.stim }, {
  participant: { reference: 'embed-scope-other-stim-only' }, viewable: true, viewableMs: 1500, viewed: true, dwellMs: 700,
});
const otherRefs = await refsWithout(shared.stim);
const mine = placed.filter((p) => p.stim === shared.stim);
const others = placed.filter((p) => p.stim !== shared.stim);
/** Other stims' names that cannot be read inside the token's own stim name. */
const otherNames = [...new Set(others.map((p) => p.name))].filter((n) => !mine.some((m) => m.name.includes(n)));

async function mint(scope: { stimIds?: number[]; reportKinds?: string[] }) {
  return (await issueEmbedToken(s.database.db, { companyId: researcher.companyId, createdBy: researcher.id, studyId, name: 'security suite', ...scope }, 3600)).token;
}

const urlOf = (path: string) => fill(path, (name) => {
  if (name === 'id' || name === 'studyId') return String(studyId);
  if (name === 'cell') return String(shared.cell);
  if (name === 'step' || name === 'stepId') return String(shared.step);
  if (name === 'stim' || name === 'stimId') return String(shared.stim);
  if (name === 'questionSystem') return 'ex';
  return '1';
});
const bodyOf = (op: { method: string; bodyProps: string[] }) => {
  if (op.method === 'GET' || op.method === 'DELETE') return undefined;
  return op.bodyProps.includes('data') ? { data: [{ cell_id: shared.cell, step_id: shared.step, stim_id: shared.stim }] } : {};
};
const call = (op: { method: string; path: string; bodyProps: string[] }, token: string) => {
  const body = bodyOf(op);
  return s.app.inject({
    method: op.method as 'POST', url: urlOf(op.path),
    headers: { authorization: `Token ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
};


describe('embed scope: a stim-limited token on every operation openapi.json opens to embed tokens', () => {
  it('has a study with other stims on the token\'s step and respondents of them, and embed operations to call', () => {
    expect(others.some((p) => p.step === shared.step)).toBe(true);
    expect(otherNames.length).toBeGreaterThan(0);
    expect(otherRefs.length).toBeGreaterThan(0);
    expect(embeddable.length).toBeGreaterThan(20);
    expect(embeddable.filter((o) => o.path.startsWith('/v1.0/studies/')).length).toBeGreaterThan(15);
  });

  it('answers no other stim\'s id, name or respondent, on any of them', async () => {
    const token = await mint({ stimIds: [shared.stim] });
    const problems: string[] = [];
    let answered = 0;
    for (const op of embeddable) {
      const res = await call(op, token);
      if (res.statusCode >= 500 || res.statusCode === 401 || res.statusCode === 403) {
        problems.push(`${op.name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        continue;
      }
      if (res.statusCode !== 200) continue;
      answered += 1;
      const foreign = [...stimIdsIn(res.json())].filter((id) => id !== shared.stim);
      if (foreign.length) problems.push(`${op.name}: other stims' ids ${foreign.join(', ')}`);
      for (const n of otherNames) if (res.body.includes(JSON.stringify(n))) problems.push(`${op.name}: names ${n}`);
      for (const r of otherRefs) if (res.body.includes(JSON.stringify(r))) problems.push(`${op.name}: respondent ${r} of another stim`);
    }
    expect(problems).toEqual([]);
    expect(answered).toBeGreaterThan(15);
  });

  it('the study-wide downloads (the CSV rows) hold the token\'s stim\'s rows, which the researcher\'s hold among the others', async () => {
    const researcherToken = await mint({});
    const token = await mint({ stimIds: [shared.stim] });
    for (const path of ['/v1.0/studies/{id}/report', '/v1.0/studies/{id}/participant_report', '/v1.0/studies/{id}/feature_report', '/v1.0/studies/{id}/cell/{cell}/step/{step}/participant_report']) {
      const op = { method: 'POST', path, bodyProps: [] };
      const full = (await call(op, researcherToken)).json() as { data: { stim_id: number }[] };
      const limited = (await call(op, token)).json() as { data: { stim_id: number }[] };
      expect(full.data.some((r) => r.stim_id !== shared.stim), path).toBe(true);
      expect(limited.data.length, path).toBe(full.data.filter((r) => r.stim_id === shared.stim).length);
      expect(limited.data.every((r) => r.stim_id === shared.stim), path).toBe(true);
    }
  });
});

describe('embed scope: report types and operations without x-embed', () => {
  for (const type of REPORT_TYPES) {
    it(`a ${type} token gets 403 on every operation of the other report types`, async () => {
      const token = await mint({ reportKinds: [type] });
      const problems: string[] = [];
      for (const op of embeddable) {
        const types = op.embed!.reportTypes;
        if (types === 'any' || types.includes(type)) continue;
        const res = await call(op, token);
        if (res.statusCode !== 403) problems.push(`${op.name}: ${res.statusCode}`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('every other token operation refuses an unlimited embed token with 403', async () => {
    const token = await mint({});
    const problems: string[] = [];
    for (const op of tokenOps.filter((o) => !o.embed)) {
      const res = await call(op, token);
      if (res.statusCode !== 403) problems.push(`${op.name}: ${res.statusCode}`);
    }
    expect(problems).toEqual([]);
  });
});

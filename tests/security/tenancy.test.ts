// Issue 9 item 6: every id-taking operation of openapi.json × the identities (owner, another
// company, the vendor's batch user, no token, super user with and without X-Company-Id, a
// non-super user sending X-Company-Id, ids of two companies mixed): another company's data never
// leaks, and only documented codes answer. Uses x-access / x-roles when the contract gives them.
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { securityApp } from './helpers.js';
import { operations, fill } from './openapi.js';
import { appUser } from '../../server/db/schema/index.js';
import { issueToken } from '../../server/repositories/tokens.js';

const s = await securityApp({ demo: true });
const allOperations = await operations(s.app);
const ops = allOperations.filter((o) => o.path.startsWith('/v1.0/') && o.pathParams.length > 0 && o.method !== 'DELETE');
afterAll(async () => s.close());

const rows = async <T>(q: string) => ((await s.database.db.execute(sql.raw(q))) as unknown as { rows: T[] }).rows;

async function tokenOf(username: string) {
  const [u] = await s.database.db.select({ id: appUser.id, companyId: appUser.companyId }).from(appUser).where(eq(appUser.username, username));
  return { token: await issueToken(s.database.db, u.id, 1), companyId: u.companyId };
}

const owner = await tokenOf('researcher');
const other = await tokenOf('northwind');
const vendor = await tokenOf('vendor');
const admin = await tokenOf('admin');

/** A study of the owner's company and one of another company, with one of their cells/steps/stims. */
interface Ids { id: number; cell: number; step: number; stim: number }
async function studyOf(companyId: number): Promise<Ids> {
  const [r] = await rows<Ids>(`select s.id, c.id as cell, st.id as step, ss.stim_id as stim
    from study s join cell c on c.study_id = s.id join step st on st.cell_id = c.id join step_stim ss on ss.step_id = st.id
    where s.company_id = ${companyId} order by s.id, c.id, st.id, ss.stim_id limit 1`).catch(() => [] as Ids[]);
  if (r) return r;
  const [only] = await rows<{ id: number }>(`select id from study where company_id = ${companyId} order by id limit 1`);
  return { id: only?.id ?? 1, cell: 1, step: 1, stim: 1 };
}
const mine = await studyOf(owner.companyId);
const theirs = await studyOf(other.companyId);

/**
 * Operations that answer about another company's study BY DESIGN, and only to super users (their
 * x-roles; the role matrix below proves everyone else gets 403): the owner lookup names the owning
 * company so a super user can switch to it (issue 38). They must still never name the study.
 */
const CROSS_COMPANY_FOR_SUPER_USERS = new Set(['/v1.0/studies/{id}/owner']);

/** Codes an API may answer to a stranger: refused, not found, or invalid — never 5xx. */
const DOCUMENTED = new Set([400, 401, 403, 404, 409, 422, 429]);

const urlFor = (path: string, ids: Ids, mixed = false) => fill(path, (name) => {
  if (name === 'id' || name === 'studyId') return String(ids.id);
  if (name === 'cell') return String(mixed ? mine.cell : ids.cell);
  if (name === 'step' || name === 'stepId') return String(mixed ? mine.step : ids.step);
  if (name === 'stim' || name === 'stimId') return String(mixed ? mine.stim : ids.stim);
  return '1';
});

async function call(method: string, url: string, token: string | null, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...extra };
  if (token) headers.authorization = `Token ${token}`;
  return s.app.inject({ method: method as 'POST', url, headers, ...(method === 'GET' ? {} : { payload: '{}' }) });
}

/** Text that only the other company's study would put in an answer. */
const [secret] = await rows<{ name: string }>(`select name from study where id = ${theirs.id}`);

describe('tenancy: every id-taking operation × identities', () => {
  it('has operations to check and two companies with studies', () => {
    expect(ops.length).toBeGreaterThan(10);
    expect(theirs.id).not.toBe(mine.id);
    expect(secret?.name).toBeTruthy();
  });

  for (const op of ops) {
    it(`${op.name}: no leak across companies, documented codes only`, async () => {
      const problems: string[] = [];
      const cases: [string, string, string | null, Record<string, string>][] = [
        ['other company', urlFor(op.path, theirs), owner.token, {}],
        ['mixed ids of two companies', urlFor(op.path, theirs, true), owner.token, {}],
        ['batch user', urlFor(op.path, theirs), vendor.token, {}],
        ['no token', urlFor(op.path, mine), null, {}],
        ['non-super user sending X-Company-Id', urlFor(op.path, theirs), owner.token, { 'x-company-id': String(other.companyId) }],
        ['super user, X-Company-Id of the owner', urlFor(op.path, theirs), admin.token, { 'x-company-id': String(owner.companyId) }],
      ];
      for (const [who, url, token, extra] of cases) {
        const res = await call(op.method, url, token, extra);
        if (res.statusCode >= 500) problems.push(`${who}: ${res.statusCode}`);
        else if (res.statusCode < 300 && op.path.includes('{id}') && op.path.startsWith('/v1.0/studies/') && !(token === admin.token && CROSS_COMPANY_FOR_SUPER_USERS.has(op.path))) problems.push(`${who}: ${res.statusCode} for another company's study`);
        else if (!DOCUMENTED.has(res.statusCode) && res.statusCode >= 300) problems.push(`${who}: undocumented ${res.statusCode}`);
        if (secret && res.body.includes(secret.name)) problems.push(`${who}: answer names the other company's study`);
      }
      // The super user without X-Company-Id acts for its own company; with the right one it may read.
      const superOwn = await call(op.method, urlFor(op.path, theirs), admin.token);
      if (superOwn.statusCode >= 500) problems.push(`super user without X-Company-Id: ${superOwn.statusCode}`);
      if (op.roles && !op.roles.includes('batch_user')) {
        const res = await call(op.method, urlFor(op.path, mine), vendor.token);
        if (res.statusCode < 300) problems.push(`batch user allowed although x-roles excludes it: ${res.statusCode}`);
      }
      expect(problems).toEqual([]);
    });
  }
});

// Issue 18: the role matrix. route() enforces each operation's x-roles before validation, so a
// refused role answers 403 whatever the ids or body; an allowed one is never refused for its role.
// Study users are refused batch and vendor calls, batch users study content (the shell's calls —
// home counts, profile, lookups, feedback — stay SIGNED_IN), super users pass both ways.
describe('tenancy: role matrix (every signed-in operation × study user, batch user, super user)', () => {
  const TOKEN_ROLES = ['study_user', 'batch_user', 'company_admin', 'super_user'];
  // The demo's researcher also administers Acme (company_admin); the vendor does not administer Adscope.
  const identities = [
    { role: 'study_user', roles: ['study_user', 'company_admin'], token: owner.token },
    { role: 'batch_user', roles: ['batch_user'], token: vendor.token },
    { role: 'super_user', roles: ['super_user'], token: admin.token },
  ];
  const allOps = allOperations.filter((o) => o.path.startsWith('/v1.0/') && o.roles?.some((r) => TOKEN_ROLES.includes(r)));

  it('batch and vendor calls are batch content; study content refuses batch users; the shell keeps everyone', () => {
    const wrong: string[] = [];
    for (const op of allOps) {
      const roles = [...(op.roles ?? [])].sort().join(',');
      const batchArea = /^\/v1\.0\/(batch|vendor)\//.test(op.path) || op.path.startsWith('/v1.0/analysis/tpstimuli');
      if (batchArea && roles !== 'batch_user,super_user') wrong.push(`${op.name}: ${roles} (want BATCH_ROLES)`);
      if (/^\/v1\.0\/studies\/\{id\}/.test(op.path) && op.roles?.includes('batch_user')) wrong.push(`${op.name}: study content open to batch users`);
      if (['/v1.0/studies/overview', '/v1.0/user/get-details', '/v1.0/dashboard-feedback'].includes(op.path) && roles !== 'batch_user,study_user,super_user') {
        wrong.push(`${op.name}: a shell call must stay SIGNED_IN`);
      }
    }
    expect(wrong).toEqual([]);
  });

  for (const op of allOps) {
    it(`${op.name}: refused roles answer 403, allowed roles are not refused`, async () => {
      const problems: string[] = [];
      for (const who of identities) {
        const allowed = who.roles.some((r) => op.roles!.includes(r)) || (who.role === 'super_user' && op.roles!.includes('study_user'));
        // Writes are only sent to refused roles (refused before the handler: nothing changes).
        if (allowed && (op.access === 'write' || op.method === 'DELETE')) continue;
        const res = await call(op.method, urlFor(op.path, mine), who.token);
        if (res.statusCode >= 500) problems.push(`${who.role}: ${res.statusCode}`);
        else if (!allowed && res.statusCode !== 403) problems.push(`${who.role}: ${res.statusCode}, want 403`);
        else if (allowed && res.statusCode === 403) problems.push(`${who.role}: refused although x-roles allows it (${res.body})`);
      }
      expect(problems).toEqual([]);
    });
  }
});

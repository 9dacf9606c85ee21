// Issue 9 item 6: every operation of /v1.0/openapi.json, with and without a token, at least 30
// hostile variants each, chosen deterministically (no randomness: a failure replays exactly).
// Asserts: no 5xx, no stack trace or internal path, no hang, and no data changed by a variant
// that was answered 4xx. A route added later is fuzzed by itself.
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { securityApp } from './helpers.js';
import { operations, fill, type Operation } from './openapi.js';
import { snapshot } from './snapshot.js';
import { appUser } from '../../server/db/schema/index.js';
import { issueToken } from '../../server/repositories/tokens.js';

/**
 * Operations allowed to answer 5xx to some variant while a fix is pending, by name "METHOD /path".
 * Empty since the contract's strict schemas landed: keep it empty. An entry is reported, not
 * failed, and the suite says when it can go.
 */
export const KNOWN_5XX = new Set<string>([]);

const s = await securityApp({ demo: true });
const ops = await operations(s.app);
const [researcher] = await s.database.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, 'researcher'));
afterAll(async () => s.close());

const HANG_MS = 15_000;
const LEAK = /\bat [\w.<>]+ \(|node_modules|\/work\/|\/home\/|\/src\/|server\/(routes|db|repositories)|\.ts:\d+|TypeError|ReferenceError|SyntaxError: Unexpected/;

/** Hostile values for ids and numbers in paths and queries (the classes of issue 9). */
const HOSTILE_SCALARS = [
  '0', '-1', '2147483648', '99999999999999999999', '1e308', '1e400', 'Infinity', '-Infinity', 'NaN', '0x2b',
  '1.5', '%00', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%2F..%2Fdata', '%F0%9F%98%80', '%ED%A0%80', 'abc', '%20', "1'--",
];
/** Hostile JSON values for body properties. */
const HOSTILE_VALUES: unknown[] = [
  'a\u0000b', '\ud800', 2 ** 53, 1e308, -1e308, 'Infinity', '1e400', '0x2b', -1, 2147483648, true, null, [], {},
  [1, 'x', null], 'x'.repeat(100_000), { $gt: '' }, '../../etc/passwd',
];

interface Variant { label: string; url: string; payload?: string; headers?: Record<string, string> }

function deep(n: number): string {
  return '{"a":'.repeat(n) + '1' + '}'.repeat(n);
}

/** An operation's variants, built once: a few are megabytes of JSON, and each operation is run twice. */
const built = new Map<Operation, Variant[]>();
function variants(op: Operation): Variant[] {
  let out = built.get(op);
  if (!out) built.set(op, (out = buildVariants(op)));
  return out;
}

function buildVariants(op: Operation): Variant[] {
  const base = fill(op.path, () => '1');
  const json = { 'content-type': 'application/json' };
  const out: Variant[] = [];
  for (const v of HOSTILE_SCALARS) {
    if (op.pathParams.length) out.push({ label: `path=${v}`, url: fill(op.path, () => v), payload: '{}', headers: json });
  }
  for (const v of HOSTILE_SCALARS.slice(0, 12)) {
    const q = op.queryParams.length ? op.queryParams.map((p) => `${p}=${v}`).join('&') : `page_num=${v}&id=${v}`;
    out.push({ label: `query=${v}`, url: `${base}?${q}`, payload: '{}', headers: json });
  }
  out.push({ label: 'duplicated query keys', url: `${base}?${[...op.queryParams, 'page_num', 'id'].map((p) => `${p}=1&${p}=2`).join('&')}`, payload: '{}', headers: json });
  for (const [i, v] of HOSTILE_VALUES.entries()) {
    const body = Object.fromEntries((op.bodyProps.length ? op.bodyProps : ['name', 'id', 'filter_name', 'page_num']).map((p) => [p, v]));
    out.push({ label: `body all=${JSON.stringify(v).slice(0, 30)}#${i}`, url: base, payload: JSON.stringify(body), headers: json });
  }
  // One property at a time (the others absent), with the two classes that reached the database.
  for (const p of op.bodyProps.slice(0, 12)) {
    for (const v of ['a\u0000b', '\udc00x', 1e308, 99999999999]) out.push({ label: `body ${p}=${JSON.stringify(v)}`, url: base, payload: JSON.stringify({ [p]: v }), headers: json });
  }
  out.push(
    { label: 'no body', url: base },
    { label: 'body []', url: base, payload: '[]', headers: json },
    { label: 'body null', url: base, payload: 'null', headers: json },
    { label: 'body "x"', url: base, payload: '"x"', headers: json },
    { label: 'malformed JSON', url: base, payload: '{"a":', headers: json },
    { label: 'deep body', url: base, payload: deep(5000), headers: json },
    { label: 'wide body', url: base, payload: JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]))), headers: json },
    { label: 'huge body', url: base, payload: JSON.stringify({ name: 'x'.repeat(3_000_000) }), headers: json },
    { label: 'text/plain body', url: base, payload: 'hello', headers: { 'content-type': 'text/plain' } },
    { label: 'form body', url: base, payload: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    { label: 'X-Company-Id hostile', url: base, payload: '{}', headers: { ...json, 'x-company-id': '1e400' } },
    { label: 'X-Company-Id other', url: base, payload: '{}', headers: { ...json, 'x-company-id': '2' } },
  );
  return out;
}

const BAD_AUTH = ['Token', 'Token ', 'Token ' + 'a'.repeat(5000), 'Bearer abc', 'Basic Zm9vOmJhcg==', 'Token %00', 'Token ../../x', 'token 1 2'];

interface Finding { op: string; variant: string; status: number; problem: string }

async function run(op: Operation, token: string | null): Promise<{ findings: Finding[]; all4xx: boolean }> {
  const findings: Finding[] = [];
  let all4xx = true;
  const list = [...variants(op)];
  if (!token) BAD_AUTH.forEach((a, i) => list.push({ label: `bad auth #${i}`, url: fill(op.path, () => '1'), payload: '{}', headers: { 'content-type': 'application/json', authorization: a } }));
  for (const v of list) {
    const headers: Record<string, string> = { ...(v.headers ?? {}) };
    if (token && !headers.authorization) headers.authorization = `Token ${token}`;
    const method = op.method as 'GET';
    const request = s.app.inject({ method, url: v.url, headers, ...(v.payload !== undefined && method !== 'GET' ? { payload: v.payload } : {}) });
    let timer: NodeJS.Timeout | undefined;
    const res = await Promise.race([request, new Promise<null>((r) => { timer = setTimeout(() => r(null), HANG_MS); })]);
    clearTimeout(timer);
    if (!res) {
      findings.push({ op: op.name, variant: v.label, status: 0, problem: 'hang' });
      continue;
    }
    if (res.statusCode < 400 || res.statusCode >= 500) all4xx = false;
    if (res.statusCode >= 500) findings.push({ op: op.name, variant: v.label, status: res.statusCode, problem: '5xx' });
    if (LEAK.test(res.body.slice(0, 20_000))) findings.push({ op: op.name, variant: v.label, status: res.statusCode, problem: `leak: ${res.body.slice(0, 120)}` });
  }
  return { findings, all4xx };
}

const report: Finding[] = [];
afterAll(() => {
  const failing = [...new Set(report.filter((f) => f.problem === '5xx').map((f) => f.op))];
  console.log(`[fuzz] ${ops.length} operations; answering 5xx to some variant: ${failing.length ? failing.join(', ') : 'none'}`);
  const stale = [...KNOWN_5XX].filter((n) => !failing.includes(n));
  if (stale.length) console.log(`[fuzz] KNOWN_5XX entries that now pass (remove them): ${stale.join(', ')}`);
});

describe('fuzz: every operation of openapi.json', () => {
  it('enumerates the API (a contract without operations would fuzz nothing)', () => {
    expect(ops.length).toBeGreaterThan(50);
    for (const op of ops) expect(variants(op).length, op.name).toBeGreaterThanOrEqual(30);
  });

  for (const op of ops) {
    it(`${op.name}: no 5xx, no leak, no hang, nothing changed by a refused variant`, async () => {
      const findings: Finding[] = [];
      for (const withToken of [false, true]) {
        const token = withToken ? await issueToken(s.database.db, researcher.id, 1) : null;
        const before = await snapshot(s.database.db);
        const r = await run(op, token);
        findings.push(...r.findings.map((f) => ({ ...f, variant: `${withToken ? 'token' : 'anonymous'} ${f.variant}` })));
        // Only when every variant was refused must nothing have changed (a 2xx may legitimately write).
        if (r.all4xx) {
          const after = await snapshot(s.database.db);
          const changed = Object.keys(after).filter((t) => after[t] !== before[t] && !(withToken && t === 'auth_token'));
          if (changed.length) findings.push({ op: op.name, variant: withToken ? 'token' : 'anonymous', status: 400, problem: `data changed by refused requests: ${changed.join(', ')}` });
        }
      }
      report.push(...findings);
      const blocking = KNOWN_5XX.has(op.name) ? findings.filter((f) => f.problem !== '5xx') : findings;
      expect(blocking.map((f) => `${f.variant} → ${f.status} ${f.problem}`)).toEqual([]);
    });
  }
});

// What the legacy replay files share: the read checker ("data[].id:num", issue 10) and axios-like
// calls, kept in a module so every replay file (replay, screens-b) uses them without importing a
// test file (vitest would run it twice).

/** The legacy client is axios: this is what it sends. */
export const AXIOS_ACCEPT = 'application/json, text/plain, */*';

const TYPES: Record<string, (v: unknown) => boolean> = {
  num: (v) => typeof v === 'number' && Number.isFinite(v),
  str: (v) => typeof v === 'string',
  bool: (v) => typeof v === 'boolean',
  arr: (v) => Array.isArray(v),
  obj: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  null: (v) => v === null,
  any: (v) => v !== undefined,
};

/**
 * Problems with one read ("data[].study_id:num", "[].id:num", "cachepage_url?:str|null"): every
 * value at the path must exist (unless marked ?) and have one of the types; an array walked with []
 * must not be empty (else nothing would be checked, and the screen would show nothing).
 */
export function readProblems(body: unknown, read: string): string[] {
  const cut = read.lastIndexOf(':');
  const rawPath = cut < 0 ? '[]' : read.slice(0, cut);
  const types = read.slice(cut + 1).split('|');
  const optional = rawPath.endsWith('?');
  const path = optional ? rawPath.slice(0, -1) : rawPath;
  const steps = path === '[]' ? [] : path.match(/[^.[\]]+|\[\d*\]/g) ?? [];
  let values: { at: string; v: unknown }[] = [{ at: '', v: body }];
  const problems: string[] = [];
  for (const step of steps) {
    const next: typeof values = [];
    for (const { at, v } of values) {
      if (step === '[]') {
        if (!Array.isArray(v)) { problems.push(`${at || 'body'} is not an array`); continue; }
        if (!v.length) problems.push(`${at || 'body'} is an empty array (nothing to check)`);
        v.forEach((item, i) => next.push({ at: `${at}[${i}]`, v: item }));
      } else if (/^\[\d+\]$/.test(step)) {
        const i = Number(step.slice(1, -1));
        if (!Array.isArray(v) || v.length <= i) { problems.push(`${at || 'body'}${step} is missing`); continue; }
        next.push({ at: `${at}${step}`, v: v[i] });
      } else {
        const here = at ? `${at}.${step}` : step;
        if (typeof v !== 'object' || v === null || !(step in v)) {
          if (!optional) problems.push(`${here} is missing`);
          continue;
        }
        next.push({ at: here, v: (v as Record<string, unknown>)[step] });
      }
    }
    values = next;
  }
  // An average over an empty base is null, not a number (docs/metrics.md, "empty"): an AOI nobody
  // fixated has no mean dwell. Accepted where some other value of the same read is a number.
  const emptyAverage = (v: unknown) => v === null && types.includes('num') && /(^|\.)avg_\w+$/.test(path);
  for (const { at, v } of values) {
    if (!types.some((t) => TYPES[t]?.(v)) && !emptyAverage(v)) problems.push(`${at || 'body'} is ${JSON.stringify(v)?.slice(0, 60)}, not ${types.join('|')}`);
  }
  if (values.length && values.every(({ v }) => emptyAverage(v))) problems.push(`${path}: every value is an empty average (null): nothing checked`);
  return problems;
}

export interface LegacyResponse { status: number; json: unknown; text: string; headers: Headers }

/**
 * One call as the legacy client makes it: POST/GET, `Token` header, a JSON body only when the screen
 * sends one, the path exactly as written there (stray trailing spaces kept; fetch sends them as %20).
 */
export async function legacyFetch(
  base: string, method: 'GET' | 'POST', path: string,
  opts: { token?: string; body?: unknown; origin?: string } = {},
): Promise<LegacyResponse> {
  const headers: Record<string, string> = { accept: AXIOS_ACCEPT };
  if (opts.token) headers.authorization = `Token ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json;charset=utf-8';
  if (opts.origin) headers.origin = opts.origin;
  const res = await fetch(`${base}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  let json: unknown = null;
  try { json = text ? JSON.parse(text) : null; } catch { /* not JSON: the caller's status check reports it */ }
  return { status: res.status, json, text, headers: res.headers };
}

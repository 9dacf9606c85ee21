// The route walker (issue 38), one spec file per user type (walk-researcher, walk-admin and
// walk-vendor.spec.ts): every dashboard route — taken from the routing itself
// (dashboard/pages/*/route.tsx and App.tsx's own routes), with ids from the seeded demo — visited
// at 1440 px as each user type (researcher, admin, vendor). A route fails on:
//   - a page error;
//   - a failed request the page did not expect (4xx/5xx; the few expected ones are listed in
//     EXPECTED_FAILURES, each with its reason);
//   - a serious or critical axe-core violation (axe.min.js injected into every document), or a
//     repeated or missing landmark (LANDMARK_RULES);
//   - not exactly one h1 (open shadow roots included);
//   - a visible same-origin link that leads to the 404 page or a not-found state (all links of
//     all pages are collected, then loaded client-side in a batch).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { KIND_ROUTES } from '../../contract/study-create';
import { BASE, api, apiToken, signIn, useBrowser, type DemoUser } from './helpers';

/** Names reserved by RFC 2606 (never resolved): .example, .test, .invalid, example.com/.net/.org. */
const RESERVED_HOST = /(^|\.)(example\.(com|net|org)|example|test|invalid)$/i;
const browser = useBrowser();
const ROOT = join(import.meta.dirname, '..', '..');
const AXE = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/** Every signed-in route pattern, as the dashboard mounts it (pages/routes.ts reads the same files). */
export function areaPatterns(): string[] {
  const dir = join(ROOT, 'dashboard', 'pages');
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      let text: string;
      try {
        text = readFileSync(join(dir, d.name, 'route.tsx'), 'utf8');
      } catch {
        return [];
      }
      return [...text.matchAll(/\bpath:\s*'([^']*)'/g)].map((m) => `/${m[1]}`);
    });
}

/** App.tsx's own routes without a parameter (the public pages). */
export function appPatterns(): string[] {
  const text = readFileSync(join(ROOT, 'dashboard', 'App.tsx'), 'utf8');
  return [...text.matchAll(/<Route path="(\/[^"]*)"/g)].map((m) => m[1]).filter((p) => !p.includes(':') && !p.includes('*'));
}

interface DemoIds {
  study: number;
  stim: number;
  batchRef: string;
  batchId: string;
  vendorId: string;
  batchStim: number;
}

/** One concrete address per pattern (every kind for the wizard), or null for a pattern not walked here. */
export function addressesOf(pattern: string, ids: DemoIds): string[] {
  if (pattern === '/create-study/:kind') return Object.values(KIND_ROUTES).map((k) => `/create-study/${k}`);
  if (pattern.startsWith('/my_batches/batch_overview/:ref/')) {
    return [`${pattern.replace(':ref', ids.batchRef)}?id=${ids.batchId}&vendorId=${ids.vendorId}&stimId=${ids.batchStim}`];
  }
  if (pattern.startsWith('/my_batches/batch_overview/:ref')) return [pattern.replace(':ref', ids.batchRef)];
  if (/^\/(batch_stim_list|batches)\/aoi\/:id$/.test(pattern)) return [pattern.replace(':id', String(ids.batchStim))];
  if (/^\/stims\/(edit|aoi)\/:id$/.test(pattern)) return [pattern.replace(':id', String(ids.stim))];
  if (pattern.includes(':id')) return [pattern.replace(':id', String(ids.study))];
  if (pattern.includes(':')) throw new Error(`the walker does not know the parameter of ${pattern}: add it to addressesOf`);
  return [pattern];
}

/**
 * Failed requests a page makes on purpose, by user type. Each is justified; anything else fails.
 */
const STUDY_USER_PAGES = /^\/(my_studies|stims|create-study|my_reports|my_validations)(\/|$)/;
const BATCH_USER_PAGES = /^\/(my_batches|batch_stim_list|batches)(\/|$)/;
const EXPECTED_FAILURES: { users: DemoUser[]; route: RegExp; status: number; why: string }[] = [
  // Every route is walked as every user type, including the other type's pages: the server refuses
  // them (it enforces what the navigation only hides) and the page shows that refusal.
  { users: ['vendor'], route: STUDY_USER_PAGES, status: 403, why: 'a batch user on a study user\'s page: the server refuses' },
  { users: ['researcher', 'admin'], route: BATCH_USER_PAGES, status: 403, why: 'a study user on a batch user\'s page: the server refuses' },
  // The super user walks acting for the research company; the demo's batches are the vendor
  // company's, which the server does not show to another company (404, never saying whose).
  { users: ['admin'], route: BATCH_USER_PAGES, status: 404, why: 'another company\'s batch' },
];

/** Frame-less addresses read with a token another origin provides (embedding.spec, the AOI frame's tests). */
const TOKEN_ONLY = new Set(['/embed/report', '/stimuli/stimulus/feature-editor', '/stimuli/tpstimulus/tpstimuli-feature-editor']);

// Plain source text on purpose (tsx wraps named functions in __name(), unknown inside the page).
const PAGE_FACTS = `(() => {
  const all = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      all.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  const visible = (el) => el.checkVisibility ? el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) : true;
  const h1 = all.filter((el) => el.tagName === 'H1' && visible(el)).map((el) => (el.textContent || '').trim());
  const links = all
    .filter((el) => el.tagName === 'A' && el.hasAttribute('href') && visible(el) && !el.hasAttribute('download'))
    .map((el) => el.href)
    .filter((href) => href.startsWith(location.origin + '/'));
  const notFound = all.some((el) => el.classList.contains('gz-not-found') || (el.getAttribute('part') || '').split(' ').includes('not-found'));
  // The dashboard's placeholder (role=status) and the kit's Spinner (role=progressbar) say 'Loading'.
  const loading = all.some((el) => (el.getAttribute('aria-label') === 'Loading' && visible(el)) || el.getAttribute('aria-busy') === 'true');
  return { h1, links: [...new Set(links)], notFound, loading, title: document.title };
})()`;

interface Facts { h1: string[]; links: string[]; notFound: boolean; loading: boolean; title: string }

const facts = (page: Page) => page.evaluate(PAGE_FACTS) as Promise<Facts>;

/**
 * Waits until the page has settled: no request in flight for 300 ms and no busy or loading
 * indicator (at most 10 s; a page still loading then is a finding of its own).
 */
async function settle(page: Page, inflight: () => number): Promise<Facts> {
  const deadline = Date.now() + 10_000;
  let quietSince = 0;
  let f = await facts(page);
  while (Date.now() < deadline) {
    const busy = inflight() > 0 || f.loading;
    if (busy) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= 300) return f;
    await page.waitForTimeout(100);
    f = await facts(page);
  }
  return f;
}

// Issue 38 item "unique landmarks": these moderate rules fail the walk too.
const LANDMARK_RULES = ['landmark-unique', 'landmark-one-main', 'landmark-no-duplicate-main', 'landmark-no-duplicate-banner', 'landmark-no-duplicate-contentinfo'];
const AXE_RUN = `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations
  .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ${JSON.stringify(LANDMARK_RULES)}.includes(v.id))
  .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' > ') + ' :: ' + (n.failureSummary || '').split('\\n').slice(1, 2).join('')) })))`;

async function idsOf(user: DemoUser, companyId?: string): Promise<DemoIds> {
  const researcher = await apiToken('researcher');
  const vendor = await apiToken('vendor');
  const own = await apiToken(user);
  // A completed study: its reports have data to draw (the walk sees charts and tables, not empty states).
  const listStudies = async (token: string) =>
    (await api<{ data?: { study_id: number }[] }>(token, '/studies', { body: { results_per_page: 10, filter_completed: '1' }, companyId: token === own ? companyId : undefined })).body?.data ?? [];
  const ownStudies = user === 'vendor' ? [] : await listStudies(own);
  const studies = ownStudies.length ? ownStudies : await listStudies(researcher);
  const listStims = async (token: string) => (await api<{ data?: { id: number }[] }>(token, '/stims', { body: {}, companyId: token === own ? companyId : undefined })).body?.data ?? [];
  const ownStims = user === 'vendor' ? [] : await listStims(own);
  const stims = ownStims.length ? ownStims : await listStims(researcher);
  const batches = (await api<{ data: { internal_batch_id: string; internal_vendor_id: string }[] }>(vendor, '/batch/list', { body: {} })).body;
  const b = batches.data[0];
  const batchStims = (await api<{ data: { internal_stim_id: number }[] }>(vendor, '/batch/stims', { body: { internal_batch_id: b.internal_batch_id, internal_vendor_id: b.internal_vendor_id } })).body;
  return {
    study: studies[0].study_id,
    stim: stims[0].id,
    batchRef: `${b.internal_batch_id}&${b.internal_vendor_id}`,
    batchId: b.internal_batch_id,
    vendorId: b.internal_vendor_id,
    batchStim: batchStims.data[0].internal_stim_id,
  };
}

interface Finding { route: string; what: string }

export async function walk(user: DemoUser, withPublic: boolean): Promise<Finding[]> {
  const findings: Finding[] = [];
  // WALK_WIDTH=360 walks a phone's width; WALK_SHOTS=<dir> keeps a screenshot of every route, to look at.
  const width = Number(process.env.WALK_WIDTH ?? 1440);
  const context = await browser().newContext({ baseURL: BASE, viewport: { width, height: width < 800 ? 740 : 900 } });
  context.setDefaultTimeout(15_000);
  await context.addInitScript({ content: AXE });
  const page = await context.newPage();
  let route = '(sign-in)';
  // Requests in flight (settle waits for none); the service worker's own fetches are not the page's.
  const open = new Set<unknown>();
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  const inflight = () => open.size;
  page.on('pageerror', (e) => findings.push({ route, what: `page error: ${e.message}` }));
  page.on('response', (r: Response) => {
    if (r.status() < 400) return;
    const url = new URL(r.url());
    const expected = EXPECTED_FAILURES.find((x) => x.users.includes(user) && x.status === r.status() && x.route.test(new URL(page.url()).pathname));
    if (!expected) findings.push({ route, what: `${r.request().method()} ${url.pathname}${url.search} answered ${r.status()}` });
  });
  page.on('requestfailed', (r) => {
    const failure = r.failure()?.errorText ?? '';
    // A navigation cancels the previous page's requests: not a failure of the page.
    if (failure.includes('ERR_ABORTED')) return;
    // External ad addresses of the demo and of other specs' stims (a VAST tag, a creative's
    // landing page, cdn.example.com banners) use names reserved by RFC 2606 that never resolve;
    // the page handles the failed fetch.
    if (RESERVED_HOST.test(new URL(r.url()).hostname) && failure.includes('ERR_NAME_NOT_RESOLVED')) return;
    findings.push({ route, what: `${r.method()} ${r.url()} failed: ${failure}` });
  });

  const visited = new Set<string>();
  const links = new Map<string, string>();
  const check = async (address: string, signedIn: boolean) => {
    route = address;
    const started = Date.now();
    await page.goto(address);
    const f = await settle(page, inflight);
    if (f.loading) findings.push({ route, what: 'still loading after 10 s' });
    visited.add(new URL(page.url()).pathname + new URL(page.url()).search);
    if (f.h1.length !== 1) findings.push({ route, what: `${f.h1.length} visible h1 (${JSON.stringify(f.h1)}), want exactly one` });
    const violations = (await page.evaluate(AXE_RUN)) as { id: string; impact: string; help: string; nodes: string[] }[];
    for (const v of violations) findings.push({ route, what: `axe ${v.impact} ${v.id}: ${v.help} — ${v.nodes.join(' | ')}` });
    if (signedIn) for (const l of f.links) if (!links.has(l)) links.set(l, address);
    if (process.env.WALK_VERBOSE) console.log(`[${user}] ${address} ${Date.now() - started} ms`);
    if (process.env.WALK_SHOTS) {
      const name = `${user}${address.replace(/[^\w]+/g, '_')}-${width}.png`;
      await page.screenshot({ path: join(process.env.WALK_SHOTS, name), fullPage: true });
    }
  };

  if (withPublic) {
    for (const p of appPatterns()) if (!TOKEN_ONLY.has(p) && p !== '/signout') await check(p, false);
  }
  route = '(sign-in)';
  await page.goto('/login');
  await signIn(page, user);
  // The super user acts for the demo's research company (its own has no studies), as the company
  // selector does; other companies' study pages are the owner notice's case (shell.spec).
  let companyId: string | undefined;
  if (user === 'admin') {
    const select = page.locator('select[aria-label="Company"]');
    await page.waitForFunction(() => (document.querySelector<HTMLSelectElement>('select[aria-label="Company"]')?.options.length ?? 0) > 1);
    companyId = (await select.locator('option', { hasText: 'Acme Research' }).getAttribute('value')) ?? undefined;
    await select.selectOption(companyId!);
    await page.waitForFunction((id) => localStorage.getItem('companyId') === id, companyId);
  }
  const ids = await idsOf(user, companyId);
  for (const pattern of areaPatterns()) {
    for (const address of addressesOf(pattern, ids)) await check(address, true);
  }

  // Every visible same-origin link, loaded client-side (react-router follows popstate): none may
  // reach the 404 page or a not-found state. /signout would end the walk; files are fetched.
  // Lists link many rows to the same page with other ids: two of each kind are loaded (a dead page
  // fails on the first; the ids come from the server's own lists).
  const perKind = new Map<string, number>();
  for (const [href, from] of links) {
    const url = new URL(href);
    const path = url.pathname + url.search;
    if (visited.has(path) || url.pathname === '/signout') continue;
    const kind = url.pathname.replace(/\d+/g, ':n');
    const seen = perKind.get(kind) ?? 0;
    if (seen >= 2) continue;
    perKind.set(kind, seen + 1);
    route = `${path} (linked from ${from})`;
    if (/^\/(files|visuals|v1\.0|sdk)\//.test(url.pathname)) {
      const res = await page.request.get(href);
      if (!res.ok()) findings.push({ route, what: `linked file answered ${res.status()}` });
      continue;
    }
    await page.evaluate((p) => {
      history.pushState(null, '', p);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, path);
    const f = await settle(page, inflight);
    if (f.notFound) findings.push({ route, what: 'a visible link leads to a not-found page' });
  }
  await context.close();
  return findings;
}

/** The findings of a walk, one line each, for the assertion's message. */
export const report = (user: string, findings: Finding[]) =>
  `${findings.length} findings:\n${findings.map((f) => `  [${user}] ${f.route}: ${f.what}`).join('\n')}`;

/** The walker's test name for one user type (one spec file per user type runs the three side by side). */
export const walkTitle = (user: DemoUser) =>
  `every route as ${user}: no page error, unexpected failed request, serious/critical axe finding, h1 other than one, or link to a 404`;

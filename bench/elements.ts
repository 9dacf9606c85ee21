// What ONE element costs a page that holds nothing else (issue 40 item 3): each per-element build
// (dist/sdk/elements/<name>.js) placed alone on a bare page in Chromium with an empty cache, every
// request of the SDK's files recorded: their count and their bytes brotli-compressed (this static
// server sends them plain, so each body is compressed here with node:zlib): quality 11, as static
// files are precompressed for a CDN or web server (the budgets), and quality 4, as the API
// server's on-the-fly compression sends them (server/plugins/compress.ts). API calls are answered
// 404 by the page's router and not counted: the element's code is measured, not its data.
//
//   npm run build:sdk && npx tsx bench/elements.ts            measure, print, write bench/elements.json
//   npx tsx bench/elements.ts --check                         the same, exit 1 over a budget
//   npx tsx bench/elements.ts --static [--check]              no browser: the entry's static import
//                                                             graph (what loads before first render)
//
// Budgets (issue 40): the KPI report widget ≤ 230 KB brotli in ≤ 8 requests; an element without
// charts ≤ 130 KB. Bytes are deterministic for a build, so `--static --check` is a cheap CI gate.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';

const DIR = path.resolve(process.env.SDK_DIR ?? 'dist/sdk');
const OUT = process.env.BENCH_ELEMENTS_OUT ?? 'bench/elements.json';
const KB = 1024;
export const BUDGETS = {
  kpiReport: { element: 'kpi-report', brotli: 230 * KB, requests: 8 },
  withoutCharts: { brotli: 130 * KB },
} as const;

const brotliCache = new Map<string, number>();
/** Brotli bytes of a file at `quality` (11: precompressed static files, the budgets; 4: the API server's on-the-fly). */
function brotliOf(file: string, quality = 11): number {
  const key = `${quality}:${file}`;
  let n = brotliCache.get(key);
  if (n === undefined) {
    n = brotliCompressSync(readFileSync(file), { params: { [zlib.BROTLI_PARAM_QUALITY]: quality } }).length;
    brotliCache.set(key, n);
  }
  return n;
}

/** Static imports of a built ES module (minified: `from"./x.js"` / `import"./x.js"`, not `import(`). */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out = new Set<string>();
  for (const m of text.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) out.add(path.join(path.dirname(file), m[1]));
  return [...out];
}

/** The entry and every module it imports statically, recursively: what loads before it can run. */
export function staticGraph(entry: string): string[] {
  const seen = new Set<string>();
  const walk = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    staticImports(f).forEach(walk);
  };
  walk(entry);
  return [...seen];
}

/** The shared charts chunk (Highcharts and the kit's charts), by its contents rather than its name. */
const isCharts = (file: string) => /Highcharts|highcharts/.test(readFileSync(file, 'utf8').slice(0, 200_000)) && path.basename(file).startsWith('charts');

export interface ElementCost {
  element: string;
  requests: number;
  /** Brotli quality 11 (the budgets). */
  brotli: number;
  /** Brotli quality 4, as `server/plugins/compress.ts` compresses on the fly. */
  brotliQ4: number;
  charts: boolean;
  files: { file: string; brotli: number; brotliQ4: number }[];
  defined?: boolean;
  /** <gaze-*> tags the element placed inside itself, and whether each was defined (its `dependencies`). */
  inner?: { tag: string; defined: boolean }[];
}

/** One element's figures from the files it loaded; `charts` when one of them is the charts chunk. */
function cost(element: string, files: string[]): ElementCost {
  const list = files.map((f) => ({ file: path.relative(DIR, f), brotli: brotliOf(f), brotliQ4: brotliOf(f, 4) }));
  return {
    element,
    requests: list.length,
    brotli: list.reduce((s, f) => s + f.brotli, 0),
    brotliQ4: list.reduce((s, f) => s + f.brotliQ4, 0),
    charts: files.some((f) => path.dirname(f).endsWith('chunks') && isCharts(f)),
    files: list,
  };
}

const elementNames = () => readdirSync(`${DIR}/elements`).filter((f) => f.endsWith('.js')).map((f) => f.replace(/\.js$/, '')).sort();

/** Attributes enough for each element to start (its reads are answered 404 anyway). */
const ATTRS = 'study-id="1" stims="1:1:1:1" batch-id="1" stim-id="1" exposure-id="1"';

function serve(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const bare = /^\/bare\/([a-z0-9-]+)\.html$/.exec(url.pathname);
    if (bare) {
      // A bare page: no other script, no provider, no styles; the element and its own build only.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${bare[1]}</title>
<script type="module" src="/elements/${bare[1]}.js"></script></head>
<body><gaze-${bare[1]} ${ATTRS} token="gzt_bench"></gaze-${bare[1]}></body></html>`);
      return;
    }
    const file = path.join(DIR, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    try {
      if (!file.startsWith(DIR) || !statSync(file).isFile()) throw new Error('not a file');
      res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : file.endsWith('.json') || file.endsWith('.map') ? 'application/json' : 'application/octet-stream' });
      res.end(readFileSync(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(() => r())),
  })));
}

async function measureInChromium(names: string[]): Promise<ElementCost[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const site = await serve();
  const out: ElementCost[] = [];
  try {
    for (const name of names) {
      // A new context per element: an empty cache, nothing defined.
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.route('**/v1.0/**', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"success":false,"message":"Not found"}' }));
      const loaded: string[] = [];
      page.on('requestfinished', (r) => {
        const u = new URL(r.url());
        if (u.origin === site.origin && !u.pathname.startsWith('/bare/') && !u.pathname.startsWith('/v1.0/')) loaded.push(path.join(DIR, u.pathname));
      });
      await page.goto(`${site.origin}/bare/${name}.html`, { waitUntil: 'networkidle' });
      // The element has rendered (its dependencies asked for) and nothing more is in flight.
      const defined = await page.evaluate(`customElements.get('gaze-${name}') !== undefined`) as boolean;
      await page.waitForLoadState('networkidle');
      // Plain source text (tsx would wrap a function with __name(), which the page lacks).
      const inner = await page.evaluate(`(() => {
        const found = new Map();
        const walk = (root) => root.querySelectorAll('*').forEach((el) => {
          const tag = el.tagName.toLowerCase();
          if (tag.startsWith('gaze-') && root !== document) found.set(tag, customElements.get(tag) !== undefined);
          if (el.shadowRoot) walk(el.shadowRoot);
        });
        walk(document);
        return [...found].map(([tag, defined]) => ({ tag, defined }));
      })()`) as { tag: string; defined: boolean }[];
      out.push({ ...cost(name, [...new Set(loaded)]), defined, inner });
      await context.close();
    }
  } finally {
    await browser.close();
    await site.close();
  }
  return out;
}

/** Budget breaches, each a sentence; none means every budget holds. */
export function breaches(costs: ElementCost[]): string[] {
  const out: string[] = [];
  const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
  for (const c of costs) {
    if (c.element === BUDGETS.kpiReport.element) {
      if (c.brotli > BUDGETS.kpiReport.brotli) out.push(`${c.element}: ${kb(c.brotli)} brotli > ${kb(BUDGETS.kpiReport.brotli)}`);
      if (c.requests > BUDGETS.kpiReport.requests) out.push(`${c.element}: ${c.requests} requests > ${BUDGETS.kpiReport.requests}`);
    } else if (!c.charts && c.brotli > BUDGETS.withoutCharts.brotli) {
      out.push(`${c.element} (no charts): ${kb(c.brotli)} brotli > ${kb(BUDGETS.withoutCharts.brotli)}`);
    }
    if (c.defined === false) out.push(`${c.element}: <gaze-${c.element}> was not defined by its own build`);
    for (const i of c.inner ?? []) if (!i.defined) out.push(`${c.element}: the <${i.tag}> it placed was never defined (a missing dependency)`);
  }
  return out;
}

/** Every element's static import graph (what loads before it first renders), from the build in SDK_DIR. */
export function staticCosts(): ElementCost[] {
  return elementNames().map((n) => cost(n, staticGraph(`${DIR}/elements/${n}.js`)));
}

async function main() {
  const names = elementNames();
  const onlyStatic = process.argv.includes('--static');
  const costs = onlyStatic ? staticCosts() : await measureInChromium(names);
  costs.sort((a, b) => b.brotli - a.brotli);
  const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
  console.log(`${onlyStatic ? 'static import graph' : 'Chromium, empty cache'}: brotli q11 (budgets) / q4 (on the fly), requests (SDK files only)`);
  for (const c of costs) {
    const inner = c.inner?.length ? `  places ${c.inner.map((i) => `${i.tag}${i.defined ? '' : ' (UNDEFINED)'}`).join(', ')}` : '';
    console.log(`  ${c.element.padEnd(24)} ${kb(c.brotli).padStart(9)} ${kb(c.brotliQ4).padStart(9)} ${String(c.requests).padStart(3)} req${c.charts ? '  charts' : ''}${inner}`);
  }
  const problems = breaches(costs);
  console.log(problems.length ? `OVER BUDGET:\n  ${problems.join('\n  ')}` : 'every budget holds (kpi-report ≤ 230 KB / ≤ 8 requests; no charts ≤ 130 KB)');
  if (!onlyStatic) {
    const built = statSync(`${DIR}/elements`).mtime.toISOString();
    writeFileSync(OUT, `${JSON.stringify({ measured: new Date().toISOString(), built, method: 'chromium, empty cache, brotli q11 (q4 beside it)', budgets: BUDGETS, elements: costs }, null, 2)}\n`);
    console.log(`written: ${OUT}`);
  }
  if (process.argv.includes('--check') && problems.length) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve("bench/elements.ts")) void main();

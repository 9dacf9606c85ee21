#!/usr/bin/env node
// End-to-end suite: the REAL server (tsx server/main.ts, PGlite in a fresh temp DATA_DIR, demo
// seed on) on a free port, a real Chromium (playwright-core), specs in tests/e2e/*.spec.ts run by
// node:test. No mock server. Expects the build in dist/ (`npm test` builds first).
//   node scripts/test-e2e.mjs            every spec
//   node scripts/test-e2e.mjs auth shell only specs whose file name contains a filter
//   E2E_BASE_URL=http://127.0.0.1:8080 node scripts/test-e2e.mjs   against a server you run
//   E2E_CONCURRENCY=1 (default 3) spec files in parallel; KEEP_DATA=1 keeps the temp DATA_DIR.
//   E2E_START_AFTER=<file>: once the server answers, wait for that file, then for the seeding, before running specs
//   (npm test starts this suite before the other suites so seeding overlaps them).
// A failed test leaves a screenshot, a Playwright trace and its console/network errors in
// test-results/e2e/<spec>/<test>/ (tests/e2e/artefacts.ts; E2E_ARTEFACTS=<dir> moves them, E2E_TRACE=0
// records no trace, E2E_TRACE=snapshots adds DOM snapshots, E2E_TRACE=full the screencast too); the folder is emptied when a run starts and its files are listed when one fails.
// E2E_SPEC_DIR=<dir> runs the specs of another folder (scripts/test-e2e.test.ts runs a failing fixture).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const say = (m) => console.log(`[e2e] ${m}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const filters = process.argv.slice(2);
const specDir = process.env.E2E_SPEC_DIR || path.join('tests', 'e2e');
const artefactRoot = path.resolve(process.env.E2E_ARTEFACTS || path.join('test-results', 'e2e'));
// The longest spec files start first (each is one long test: a minute or more measured alone,
// 2026-11-27), so the run does not end with one of them going on alone while the other slots
// are empty. The others follow in name order.
const LONGEST_FIRST = ['walk-researcher', 'creatives', 'lifecycle', 'take-live', 'studies', 'walk-admin', 'walk-vendor',
  'reports', 'study-create', 'stims', 'shell', 'report-downloads', 'sdk-page', 'study-overview', 'board'];
const rank = (f) => {
  const i = LONGEST_FIRST.indexOf(f.replace(/\.spec\.ts$/, ''));
  return i < 0 ? LONGEST_FIRST.length : i;
};
const specs = readdirSync(specDir)
  .filter((f) => f.endsWith('.spec.ts') && (!filters.length || filters.some((x) => f.includes(x))))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  .map((f) => path.join(specDir, f));
if (!specs.length) {
  say(`no spec matches ${filters.join(', ')}`);
  process.exit(1);
}

// Against a server you run (E2E_BASE_URL), that server serves its own build.
for (const f of process.env.E2E_BASE_URL ? [] : ['dist/app/index.html', 'dist/sdk/gazeboard.js']) {
  if (!existsSync(f)) {
    say(`${f} is missing: run \`npm run build\` first (npm test does).`);
    process.exit(1);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function until(what, fn, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      if (await fn()) return;
    } catch (err) {
      last = err;
    }
    await sleep(300);
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${last.message ?? last}` : ''}`);
}

async function signIn(base, username) {
  const res = await fetch(`${base}/v1.0/auth-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'gazeboard' }),
  });
  if (!res.ok) return null;
  return (await res.json()).token ?? null;
}

let server = null;
let serverOutput = ''; // its stdout, for the seeding's log lines
let dataDir = null;
let logFile = null;
let intranetPort = null;

async function startServer() {
  const port = await freePort();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'gazeboard-e2e-'));
  logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  // The embedding spec serves its "intranet" page from a second origin, which CORS must allow.
  intranetPort = await freePort();
  const env = {
    // info, not warn: the runner waits for the "seeding respondents for …" / "demo respondents
    // ready" lines below (at warn they were never printed, so specs ran while norms still moved).
    ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: '1', LOG_LEVEL: 'info',
    ALLOWED_ORIGINS: `http://localhost:${intranetPort}`,
    // Test-only: the run-through job checks panel redirects to this server's own pages.
    ALLOW_PRIVATE_URLS: '1',
  };
  // PGlite: the suite never touches a configured PostgreSQL.
  delete env.DATABASE_URL;
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout.on('data', (chunk) => {
    serverOutput += chunk;
    log.write(chunk);
  });
  server.stderr.pipe(log);
  server.on('exit', (code, signal) => {
    if (!stopping) say(`server exited early (code ${code}, signal ${signal}); log: ${logFile}`);
  });
  const base = `http://127.0.0.1:${port}`;
  const t = Date.now();
  say(`starting the server on ${base} (DATA_DIR ${dataDir})`);
  await until('GET /meta.json', async () => {
    if (server.exitCode !== null) throw new Error('server exited');
    return (await fetch(`${base}/meta.json`)).ok;
  }, 120_000);
  // The structure (accounts, companies, studies) is seeded before listening; respondents may still
  // be seeding in the background, which these specs do not need.
  await until('demo sign-in and studies', async () => {
    const token = await signIn(base, 'researcher');
    if (!token) return false;
    const res = await fetch(`${base}/v1.0/studies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
      body: '{}',
    });
    return res.ok && (await res.json()).data?.length > 0;
  }, 60_000);
  say(`server ready in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return base;
}

let stopping = false;
async function stopServer() {
  stopping = true;
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    const exited = new Promise((r) => server.once('exit', r));
    if ((await Promise.race([exited.then(() => true), sleep(8000).then(() => false)])) === false) server.kill('SIGKILL');
  }
  if (dataDir && !process.env.KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
}

/** Every file under dir, depth first, sorted. */
function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort().flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** The artefacts the failed tests left (tests/e2e/artefacts.ts), one line each. */
function listArtefacts() {
  const files = filesUnder(artefactRoot);
  if (!files.length) {
    say(`no test artefacts in ${path.relative(root, artefactRoot) || artefactRoot} (a failure outside a test, or in a hook)`);
    return;
  }
  say(`artefacts of the failed tests (${files.length} files; a trace opens with \`npx playwright-core show-trace <trace.zip>\`):`);
  for (const f of files) console.log(`  ${path.relative(root, f)}`);
}

function runSpecs(base) {
  // Three files at a time: with two, the suite kept 43 % of two cores busy (pages wait on the
  // server, on timers and on each other; measured alone, 687 CPU-s in 792 s).
  // In LONGEST_FIRST order (scripts/run-specs.mjs; `node --test` would sort them by name).
  const args = ['--import', 'tsx', 'scripts/run-specs.mjs', ...specs];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, E2E_BASE_URL: base, ...(intranetPort ? { E2E_INTRANET_PORT: String(intranetPort) } : {}) } });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await stopServer();
    process.exit(130);
  });
}

/** Waits for the server's background respondent seeding (see the comment inside). */
async function waitForSeeding() {
  // PGlite runs in the server's own thread, so while respondents are seeded every request waits
  // behind seeding queries (a 750 KB script took 11 s). The specs need only the structure, but
  // they must not time out on a starved server: wait for the seeding to finish (or give up and
  // run anyway). E2E_WAIT_SEED=0 skips the wait.
  if (serverOutput.includes('seeding respondents for') && process.env.E2E_WAIT_SEED !== '0') {
    say('waiting for the background respondent seeding to finish …');
    const s = Date.now();
    try {
      await until('respondent seeding', () => {
        if (server.exitCode !== null) throw new Error('server exited');
        return /demo respondents ready|respondent seeding stopped/.test(serverOutput);
      }, 480_000);
      say(`respondents seeded (waited ${((Date.now() - s) / 1000).toFixed(1)} s)`);
    } catch (err) {
      say(`WARNING: ${err.message}; running the specs anyway`);
    }
  }
}

let code = 1;
// Only this run's failures are listed at its end.
rmSync(artefactRoot, { recursive: true, force: true });
try {
  const base = process.env.E2E_BASE_URL || (await startServer());
  const after = process.env.E2E_START_AFTER;
  if (after && !existsSync(after)) {
    say('waiting for the other suites to finish …');
    while (!existsSync(after)) await sleep(500);
  }
  if (!process.env.E2E_BASE_URL) await waitForSeeding();
  say(`running ${specs.length} spec file(s) against ${base}`);
  code = await runSpecs(base);
} catch (err) {
  say(`FAILED: ${err.message ?? err}`);
} finally {
  if (code !== 0 && logFile && existsSync(logFile)) {
    say(`last lines of the server log (${logFile}${process.env.KEEP_DATA ? '' : '; KEEP_DATA=1 keeps it'}):`);
    console.log(readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n'));
  }
  await stopServer();
}
if (code !== 0) listArtefacts();
say(code === 0 ? 'all end-to-end specs passed' : 'end-to-end specs FAILED');
process.exit(code);

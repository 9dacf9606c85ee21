#!/usr/bin/env node
// `npm test`: every suite, stopping at the first failure.
//   1. side by side (they share the cores; together they finish sooner than one after another),
//      output held and shown in order:
//      typecheck, lint (ESLint with the import boundaries), lint rule proofs (tests/lint), build;
//   2. the end-to-end server starts and seeds its demo respondents in the background from here on;
//   3. stages one after another; a stage's lanes run side by side and a lane's suites one after
//      another (output held and shown in order, as in 1):
//      unit → server on PGlite → security suites (tests/security, tests/reliability) beside the
//      element tests in Chromium and then the generator (in a copy of the tree:
//      scripts/test-generator.mjs) → end-to-end against the built dashboard, on the server started
//      in 2, beside a lane of the server and crash suites on PostgreSQL (when TEST_DATABASE_URL is set).
// Which suites share a stage follows where two cores have room (docs/operations.md, "How long
// CI takes"): unit and the PGlite server suite keep both cores busy alone; the security suite
// (servers it starts and waits on) has room for the element tests; the end-to-end specs (pages
// waiting on the server and on each other) and the PostgreSQL suites (round trips) each keep
// about half of them busy. The generator (a whole-project type check: one core for a minute) fills
// the element lane's end; it writes a surface into the tree it runs in, so it runs in a copy.
// SKIP_E2E=1 / SKIP_ELEMENTS=1 skip the browser suites (for quick local loops only).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const alongside = [
  // Incremental (build info in tmp/tsc): a second run on the same checkout checks only what changed.
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npx', ['eslint', '.']],
  // Dead exports and import cycles (issue 40 items 6 and 7).
  ['imports', 'npx', ['tsx', 'scripts/check-imports.ts']],
  // Every import boundary proven by a deliberate violation (a broken map would allow everything).
  ['lint rules', 'node', ['--test', 'tests/lint/']],
  ['build', 'npm', ['run', 'build']],
];
/** Stages run one after another; a stage is lanes run side by side, a lane suites one after another. */
const stages = [
  [[['unit', 'npx', ['vitest', 'run', '--project', 'unit', '--passWithNoTests']]]],
  [[['server (PGlite)', 'npx', ['vitest', 'run', '--project', 'server'], { TEST_DATABASE_URL: '' }]]],
  [
    // Headers, file types, fuzz and tenancy over every operation of openapi.json, backups (issue 9).
    [['security (PGlite)', 'npx', ['vitest', 'run', '--project', 'security'], { TEST_DATABASE_URL: '' }]],
    [
      ...(process.env.SKIP_ELEMENTS ? [] : [['elements (Chromium)', 'node', ['scripts/test-elements.mjs']]]),
      // Writes a surface into a copy of the tree (a server test, a route, a page) and removes it.
      ['generator', 'node', ['scripts/test-generator.mjs'], { TEST_DATABASE_URL: '' }],
    ],
  ],
];
/** The last stage's lane beside the end-to-end specs (which are added below). */
const beside = [];
if (process.env.TEST_DATABASE_URL) {
  beside.push(['server (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server']]);
  // Kill -9 during ingestion on a scratch PostgreSQL database (the PGlite case ran above).
  beside.push(['crash (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'security', 'tests/reliability/crash', '-t', 'PostgreSQL']]);
}
// The browser suites need Chromium; say so up front rather than failing half-way.
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if ((!process.env.SKIP_ELEMENTS || !process.env.SKIP_E2E) && !existsSync(chrome)) {
  console.error(`Chromium not found at ${chrome}: install it (Debian: apt-get install -y chromium) or set CHROME_PATH.`);
  process.exit(1);
}

const started = Date.now();
let passed = 0;
let e2e = null;
const running = new Set(); // the side-by-side suites still running, stopped with a failure

/** Runs one suite (a command, or a function answering its exit status) and stops at its failure. */
async function suite(name, run) {
  const t = Date.now();
  console.log(`\n=== ${name} ===`);
  const status = await run();
  console.log(`=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} (${Math.round((Date.now() - t) / 1000)} s)`);
  if (status !== 0) {
    console.log(`\nsuites: ${passed} passed, 1 failed`);
    e2e?.child.kill('SIGTERM'); // its server and temp data go with it
    for (const child of running) child.kill('SIGTERM');
    process.exit(status ?? 1);
  }
  passed += 1;
}

/** Runs a command with its output held; answers its exit status, output and end time. */
function held(cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...(env ?? {}) } });
    running.add(child);
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      running.delete(child);
      resolve({ code: code ?? 1, output: Buffer.concat(out), ended: Date.now() });
    });
  });
}

/** Starts a suite: [name, command, args, env] held, or { start } (one already running). */
const startOf = (s) => (Array.isArray(s) ? held(s[1], s[2], s[3]) : s.start());
const nameOf = (s) => (Array.isArray(s) ? s[0] : s.name);

/**
 * Runs lanes side by side, each lane's suites one after another, output held; shows each suite in
 * order (lane by lane) and stops at the first failure. A suite is [name, command, args, env], or
 * { name, start, show } for one already running (the end-to-end suite: start lets its specs go
 * and answers { code, ended }, show prints its output).
 */
async function sideBySide(lanes) {
  const all = lanes.flat();
  if (all.length === 1 && Array.isArray(all[0])) {
    const [name, cmd, args, env] = all[0];
    await suite(name, () => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...(env ?? {}) } }).status);
    return;
  }
  const sideStart = Date.now();
  const runs = new Map();
  for (const lane of lanes) {
    // The next suite of a lane starts when the one before it passed (a failure ends the run).
    let previous = Promise.resolve({ code: 0 });
    for (const s of lane) {
      previous = previous.then((r) => (r.code === 0 ? startOf(s) : new Promise(() => {})));
      runs.set(s, previous);
    }
  }
  for (const s of all) {
    await suite(nameOf(s), async () => {
      s.show?.();
      const { code, output, ended } = await runs.get(s);
      if (output) process.stdout.write(output);
      const others = lanes.filter((lane) => !lane.includes(s)).map((lane) => lane.map(nameOf).join(' → '));
      if (others.length) console.log(`(ran alongside ${others.join('; ')}; finished ${Math.round((ended - sideStart) / 1000)} s after their start)`);
      return code;
    });
  }
}

await sideBySide(alongside.map((suite) => [suite]));

// The end-to-end server starts (and seeds its demo respondents: minutes of one core) while the
// other suites run; its specs wait for them (E2E_START_AFTER), and its output is held until then.
if (!process.env.SKIP_E2E) {
  const gate = path.join(mkdtempSync(path.join(os.tmpdir(), 'gazeboard-test-')), 'others-done');
  const child = spawn('node', ['scripts/test-e2e.mjs'], { env: { ...process.env, E2E_START_AFTER: gate }, stdio: ['ignore', 'pipe', 'pipe'] });
  const pending = [];
  let live = false;
  for (const s of [child.stdout, child.stderr]) s.on('data', (d) => (live ? process.stdout.write(d) : pending.push(d)));
  const done = new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  e2e = { child, gate, done, show: () => { live = true; for (const d of pending.splice(0)) process.stdout.write(d); } };
}
for (const stage of stages) await sideBySide(stage);
const last = beside.length ? [beside] : [];
if (e2e) {
  last.push([{
    name: 'end-to-end (Chromium)',
    show: e2e.show,
    start() {
      writeFileSync(e2e.gate, '');
      return e2e.done.then((code) => ({ code, ended: Date.now() })).finally(() => rmSync(path.dirname(e2e.gate), { recursive: true, force: true }));
    },
  }]);
}
if (last.length) await sideBySide(last);
console.log(`\nAll suites passed in ${Math.round((Date.now() - started) / 1000)} s.`);
console.log(`suites: ${passed} passed, 0 failed`);

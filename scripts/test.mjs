#!/usr/bin/env node
// `npm test`: every suite, stopping at the first failure.
//   1. side by side (they share the cores; together they finish sooner than one after another),
//      output held and shown in order:
//      typecheck, lint (ESLint with the import boundaries), lint rule proofs (tests/lint), build;
//   2. the end-to-end server starts and seeds its demo respondents (minutes of one core) in the
//      background from here on;
//   3. in order, each stage's suites side by side (output held and shown in order, as in 1):
//      unit (vitest) → server on PGlite → security suites (tests/security, tests/reliability)
//      beside the element tests in Chromium → generator;
//   4. end-to-end against the built dashboard, on the server started in 2, beside the server
//      and crash suites on PostgreSQL (when TEST_DATABASE_URL is set).
// Which suites share a stage follows where two cores have room (docs/operations.md, "How long
// CI takes"): unit and the PGlite server suite keep both cores busy alone; the security suite
// (servers it starts and waits on) has room for the element tests, and the PostgreSQL suites
// (their queries run in PostgreSQL, mostly waiting) for the end-to-end specs. The generator
// writes into the tree, so it stays alone.
// SKIP_E2E=1 / SKIP_ELEMENTS=1 skip the browser suites (for quick local loops only).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const alongside = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.']],
  // Dead exports and import cycles (issue 40 items 6 and 7).
  ['imports', 'npx', ['tsx', 'scripts/check-imports.ts']],
  // Every import boundary proven by a deliberate violation (a broken map would allow everything).
  ['lint rules', 'node', ['--test', 'tests/lint/']],
  ['build', 'npm', ['run', 'build']],
];
/** Stages run one after another; the suites of a stage run side by side. */
const stages = [
  [['unit', 'npx', ['vitest', 'run', '--project', 'unit', '--passWithNoTests']]],
  [['server (PGlite)', 'npx', ['vitest', 'run', '--project', 'server'], { TEST_DATABASE_URL: '' }]],
  [
    // Headers, file types, fuzz and tenancy over every operation of openapi.json, backups (issue 9).
    ['security (PGlite)', 'npx', ['vitest', 'run', '--project', 'security'], { TEST_DATABASE_URL: '' }],
    ...(process.env.SKIP_ELEMENTS ? [] : [['elements (Chromium)', 'node', ['scripts/test-elements.mjs']]]),
  ],
];
// Writes a surface into the tree and removes it again: alone, so no other suite sees it (the
// end-to-end server, already running, has read its sources and serves the build from 1).
stages.push([['generator', 'npx', ['vitest', 'run', '--project', 'generator'], { TEST_DATABASE_URL: '' }]]);
/** The last stage: the PostgreSQL suites beside the end-to-end specs (added below). */
const last = [];
if (process.env.TEST_DATABASE_URL) {
  last.push(['server (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server']]);
  // Kill -9 during ingestion on a scratch PostgreSQL database (the PGlite case ran above).
  last.push(['crash (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'security', 'tests/reliability/crash', '-t', 'PostgreSQL']]);
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

/**
 * Runs suites side by side, output held; shows each in order and stops at the first failure. A
 * suite is [name, command, args, env], or { name, start, show } for one already running (the
 * end-to-end suite: start lets its specs go and answers { code, ended }, show prints its output).
 */
async function sideBySide(list) {
  if (list.length === 1 && Array.isArray(list[0])) {
    const [name, cmd, args, env] = list[0];
    await suite(name, () => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...(env ?? {}) } }).status);
    return;
  }
  const sideStart = Date.now();
  const side = list.map((s) => (Array.isArray(s) ? { name: s[0], run: held(s[1], s[2], s[3]) } : { name: s.name, run: s.start(), show: s.show }));
  for (const { name, run, show } of side) {
    await suite(name, async () => {
      show?.();
      const { code, output, ended } = await run;
      if (output) process.stdout.write(output);
      if (side.length > 1) console.log(`(ran alongside ${side.filter((x) => x.name !== name).map((x) => x.name).join(', ')}; finished ${Math.round((ended - sideStart) / 1000)} s after their start)`);
      return code;
    });
  }
}

await sideBySide(alongside);

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
if (e2e) {
  last.push({
    name: 'end-to-end (Chromium)',
    show: e2e.show,
    start() {
      writeFileSync(e2e.gate, '');
      return e2e.done.then((code) => ({ code, ended: Date.now() })).finally(() => rmSync(path.dirname(e2e.gate), { recursive: true, force: true }));
    },
  });
}
if (last.length) await sideBySide(last);
console.log(`\nAll suites passed in ${Math.round((Date.now() - started) / 1000)} s.`);
console.log(`suites: ${passed} passed, 0 failed`);

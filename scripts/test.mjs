#!/usr/bin/env node
// `npm test`: every suite, in order, stopping at the first failure.
//   typecheck → lint (ESLint with the import boundaries) → lint rule proofs (tests/lint) → unit
//   (vitest) → server on PGlite → security suites (tests/security, tests/reliability) → server and crash suite on PostgreSQL (when TEST_DATABASE_URL is set) → build →
//   element tests in Chromium → end-to-end against the built dashboard.
// SKIP_E2E=1 / SKIP_ELEMENTS=1 skip the browser suites (for quick local loops only).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const steps = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.']],
  // Every import boundary proven by a deliberate violation (a broken map would allow everything).
  ['lint rules', 'node', ['--test', 'tests/lint/']],
  ['unit', 'npx', ['vitest', 'run', '--project', 'unit', '--passWithNoTests']],
  ['server (PGlite)', 'npx', ['vitest', 'run', '--project', 'server'], { TEST_DATABASE_URL: '' }],
  // Headers, file types, fuzz and tenancy over every operation of openapi.json, backups (issue 9).
  ['security (PGlite)', 'npx', ['vitest', 'run', '--project', 'security'], { TEST_DATABASE_URL: '' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(['server (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server']]);
  // Kill -9 during ingestion on a scratch PostgreSQL database (the PGlite case ran above).
  steps.push(['crash (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'security', 'tests/reliability/crash', '-t', 'PostgreSQL']]);
}
// Writes a surface into the tree and removes it again: alone, so no other suite sees it.
steps.push(['generator', 'npx', ['vitest', 'run', '--project', 'generator'], { TEST_DATABASE_URL: '' }]);
steps.push(['build', 'npm', ['run', 'build']]);
if (!process.env.SKIP_ELEMENTS) steps.push(['elements (Chromium)', 'node', ['scripts/test-elements.mjs']]);
if (!process.env.SKIP_E2E) steps.push(['end-to-end (Chromium)', 'node', ['scripts/test-e2e.mjs']]);

// The browser suites need Chromium; say so up front rather than failing half-way.
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if ((!process.env.SKIP_ELEMENTS || !process.env.SKIP_E2E) && !existsSync(chrome)) {
  console.error(`Chromium not found at ${chrome}: install it (Debian: apt-get install -y chromium) or set CHROME_PATH.`);
  process.exit(1);
}

const started = Date.now();
let passed = 0;
for (const [name, cmd, args, env] of steps) {
  const t = Date.now();
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...(env ?? {}) } });
  console.log(`=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} (${Math.round((Date.now() - t) / 1000)} s)`);
  if (r.status !== 0) {
    console.log(`\nsuites: ${passed} passed, 1 failed`);
    process.exit(r.status ?? 1);
  }
  passed += 1;
}
console.log(`\nAll suites passed in ${Math.round((Date.now() - started) / 1000)} s.`);
console.log(`suites: ${passed} passed, 0 failed`);

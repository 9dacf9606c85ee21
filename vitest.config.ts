import { defineConfig } from 'vitest/config';

// Projects: `unit` (SDK logic, jsdom), `server` (fastify inject on a real database) and `generator`
// (scripts/new-surface.test.ts: generates a surface into the tree and removes it; run on its own).
// An ordered run-through (server/jobs/run-through.ts) plays the study in Chromium. These suites test
// the API, not that browser run (tests/e2e/automate.spec.ts does): with no executable each ordered
// run fails at once with its reason instead of launching browsers inside the test processes.
// The one exception, server/test/jobs/run-through.test.ts (issue 36: what the run-through's browser
// can reach), sets CHROME_PATH itself and plays a run-through in Chromium.
const NO_BROWSER = { CHROME_PATH: '/nonexistent/chromium' };

export default defineConfig({
  test: {
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache, keyed by content and config):
    // npm test starts vitest five times over mostly the same server modules, and each start
    // transformed them again. Measured on the 26 route files: 164 CPU-s cold, 142 from the cache.
    experimental: { fsModuleCache: true },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['sdk/**/*.test.ts', 'sdk/**/*.test.tsx', 'dashboard/**/*.test.ts', 'dashboard/**/*.test.tsx', 'runner/**/*.test.ts'],
          // *.element.test.* run in Chromium (npm run test:elements), not in jsdom.
          exclude: ['**/node_modules/**', '**/*.element.test.*'],
          environment: 'jsdom',
          // Vitest's default is one worker fewer than the cores: on two cores, one file at a time
          // (most of this suite is setting up jsdom, ~0.5 s a file). docs/operations.md, "How long CI takes".
          maxWorkers: 2,
          // Files of a worker share jsdom and loaded modules (React, the SDK): 103 CPU-s → 20 for the
          // suite. It passed in file order and shuffled (`--sequence.shuffle`) but for one failure
          // inside sdk/core/session/session.test.ts, which fails shuffled with isolation too.
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          // One migrated PGlite, dumped, that every fresh in-memory database starts from.
          globalSetup: ['server/test/global-setup.ts'],
          // Files of a worker share loaded modules (the server's import cost, ~2 s a file, is paid once
          // per worker: minutes of CI). Each file still opens its own database, so module state
          // must never outlive one: caches are kept per database (services/allowed-origins.ts).
          isolate: false,
          environment: 'node',
          env: NO_BROWSER,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite is memory hungry and the machine has 2 cores. Not more on PostgreSQL either,
          // though a file there mostly waits on round trips: each worker transforms the server's
          // modules itself (four workers: 340 s of transform against 74 s), and the suite beside
          // the end-to-end specs took longer, not shorter.
          maxWorkers: 2,
        },
      },
      {
        // Hostile input, headers, files, tenancy, backups and crashes (issue 9): suites that
        // enumerate the API from its openapi.json, so every new route is covered by itself.
        // tests/legacy (issue 10): the legacy client's calls replayed over HTTP on the demo data.
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts', 'tests/reliability/**/*.test.ts', 'tests/legacy/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          isolate: false, // as the server project's

          environment: 'node',
          env: NO_BROWSER,
          testTimeout: 180_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
        },
      },
      {
        // The surface generator writes into the tree it runs in: npm test runs this project in a
        // copy of the tree (scripts/test-generator.mjs, `npm run test:generator`).
        test: {
          name: 'generator',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          // Its two files (the generator, the e2e artefacts) touch different things: side by side.
          maxWorkers: 2,
          testTimeout: 300_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

// Lint for the whole repository: real-bug rules from @eslint/js and typescript-eslint, plus the
// import boundaries of docs/architecture.md ("Who may import whom"). Every boundary policy is
// proven by a deliberate violation in tests/lint/fixtures (run by tests/lint/boundaries.test.mjs):
// a misconfigured boundaries plugin reports nothing, so "no errors" alone proves nothing.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
// React's hook rules (rules-of-hooks catches real bugs).
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Element types by folder. Patterns are matched from the repository root (partialMatch: false);
 * the first matching descriptor gives the type, so nested folders come before their parents.
 * tests/lint/fixtures mirrors these folders under a prefix, so each fixture is classified exactly
 * like the real file it imitates.
 */
export function elements(prefix = '') {
  const folder = (type, pattern, capture) => ({ type, pattern: `${prefix}${pattern}`, partialMatch: false, ...(capture ? { capture } : {}) });
  return [
    // ---- SDK, dashboard, contract ----
    folder('sdk-core', 'sdk/core'),
    folder('sdk-ui', 'sdk/ui'),
    folder('sdk-feature', 'sdk/features/*', ['name']),
    folder('sdk-element', 'sdk/elements/*', ['name']),
    // define.ts, registry.ts, test-utils.ts and the cross-element tests beside them.
    folder('sdk-element-kit', 'sdk/elements'),
    // index.ts (public API) and define-all.ts (registers every tag).
    folder('sdk-entry', 'sdk'),
    folder('dashboard', 'dashboard'),
    folder('contract', 'contract'),
    // ---- server ----
    folder('server-routes', 'server/routes'),
    folder('server-plugins', 'server/plugins'),
    folder('server-services', 'server/services'),
    folder('server-repositories', 'server/repositories'),
    folder('server-db-schema', 'server/db/schema'),
    folder('server-db', 'server/db'),
    folder('server-analytics', 'server/analytics'),
    folder('server-storage', 'server/storage'),
    folder('server-seed', 'server/seed'),
    folder('server-jobs', 'server/jobs'),
    folder('server-domain', 'server/domain'),
    folder('server-auth', 'server/auth'),
    folder('server-test', 'server/test'),
    // app.ts, main.ts (start-up), errors.ts (HTTP errors), config.ts: told apart by file below.
    folder('server-root', 'server'),
    // ---- the rest of the repository (issue 40 item 7) ----
    // Pure modules the server and the respondent runner share (imports nothing).
    folder('shared', 'shared'),
    folder('runner', 'runner'),
    folder('bench', 'bench'),
    folder('scripts', 'scripts'),
  ];
}

/** A selector for element types (any of). */
const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
const from = (type) => ({ element: { type } });
/** Single files directly in server/. */
const serverFile = (...names) => ({ element: { type: 'server-root', fileInternalPath: names } });
const HTTP_ERRORS = { to: serverFile('errors.ts') };
const CONFIG = { to: serverFile('config.ts') };
/** The one CSV writer of every download (issue 36 item 6), a file of the contract with no imports. */
const CSV_WRITER = { to: { element: { type: 'contract', fileInternalPath: ['csv.ts'] } } };

/** The one typed event list (sdk/ui/events.ts, no imports): core's session saga fires its window events. */
const EVENT_LIST = { to: { element: { type: 'sdk-ui', fileInternalPath: ['events.ts'] } } };

/** The map of docs/architecture.md. default: disallow, so each line below is a permission. */
export const POLICIES = [
  // ---- SDK and dashboard ----
  // The dashboard is a host page like any embedder's: the public entry only (index.ts for the
  // API, define-all.ts for registering the tags), never core/ui/elements internals.
  { from: from('dashboard'), allow: to('dashboard', 'sdk-entry') },
  { from: from('sdk-entry'), allow: to('sdk-entry', 'sdk-core', 'sdk-element', 'sdk-element-kit', 'sdk-ui', 'sdk-feature', 'contract') },
  { from: from('sdk-core'), allow: to('sdk-core', 'contract') },
  { from: from('sdk-core'), allow: EVENT_LIST },
  // Presentational: no store, no API, no elements, no features.
  { from: from('sdk-ui'), allow: to('sdk-ui') },
  // A feature is shared by several elements: it may use core, ui and other features, never an element.
  { from: from('sdk-feature'), allow: to('sdk-feature', 'sdk-core', 'sdk-ui', 'contract') },
  // An element uses core, ui, features and the element kit, and of the elements only its own folder.
  { from: from('sdk-element'), allow: to('sdk-core', 'sdk-ui', 'sdk-feature', 'sdk-element-kit', 'contract') },
  { from: from('sdk-element'), allow: { to: { element: { type: 'sdk-element', captured: { name: '{{ from.element.captured.name }}' } } } } },
  // …and, by dynamic import only, from its definition module to another element's: the elements it
  // places by tag (its `dependencies`, sdk/elements/define.ts), so its per-element build works alone.
  {
    from: { element: { type: 'sdk-element', fileInternalPath: '*.element.ts' } },
    allow: { to: { element: { type: 'sdk-element', fileInternalPath: '*.element.ts' } }, dependency: { nodeKind: 'dynamic-import' } },
  },
  { from: from('sdk-element-kit'), allow: to('sdk-element-kit', 'sdk-core', 'sdk-ui', 'contract') },
  // The contract is pure schemas (typebox only): nothing of ours.
  { from: from('contract'), allow: to('contract') },

  // ---- server: routes → services → repositories → db ----
  {
    from: from('server-routes'),
    allow: to('server-routes', 'server-services', 'server-repositories', 'server-analytics', 'server-storage',
      'server-domain', 'server-auth', 'server-jobs', 'contract'),
  },
  { from: from('server-routes'), allow: HTTP_ERRORS },
  { from: from('server-routes'), allow: CONFIG },
  // Routes may name the Db type (to hand app.db on) but never run queries or read the schema.
  { from: from('server-routes'), allow: { to: { element: { type: 'server-db' } }, dependency: { kind: 'type' } } },
  {
    from: from('server-plugins'),
    allow: to('server-plugins', 'server-services', 'server-repositories', 'server-storage', 'server-domain', 'server-auth', 'contract'),
  },
  { from: from('server-plugins'), allow: HTTP_ERRORS },
  { from: from('server-plugins'), allow: CONFIG },
  {
    from: from('server-services'),
    allow: to('server-services', 'server-repositories', 'server-db', 'server-analytics', 'server-storage', 'server-domain', 'server-auth'),
  },
  { from: from('server-services'), allow: CONFIG },
  { from: from('server-repositories'), allow: to('server-repositories', 'server-db', 'server-db-schema', 'server-analytics', 'server-domain') },
  { from: from('server-db'), allow: to('server-db', 'server-db-schema') },
  { from: from('server-db-schema'), allow: to('server-db-schema') },
  // Analytics is pure computation: no database, no seed, no routes, no HTTP errors.
  // It may read the contract's pure lists (the metric names are the API's), never a schema's caller.
  { from: from('server-analytics'), allow: to('server-analytics', 'server-domain', 'contract') },
  // Storage: backends and URL signing; the secret is kept through the settings repository.
  { from: from('server-storage'), allow: to('server-storage', 'server-repositories', 'server-db') },
  { from: from('server-storage'), allow: CONFIG },
  {
    from: from('server-seed'),
    allow: to('server-seed', 'server-services', 'server-repositories', 'server-db', 'server-db-schema', 'server-analytics',
      'server-storage', 'server-domain', 'server-auth', 'server-jobs'),
  },
  { from: from('server-seed'), allow: CONFIG },
  {
    from: from('server-jobs'),
    allow: to('server-jobs', 'server-services', 'server-repositories', 'server-db', 'server-analytics', 'server-storage',
      'server-domain', 'server-seed'),
  },
  { from: from('server-jobs'), allow: CONFIG },
  // A job's public view is the API's shape: the queue may name contract types, never its values.
  { from: from('server-jobs'), allow: { to: { element: { type: 'contract' } }, dependency: { kind: 'type' } } },
  // …except the one CSV writer (contract/csv.ts): an export is a download of the API's format.
  { from: from('server-jobs'), allow: CSV_WRITER },
  { from: from('server-seed'), allow: CSV_WRITER },
  { from: from('server-domain'), allow: to('server-domain') },
  { from: from('server-auth'), allow: to('server-auth') },
  // Start-up (app.ts, main.ts, files-origin.ts: the second origin) wires everything together; errors.ts and config.ts import nothing of ours.
  {
    from: serverFile('app.ts', 'main.ts', 'files-origin.ts'),
    allow: to('server-root', 'server-plugins', 'server-routes', 'server-services', 'server-repositories', 'server-db',
      'server-storage', 'server-seed', 'server-jobs', 'server-domain'),
  },
];

/** Every server folder: bench and scripts drive the server from outside, like start-up does. */
const SERVER = ['server-routes', 'server-plugins', 'server-services', 'server-repositories', 'server-db-schema', 'server-db',
  'server-analytics', 'server-storage', 'server-seed', 'server-jobs', 'server-domain', 'server-auth', 'server-root'];
const SDK = ['sdk-core', 'sdk-ui', 'sdk-feature', 'sdk-element', 'sdk-element-kit', 'sdk-entry'];

/** The map beyond sdk/, dashboard/, contract/ and server/ (issue 40 item 7). */
export const OUTER_POLICIES = [
  // shared/ is pure: it imports nothing of ours but itself (and no package: EXTERNAL_POLICIES).
  { from: from('shared'), allow: to('shared') },
  // The server's layers that compute with the shared rules (the calibration measures).
  { from: from('server-services'), allow: to('shared') },
  { from: from('server-analytics'), allow: to('shared') },
  { from: from('server-domain'), allow: to('shared') },
  // The respondent runner is a browser bundle of its own: the contract (the take API's shapes) and
  // shared/, never the server, the SDK or the dashboard.
  { from: from('runner'), allow: to('runner', 'shared', 'contract') },
  // The benchmarks drive the server from outside (any layer); never the SDK, dashboard or runner.
  { from: from('bench'), allow: to('bench', 'shared', 'contract', ...SERVER) },
  // Scripts (manifest, generator, backup) read the server and the SDK; never the dashboard, runner or bench.
  { from: from('scripts'), allow: to('scripts', 'shared', 'contract', ...SERVER, ...SDK) },
];

/** External packages that some elements must not use, whatever their internal imports. */
export const EXTERNAL_POLICIES = [
  { from: from('server-analytics'), disallow: { to: { module: { origin: 'external', source: ['fastify', 'fastify-plugin', '@fastify/*'] } } } },
  { from: from('server-storage'), disallow: { to: { module: { origin: 'external', source: ['fastify', 'fastify-plugin', '@fastify/*'] } } } },
  // The contract is shared by server and SDK bundles: typebox only (source is the package name).
  { from: from('contract'), disallow: { to: { module: { origin: ['external', 'core'], source: '!typebox' } } } },
  // shared/ is bundled by the runner and run by the server as it is: no package at all.
  { from: from('shared'), disallow: { to: { module: { origin: ['external', 'core'], source: '**' } } } },
];

/** Tests (vitest, element tests, server tests) may reach anything they test. */
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/test-utils.ts', '**/test-transport.ts', 'server/test/**'];

/** Fixture root: tests/lint/fixtures/<same folders as the repository>. */
export const FIXTURE_ROOT = 'tests/lint/fixtures/';

export function boundariesConfig({ prefix = '', files } = {}) {
  return {
    ...(files ? { files } : {}),
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements(prefix),
      'boundaries/files': [{ category: 'test', pattern: TEST_FILES.map((t) => `${prefix}${t}`) }],
      'boundaries/include': [`${prefix}sdk/**`, `${prefix}dashboard/**`, `${prefix}contract/**`, `${prefix}server/**`,
        `${prefix}shared/**`, `${prefix}runner/**`, `${prefix}bench/**`, `${prefix}scripts/**`],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': {
        // Resolves the server's `.js` specifiers to their `.ts` files and the SDK's extension-less
        // ones; without it every local import would be "unknown" and silently allowed.
        typescript: { project: 'tsconfig.json', alwaysTryTypes: true },
      },
    },
    rules: {
      'boundaries/dependencies': [2, {
        default: 'disallow',
        checkAllOrigins: true,
        policies: [
          ...POLICIES,
          ...OUTER_POLICIES,
          // Anything outside our folders (packages, node:*) is allowed unless EXTERNAL_POLICIES says no.
          { allow: { to: { module: { origin: ['external', 'core'] } } } },
          ...EXTERNAL_POLICIES,
          { from: { file: { categories: 'test' } }, allow: { dependency: { kind: ['value', 'type', 'typeof'] } } },
        ],
      }],
      // A local import that resolves to nothing, or to a file outside every element, is an error:
      // that is exactly how a broken resolver would silently allow everything.
      'boundaries/no-unknown-dependencies': 2,
    },
  };
}

export default defineConfig(
  {
    // What .gitignore keeps out, generated migrations, and the deliberate violations (tests/lint).
    ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', 'tmp/**', 'bench/.data/**', 'tests/.artifacts/**',
      'server/db/migrations/**', '**/*.d.ts', 'tests/lint/fixtures/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // TypeScript checks undefined names better (types, globals per tsconfig lib).
      'no-undef': 'off',
      // redux-saga workers and stream sinks are generators that may never yield.
      'require-yield': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // `interface A extends B {}` is how the element registry is merged and documented.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Tests: chai's property assertions (`expect(x).to.be.true`) are expressions, a test may
    // drive the store without reading every intermediate result, and fixtures may be loose.
    files: ['**/*.test.ts', '**/*.test.tsx', 'server/test/**', 'tests/**'],
    rules: {
      '@typescript-eslint/no-unused-expressions': 'off',
      'no-useless-assignment': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  boundariesConfig({
    files: ['sdk/**/*.{ts,tsx}', 'dashboard/**/*.{ts,tsx}', 'contract/**/*.ts', 'server/**/*.ts', 'shared/**/*.ts',
      'runner/**/*.ts', 'bench/**/*.{ts,mjs}', 'scripts/**/*.{ts,mjs}'],
  }),
);

#!/usr/bin/env node
// `npm run test:elements [filter…]`: bundle every sdk/elements/**/*.element.test.ts(x) and
// sdk/ui/**/*.element.test.ts(x) (the UI kit, driven by the keyboard in Chromium) with esbuild
// (React and @open-wc/testing included, NODE_ENV defined), then run them in Chromium through
// web-test-runner. Exits non-zero when a test fails. A filter keeps only test paths containing it.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importGlobPlugin } from './esbuild-import-glob.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// GAZE_ELEMENT_TEST_DIR (relative to the repo) lets parallel runs use separate bundles.
const outDir = join(root, process.env.GAZE_ELEMENT_TEST_DIR || join('tmp', 'element-tests'));
const filters = process.argv.slice(2);

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const entries = ['elements', 'ui']
  .flatMap((d) => walk(join(root, 'sdk', d)))
  .filter((p) => /\.element\.test\.tsx?$/.test(p))
  .filter((p) => filters.length === 0 || filters.some((f) => relative(root, p).includes(f)));

if (entries.length === 0) {
  console.error('No element tests found' + (filters.length ? ` matching ${filters.join(', ')}` : ''));
  process.exit(1);
}

rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: entries,
  outdir: outDir,
  outbase: join(root, 'sdk'),
  bundle: true,
  format: 'esm',
  // Shared code (React, the kit, the core) in shared chunks and source maps in their own files: one
  // bundle per test file with its map inline came to 11–14 MB each, 630 MB for the suite, which
  // Chromium loaded and compiled page by page. Chunks are fetched once and then revalidated from the
  // browser's cache; the maps only when a stack trace is mapped.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'browser',
  target: 'es2022',
  jsx: 'automatic',
  sourcemap: 'linked',
  define: { 'process.env.NODE_ENV': '"development"' },
  logLevel: 'warning',
  // sdk/define-all.ts (and anything else) finds element files with Vite's import.meta.glob.
  plugins: [importGlobPlugin()],
});

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const r = spawnSync(
  process.execPath,
  [join(root, 'node_modules', '@web', 'test-runner', 'dist', 'bin.js'), '--config', join(root, 'web-test-runner.config.mjs')],
  { cwd: root, stdio: 'inherit', env: { ...process.env, CHROME_PATH: chrome } },
);
process.exit(r.status ?? 1);

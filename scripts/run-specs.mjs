#!/usr/bin/env node
// Runs the given node:test files in the order given, E2E_CONCURRENCY (default 3) at a time, with
// the spec reporter; exits non-zero when a test fails. scripts/test-e2e.mjs starts it with
// `--import tsx`, which node:test passes on to each file's process.
// Why not `node --test a b c`: the command line sorts its files by name, so the longest specs
// (tests/e2e/walk-*.spec.ts) started last and ran on alone at the end; run() keeps the order.
import { run } from 'node:test';
import { spec } from 'node:test/reporters';

const stream = run({ files: process.argv.slice(2), concurrency: Number(process.env.E2E_CONCURRENCY ?? 3) });
stream.on('test:fail', (event) => {
  if (!event.todo && !event.skip) process.exitCode = 1;
});
stream.compose(new spec()).pipe(process.stdout);

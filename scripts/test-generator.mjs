#!/usr/bin/env node
// The generator project (scripts/*.test.ts) in a copy of the working tree. Its surface test writes
// a whole surface into the tree it runs in (a route, a server test, a page, an element) and removes
// it again; in the checkout itself those files would be seen by whatever else reads the tree
// meanwhile (a server starting from the sources, a vitest run collecting tests, the route walker).
// In a copy it can run beside any other suite (npm test runs it beside the security suite).
// The copy: the files git lists (tracked, and untracked ones not ignored: the tree as you see it),
// .git (the test compares `git status` before and after) and node_modules as a link.
// Arguments are passed on to vitest.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const copy = mkdtempSync(path.join(os.tmpdir(), 'gazeboard-generator-'));
let status;
try {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  // A file deleted in the working tree but still in the index is listed too: skip it.
  for (const file of new Set(listed.stdout.split('\0').filter(Boolean))) {
    mkdirSync(path.join(copy, path.dirname(file)), { recursive: true });
    try {
      cpSync(path.join(root, file), path.join(copy, file), { dereference: false });
    } catch (err) {
      if (err.code !== 'ENOENT') throw err;
    }
  }
  cpSync(path.join(root, '.git'), path.join(copy, '.git'), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  // The index's file times belong to the checkout: refresh them, so `git status` compares contents.
  spawnSync('git', ['update-index', '-q', '--refresh'], { cwd: copy });
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'generator', ...process.argv.slice(2)], { cwd: copy, stdio: 'inherit' });
  status = run.status ?? 1;
} finally {
  rmSync(copy, { recursive: true, force: true });
}
process.exit(status);

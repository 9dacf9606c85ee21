// Proves scripts/check-imports.ts (a step of `npm run lint`) with deliberate faults: a checker that
// resolves nothing finds nothing, so "no dead exports, no cycles" on the real tree proves nothing.
// fixtures/imports/ is a tiny tree laid out like the repository: two exports used nowhere (each
// line marked `// imports-error: <name>`), one export used only in its own file (allowed: exported
// too widely, not dead), names passed on by the public entry, and the storage backends ↔ filetypes
// cycle this issue broke in the real tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('../../', import.meta.url)));
const fixture = path.join(root, 'tests/lint/fixtures/imports');
const run = (...args) => spawnSync('npx', ['tsx', 'scripts/check-imports.ts', ...args], { cwd: root, encoding: 'utf8' });

function marked(dir, rel = '') {
  const out = [];
  for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...marked(dir, r));
    else for (const m of readFileSync(path.join(dir, r), 'utf8').matchAll(/imports-error: (\S+)/g)) out.push(`${r}: '${m[1]}'`);
  }
  return out.sort();
}

test('every marked dead export and the cycle are reported, and nothing else', () => {
  const r = run('--root', fixture);
  assert.equal(r.status, 1, r.stdout + r.stderr);
  const dead = [...r.stderr.matchAll(/^(\S+): ('[^']+') is exported but never imported/gm)].map((m) => `${m[1]}: ${m[2]}`).sort();
  const want = marked(fixture);
  assert.ok(want.length >= 2, 'the fixture marks its dead exports');
  assert.deepEqual(dead, want);
  const cycles = [...r.stderr.matchAll(/^import cycle: (.+)$/gm)].map((m) => m[1]);
  assert.deepEqual(cycles, ['server/storage/backends.ts ↔ server/storage/filetypes.ts']);
});

test('the real tree has no dead export and no import cycle', () => {
  const r = run();
  assert.equal(r.status, 0, r.stderr);
});

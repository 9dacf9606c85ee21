// Proves every import boundary of eslint.config.js with deliberate violations. A boundaries plugin
// that resolves nothing, or classifies nothing, reports nothing, so "lint passes" alone proves
// nothing: here each forbidden import must be reported, and each allowed one must not be.
//
//   node --test tests/lint/   (a step of `npm test`, right after lint)
//
// 1. fixtures/ mirrors the repository's folders (sdk/, dashboard/, contract/, server/) with tiny
//    files. Every forbidden import carries `// lint-error: <from type> -> <to type or package>`;
//    it must be reported by boundaries/dependencies on that line naming both, and every other line
//    must report nothing. The fixtures are linted with the same element map and policies as the
//    repository (boundariesConfig with the fixture prefix); the main lint run ignores them.
// 2. A few imports against the REAL tree, linted through eslint.config.js itself, so the
//    element patterns and the `.js` → `.ts` resolution of the actual config are proven too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { boundariesConfig, FIXTURE_ROOT } from '../../eslint.config.js';

const root = path.resolve(fileURLToPath(new URL('../../', import.meta.url)));
const MARK = /\/\/ lint-error: (\S+) -> (\S+)/;

function fixtureLinter() {
  return new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: [`${FIXTURE_ROOT}**/*.{ts,tsx}`], languageOptions: { parser: tseslint.parser, sourceType: 'module' } },
      boundariesConfig({ prefix: FIXTURE_ROOT, files: [`${FIXTURE_ROOT}**/*.{ts,tsx}`] }),
    ],
  });
}

test('every fixture violation is reported, and nothing else', async () => {
  const results = await fixtureLinter().lintFiles([`${FIXTURE_ROOT}**/*.{ts,tsx}`]);
  assert.ok(results.length >= 15, `expected the whole fixture tree, linted ${results.length} files`);
  let expected = 0;
  for (const r of results) {
    const file = path.relative(root, r.filePath);
    const lines = readFileSync(r.filePath, 'utf8').split('\n');
    const fatal = r.messages.filter((m) => m.fatal);
    assert.deepEqual(fatal, [], `${file}: parse errors`);
    lines.forEach((text, i) => {
      const line = i + 1;
      const found = r.messages.filter((m) => m.line === line);
      const mark = MARK.exec(text);
      if (!mark) {
        assert.deepEqual(found.map((m) => `${m.ruleId}: ${m.message}`), [], `${file}:${line} must be allowed`);
        return;
      }
      expected += 1;
      const [, fromType, target] = mark;
      assert.equal(found.length, 1, `${file}:${line} must report exactly one violation (${fromType} -> ${target}), got ${JSON.stringify(found.map((m) => m.message))}`);
      const [m] = found;
      assert.equal(m.ruleId, 'boundaries/dependencies', `${file}:${line}`);
      assert.match(m.message, new RegExp(`"${fromType}"`), `${file}:${line} names the importing type`);
      assert.match(m.message, new RegExp(`"${target}"`), `${file}:${line} names the imported type or package`);
    });
  }
  // One per rule of the map at least; a silently broken map would find none.
  assert.ok(expected >= 20, `only ${expected} marked violations found`);
});

/** Lints `code` as if it were the file `filePath` of the real tree, with eslint.config.js. */
async function lintAs(filePath, code) {
  const eslint = new ESLint({ cwd: root });
  const [r] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return r.messages.filter((m) => m.ruleId?.startsWith('boundaries/'));
}

const REAL = [
  // [as file, import, expected 'from -> to' or null when allowed]
  ['dashboard/lint-probe.tsx', "import { useGazeSelector } from '../sdk/core/store/context';", 'dashboard -> sdk-core'],
  ['dashboard/lint-probe.tsx', "import { NAVIGATE_EVENT } from '../sdk/ui/host';", 'dashboard -> sdk-ui'],
  ['dashboard/lint-probe.tsx', "import { configure } from '../sdk/index';", null],
  ['dashboard/lint-probe.tsx', "import '../sdk/define-all';", null],
  ['sdk/ui/lint-probe.tsx', "import { getStore } from '../core/store/store';", 'sdk-ui -> sdk-core'],
  ['sdk/elements/home/lint-probe.tsx', "import { Login } from '../login/Login';", 'sdk-element -> sdk-element'],
  ['sdk/elements/home/lint-probe.tsx', "import { Button } from '../../ui/Button';", null],
  // Issue 40: an element's definition module loads the elements it places (dynamically only).
  ['sdk/elements/home/home.element.ts', "export const d = () => import('../login/login.element');", null],
  ['sdk/elements/home/home.element.ts', "import '../login/login.element';", 'sdk-element -> sdk-element'],
  ['sdk/elements/home/lint-probe.tsx', "export const d = () => import('../login/login.element');", 'sdk-element -> sdk-element'],
  // `.js` specifiers must resolve to the `.ts` files, or these would be "unknown" and pass.
  ['server/analytics/lint-probe.ts', "import { LOOKUPS } from '../seed/reference.js';", 'server-analytics -> server-seed'],
  ['server/analytics/lint-probe.ts', "import { findTokenUser } from '../repositories/tokens.js';", 'server-analytics -> server-repositories'],
  ['server/analytics/lint-probe.ts', "import { badRequest } from '../errors.js';", 'server-analytics -> server-root'],
  ['server/analytics/lint-probe.ts', "import type { FastifyInstance } from 'fastify';", 'server-analytics -> fastify'],
  ['server/analytics/lint-probe.ts', "import { stimKind } from './base.js';", null],
  ['server/storage/lint-probe.ts', "import type { FastifyRequest } from 'fastify';", 'server-storage -> fastify'],
  ['server/repositories/lint-probe.ts', "import routes from '../routes/index.js';", 'server-repositories -> server-routes'],
  ['server/routes/lint-probe.ts', "import { study } from '../db/schema/index.js';", 'server-routes -> server-db-schema'],
  ['server/routes/lint-probe.ts', "import type { Db } from '../db/client.js';", null],
  // Issue 40: the one event list, shared/, the runner, bench and scripts.
  ['sdk/core/lint-probe.ts', "import { WINDOW_EVENTS } from '../ui/events';", null],
  ['sdk/core/lint-probe.ts', "import { THEME } from '../ui/tokens';", 'sdk-core -> sdk-ui'],
  ['runner/src/lint-probe.ts', "import { CALIBRATION_HZ } from '../../shared/gaze-quality';", null],
  ['runner/src/lint-probe.ts', "import { LOOKUPS } from '../../server/seed/reference.js';", 'runner -> server-seed'],
  ['server/services/lint-probe.ts', "import { CALIBRATION_HZ } from '../../shared/gaze-quality.js';", null],
  ['shared/lint-probe.ts', "import { badRequest } from '../server/errors.js';", 'shared -> server-root'],
  ['bench/lint-probe.ts', "import { getStore } from '../sdk/core/store/store';", 'bench -> sdk-core'],
  ['scripts/lint-probe.ts', "import { Button } from '../dashboard/pages/Guards';", 'scripts -> dashboard'],
];

for (const [as, code, violation] of REAL) {
  test(`real config: ${as}: ${code} ${violation ? `fails (${violation})` : 'is allowed'}`, async () => {
    const messages = await lintAs(as, `${code}\n`);
    if (!violation) {
      assert.deepEqual(messages.map((m) => m.message), []);
      return;
    }
    const [fromType, target] = violation.split(' -> ');
    assert.equal(messages.length, 1, JSON.stringify(messages.map((m) => m.message)));
    assert.equal(messages[0].ruleId, 'boundaries/dependencies');
    assert.match(messages[0].message, new RegExp(`"${fromType}"`));
    assert.match(messages[0].message, new RegExp(`"${target}"`));
  });
}

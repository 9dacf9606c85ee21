// Issue 40 item 5: routes hold no process-wide state. A cache that outlives a request (a Map or
// WeakMap at module level) makes a route file a service: report building and its norm caches moved
// to server/services/report-build.ts, and this keeps the next one out of server/routes/. Constant
// lookup sets (new Set of fixed values) are not state and stay allowed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('../../', import.meta.url)));
const files = (dir) => readdirSync(path.join(root, dir), { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? files(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : []));

test('no route file keeps a module-level Map or WeakMap (caches are services)', () => {
  const offenders = files('server/routes').filter((f) => /^(?:export )?(?:const|let) \w+(?:: [^=]+)? = new (?:Weak)?Map\b/m.test(readFileSync(path.join(root, f), 'utf8')));
  assert.deepEqual(offenders, []);
});

test('report payloads are built by the service, not by a route file', () => {
  const build = readFileSync(path.join(root, 'server/routes/reports/build.ts'), 'utf8');
  assert.doesNotMatch(build, /from '\.\.\/\.\.\/analytics\/(metrics|norms|features|survival|stats|aoi-metrics)\.js'/);
  assert.match(readFileSync(path.join(root, 'server/services/report-build.ts'), 'utf8'), /normMetricCache = new WeakMap/);
});

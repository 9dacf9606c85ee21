// Issue 38's route walker as the admin (tests/e2e/walk.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report, walk, walkTitle } from './walk';

describe('the route walker (issue 38): admin', () => {
  it(walkTitle('admin'), async () => {
    const findings = await walk('admin', false);
    assert.deepEqual(findings, [], report('admin', findings));
  });
});

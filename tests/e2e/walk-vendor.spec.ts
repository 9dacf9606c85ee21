// Issue 38's route walker as the vendor (tests/e2e/walk.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report, walk, walkTitle } from './walk';

describe('the route walker (issue 38): vendor', () => {
  it(walkTitle('vendor'), async () => {
    const findings = await walk('vendor', false);
    assert.deepEqual(findings, [], report('vendor', findings));
  });
});

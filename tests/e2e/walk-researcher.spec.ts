// Issue 38's route walker as the researcher and the public pages (tests/e2e/walk.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report, walk, walkTitle } from './walk';

describe('the route walker (issue 38): researcher', () => {
  it(walkTitle('researcher'), async () => {
    const findings = await walk('researcher', true);
    assert.deepEqual(findings, [], report('researcher', findings));
  });
});

// Issue 40 item 9: a failed end-to-end test leaves a screenshot, a Playwright trace and its
// console/network errors, and the runner lists them at the end of the failed run. Runs the real
// runner (scripts/test-e2e.mjs) on tests/e2e/fixtures/artefacts.spec.ts, which fails on purpose.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const out = mkdtempSync(path.join(os.tmpdir(), 'gazeboard-e2e-artefacts-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe.skipIf(!existsSync(chrome))('end-to-end artefacts', () => {
  it('a failed test keeps its screenshot, trace and errors, listed at the end; a passing test keeps nothing', () => {
    const run = spawnSync(process.execPath, ['scripts/test-e2e.mjs'], {
      encoding: 'utf8',
      env: {
        ...process.env,
        E2E_SPEC_DIR: path.join('tests', 'e2e', 'fixtures'),
        // The fixture needs no server; nothing listens on port 9.
        E2E_BASE_URL: 'http://127.0.0.1:9',
        E2E_ARTEFACTS: out,
        E2E_ARTEFACT_FIXTURE: '1',
      },
    });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output).not.toBe(0);

    const dir = path.join(out, 'artefacts', 'fails-on-purpose');
    expect(readdirSync(out)).toEqual(['artefacts']);
    expect(readdirSync(path.join(out, 'artefacts'))).toEqual(['fails-on-purpose']);
    expect(readdirSync(dir).sort()).toEqual(['errors.txt', 'screenshot.png', 'trace.zip']);

    const png = readFileSync(path.join(dir, 'screenshot.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const zip = readFileSync(path.join(dir, 'trace.zip'));
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    // The trace's own entries (names stored uncompressed in the zip's directory).
    expect(zip.includes('trace.trace')).toBe(true);
    expect(zip.includes('trace.network')).toBe(true);

    const errors = readFileSync(path.join(dir, 'errors.txt'), 'utf8');
    expect(errors).toContain('test: fails on purpose');
    expect(errors).toMatch(/console\.error .*boom from the page/);
    expect(errors).toMatch(/request failed: GET http:\/\/127\.0\.0\.1:9\/unreachable/);

    // Listed at the end of the failed run, after everything else it printed.
    const listing = output.slice(output.lastIndexOf('[e2e] artefacts of the failed tests'));
    expect(listing).toContain('(3 files;');
    for (const f of ['errors.txt', 'screenshot.png', 'trace.zip']) {
      expect(listing).toContain(path.join('fails-on-purpose', f));
    }
  });
});

// Issue 22 item 7: the run-through's bookkeeping — a cell fails with its first reason (a step that
// did not render, the redirect, the stored session), the run passes only when every cell passed,
// and a run with no cells or a run-wide failure (no Chromium) is failed, never an empty pass.
import { describe, expect, it } from 'vitest';
import { CellRecorder, runOutcome } from './run-through.js';

const step = (position: number, type = 'stim', name = '') => ({ position, step_id: position * 10, type, name });

describe('run-through bookkeeping (issue 22 item 7)', () => {
  it('a cell whose steps all rendered and whose session was stored passes, with every step recorded', () => {
    const cell = new CellRecorder(1, 'A');
    cell.pass(step(1, 'instruction', 'Welcome'));
    cell.pass(step(2, 'calibration'));
    const c = cell.done();
    expect(c).toEqual({ cell_id: 1, cell_name: 'A', status: 'passed', reason: null, refused_requests: [], refused_total: 0, steps: [
      { position: 1, step_id: 10, type: 'instruction', name: 'Welcome', status: 'passed', reason: null },
      { position: 2, step_id: 20, type: 'calibration', name: '', status: 'passed', reason: null },
    ] });
    expect(runOutcome([c])).toEqual({ status: 'passed', result: null, cells: [c] });
  });

  it('the first failure is the reason: a step that did not render, then later failures kept per step only', () => {
    const cell = new CellRecorder(2, 'B');
    cell.pass(step(1));
    cell.failStep(step(2, 'stim', 'Ad'), 'the stim did not render');
    cell.failStep(step(3, 'cache'), 'the cached page is not available');
    cell.fail('the redirect to https://panel.example/c does not answer: Could not reach the page');
    const c = cell.done();
    expect(c.status).toBe('failed');
    expect(c.reason).toBe('step 2 (Ad): the stim did not render');
    expect(c.steps.map((s) => [s.status, s.reason])).toEqual([['passed', null], ['failed', 'the stim did not render'], ['failed', 'the cached page is not available']]);
    const ok = new CellRecorder(1, 'A').done();
    expect(runOutcome([ok, c])).toMatchObject({ status: 'failed', result: 'Cell B, step 2 (Ad): the stim did not render' });
  });

  it('a session not stored as a test session fails the cell even when every step passed', () => {
    const cell = new CellRecorder(3, 'C');
    cell.pass(step(1));
    cell.fail('the session was not stored as a test session');
    expect(runOutcome([cell.done()])).toMatchObject({ status: 'failed', result: 'Cell C, the session was not stored as a test session' });
  });

  it('no cells, or a run-wide failure such as no Chromium: failed with the reason, never a pass', () => {
    expect(runOutcome([])).toEqual({ status: 'failed', result: 'The study has no cells to run through', cells: [] });
    const ok = new CellRecorder(1, 'A').done();
    expect(runOutcome([ok], 'No Chromium to run the study in: /nope (CHROME_PATH) is missing or not executable'))
      .toMatchObject({ status: 'failed', result: 'No Chromium to run the study in: /nope (CHROME_PATH) is missing or not executable' });
  });
});

// Issue 36 item 1: a cell's refused requests are kept once per target and reason with a count, at
// most REFUSED_KEPT targets, every refusal counted; they never fail the cell.
import { describe, expect, it } from 'vitest';
import { CellRecorder, REFUSED_KEPT, runOutcome } from '../../domain/run-through.js';

describe('issue 36 item 1: refused requests in a cell check', () => {
  it('counts repeats once per target and reason, caps the list, counts everything, and does not fail the cell', () => {
    const rec = new CellRecorder(7, 'Cell A');
    rec.pass({ position: 1, step_id: 3, type: 'stim', name: 'Ad' });
    rec.refused({ target: 'http://127.0.0.1:6379/', reason: 'The address is private or local' });
    rec.refused({ target: 'http://127.0.0.1:6379/', reason: 'The address is private or local' });
    for (let i = 0; i < REFUSED_KEPT + 5; i++) rec.refused({ target: `10.0.0.${i}:443`, reason: 'The address is private or local' });
    const cell = rec.done();
    expect(cell.status).toBe('passed');
    expect(cell.refused_requests).toHaveLength(REFUSED_KEPT);
    expect(cell.refused_requests[0]).toEqual({ target: 'http://127.0.0.1:6379/', reason: 'The address is private or local', count: 2 });
    expect(cell.refused_total).toBe(REFUSED_KEPT + 7);
    expect(runOutcome([cell])).toMatchObject({ status: 'passed', result: null });
    expect(new CellRecorder(8, 'B').done()).toMatchObject({ refused_requests: [], refused_total: 0 });
  });
});

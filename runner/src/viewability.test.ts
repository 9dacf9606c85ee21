// Issue 22 item 3: viewability intervals on the step clock — a new interval whenever the counted
// fraction changes, nothing while hidden or unfocused, a video's playing flag kept per interval.
import { describe, expect, it } from 'vitest';
import { IntervalRecorder } from './viewability';

describe('viewability intervals (issue 22 item 3)', () => {
  it('starts an interval on each change of the counted fraction and drops empty ones', () => {
    const r = new IntervalRecorder();
    r.update(0, 0.5);
    r.update(100, 0.5);
    r.update(400, 1);
    r.update(400, 0.25);
    r.update(900, 0); // hidden, unfocused or scrolled away: nothing counts
    r.update(1000, 1);
    r.close(1500);
    expect(r.intervals).toEqual([
      { start_ms: 0, end_ms: 400, fraction: 0.5 },
      { start_ms: 400, end_ms: 900, fraction: 0.25 },
      { start_ms: 1000, end_ms: 1500, fraction: 1 },
    ]);
  });
  it("keeps a video's playing flag, splitting on play and pause", () => {
    const r = new IntervalRecorder();
    r.update(0, 1, false);
    r.update(200, 1, true);
    r.update(700, 1, false);
    r.close(800);
    expect(r.intervals).toEqual([
      { start_ms: 0, end_ms: 200, fraction: 1, playing: false },
      { start_ms: 200, end_ms: 700, fraction: 1, playing: true },
      { start_ms: 700, end_ms: 800, fraction: 1, playing: false },
    ]);
  });
});

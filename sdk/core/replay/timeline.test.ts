import { describe, expect, it } from 'vitest';
import { advance, fixationAt, fixationsStarted, togglePlay, trail, videoTime, viewableAt, formatClock } from './timeline';
import { parseReplayFilters } from './replay';

const fix = [
  { start_ms: 100, duration_ms: 200, x: 1, y: 1 },
  { start_ms: 500, duration_ms: 100, x: 2, y: 2 },
];

describe('replay clock', () => {
  it('advances by elapsed time × speed and stops at the end', () => {
    expect(advance({ t: 0, playing: true, speed: 2 }, 300, 1000)).toEqual({ t: 600, playing: true, speed: 2 });
    expect(advance({ t: 900, playing: true, speed: 1 }, 300, 1000)).toEqual({ t: 1000, playing: false, speed: 1 });
    expect(advance({ t: 10, playing: false, speed: 1 }, 300, 1000).t).toBe(10);
  });
  it('play at the end starts again from 0; pause keeps the time', () => {
    expect(togglePlay({ t: 1000, playing: false, speed: 1 }, 1000)).toEqual({ t: 0, playing: true, speed: 1 });
    expect(togglePlay({ t: 400, playing: true, speed: 1 }, 1000)).toEqual({ t: 400, playing: false, speed: 1 });
    expect(togglePlay({ t: 0, playing: false, speed: 1 }, 0).playing).toBe(false);
  });
});

describe('what the replay shows at t', () => {
  it('the fixation under way, −1 between fixations', () => {
    expect([0, 100, 299, 300, 499, 550, 600].map((t) => fixationAt(fix, t))).toEqual([-1, 0, 0, -1, -1, 1, -1]);
    expect([0, 100, 550, 9999].map((t) => fixationsStarted(fix, t))).toEqual([0, 1, 2, 2]);
  });
  it('the trail: samples of the last second up to t', () => {
    const s: [number, number, number][] = [[0, 0, 0], [400, 1, 1], [900, 2, 2], [1500, 3, 3]];
    expect(trail(s, 1000).map((x) => x[0])).toEqual([400, 900]);
    expect(trail(s, 1500).map((x) => x[0])).toEqual([900, 1500]);
    expect(trail(s, -1)).toEqual([]);
  });
  it('viewable intervals, and a video clock that runs only while playing', () => {
    const iv = [{ start_ms: 1000, end_ms: 3000, fraction: 1, playing: false }, { start_ms: 3000, end_ms: 8000, fraction: 1 }];
    expect([500, 1000, 2999, 8000].map((t) => viewableAt(iv, t))).toEqual([false, true, true, false]);
    expect([0, 2000, 3000, 4500, 9000].map((t) => videoTime(iv, t))).toEqual([0, 0, 0, 1500, 5000]);
    expect(videoTime([], 1234)).toBe(1234);
    expect(formatClock(1234)).toBe('1.2 s');
  });
});

describe('filters attribute', () => {
  it('keeps the four demographic kinds with positive integer ids; anything else means no filter', () => {
    expect(parseReplayFilters('{"age_group_ids":[2,1,2,"x",-1],"gender_group_ids":[3],"nope":[1]}')).toEqual({ age_group_ids: [1, 2], genders_group_ids: [3] });
    expect(parseReplayFilters('not json')).toEqual({});
    expect(parseReplayFilters('[1]')).toEqual({});
    expect(parseReplayFilters(undefined)).toEqual({});
  });
});

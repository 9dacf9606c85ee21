// Video viewability (checklist resolution 25, design.md §6): 50 % of pixels for 2 s of playing,
// whatever the size; the 30 % rule for ads of 242,500 px or more is for display ads only.
import { describe, expect, it } from 'vitest';
import { countedIntervals, summarizeViewability, viewabilityRule, type ViewInterval } from './viewability.js';

const viewable = (type: string, w: number, h: number, intervals: ViewInterval[]) =>
  summarizeViewability(countedIntervals(type, intervals), viewabilityRule(type, w, h));

describe('video viewability: 50 % for 2 s of playing, whatever the size (resolution 25)', () => {
  it('a 970×250 video 35 % in view for 3 s is not viewable; the same display billboard is', () => {
    const at35 = [{ start_ms: 0, end_ms: 3000, fraction: 0.35 }];
    for (const type of ['v', 'va', 'vx']) {
      expect(viewabilityRule(type, 970, 250)).toEqual({ threshold: 0.5, runMs: 2000 });
      expect(viewable(type, 970, 250, at35)).toEqual({ viewable: false, viewableMs: 0, firstViewableMs: null });
    }
    expect(viewable('i', 970, 250, at35)).toEqual({ viewable: true, viewableMs: 3000, firstViewableMs: 0 });
    // a 1920×1080 video at 50 % for 2 s is viewable
    expect(viewable('v', 1920, 1080, [{ start_ms: 500, end_ms: 2500, fraction: 0.5 }]).viewable).toBe(true);
  });

  it('only playing time counts: 3 s in view of which 1.5 s paused is not 2 s of playing', () => {
    const paused = [{ start_ms: 0, end_ms: 1500, fraction: 1, playing: false }, { start_ms: 1500, end_ms: 3000, fraction: 1, playing: true }];
    expect(viewable('v', 640, 360, paused)).toEqual({ viewable: false, viewableMs: 1500, firstViewableMs: 1500 });
    const played = [{ start_ms: 0, end_ms: 1000, fraction: 1, playing: false }, { start_ms: 1000, end_ms: 3000, fraction: 1 }];
    expect(viewable('v', 640, 360, played)).toEqual({ viewable: true, viewableMs: 2000, firstViewableMs: 1000 });
    // a pause breaks the run: 1.5 s + 1.5 s of playing around a pause is not 2 continuous seconds
    const broken = [{ start_ms: 0, end_ms: 1500, fraction: 1 }, { start_ms: 1500, end_ms: 2000, fraction: 1, playing: false },
      { start_ms: 2000, end_ms: 3500, fraction: 1 }];
    expect(viewable('v', 640, 360, broken).viewable).toBe(false);
  });

  it('display stims ignore the playing flag', () => {
    expect(viewable('i', 300, 250, [{ start_ms: 0, end_ms: 1000, fraction: 1, playing: false }]).viewable).toBe(true);
  });
});

// Issue 22 item 3: viewability intervals on the step clock — a new interval whenever the counted
// fraction changes, nothing while hidden or unfocused, a video's playing flag kept per interval.
import { describe, expect, it, vi } from 'vitest';
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

describe('viewability tracker in the page (issue 22 item 3)', () => {
  it('counts the observed fraction only while the page is visible and focused, and a video only while playing', async () => {
    const { ViewabilityTracker } = await import('./viewability');
    let callback: (entries: Partial<IntersectionObserverEntry>[]) => void = () => {};
    const observed: Element[] = [];
    class FakeObserver {
      constructor(cb: typeof callback) { callback = cb; }
      observe(el: Element) { observed.push(el); }
      disconnect() {}
    }
    const realIO = globalThis.IntersectionObserver;
    globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
    let focused = true;
    const hasFocus = vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
    try {
      let now = 0;
      const tracker = new ViewabilityTracker(() => now);
      const banner = document.createElement('div');
      const video = document.createElement('video');
      let paused = true;
      Object.defineProperty(video, 'paused', { get: () => paused });
      Object.defineProperty(video, 'readyState', { get: () => 4 });
      tracker.observe(1, banner);
      tracker.observe(2, video, video);
      expect(observed).toEqual([banner, video]);
      now = 100;
      callback([{ target: banner, isIntersecting: true, intersectionRatio: 0.5 }, { target: video, isIntersecting: true, intersectionRatio: 1 }]);
      now = 200;
      paused = false;
      video.dispatchEvent(new Event('play'));
      now = 300;
      focused = false;
      window.dispatchEvent(new Event('blur'));
      now = 500;
      focused = true;
      window.dispatchEvent(new Event('focus'));
      now = 800;
      const out = tracker.finish();
      expect(out.get(1)).toEqual([{ start_ms: 100, end_ms: 300, fraction: 0.5 }, { start_ms: 500, end_ms: 800, fraction: 0.5 }]);
      expect(out.get(2)).toEqual([
        { start_ms: 100, end_ms: 200, fraction: 1, playing: false },
        { start_ms: 200, end_ms: 300, fraction: 1, playing: true },
        { start_ms: 500, end_ms: 800, fraction: 1, playing: true },
      ]);
    } finally {
      hasFocus.mockRestore();
      globalThis.IntersectionObserver = realIO;
    }
  });
});

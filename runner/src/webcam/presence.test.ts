// Issue 35 item 6: whether the webcam sees a face, as the calibration needs it (pure, own clock).
import { describe, expect, it } from 'vitest';
import { FACE_TIMING, FacePresence } from './presence';

const { staleMs, steadyMs, firstLookMs } = FACE_TIMING;

describe('face presence (issue 35 item 6)', () => {
  it('checking: a steady face makes it seen; one stray frame does not', () => {
    const p = new FacePresence(0);
    expect(p.update(100, null)).toBe('checking');
    expect(p.update(200, 190)).toBe('checking'); // a face, not yet steady
    expect(p.update(200 + steadyMs - 1, 200 + steadyMs - 20)).toBe('checking');
    expect(p.update(200 + steadyMs, 200 + steadyMs - 5)).toBe('seen');
    const q = new FacePresence(0);
    q.update(100, 90);
    expect(q.update(100 + staleMs + 1, 90)).toBe('checking'); // the face went stale: the steady time restarts
    expect(q.update(100 + staleMs + steadyMs, 100 + staleMs + steadyMs - 10)).toBe('checking');
  });
  it('checking: no face within the first look is lost (the respondent is told), not before', () => {
    const p = new FacePresence(1000);
    expect(p.update(1000 + firstLookMs - 1, null)).toBe('checking');
    expect(p.update(1000 + firstLookMs, null)).toBe('lost');
    expect(p.current).toBe('lost');
  });
  it('seen: no face frame for longer than staleMs is lost; a blink shorter than that is not', () => {
    const p = new FacePresence(0);
    p.update(0, 0);
    expect(p.update(steadyMs, steadyMs)).toBe('seen');
    const last = steadyMs;
    expect(p.update(last + staleMs, last)).toBe('seen');
    expect(p.update(last + staleMs + 1, last)).toBe('lost');
  });
  it('lost: the face back and steady is seen again; Try again (reset) looks afresh with the first-look grace', () => {
    const p = new FacePresence(0);
    expect(p.update(firstLookMs, null)).toBe('lost');
    expect(p.update(firstLookMs + 100, firstLookMs + 90)).toBe('lost');
    expect(p.update(firstLookMs + 100 + steadyMs, firstLookMs + 95 + steadyMs)).toBe('seen');
    const q = new FacePresence(0);
    q.update(firstLookMs, null);
    q.reset(10_000);
    expect(q.current).toBe('checking');
    expect(q.update(10_000 + firstLookMs - 1, null)).toBe('checking');
    expect(q.update(10_000 + firstLookMs, null)).toBe('lost');
  });
  it('a camera that stopped (no face time at all) loses a seen face', () => {
    const p = new FacePresence(0);
    p.update(0, 0);
    p.update(steadyMs, steadyMs);
    expect(p.update(steadyMs + 1, null)).toBe('lost');
  });
});

// Issue 22 item 1 (calibration): accuracy is the distance of the gathered points' centre from the
// target, precision their spread around that centre, averaged over the targets that got points.
import { describe, expect, it } from 'vitest';
import { calibrationQuality, frameRate } from './calibration';

describe('9-point calibration quality (issue 22 item 1)', () => {
  it('measures accuracy and precision in px, ignoring targets without points', () => {
    const q = calibrationQuality([
      { target: { x: 100, y: 100 }, points: [{ x: 103, y: 104 }, { x: 103, y: 104 }] },
      { target: { x: 500, y: 100 }, points: [{ x: 490, y: 100 }, { x: 510, y: 100 }] },
      { target: { x: 900, y: 100 }, points: [] },
    ]);
    // Centres 5 px and 0 px off; spreads 0 px and 10 px.
    expect(q).toEqual({ accuracy: 2.5, precision: 5 });
  });
  it('answers zeros when no target got a point (keyboard only, no cursor)', () => {
    expect(calibrationQuality([{ target: { x: 1, y: 1 }, points: [] }])).toEqual({ accuracy: 0, precision: 0 });
  });
  it('issue 22 item 4: the frame rate is the samples over the collection time, capped at 120 Hz', () => {
    // 9 targets × 15 samples in 9 × 500 ms: 30 Hz.
    expect(frameRate(135, 4500)).toBe(30);
    expect(frameRate(10, 1000)).toBe(10);
    expect(frameRate(1000, 1000)).toBe(120);
    expect(frameRate(0, 0)).toBe(0);
  });
});

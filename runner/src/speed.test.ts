// Issue 22 item 4: the connection speed in kbps from a timed download of a known size.
import { describe, expect, it } from 'vitest';
import { kbps } from './speed';

describe('connection speed (issue 22 item 4)', () => {
  it('is kilobits per second: 256 KiB in 2 s is 1049 kbps', () => {
    expect(kbps(256 * 1024, 2000)).toBe(1049);
    expect(kbps(125_000, 1000)).toBe(1000);
  });
  it('counts a sub-millisecond download as 1 ms and caps the result', () => {
    expect(kbps(1000, 0)).toBe(8000);
    expect(kbps(256 * 1024, 0.1, 1_000_000)).toBe(1_000_000);
  });
  it('is 0 for an empty download', () => {
    expect(kbps(0, 10)).toBe(0);
  });
});

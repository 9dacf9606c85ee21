// Issue 22 item 4: the connection speed in kbps from a timed download of a known size.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROBE_BYTES as CONTRACT_PROBE_BYTES } from '../../contract/take';
import { kbps, measureConnection, PROBE_BYTES } from './speed';

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

describe('a probe that fails is "not measured", never a speed of 0 (issue 35 item 6)', () => {
  afterEach(() => { vi.unstubAllGlobals(); });
  const answers = (...bodies: (() => Promise<Response>)[]) => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string) => { calls.push(url); return (bodies.shift() ?? bodies[0])!(); }));
    return calls;
  };
  const bytes = (n: number, status = 200) => async () => new Response(new Uint8Array(n), { status });

  it('expects the size the server sends', () => {
    expect(PROBE_BYTES).toBe(CONTRACT_PROBE_BYTES);
  });
  it('measures the full probe', async () => {
    answers(bytes(PROBE_BYTES));
    const v = await measureConnection();
    expect(typeof v).toBe('number');
    expect(v).toBeGreaterThan(0);
  });
  it('an empty or truncated body, an error status, a body that cannot be read and a network failure measure nothing (null), after one retry', async () => {
    for (const bad of [bytes(0), bytes(1000), bytes(PROBE_BYTES, 500), async () => ({ ok: true, arrayBuffer: () => Promise.reject(new TypeError('Failed to decode')) }) as unknown as Response, () => Promise.reject(new TypeError('Failed to fetch'))]) {
      const calls = answers(bad, bad);
      expect(await measureConnection()).toBeNull();
      expect(calls).toHaveLength(2);
    }
  });
  it('a probe that fails once and then arrives is measured', async () => {
    const calls = answers(() => Promise.reject(new TypeError('Failed to fetch')), bytes(PROBE_BYTES));
    expect(await measureConnection()).toBeGreaterThan(0);
    expect(calls).toHaveLength(2);
  });
});

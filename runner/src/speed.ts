// The connection speed (issue 22 item 4): the runner times the download of a known-size resource
// from our own server (GET /v1.0/take/probe, random bytes, never cached) before the first step.
// kbps = kilobits per second = bits per millisecond. The server compares it with the study's
// minimum; the browser only measures.

/** Kilobits per second for `bytes` downloaded in `ms`, rounded; an immeasurably fast download is capped. */
export function kbps(bytes: number, ms: number, cap = 100_000_000): number {
  if (!(bytes > 0)) return 0;
  // Below a millisecond the timer cannot tell: count it as one (still a very fast connection).
  const v = Math.round((bytes * 8) / Math.max(1, ms));
  return Math.min(cap, v);
}

/**
 * The probe's size (contract/take.ts PROBE_BYTES; speed.test.ts keeps them equal: importing the
 * contract here would pull TypeBox into runner.js).
 */
export const PROBE_BYTES = 256 * 1024;
/** A failed probe is tried this many times in all before the speed is reported as not measured. */
export const PROBE_ATTEMPTS = 2;

/**
 * The connection speed in kbps, or null: not measured. A probe that fails (network, an error
 * status) or does not arrive as the PROBE_BYTES bytes the server sends (a body the browser cannot
 * decode, a proxy that truncated or rewrote it) measures nothing, and is tried again once; never
 * reported as a speed of 0, which the quality gate would take for a measured slow connection.
 * The delivery then carries `connection_speed_kbps: null` (the contract's "not measured"); how the
 * gate judges that is the server's decision (runner/README.md).
 */
export async function measureConnection(url = '/v1.0/take/probe', expectBytes = PROBE_BYTES, attempts = PROBE_ATTEMPTS): Promise<number | null> {
  for (let i = 0; i < attempts; i++) {
    const v = await probeOnce(url, expectBytes);
    if (v !== null) return v;
  }
  return null;
}

async function probeOnce(url: string, expectBytes: number): Promise<number | null> {
  try {
    const t0 = performance.now();
    const res = await fetch(`${url}?t=${Date.now()}`, { cache: 'no-store', credentials: 'omit' });
    if (!res.ok) return null;
    const body = await res.arrayBuffer();
    if (body.byteLength !== expectBytes) return null;
    return kbps(body.byteLength, performance.now() - t0);
  } catch {
    return null;
  }
}

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

/** Downloads the probe once and answers its speed (null when the download failed). */
export async function measureConnection(url = '/v1.0/take/probe'): Promise<number | null> {
  try {
    const t0 = performance.now();
    const res = await fetch(`${url}?t=${Date.now()}`, { cache: 'no-store', credentials: 'omit' });
    if (!res.ok) return null;
    const body = await res.arrayBuffer();
    return kbps(body.byteLength, performance.now() - t0);
  } catch {
    return null;
  }
}

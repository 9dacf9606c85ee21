// The load client's worker (plain JavaScript: worker threads do not go through tsx). See load.ts.
import { parentPort, workerData } from 'node:worker_threads';
import http from 'node:http';

const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0);
const r = (x) => Math.round(x * 10) / 10;

/** The counts of one phase (the warm-up or the measured run) of a load. */
function phase() {
  return { latencies: [], ok: 0, non2xx: 0, errors: 0, skipped: 0, firstSkipS: undefined, lastSkipS: undefined };
}

function figures(p, seconds, spec) {
  p.latencies.sort((a, b) => a - b);
  return {
    requests: p.ok + p.non2xx + p.errors, ok: p.ok, non2xx: p.non2xx, errors: p.errors, seconds: r(seconds), rps: Math.round((p.ok + p.non2xx) / seconds),
    latencyMs: { p50: r(quantile(p.latencies, 0.5)), p90: r(quantile(p.latencies, 0.9)), p99: r(quantile(p.latencies, 0.99)), max: r(p.latencies.at(-1) ?? 0) },
    ...(spec.rate ? { skipped: p.skipped, ...(p.skipped ? { skippedFromS: p.firstSkipS, skippedToS: p.lastSkipS } : {}) } : {}),
  };
}

async function run(spec) {
  const url = new URL(spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(spec.connections ?? 0, spec.maxInFlight ?? 0, 1) });
  const body = spec.body === undefined ? undefined : Buffer.from(spec.body);
  const headers = { ...(spec.headers ?? {}), ...(body ? { 'content-length': String(body.length) } : {}) };
  const once = (scheduled, p) => new Promise((resolve) => {
    const req = http.request({ agent, hostname: url.hostname, port: url.port, path: url.pathname + url.search, method: spec.method ?? 'GET', headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => {
        p.latencies.push(performance.now() - scheduled);
        if (res.statusCode >= 200 && res.statusCode < 300) p.ok++;
        else p.non2xx++;
        resolve();
      });
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => { p.errors++; resolve(); });
    req.end(body);
  });

  // Fixed rate with warmupSeconds: the same stream of requests (same connections) runs that long
  // first; what is started then is counted apart, and the run's figures start after it.
  const warm = phase();
  const measured = phase();
  const warmupMs = spec.rate ? (spec.warmupSeconds ?? 0) * 1000 : 0;
  const t0 = performance.now();
  const started = t0 + warmupMs;
  const end = started + spec.seconds * 1000;
  if (spec.rate) {
    const interval = 1000 / spec.rate;
    const maxInFlight = spec.maxInFlight ?? 1000;
    let inFlight = 0;
    const pending = new Set();
    for (let i = 0; ; i++) {
      const at = t0 + i * interval;
      if (at >= end) break;
      const p = at < started ? warm : measured;
      const wait = at - performance.now();
      if (wait > 1) await new Promise((res) => setTimeout(res, wait));
      if (inFlight >= maxInFlight) {
        // Seconds into the phase of the first and last skipped start: a stall at the start (new
        // connections, cold caches) or somewhere in the middle.
        p.skipped++;
        p.lastSkipS = r((at - (p === warm ? t0 : started)) / 1000);
        p.firstSkipS ??= p.lastSkipS;
        continue;
      }
      inFlight++;
      const done = once(at, p).then(() => { inFlight--; pending.delete(done); });
      pending.add(done);
    }
    await Promise.all(pending);
  } else {
    const client = async () => {
      while (performance.now() < end) await once(performance.now(), measured);
    };
    await Promise.all(Array.from({ length: spec.connections ?? 10 }, client));
  }
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { ...figures(measured, seconds, spec), ...(warmupMs ? { warmup: figures(warm, warmupMs / 1000, spec) } : {}) };
}

void run(workerData).then((result) => parentPort.postMessage(result));

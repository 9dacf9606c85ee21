// The load client's worker (plain JavaScript: worker threads do not go through tsx). See load.ts.
import { parentPort, workerData } from 'node:worker_threads';
import http from 'node:http';

const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0);

async function run(spec) {
  const url = new URL(spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(spec.connections ?? 0, spec.maxInFlight ?? 0, 1) });
  const body = spec.body === undefined ? undefined : Buffer.from(spec.body);
  const headers = { ...(spec.headers ?? {}), ...(body ? { 'content-length': String(body.length) } : {}) };
  const latencies = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  const once = (scheduled) => new Promise((resolve) => {
    const req = http.request({ agent, hostname: url.hostname, port: url.port, path: url.pathname + url.search, method: spec.method ?? 'GET', headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => {
        latencies.push(performance.now() - scheduled);
        if (res.statusCode >= 200 && res.statusCode < 300) ok++;
        else non2xx++;
        resolve();
      });
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => { errors++; resolve(); });
    req.end(body);
  });

  const started = performance.now();
  const end = started + spec.seconds * 1000;
  let skipped = 0;
  // Seconds into the run of the first and last skipped start: a stall at the start (new connections,
  // cold caches) or somewhere in the middle.
  let firstSkipS;
  let lastSkipS;
  if (spec.rate) {
    const interval = 1000 / spec.rate;
    const maxInFlight = spec.maxInFlight ?? 1000;
    let inFlight = 0;
    const pending = new Set();
    for (let i = 0; ; i++) {
      const at = started + i * interval;
      if (at >= end) break;
      const wait = at - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      if (inFlight >= maxInFlight) {
        skipped++;
        lastSkipS = Math.round((at - started) / 100) / 10;
        firstSkipS ??= lastSkipS;
        continue;
      }
      inFlight++;
      const p = once(at).then(() => { inFlight--; pending.delete(p); });
      pending.add(p);
    }
    await Promise.all(pending);
  } else {
    const client = async () => {
      while (performance.now() < end) await once(performance.now());
    };
    await Promise.all(Array.from({ length: spec.connections ?? 10 }, client));
  }
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const r = (x) => Math.round(x * 10) / 10;
  return {
    requests: ok + non2xx + errors, ok, non2xx, errors, seconds: r(seconds), rps: Math.round((ok + non2xx) / seconds),
    latencyMs: { p50: r(quantile(latencies, 0.5)), p90: r(quantile(latencies, 0.9)), p99: r(quantile(latencies, 0.99)), max: r(latencies.at(-1) ?? 0) },
    ...(spec.rate ? { skipped, ...(skipped ? { skippedFromS: firstSkipS, skippedToS: lastSkipS } : {}) } : {}),
  };
}

void run(workerData).then((result) => parentPort.postMessage(result));

// A small HTTP load client for the benchmark (autocannon is not a dependency). It runs in a worker
// thread (load-worker.mjs) so the server under test keeps the main event loop; keep-alive connections, no pipelining.
//   closed loop: `connections` clients send back to back for `seconds` → requests/s at saturation
//   fixed rate:  requests start every 1/rate s whatever the answers (open loop, at most
//                `maxInFlight` outstanding); latency counts from the scheduled start, so a
//                stalled server shows up as latency instead of as a slower client; with
//                `warmupSeconds`, the same stream runs that long first and is reported apart
import { Worker } from 'node:worker_threads';

export interface LoadSpec {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  seconds: number;
  /** Closed loop: concurrent clients. */
  connections?: number;
  /** Open loop: requests per second. */
  rate?: number;
  maxInFlight?: number;
  /** Open loop: seconds at the same rate, on the same connections, before the measured run. */
  warmupSeconds?: number;
}

export interface LoadResult {
  requests: number;
  /** Answers with a 2xx status. */
  ok: number;
  non2xx: number;
  /** Connection errors and time-outs. */
  errors: number;
  seconds: number;
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** Fixed rate: starts skipped because maxInFlight requests were outstanding. */
  skipped?: number;
  /** Seconds into the run of the first and the last skipped start. */
  skippedFromS?: number;
  skippedToS?: number;
  /** Fixed rate with warmupSeconds: the warm-up's own figures. */
  warmup?: Omit<LoadResult, 'warmup'>;
}

/** Runs one load in a worker thread (the other core), resolving to its figures. */
export function load(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: spec });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => { if (code !== 0) reject(new Error(`load worker exited with ${code}`)); });
  });
}


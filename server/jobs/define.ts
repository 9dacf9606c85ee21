// What a job kind is: a name, a handler and its retry/expiry policy. Kinds are plain values made
// by defineJob; the queue (queue.ts) works the kinds it is started with (kinds.ts lists them).
import type { Db } from '../db/client.js';
import type { Storage } from '../storage/index.js';

export interface JobProgress {
  done: number;
  total: number;
  message: string;
}

export interface JobContext<D> {
  /** The public id (GET /v1.0/jobs/{id}). */
  id: number;
  kind: string;
  data: D;
  /** The company that owns the job; the handler acts for it. */
  companyId: number;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  db: Db;
  /** The app's file storage (absent when the queue was started without one). */
  storage?: Storage;
  /** The install's URL_SECRET when set (the server's config; never read from the environment here). */
  urlSecret?: string;
  /**
   * Aborted when the server stops. Leave at the next safe point (throwing is fine): the job is
   * retried on the next start. A handler that ignores it is failed after the stop time-out.
   */
  signal: AbortSignal;
  /**
   * The progress stored last, by this run or by an earlier one that was killed or failed: a
   * handler may resume from it. Updated by setProgress.
   */
  readonly progress: JobProgress;
  /** Stores progress (merged into the last one); read through the jobs API while the job runs. */
  setProgress(p: Partial<JobProgress>): Promise<void>;
  /** One line in the server log, prefixed with the job. */
  log(message: string): void;
  /** Queues another job on the same queue (a daily job queues its next run: jobs/retention.ts). */
  enqueue<E>(kind: JobKind<E>, data: E, opts: { companyId: number; key?: string; startAfterSeconds?: number }): Promise<{ id: number; reused: boolean }>;
}

/** What a handler returns is kept as the job's result (JSON); undefined for none. */
export type JobHandler<D> = (ctx: JobContext<D>) => Promise<unknown>;

export interface JobKindOptions {
  /** Retries after the first failure (pg-boss default 2). Handlers must be idempotent. */
  retryLimit?: number;
  /** Seconds before a retry (default 0). */
  retryDelay?: number;
  /** Exponential back-off from retryDelay. */
  retryBackoff?: boolean;
  /**
   * A run taking longer fails (and is retried); also how long a job of a killed process stays
   * 'active' on PostgreSQL before it is retried (default 15 minutes, at most 23 hours).
   */
  expireInSeconds?: number;
}

export interface JobKind<D = unknown> {
  readonly name: string;
  readonly handler: JobHandler<D>;
  readonly options: JobKindOptions;
}

// pg-boss queue names become partition table names: keep them plain.
const NAME = /^[a-z][a-z0-9_-]{0,49}$/;

export function defineJob<D extends object>(name: string, handler: JobHandler<D>, options: JobKindOptions = {}): JobKind<D> {
  if (!NAME.test(name)) throw new Error(`Job kind "${name}": lower-case letters, digits, '-' and '_' only (≤ 50)`);
  return Object.freeze({ name, handler, options: { ...options } });
}

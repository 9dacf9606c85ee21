// The one job queue: pg-boss 10 on the server's own database (PGlite or PostgreSQL) through
// Database.executeSql, so both run the same queue with no second connection set-up. pg-boss
// keeps state, retries, expiry and errors; app_job (repositories/jobs.ts) adds the public id,
// the owning company and progress. See docs/operations.md "Background jobs".
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import type { Job } from '../../contract/jobs.js';
import {
  activeBossJobs, deleteJobRow, findCompanyJob, findJobByBossId, insertJob, latestJobWithKey, setJobProgress, type JobRow,
} from '../repositories/jobs.js';
import type { JobContext, JobKind, JobProgress } from './define.js';
import type { Storage } from '../storage/index.js';

export type JobView = Job;

export interface JobQueueOptions {
  /** The kinds this queue knows: it creates their pg-boss queues and (with work) runs them. */
  kinds: readonly JobKind<never>[];
  log?: (message: string) => void;
  /** Where handlers keep files (the app's storage; cache-page snapshots). */
  storage?: Storage;
  /** The install's URL_SECRET (config), for handlers that sign links (run-throughs). */
  urlSecret?: string;
  /** Run handlers in this process (default true). false: enqueue and read only. */
  work?: boolean;
  /**
   * At start, fail every job still 'active' so it is retried now rather than after its expiry.
   * Only right when this process alone works the database (PGlite: one process per data dir);
   * on a shared PostgreSQL another server may be running them.
   */
  recoverActive?: boolean;
  /**
   * How often an idle worker asks for work, per kind (default 2 s, pg-boss's minimum 0.5 s).
   * Each ask is one short query; on PGlite it queues behind requests, never ahead of them.
   */
  pollingIntervalSeconds?: number;
  /** Extra pg-boss settings (maintenance interval, retention) for tests and operations. */
  boss?: Partial<PgBoss.ConstructorOptions>;
}

export interface EnqueueOptions {
  companyId: number;
  /**
   * Deduplication: when the newest job of this kind with this key is not finished, its id is
   * returned instead of a new job (checked, not locked: for start-up and user clicks, not races).
   */
  key?: string;
  /** Seconds before the job may start. */
  startAfterSeconds?: number;
}

const SCHEMA = 'pgboss';
const FINISHED = new Set(['completed', 'cancelled', 'failed']);

/** Error text pg-boss kept for a failed attempt: an Error, a time-out or a plain string. */
function errorText(output: unknown): string | undefined {
  if (!output || typeof output !== 'object') return undefined;
  const o = output as { message?: unknown; value?: unknown };
  if (typeof o.message === 'string') return o.message;
  if (typeof o.value === 'string') return o.value;
  if (o.value && typeof o.value === 'object' && typeof (o.value as { message?: unknown }).message === 'string') {
    return (o.value as { message: string }).message;
  }
  return undefined;
}

const iso = (d: unknown): string | null => (d == null ? null : new Date(d as string | Date).toISOString());

export class JobQueue {
  readonly #database: Database;
  readonly #options: JobQueueOptions;
  readonly #kinds = new Map<string, JobKind<never>>();
  readonly #boss: PgBoss;
  readonly #workers = new Map<string, string>();
  readonly #running = new Set<AbortController>();
  // pg-boss answers a finished handler with complete()/fail() it does not await; stop() waits for
  // these (and for the handlers) so closing the pool afterwards never rejects one unhandled.
  readonly #runs = new Set<Promise<unknown>>();
  readonly #queries = new Set<Promise<unknown>>();
  #log: (message: string) => void;
  #started = false;

  private constructor(database: Database, options: JobQueueOptions) {
    this.#database = database;
    this.#options = options;
    this.#log = options.log ?? (() => {});
    for (const kind of options.kinds) {
      if (this.#kinds.has(kind.name)) throw new Error(`Job kind "${kind.name}" is listed twice`);
      this.#kinds.set(kind.name, kind);
    }
    this.#boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => this.#track(this.#queries, database.executeSql(text, values)) },
      schema: SCHEMA,
      // No cron jobs yet: the clock monitor would poll for nothing.
      schedule: false,
      ...options.boss,
    });
    this.#boss.on('error', (err: Error) => this.#log(`jobs: ${err.message}`));
  }

  /** Installs or migrates pg-boss's schema, creates the kinds' queues, recovers, starts working. */
  static async start(database: Database, options: JobQueueOptions): Promise<JobQueue> {
    const queue = new JobQueue(database, options);
    await queue.#start();
    return queue;
  }

  async #start(): Promise<void> {
    await this.#boss.start();
    this.#started = true;
    for (const kind of this.#kinds.values()) {
      // v10 needs a queue before send(); its options are the defaults of the queue's jobs
      // (pg-boss checks `'retryDelay' in options`, so unset ones must be absent, not undefined).
      const defaults = Object.fromEntries(Object.entries(kind.options).filter(([, v]) => v !== undefined));
      await this.#boss.createQueue(kind.name, { name: kind.name, ...defaults });
    }
    // Jobs of a process that died long enough ago are past their expiry: retry them now.
    await this.#boss.expire();
    if (this.#options.recoverActive) {
      const orphans = await activeBossJobs(this.#database.db, SCHEMA, [...this.#kinds.keys()]);
      for (const o of orphans) {
        await this.#boss.fail(o.name, o.id, { message: 'The server stopped while the job was running' });
      }
      if (orphans.length) this.#log(`jobs: ${orphans.length} job(s) left running by a stopped server will be retried`);
    }
    if (this.#options.work !== false) {
      for (const kind of this.#kinds.values()) {
        const workerId = await this.#boss.work(kind.name,
          { pollingIntervalSeconds: this.#options.pollingIntervalSeconds ?? 2, batchSize: 1, includeMetadata: true },
          async ([job]) => this.#track(this.#runs, this.#run(kind, job as PgBoss.JobWithMetadata<never>)));
        this.#workers.set(kind.name, workerId);
      }
    }
  }

  async #run(kind: JobKind<never>, job: PgBoss.JobWithMetadata<never>): Promise<unknown> {
    const db = this.#database.db;
    if (!this.#started) throw new Error('The server is stopping');
    const row = await findJobByBossId(db, job.id);
    // enqueue writes the row before sending, so only a deleted company (cascade) lands here.
    if (!row) throw new Error('The job has no owner any more');
    const controller = new AbortController();
    this.#running.add(controller);
    let progress: JobProgress = { done: row.done, total: row.total, message: row.message };
    const label = `job ${kind.name} #${row.id}`;
    const attempt = job.retryCount + 1;
    const ctx: JobContext<never> = {
      id: row.id,
      kind: kind.name,
      data: job.data,
      companyId: row.companyId,
      attempt,
      db,
      storage: this.#options.storage,
      urlSecret: this.#options.urlSecret,
      signal: controller.signal,
      get progress() { return progress; },
      setProgress: async (p) => {
        progress = { ...progress, ...p };
        await setJobProgress(db, job.id, progress);
      },
      log: (message) => this.#log(`${label}: ${message}`),
      enqueue: (k, d, o) => this.enqueue(k, d, o),
    };
    try {
      const result = await kind.handler(ctx);
      return result ?? undefined;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const retrying = job.retryCount < job.retryLimit;
      this.#log(`${label} failed (attempt ${attempt} of ${job.retryLimit + 1}): ${message}${retrying ? '; it will be retried' : ''}`);
      throw err;
    } finally {
      this.#running.delete(controller);
    }
  }

  #track<T>(set: Set<Promise<unknown>>, p: Promise<T>): Promise<T> {
    set.add(p);
    const forget = () => { set.delete(p); };
    p.then(forget, forget);
    return p;
  }

  #kind(kind: JobKind<never>): JobKind<never> {
    const known = this.#kinds.get(kind.name);
    if (known !== kind) throw new Error(`Job kind "${kind.name}" is not one this queue was started with`);
    return known;
  }

  /** Queues a job owned by companyId; resolves to its public id (GET /v1.0/jobs/{id}). */
  async enqueue<D>(kind: JobKind<D>, data: D, opts: EnqueueOptions): Promise<{ id: number; reused: boolean }> {
    const k = this.#kind(kind as unknown as JobKind<never>);
    const db = this.#database.db;
    if (opts.key !== undefined) {
      const last = await latestJobWithKey(db, k.name, opts.key);
      if (last) {
        const state = (await this.#boss.getJobById(k.name, last.bossId, { includeArchive: true }))?.state;
        if (state && !FINISHED.has(state)) return { id: last.id, reused: true };
      }
    }
    // The row first: a worker may pick the job up before send() returns.
    const bossId = randomUUID();
    const id = await insertJob(db, { bossId, kind: k.name, companyId: opts.companyId, key: opts.key });
    try {
      await this.#boss.send(k.name, (data ?? {}) as object, {
        id: bossId,
        ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
      });
    } catch (err) {
      await deleteJobRow(db, id);
      throw err;
    }
    // Wake this process's idle worker instead of waiting for its next poll.
    const worker = this.#workers.get(k.name);
    if (worker && !opts.startAfterSeconds) this.#boss.notifyWorker(worker);
    return { id, reused: false };
  }

  /** The job as the API shows it, when companyId owns it; null otherwise (or once pg-boss dropped it). */
  async getJob(id: number, companyId: number): Promise<JobView | null> {
    const row = await findCompanyJob(this.#database.db, id, companyId);
    return row ? this.#view(row) : null;
  }

  async #view(row: JobRow): Promise<JobView | null> {
    const job = await this.#boss.getJobById(row.kind, row.bossId, { includeArchive: true });
    if (!job) return null;
    const view: JobView = {
      id: row.id,
      name: row.kind,
      state: job.state,
      progress: { done: row.done, total: row.total, message: row.message },
      created_on: iso(job.createdOn)!,
      started_on: iso(job.startedOn),
      completed_on: iso(job.completedOn),
      retry_count: job.retryCount,
      retry_limit: job.retryLimit,
    };
    if (job.state === 'retry' || job.state === 'failed') {
      const error = errorText(job.output);
      if (error !== undefined) view.error = error;
    }
    if (job.state === 'completed' && job.output != null) view.result = job.output;
    return view;
  }

  /** pg-boss maintenance now (expire, archive, drop); it also runs on its own every few minutes. */
  async maintain(): Promise<void> {
    await this.#boss.maintain();
  }

  /** Started and not stopping: it takes and runs jobs (GET /readyz). */
  get running(): boolean {
    return this.#started;
  }

  /**
   * Stops polling, asks running handlers to leave (their signal), waits up to timeoutMs for
   * them, then fails what still runs so it is retried on the next start.
   */
  async stop(opts: { timeoutMs?: number } = {}): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    for (const c of this.#running) c.abort(new Error('The server is stopping'));
    const timeoutMs = opts.timeoutMs ?? 5000;
    await this.#boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    // A handler deaf to its signal is not waited for beyond the timeout; one that settles is, and
    // so are pg-boss's complete/fail queries that follow it. A fetch still in flight when stop began
    // can hand over one more job (run at once, as the queue is stopping): loop until nothing is left.
    let timer: NodeJS.Timeout | undefined;
    let late = false;
    const limit = new Promise<void>((resolve) => { timer = setTimeout(() => { late = true; resolve(); }, timeoutMs); });
    while (!late && (this.#runs.size > 0 || this.#queries.size > 0)) {
      await Promise.race([Promise.allSettled([...this.#runs, ...this.#queries]), limit]);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    clearTimeout(timer);
  }
}

// The job queue (issue 7 item 4) on the test database: progress, retries with the error visible,
// and a job whose process dies mid-way, retried by a new queue without repeating its effects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDatabase } from '../helpers.js';
import { createCompany } from '../fixtures.js';
import type { Database } from '../../db/client.js';
import { defineJob, JobQueue, type JobContext, type JobKind } from '../../jobs/index.js';
import { gate, killable, until } from './helpers.js';

let database: Database;
let companyId: number;
let otherCompanyId: number;
const queues: JobQueue[] = [];

async function startQueue(kinds: JobKind<never>[], opts: { database?: Database; recoverActive?: boolean; supervise?: boolean } = {}) {
  const q = await JobQueue.start(opts.database ?? database, {
    kinds, pollingIntervalSeconds: 0.5, recoverActive: opts.recoverActive, boss: { supervise: opts.supervise ?? false },
  });
  queues.push(q);
  return q;
}

const rows = async <T>(q: ReturnType<typeof sql>): Promise<T[]> =>
  ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  database = await freshDatabase();
  companyId = (await createCompany(database.db)).id;
  otherCompanyId = (await createCompany(database.db)).id;
  // The effects of the "killed" job: one row per step it did, so a repeated step shows twice.
  await database.db.execute(sql`create table test_job_effect (job int not null, step int not null)`);
});
afterAll(async () => {
  for (const q of queues) await q.stop({ timeoutMs: 1000 }).catch(() => {});
  await database.close();
});

describe('job queue', () => {
  it('runs a job, which reports progress while it runs and a result at the end', async () => {
    const midway = gate();
    const release = gate();
    const kind = defineJob<{ n: number }>('test-progress', async (ctx) => {
      await ctx.setProgress({ done: 1, total: ctx.data.n, message: 'first step' });
      midway.open();
      await release.wait;
      await ctx.setProgress({ done: ctx.data.n, message: 'done' });
      return { doubled: ctx.data.n * 2 };
    });
    const q = await startQueue([kind as JobKind<never>]);
    const { id } = await q.enqueue(kind, { n: 3 }, { companyId });
    await midway.wait;
    const running = await q.getJob(id, companyId);
    expect(running).toMatchObject({ id, name: 'test-progress', state: 'active', progress: { done: 1, total: 3, message: 'first step' }, retry_count: 0 });
    expect(running!.started_on).toEqual(expect.any(String));
    expect(running!.completed_on).toBeNull();
    release.open();
    const done = await until('completed', async () => {
      const j = await q.getJob(id, companyId);
      return j?.state === 'completed' ? j : undefined;
    });
    expect(done.progress).toEqual({ done: 3, total: 3, message: 'done' });
    expect(done.result).toEqual({ doubled: 6 });
    expect(done.completed_on).toEqual(expect.any(String));
    expect(done.error).toBeUndefined();
    // Another company never sees it.
    expect(await q.getJob(id, otherCompanyId)).toBeNull();
  });

  it('retries a job that throws: it succeeds on a later attempt, or fails with its error once the retries are spent', async () => {
    const attempts: Record<string, number[]> = { flaky: [], broken: [] };
    const flaky = defineJob<{ failures: number }>('test-flaky', async (ctx) => {
      attempts.flaky.push(ctx.attempt);
      if (ctx.attempt <= ctx.data.failures) throw new Error(`boom ${ctx.attempt}`);
      return { attempt: ctx.attempt };
    }, { retryLimit: 3, retryDelay: 0 });
    const broken = defineJob<Record<string, never>>('test-broken', async (ctx) => {
      attempts.broken.push(ctx.attempt);
      throw new Error(`still broken (attempt ${ctx.attempt})`);
    }, { retryLimit: 1 });
    // Fails once, then waits an hour for its retry: the retry state and its error are observable.
    const waiting = defineJob<Record<string, never>>('test-waiting', async () => {
      throw new Error('the mail server said no');
    }, { retryLimit: 1, retryDelay: 3600 });
    const q = await startQueue([flaky, broken, waiting] as JobKind<never>[]);
    const a = await q.enqueue(flaky, { failures: 2 }, { companyId });
    const b = await q.enqueue(broken, {}, { companyId });
    const c = await q.enqueue(waiting, {}, { companyId });

    const finished = (id: number) => until(`job ${id} finished`, async () => {
      const j = await q.getJob(id, companyId);
      return j && ['completed', 'failed'].includes(j.state) ? j : undefined;
    });
    const ja = await finished(a.id);
    expect(ja).toMatchObject({ state: 'completed', retry_count: 2, result: { attempt: 3 } });
    expect(attempts.flaky).toEqual([1, 2, 3]);

    const jb = await finished(b.id);
    expect(jb).toMatchObject({ state: 'failed', retry_count: 1, retry_limit: 1, error: 'still broken (attempt 2)' });
    expect(attempts.broken).toEqual([1, 2]);

    const jc = await until('the retry state', async () => {
      const j = await q.getJob(c.id, companyId);
      return j?.state === 'retry' ? j : undefined;
    });
    expect(jc).toMatchObject({ retry_count: 0, error: 'the mail server said no' });
  });

  it('a job killed mid-way is retried by the next server and completes without repeating what it did', async () => {
    let release: (() => void) | undefined;
    const kind = defineJob<{ steps: number }>('test-effects', async (ctx: JobContext<{ steps: number }>) => {
      // Resumes after the last step the killed run reported.
      for (let step = ctx.progress.done; step < ctx.data.steps; step++) {
        await ctx.db.execute(sql`insert into test_job_effect (job, step) values (${ctx.id}, ${step})`);
        await ctx.setProgress({ done: step + 1, total: ctx.data.steps, message: `step ${step + 1}` });
        if (step + 1 === 3 && ctx.attempt === 1) {
          // The first server dies here (the gate is never opened).
          await new Promise<void>((resolve) => { release = resolve; });
        }
      }
      return { steps: ctx.data.steps };
    }, { retryLimit: 2 });

    const first = killable(database);
    const a = await startQueue([kind as JobKind<never>], { database: first.database });
    const { id } = await a.enqueue(kind, { steps: 6 }, { companyId });
    await until('three steps done', async () => (await a.getJob(id, companyId))?.progress.done === 3);
    expect(release).toBeDefined();
    first.kill();
    queues.splice(queues.indexOf(a), 1); // a dead process is never stopped

    // A new server on the same database; as on PGlite (one process per data dir) it retries
    // what was left 'active' at once instead of waiting for the job to expire.
    const b = await startQueue([kind as JobKind<never>], { recoverActive: true });
    const done = await until('completed', async () => {
      const j = await b.getJob(id, companyId);
      return j?.state === 'completed' ? j : undefined;
    });
    expect(done).toMatchObject({ retry_count: 1, progress: { done: 6, total: 6 }, result: { steps: 6 } });
    const effects = await rows<{ step: number; n: number }>(sql`select step, count(*)::int as n from test_job_effect where job = ${id} group by step order by step`);
    expect(effects).toEqual([0, 1, 2, 3, 4, 5].map((step) => ({ step, n: 1 })));
  });

  it('without recovery at start (shared PostgreSQL), a killed job is retried once it expires', async () => {
    const kind = defineJob<{ steps: number }>('test-expiring', async (ctx) => {
      for (let step = ctx.progress.done; step < ctx.data.steps; step++) {
        await ctx.db.execute(sql`insert into test_job_effect (job, step) values (${ctx.id}, ${step})`);
        await ctx.setProgress({ done: step + 1, total: ctx.data.steps });
        if (step + 1 === 2 && ctx.attempt === 1) await new Promise<void>(() => {});
      }
    }, { retryLimit: 2, expireInSeconds: 1 });
    const first = killable(database);
    const a = await startQueue([kind as JobKind<never>], { database: first.database });
    const { id } = await a.enqueue(kind, { steps: 4 }, { companyId });
    await until('two steps done', async () => (await a.getJob(id, companyId))?.progress.done === 2);
    first.kill();
    queues.splice(queues.indexOf(a), 1);

    const b = await startQueue([kind as JobKind<never>], { recoverActive: false });
    // pg-boss's maintenance (every few minutes on its own) fails the expired job into a retry.
    const done = await until('completed', async () => {
      await b.maintain();
      const j = await b.getJob(id, companyId);
      return j?.state === 'completed' ? j : undefined;
    });
    expect(done.retry_count).toBe(1);
    const effects = await rows<{ step: number; n: number }>(sql`select step, count(*)::int as n from test_job_effect where job = ${id} group by step order by step`);
    expect(effects).toEqual([0, 1, 2, 3].map((step) => ({ step, n: 1 })));
  });

  it('enqueue with a key returns the unfinished job of that key instead of a second one', async () => {
    const hold = gate();
    const kind = defineJob<Record<string, never>>('test-keyed', async () => { await hold.wait; });
    const q = await startQueue([kind as JobKind<never>]);
    const first = await q.enqueue(kind, {}, { companyId, key: 'k' });
    const again = await q.enqueue(kind, {}, { companyId, key: 'k' });
    expect(again).toEqual({ id: first.id, reused: true });
    hold.open();
    await until('completed', async () => (await q.getJob(first.id, companyId))?.state === 'completed');
    const later = await q.enqueue(kind, {}, { companyId, key: 'k' });
    expect(later.reused).toBe(false);
    expect(later.id).not.toBe(first.id);
  });

  it('stop waits for a handler that leaves late and for the failure pg-boss records for it, so closing the pool after stop loses nothing', async () => {
    let asked = false;
    let started = false;
    const kind = defineJob<Record<string, never>>('test-slow-leaver', async (ctx) => {
      started = true;
      await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
      asked = true;
      // Longer than stop's timeout: pg-boss itself stops waiting, and fails the job unawaited later.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      throw new Error('left late');
    }, { retryLimit: 1 });
    const q = await startQueue([kind as JobKind<never>]);
    const { id } = await q.enqueue(kind, {}, { companyId });
    await until('running', async () => started);
    await q.stop({ timeoutMs: 1000 });
    queues.splice(queues.indexOf(q), 1);
    expect(asked).toBe(true);
    // Without the wait, this read races pg-boss's fail() (and, in a server, the pool's end).
    const [row] = await rows<{ state: string; output: { message?: string } | null }>(sql`select j.state, j.output from pgboss.job j
      join app_job a on a.boss_id = j.id where a.id = ${id}`);
    expect(row.state).toBe('retry');
    expect(row.output?.message).toBe('left late');
  });

  it('refuses a kind it was not started with', async () => {
    const known = defineJob('test-known', async () => {});
    const stranger = defineJob('test-stranger', async () => {});
    const q = await startQueue([known as JobKind<never>]);
    await expect(q.enqueue(stranger, {}, { companyId })).rejects.toThrow(/not one this queue/);
    expect(() => defineJob('Bad Name!', async () => {})).toThrow();
  });
});

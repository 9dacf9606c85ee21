// Issue 21 item 2 (ingestion at batched-insert rates): sessions of a study that arrive while one of
// its transactions is being written share the next one (group commit, services/ingest.ts). Each is
// still stored once, with the participant ids in the order they arrived, and counted once in the
// report aggregates; a re-delivery in the same group is a duplicate; a session that fails fails
// alone. Runs on PGlite and PostgreSQL (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { freshDatabase } from '../helpers.js';
import { ingestSession, type IngestOptions, type IngestResult, type SessionBody } from '../../services/ingest.js';
import { loadStudyContext } from '../../repositories/ingest.js';
import { getActiveConfig } from '../../repositories/analysis-config.js';
import { aggregatesCurrent, rebuildStudyAggregates } from '../../repositories/aggregates.js';
import { aggregateSnapshot, buildStudy, oneSession, type AnalyticsStudy } from './study-fixture.js';

let database: Database;
let transactions = 0;

beforeAll(async () => {
  database = await freshDatabase();
  // Counts the transactions ingestion opens (its only use of db.transaction).
  const db = database.db as unknown as { transaction: (...a: unknown[]) => Promise<unknown> };
  const open = db.transaction.bind(db);
  db.transaction = (...a) => { transactions++; return open(...a); };
}, 120_000);
afterAll(async () => database?.close());

/** Session i of a group: demographics vary, so the group's rows fall in several aggregate cells. */
function session(f: AnalyticsStudy, id: string, i: number) {
  const body = oneSession(f, id);
  body.participant.age_group_id = 1 + (i % 3);
  body.participant.gender_group_id = 1 + (i % 2);
  return body;
}

/**
 * The sessions sent together. With the study's context and config given, each call reaches the
 * group-commit queue without a query of its own first, so which sessions share a transaction does
 * not depend on timing.
 */
async function sendTogether(f: AnalyticsStudy, bodies: SessionBody[], opts: (i: number) => IngestOptions = () => ({})) {
  const context = (await loadStudyContext(database.db, f.studyId))!;
  const config = await getActiveConfig(database.db);
  return Promise.allSettled(bodies.map((b, i) => ingestSession(database.db, b, { context, config, ...opts(i) })));
}
const values = (settled: PromiseSettledResult<IngestResult>[]) => settled.map((r) => {
  if (r.status === 'rejected') throw r.reason;
  return r.value;
});

async function expectAggregatesEqualRebuild(studyId: number) {
  expect(await aggregatesCurrent(database.db, studyId)).toBe(true);
  const kept = await aggregateSnapshot(database.db, studyId);
  await database.db.transaction(async (tx) => rebuildStudyAggregates(tx as unknown as Db, studyId));
  expect(kept.length).toBeGreaterThan(100);
  expect(kept).toEqual(await aggregateSnapshot(database.db, studyId));
}

async function participants(studyId: number): Promise<{ id: number; session_id: string }[]> {
  return ((await database.db.execute(sql`select id, session_id from participant where study_id = ${studyId} order by id`)) as unknown as {
    rows: { id: number; session_id: string }[];
  }).rows;
}

describe('issue 21: group commit of sessions arriving together', () => {
  it('writes twelve concurrent sessions in two transactions, each stored once, in arrival order, counted once', async () => {
    const f = await buildStudy(database.db);
    const bodies = Array.from({ length: 12 }, (_, i) => session(f, `group-${i}`, i));
    transactions = 0;
    const results = values(await sendTogether(f, bodies));
    // The first is written at once, alone; the eleven that arrived meanwhile share the next transaction.
    expect(transactions).toBe(2);
    expect(results.every((r) => !r.duplicate && r.exposures === 1)).toBe(true);
    const stored = await participants(f.studyId);
    expect(stored.map((p) => p.session_id)).toEqual(bodies.map((b) => b.session_id));
    expect(stored.map((p) => p.id)).toEqual(results.map((r) => r.participant_id));
    // The roll-up row counts every exposure once.
    const [roll] = ((await database.db.execute(sql`select sum(n)::int as n from report_aggregate
      where study_id = ${f.studyId} and age_group_id = -1`)) as unknown as { rows: { n: number }[] }).rows;
    expect(roll.n).toBe(12);
    await expectAggregatesEqualRebuild(f.studyId);
  }, 120_000);

  it('a session sent twice in one group is stored once; the second answer is the duplicate of the first', async () => {
    const f = await buildStudy(database.db);
    const bodies = [session(f, 'first', 0), session(f, 'twice', 1), session(f, 'other', 2), session(f, 'twice', 1)];
    const [, a, , b] = values(await sendTogether(f, bodies));
    expect(a.duplicate).toBe(false);
    expect(b).toEqual({ participant_id: a.participant_id, duplicate: true, exposures: 0, status: 'complete' });
    expect((await participants(f.studyId)).map((p) => p.session_id)).toEqual(['first', 'twice', 'other']);
    await expectAggregatesEqualRebuild(f.studyId);
  }, 120_000);

  it('a session whose write fails fails alone: the rest of its group is stored', async () => {
    const f = await buildStudy(database.db);
    const bodies = Array.from({ length: 6 }, (_, i) => session(f, `fail-${i}`, i));
    const results = await sendTogether(f, bodies, (i) => ({
      afterStep: i === 3 ? () => { throw new Error('injected failure'); } : undefined,
    }));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[3] as PromiseRejectedResult).reason.message).toBe('injected failure');
    const stored = await participants(f.studyId);
    expect(stored.map((p) => p.session_id)).toEqual(['fail-0', 'fail-1', 'fail-2', 'fail-4', 'fail-5']);
    expect(stored.map((p) => p.id)).toEqual(results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.participant_id] : [])));
    await expectAggregatesEqualRebuild(f.studyId);
  }, 120_000);

  it('groups of different studies do not wait for each other', async () => {
    const [f, g] = [await buildStudy(database.db), await buildStudy(database.db)];
    const bodies = (s: AnalyticsStudy, prefix: string) => [0, 1, 2].map((i) => session(s, `${prefix}-${i}`, i));
    const [fBodies, gBodies] = [bodies(f, 'f'), bodies(g, 'g')];
    const [fCtx, gCtx] = [(await loadStudyContext(database.db, f.studyId))!, (await loadStudyContext(database.db, g.studyId))!];
    const config = await getActiveConfig(database.db);
    transactions = 0;
    const results = await Promise.all([
      ...fBodies.map((b) => ingestSession(database.db, b, { context: fCtx, config })),
      ...gBodies.map((b) => ingestSession(database.db, b, { context: gCtx, config })),
    ]);
    expect(results.every((r) => !r.duplicate)).toBe(true);
    // Each study: its first alone, then the other two together.
    expect(transactions).toBe(4);
    expect((await participants(f.studyId)).length).toBe(3);
    expect((await participants(g.studyId)).length).toBe(3);
  }, 120_000);
});

// Issue 10 item 8: demo data a researcher believes. No study returns more participants than it
// requested, returned counts differ from study to study, the list's returned count is what the
// demographic summary counts, and the start-up log counts studies as the README does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { freshDatabase } from '../helpers.js';
import { MemoryStorage } from '../../storage/index.js';
import { seedOnStart } from '../../seed/index.js';
import { respondentStudies, simulateStudy } from '../../seed/respondents.js';
import { loadStudyContext } from '../../repositories/ingest.js';
import { respondentRole, respondentTarget } from '../../analytics/simulator.js';
import { demographicSummary } from '../../repositories/demographics.js';
import { listStudies } from '../../repositories/studies.js';
import { rows } from '../../repositories/sql.js';

let database: Database;
const logs: string[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  await seedOnStart(database.db, new MemoryStorage(), { demo: true, log: (m) => logs.push(m) });
}, 180_000);
afterAll(async () => { await database.close(); });

/** Complete, non-test respondents among the first n the simulator makes for a study, per cell (it deals them round-robin). */
function returnedOf(target: number, cells: number): number {
  let n = 0;
  for (let i = 0; i < target; i++) {
    const role = respondentRole(Math.floor(i / cells));
    if (role.status === 'complete' && !role.isTest) n += 1;
  }
  return n;
}

describe('believable demo data', () => {
  it('no demo study is given more respondents than it requested, and returned counts vary between studies', async () => {
    const ids = await respondentStudies(database.db);
    expect(ids.length).toBeGreaterThan(40);
    const targets: number[] = [];
    for (const id of ids) {
      const ctx = (await loadStudyContext(database.db, id))!;
      const target = respondentTarget(ctx);
      expect(target, `study ${id}`).toBeGreaterThan(0);
      expect(target, `study ${id} (${ctx.participantsRequested} requested)`).toBeLessThanOrEqual(ctx.participantsRequested);
      if (ctx.completed) targets.push(target);
    }
    // Not one figure repeated across the completed studies.
    expect(new Set(targets).size).toBeGreaterThan(targets.length * 0.6);
  });

  it("a seeded study's list row, demographic total and returned count agree, below the requested count", async () => {
    const [row] = await rows<{ id: number; company_id: number }>(database.db, sql`select s.id, s.company_id from study s
      where s.completed and (select count(*) from cell c where c.study_id = s.id) > 1 order by s.id limit 1`);
    const ctx = (await loadStudyContext(database.db, row.id))!;
    await simulateStudy(database.db, row.id);
    const list = await listStudies(database.db, {
      companyId: row.company_id, page: 1, pageSize: 0, sortKey: 'id', descending: false, name: '', live: null, completed: null, mediaId: 0, environmentId: 0,
    });
    const item = list.items.find((s) => s.study_id === row.id)!;
    const { total } = await demographicSummary(database.db, row.id, { eyetrackingOnly: false, groups: {} });
    expect(item.participants_returned).toBe(total);
    expect(item.participants_returned).toBe(returnedOf(respondentTarget(ctx), ctx.cells.length));
    expect(item.participants_returned).toBeLessThanOrEqual(item.participants_requested);
  }, 180_000);

  it("the start-up log counts studies as the README's account table does (64 Acme Research, 10 Northwind Media, 8 batches)", () => {
    const line = logs.find((l) => l.startsWith('demo data:'))!;
    expect(line).toMatch(/^demo data: 74 studies \(Acme Research 64, Northwind Media 10\), 8 batches, /);
  });
});

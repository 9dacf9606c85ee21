// Demo order timelines (issue 11): every demo study gets the events its state implies, at fixed
// dates derived from its own (sign-off, proposed start, collection dates), so the timeline,
// phases and run-through box look lived-in and stay the same on every machine. Plus one queued
// run-through (ordered by the admin, not yet executed) on a study in set-up. Runs once, right
// after the demo seed, in one transaction.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appUser, panel, runThrough, study, studyEvent } from '../db/schema/index.js';

const DAY = 86_400_000;
const at = (base: Date | null, days: number, hour = 10) => {
  const d = new Date((base ?? new Date('2025-09-01T00:00:00Z')).getTime() + days * DAY);
  d.setUTCHours(hour, 15, 0, 0);
  return d;
};

export async function seedStudyStates(db: Db): Promise<number> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const studies = await tx.select().from(study).orderBy(asc(study.id));
    if (!studies.length) return 0;
    const ids = studies.map((s) => s.id);
    const panels = await tx.select({ studyId: panel.studyId, id: panel.id, name: panel.name }).from(panel).where(inArray(panel.studyId, ids)).orderBy(asc(panel.id));
    const runs = await tx.select().from(runThrough).where(inArray(runThrough.studyId, ids));
    const [admin] = await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, 'admin')).limit(1);
    const events: (typeof studyEvent.$inferInsert)[] = [];
    for (const s of studies) {
      const created = at(s.proposalSignoffDate ?? s.proposedDataCollectionStart, -7, 9);
      events.push({ studyId: s.id, kind: 'created', at: created });
      panels.filter((p) => p.studyId === s.id).forEach((p, i) => {
        events.push({ studyId: s.id, kind: 'panel_added', detail: { panel_id: p.id, name: p.name }, at: at(created, 2 + i, 11) });
      });
      if (s.proposedDataCollectionStart) {
        events.push({ studyId: s.id, kind: 'fieldwork_dates', at: at(created, 1, 14), detail: {
          start: s.proposedDataCollectionStart.toISOString(), end: s.proposedDataCollectionEnd?.toISOString() ?? null,
        } });
      }
      for (const r of runs.filter((x) => x.studyId === s.id)) {
        events.push({ studyId: s.id, kind: 'run_through_ordered', userId: r.requestedBy, detail: { run_through_id: r.id }, at: r.createdAt });
        if (r.status === 'passed' || r.status === 'failed') {
          events.push({ studyId: s.id, kind: 'run_through_result', detail: { run_through_id: r.id, status: r.status, result: r.result }, at: new Date(r.createdAt.getTime() + 3_600_000) });
        }
      }
      const live = s.dataCollectionStart ?? s.proposedDataCollectionStart;
      const steps: [number, Date][] = [[2, at(live, -5, 16)], [3, at(live, 0, 8)], [4, at(s.dataCollectionEnd ?? s.proposedDataCollectionEnd, 1, 9)], [5, at(s.dataCollectionEnd ?? s.proposedDataCollectionEnd, 12, 15)]];
      let from = 1;
      for (const [to, when] of steps) {
        if (s.phaseId < to) break;
        if (to === 3) events.push({ studyId: s.id, kind: 'first_live_session', at: when });
        events.push({ studyId: s.id, kind: 'phase_changed', detail: { from, to, reason: to === 5 ? 'complete' : 'facts' }, at: when });
        if (to === 5) events.push({ studyId: s.id, kind: 'completed', at: new Date(when.getTime() + 1000) });
        from = to;
      }
    }
    for (let i = 0; i < events.length; i += 500) await tx.insert(studyEvent).values(events.slice(i, i + 500));
    // One run-through waiting for the respondent runner: queued, never a made-up result.
    const setup = studies.find((s) => s.phaseId === 1 && panels.some((p) => p.studyId === s.id)) ?? studies.find((s) => s.phaseId === 1);
    if (setup && admin) {
      const when = at(setup.proposalSignoffDate, 3, 12);
      const [r] = await tx.insert(runThrough).values({ studyId: setup.id, requestedBy: admin.id, isTest: true, status: 'queued', createdAt: when }).returning({ id: runThrough.id });
      await tx.insert(studyEvent).values({ studyId: setup.id, kind: 'run_through_ordered', userId: admin.id, detail: { run_through_id: r.id }, at: when });
    }
    return events.length;
  });
}

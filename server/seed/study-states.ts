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
    // Each company's first study user launches and completes its studies in the demo.
    const researchers = new Map<number, number>();
    for (const u of await tx.select({ id: appUser.id, companyId: appUser.companyId, type: appUser.userTypeId, su: appUser.superUser }).from(appUser).orderBy(asc(appUser.id))) {
      if (u.type === 1 && !u.su && !researchers.has(u.companyId)) researchers.set(u.companyId, u.id);
    }
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
      // The life cycle as the product records it (services/study-management.ts): QA when a test ran,
      // the researcher's launch (Setup → QA → Data Collection), the first counted live session at
      // the actual start, a super user closing fieldwork (Analysis) or the researcher's completion
      // at the actual end. Dates are the study's own, so timeline, overview and list agree.
      const by = researchers.get(s.companyId) ?? null;
      const start = s.dataCollectionStart ?? s.proposedDataCollectionStart;
      if (s.phaseId >= 2) {
        events.push({ studyId: s.id, kind: 'phase_changed', detail: { from: 1, to: 2, reason: 'facts' }, at: at(start, -5, 16) });
      }
      if (s.phaseId >= 3) {
        const launchedAt = at(start, -1, 15);
        events.push({ studyId: s.id, kind: 'phase_changed', userId: by, detail: { from: 2, to: 3, reason: 'launch' }, at: launchedAt });
        events.push({ studyId: s.id, kind: 'launched', userId: by, at: new Date(launchedAt.getTime() + 1000) });
        if (s.dataCollectionStart) events.push({ studyId: s.id, kind: 'first_live_session', at: s.dataCollectionStart });
      }
      const end = s.dataCollectionEnd;
      if (s.phaseId === 4 && end) {
        events.push({ studyId: s.id, kind: 'phase_changed', userId: admin?.id ?? null, detail: { from: 3, to: 4, reason: 'super_user' }, at: end });
      }
      if (s.phaseId === 5 && end) {
        events.push({ studyId: s.id, kind: 'phase_changed', userId: by, detail: { from: 3, to: 5, reason: 'complete' }, at: end });
        events.push({ studyId: s.id, kind: 'completed', userId: by, at: end });
      }
    }
    // One study of each company that is collecting is paused, so the demo shows that state too.
    for (const companyId of new Set(studies.map((s) => s.companyId))) {
      const live = studies.filter((s) => s.companyId === companyId && s.live && !s.completed && s.phaseId === 3);
      const last = live.length > 1 ? live[live.length - 1] : null;
      if (!last?.dataCollectionStart) continue;
      await tx.update(study).set({ paused: true }).where(eq(study.id, last.id));
      events.push({ studyId: last.id, kind: 'paused', userId: researchers.get(companyId) ?? null, at: at(last.dataCollectionStart, 9, 17) });
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

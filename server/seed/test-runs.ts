// The demo's validation history (issue 38). The simulator makes every 30th respondent a test-link
// session, so a seeded company listed hundreds of 'Test link: R…' rows in My Validations (the
// researcher's page ran to 52 pages). A real team checks a study a few times before and during
// fieldwork: here each study's test sessions are grouped into a handful of run-throughs over the
// last weeks, with mixed results, and each session belongs to its run (run_through_id), so My
// Validations shows one row per run, as it does for a real Automate run.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appUser, participant, runThrough, step, study, cell } from '../db/schema/index.js';
import type { CellCheck } from '../domain/run-through.js';

/** At most this many runs per study. */
export const RUNS_PER_STUDY = 3;
const DAY = 86_400_000;

const label = (type: string) => type.charAt(0).toUpperCase() + type.slice(1);

/**
 * Groups the study's test sessions not yet in a run into at most RUNS_PER_STUDY run-throughs,
 * dated days to weeks before `now`, oldest first; returns how many runs were made. A run fails
 * when one of its sessions ended early (screened out, quota full), and, deterministically, about
 * one run in four fails a render check of a stim or page step, as automated checks do.
 */
export async function seedTestRuns(db: Db, studyId: number, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const sessions = await tx.select({ id: participant.id, status: participant.status, cellId: participant.cellId })
      .from(participant)
      .where(and(eq(participant.studyId, studyId), eq(participant.isTest, true), isNull(participant.runThroughId)))
      .orderBy(asc(participant.id));
    if (!sessions.length) return 0;
    const [owner] = await tx.select({ companyId: study.companyId }).from(study).where(eq(study.id, studyId));
    // The company's study users take turns ordering runs; a super user when the company has none.
    const team = await tx.select({ id: appUser.id }).from(appUser)
      .where(and(eq(appUser.companyId, owner.companyId), eq(appUser.userTypeId, 1))).orderBy(asc(appUser.id));
    const requesters = team.length ? team : await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.superUser, true)).orderBy(asc(appUser.id)).limit(1);
    if (!requesters.length) return 0;
    const cells = await tx.select({ id: cell.id, name: cell.name }).from(cell).where(eq(cell.studyId, studyId)).orderBy(asc(cell.id));
    const steps = await tx.select({ id: step.id, cellId: step.cellId, position: step.position, type: step.stepType, name: step.name })
      .from(step).where(eq(step.studyId, studyId)).orderBy(asc(step.cellId), asc(step.position), asc(step.id));

    const runs = Math.min(RUNS_PER_STUDY, sessions.length);
    let made = 0;
    for (let r = 0; r < runs; r++) {
      const mine = sessions.filter((_, i) => Math.floor((i * runs) / sessions.length) === r);
      const ended = mine.find((s) => s.status !== 'complete');
      // Which cell and step a render check failed on: a stim or page step of the first cell.
      const renderFails = !ended && (studyId + r) % 4 === 1;
      const checks: CellCheck[] = cells.map((c, ci) => {
        const own = steps.filter((s) => s.cellId === c.id);
        const failAt = renderFails && ci === 0 ? own.findIndex((s) => ['stim', 'cache', 'embedded', 'external'].includes(s.type)) : -1;
        const endedHere = ended && ended.cellId === c.id;
        const list = own.map((s, i) => ({
          position: i + 1, step_id: s.id, type: label(s.type), name: s.name,
          status: (i === failAt ? 'failed' : 'passed') as 'passed' | 'failed',
          reason: i === failAt ? 'did not render within 20 s' : null,
        }));
        const reason = endReason(endedHere ? ended!.status : null) ?? (failAt >= 0 ? `step ${failAt + 1} (${list[failAt].name || list[failAt].type}): did not render within 20 s` : null);
        return { cell_id: c.id, cell_name: c.name, status: reason ? 'failed' : 'passed', reason, steps: list, refused_requests: [], refused_total: 0 };
      });
      const failed = checks.find((c) => c.status === 'failed');
      // Oldest first, about a week apart, the last a few days ago; the hour varies by study.
      const at = new Date(now.getTime() - ((runs - 1 - r) * 7 + 2 + (studyId % 3)) * DAY - ((studyId * 7 + r * 5) % 9) * 3_600_000);
      const [row] = await tx.insert(runThrough).values({
        studyId, requestedBy: requesters[(studyId + r) % requesters.length].id, isTest: true,
        status: failed ? 'failed' : 'passed',
        result: failed ? `${failed.cell_name}, ${failed.reason}` : null,
        results: checks, createdAt: at, finishedAt: new Date(at.getTime() + 12 * 60_000),
      }).returning({ id: runThrough.id });
      await tx.update(participant).set({ runThroughId: row.id }).where(inArray(participant.id, mine.map((s) => s.id)));
      made += 1;
    }
    return made;
  });
}

function endReason(status: string | null): string | null {
  if (!status || status === 'complete') return null;
  return status === 'screenout' ? 'the test session was screened out' : status === 'quota_full' ? 'the test session met a full quota' : `the test session ended: ${status}`;
}

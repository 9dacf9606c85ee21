// Study management rules over the repository (routes/study calls these): the phase that follows
// the facts, completion, subscriptions and their notifications, panels and run-throughs with
// their timeline entries. Every multi-row change is one transaction. Notifications are written
// to the outbox in the transaction of the change; when SMTP is configured they are 'pending' and
// the caller queues the mail job for the returned ids after the commit.
import type { Db } from '../db/client.js';
import * as repo from '../repositories/study-management.js';
import { PHASE_NAMES, launchChecks, phaseFromFacts, type LaunchCheck } from '../domain/study-phase.js';
import { saveConsentText } from './consent.js';

export const phaseName = (id: number) => PHASE_NAMES[id] ?? PHASE_NAMES[1];

/** dd/mm/yyyy (UTC), the product's date format. */
export function ddmmyyyy(d: Date | null): string {
  if (!d) return 'pending';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/** What a timeline entry says, from its kind and values (worded at read time, so wording can change). */
export function eventText(kind: string, detail: unknown): string {
  const d = (detail ?? {}) as Record<string, unknown>;
  const s = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : '');
  const date = (k: string) => (typeof d[k] === 'string' && d[k] ? ddmmyyyy(new Date(d[k] as string)) : 'pending');
  switch (kind) {
    case 'created': return 'Study created';
    case 'details_edited': return 'Study details edited';
    case 'fieldwork_dates': return `Fieldwork dates set: ${date('start')} – ${date('end')}`;
    case 'panel_added': return `Panel '${s('name')}' added`;
    case 'panel_edited': return `Panel '${s('name')}' edited`;
    case 'panel_removed': return `Panel '${s('name')}' removed`;
    case 'run_through_ordered': return 'Run-through ordered';
    case 'run_through_result': return `Run-through ${s('status') || 'finished'}${s('result') ? `: ${s('result')}` : ''}`;
    case 'first_live_session': return 'First live session received';
    case 'phase_changed': return `Phase changed: ${phaseName(Number(d.from))} → ${phaseName(Number(d.to))}`;
    case 'completed': return 'Study completed';
    case 'launched': return Array.isArray(d.overridden) && d.overridden.length
      ? `Study launched, checks overridden: ${(d.overridden as unknown[]).map(String).join('; ')}` : 'Study launched';
    case 'paused': return 'Fieldwork paused';
    case 'resumed': return 'Fieldwork resumed';
    case 'subscribed': return `${s('email')} subscribed to study updates`;
    case 'design_unlocked': return `Cells and steps unlocked for editing (${Number(d.sessions) || 0} counted sessions collected)`;
    case 'respondent_erased': return Number(d.count) === 1 ? "1 respondent's data erased on request" : `${Number(d.count) || 0} sessions of one respondent erased on request`;
    case 'raw_gaze_removed': return `Raw gaze older than ${Number(d.days) || 0} days removed under the company's retention policy`;
    case 'retention_removed': return `Respondent data removed under the company's retention policy (${Number(d.count) || 0} sessions)`;
    default: return kind;
  }
}

export interface TimelineItem { id: number; kind: string; text: string; at: string; by: string | null }

/** The order timeline, oldest first; the creation entry comes from the study row when none is stored. */
export async function timeline(db: Db, study: repo.StudyRow): Promise<TimelineItem[]> {
  const events = await repo.eventsOf(db, study.id);
  const items = events.map((e) => ({ id: e.id, kind: e.kind, text: eventText(e.kind, e.detail), at: new Date(e.at).toISOString(), by: e.by }));
  if (!events.some((e) => e.kind === 'created')) {
    items.unshift({ id: 0, kind: 'created', text: eventText('created', null), at: new Date(study.createdAt).toISOString(), by: null });
  }
  return items;
}

// ---- notifications ------------------------------------------------------------------------------------

export interface MailSettings {
  /** SMTP configured: notifications are 'pending' for the mail job; otherwise 'recorded'. */
  smtp: boolean;
  /** PUBLIC_URL, for links in the mail (a path alone otherwise). */
  publicUrl?: string;
}

/** One outbox row per subscriber of the study; returns the ids the mail job must send. */
async function notifySubscribers(tx: Db, study: repo.StudyRow, eventId: number, headline: string, mail: MailSettings): Promise<number[]> {
  const people = await repo.subscribers(tx, study.id);
  const link = `${(mail.publicUrl ?? '').replace(/\/+$/, '')}/my_studies/overview/${study.id}`;
  const ids = await repo.insertOutbox(tx, people.map((p) => ({
    studyId: study.id, eventId, userId: p.userId, email: p.email,
    subject: `${study.name}: ${headline}`,
    body: `${headline}\n\nStudy: ${study.name}\nOverview: ${link}\n\nYou receive this because you subscribed to this study's updates.`,
    status: mail.smtp ? 'pending' as const : 'recorded' as const,
  })));
  return mail.smtp ? ids : [];
}

// ---- phases and the life cycle -----------------------------------------------------------------------

export interface PhaseResult { phaseId: number; changed: boolean; mail: number[] }

/**
 * Moves the phase forward when the facts say so (never back), with its timeline entries
 * (first live session, phase change) and subscriber notifications, in one transaction. A move to
 * Data Collection by facts (counted live sessions sent through the collection API before any
 * launch) is dated at the first live session, and the study is then live: it is collecting.
 */
export async function refreshPhase(db: Db, studyId: number, mail: MailSettings, now = new Date()): Promise<PhaseResult> {
  return repo.inTransaction(db, async (tx) => {
    const study = await repo.lockStudy(tx, studyId);
    if (!study) return { phaseId: 1, changed: false, mail: [] };
    const facts = await repo.studyFacts(tx, studyId);
    const first = facts.firstLiveSession;
    if (first && !(await repo.hasEvent(tx, studyId, 'first_live_session'))) {
      await repo.insertEvent(tx, { studyId, kind: 'first_live_session', at: first });
    }
    const target = phaseFromFacts(study.phaseId, facts);
    if (target <= study.phaseId) return { phaseId: study.phaseId, changed: false, mail: [] };
    const out: number[] = [];
    let from = study.phaseId;
    if (from < 2) {
      // Set-up to QA when the QA facts came; straight on to data collection, the QA entry first.
      const qaAt = target >= 3 && first && first.getTime() < now.getTime() ? first : now;
      const eventId = await repo.insertEvent(tx, { studyId, kind: 'phase_changed', detail: { from, to: 2, reason: 'facts' }, at: qaAt });
      if (target === 2) out.push(...await notifySubscribers(tx, study, eventId, `now in ${phaseName(2)}`, mail));
      from = 2;
    }
    if (target >= 3) {
      await repo.updateStudy(tx, studyId, { phaseId: 3, live: !study.completed, dataCollectionStart: study.dataCollectionStart ?? first });
      const eventId = await repo.insertEvent(tx, { studyId, kind: 'phase_changed', detail: { from, to: 3, reason: 'facts' }, at: first ?? now });
      out.push(...await notifySubscribers(tx, study, eventId, `now in ${phaseName(3)}`, mail));
    } else {
      await repo.updateStudy(tx, studyId, { phaseId: target });
    }
    return { phaseId: target, changed: true, mail: out };
  });
}

export type LifecycleResult = { ok: true; mail: number[]; phaseId: number } | { ok: false; status: 403 | 404 | 409; reason: string; errors?: Record<string, string> };

/** The launch checks of a study as it is now (the overview lists them; launch refuses on any unmet). */
export async function launchChecksOf(db: Db, studyId: number): Promise<LaunchCheck[]> {
  const [cells, facts] = await Promise.all([repo.cellStepCounts(db, studyId), repo.studyFacts(db, studyId)]);
  return launchChecks({ cells, panelCount: facts.panelCount, passedTests: facts.passedTests });
}

/** The life-cycle message when a study is not where an action needs it (the same words for the API and the overview). */
export const LIFECYCLE_MESSAGES = {
  completed: 'The study is already complete',
  launched: 'The study is already launched',
  notLive: 'Only a live study can be paused',
  alreadyPaused: 'The study is already paused',
  notPaused: 'The study is not paused',
  checks: 'The study cannot be launched yet',
  overrideSuperUser: 'Only super users may launch a study whose checks are unmet',
} as const;

/**
 * Launches the study: Setup → QA → Data Collection, live true, take links open. Refused (409) while
 * a launch check is unmet, each one named in errors; a super user may override them, and the
 * overridden checks are kept in the timeline entry. One transaction; subscribers are notified.
 */
export async function launchStudy(db: Db, studyId: number, user: { id: number; superUser: boolean }, override: boolean, mail: MailSettings): Promise<LifecycleResult> {
  return repo.inTransaction(db, async (tx) => {
    const study = await repo.lockStudy(tx, studyId);
    if (!study) return { ok: false, status: 404, reason: 'Study not found' };
    if (study.completed || study.phaseId >= 4) return { ok: false, status: 409, reason: study.completed ? LIFECYCLE_MESSAGES.completed : `The study is in ${phaseName(study.phaseId)}: its fieldwork is over` };
    // A study in data collection that is not live (data from before launches existed) may be launched to open its links.
    if (study.live) return { ok: false, status: 409, reason: LIFECYCLE_MESSAGES.launched };
    const unmet = (await launchChecksOf(tx, studyId)).filter((c) => !c.passed);
    if (unmet.length && !override) {
      return { ok: false, status: 409, reason: LIFECYCLE_MESSAGES.checks, errors: Object.fromEntries(unmet.map((c) => [c.id, c.message ?? c.label])) };
    }
    if (unmet.length && !user.superUser) return { ok: false, status: 403, reason: LIFECYCLE_MESSAGES.overrideSuperUser };
    await repo.updateStudy(tx, studyId, { phaseId: 3, live: true, paused: false });
    let from = study.phaseId;
    if (from < 2) {
      await repo.insertEvent(tx, { studyId, kind: 'phase_changed', userId: user.id, detail: { from, to: 2, reason: 'launch' } });
      from = 2;
    }
    if (from < 3) await repo.insertEvent(tx, { studyId, kind: 'phase_changed', userId: user.id, detail: { from, to: 3, reason: 'launch' } });
    const eventId = await repo.insertEvent(tx, {
      studyId, kind: 'launched', userId: user.id, detail: unmet.length ? { overridden: unmet.map((c) => c.label) } : null,
    });
    return { ok: true, phaseId: 3, mail: await notifySubscribers(tx, study, eventId, 'the study is live', mail) };
  });
}

/** Pauses (or resumes) a live study's fieldwork: take links answer 'paused'; live stays true (docs/decisions.md). */
export async function setPaused(db: Db, studyId: number, userId: number, paused: boolean, mail: MailSettings): Promise<LifecycleResult> {
  return repo.inTransaction(db, async (tx) => {
    const study = await repo.lockStudy(tx, studyId);
    if (!study) return { ok: false, status: 404, reason: 'Study not found' };
    if (study.completed) return { ok: false, status: 409, reason: LIFECYCLE_MESSAGES.completed };
    if (!study.live) return { ok: false, status: 409, reason: LIFECYCLE_MESSAGES.notLive };
    if (study.paused === paused) return { ok: false, status: 409, reason: paused ? LIFECYCLE_MESSAGES.alreadyPaused : LIFECYCLE_MESSAGES.notPaused };
    await repo.updateStudy(tx, studyId, { paused });
    const eventId = await repo.insertEvent(tx, { studyId, kind: paused ? 'paused' : 'resumed', userId });
    return { ok: true, phaseId: study.phaseId, mail: await notifySubscribers(tx, study, eventId, paused ? 'fieldwork is paused' : 'fieldwork has resumed', mail) };
  });
}

export type CompleteResult = { ok: true; mail: number[] } | { ok: false; reason: string };

/**
 * Ends the study: live false, paused false, completed true, phase 5, and the actual end of
 * fieldwork now (kept when a super user already closed fieldwork); one transaction; a second
 * call changes nothing.
 */
export async function completeStudy(db: Db, studyId: number, userId: number, mail: MailSettings): Promise<CompleteResult> {
  return repo.inTransaction(db, async (tx) => {
    const study = await repo.lockStudy(tx, studyId);
    if (!study) return { ok: false, reason: 'Study not found' };
    if (study.phaseId >= 5 || study.completed) return { ok: false, reason: LIFECYCLE_MESSAGES.completed };
    if (study.phaseId < 3) return { ok: false, reason: `A study can be completed from ${phaseName(3)} on; this one is in ${phaseName(study.phaseId)}` };
    const now = new Date();
    await repo.updateStudy(tx, studyId, { live: false, paused: false, completed: true, phaseId: 5, dataCollectionEnd: study.dataCollectionEnd ?? now });
    await repo.insertEvent(tx, { studyId, kind: 'phase_changed', userId, detail: { from: study.phaseId, to: 5, reason: 'complete' }, at: now });
    const eventId = await repo.insertEvent(tx, { studyId, kind: 'completed', userId, at: now });
    return { ok: true, mail: await notifySubscribers(tx, study, eventId, 'the study is complete', mail) };
  });
}

export type AdvanceResult = { ok: true; mail: number[] } | { ok: false; reason: string };

/**
 * A super user moves the study to a later phase (2–4); forward only. Moving to Data Collection
 * launches it (live, whatever the checks); moving to Analysis closes fieldwork (not live, actual
 * end now), so the flags always match the phase.
 */
export async function advancePhase(db: Db, studyId: number, userId: number, to: number, mail: MailSettings): Promise<AdvanceResult> {
  return repo.inTransaction(db, async (tx) => {
    const study = await repo.lockStudy(tx, studyId);
    if (!study) return { ok: false, reason: 'Study not found' };
    if (to <= study.phaseId) return { ok: false, reason: `Phases only move forward: the study is in ${phaseName(study.phaseId)}` };
    const patch: Parameters<typeof repo.updateStudy>[2] = { phaseId: to };
    if (to === 3) Object.assign(patch, { live: true, paused: false });
    if (to === 4) Object.assign(patch, { live: false, paused: false, dataCollectionEnd: study.dataCollectionEnd ?? new Date() });
    await repo.updateStudy(tx, studyId, patch);
    const eventId = await repo.insertEvent(tx, { studyId, kind: 'phase_changed', userId, detail: { from: study.phaseId, to, reason: 'super_user' } });
    return { ok: true, mail: await notifySubscribers(tx, study, eventId, `now in ${phaseName(to)}`, mail) };
  });
}

// ---- subscriptions ----------------------------------------------------------------------------------

export async function actionsView(db: Db, studyId: number) {
  const [actions, subs] = await Promise.all([repo.actionList(db), repo.subscriptionsOf(db, studyId)]);
  return actions.map((a) => ({
    id: a.id, name: a.name, type: a.type,
    assignments: subs.filter((s) => s.actionId === a.id).map((s) => ({ email: s.email })),
  }));
}

export type SubscribeResult = { ok: true; email: string } | { ok: false; field: string; reason: string };

/** Follows (or stops following) the study's actions with the user's e-mail; idempotent. */
export async function setSubscription(db: Db, studyId: number, userId: number, opts: { actionIds?: number[]; subscribe: boolean }): Promise<SubscribeResult> {
  return repo.inTransaction(db, async (tx) => {
    const user = await repo.userContact(tx, userId);
    const email = user?.email?.trim();
    if (!email) return { ok: false, field: 'email', reason: 'Your profile has no e-mail address: add one in My details first' };
    const known = (await repo.actionList(tx)).map((a) => a.id);
    const ids = opts.actionIds ?? known;
    const unknown = ids.find((id) => !known.includes(id));
    if (unknown !== undefined) return { ok: false, field: 'action_ids', reason: `no action ${unknown}` };
    if (opts.subscribe) {
      const before = (await repo.subscriptionsOf(tx, studyId)).some((s) => s.userId === userId);
      await repo.subscribe(tx, studyId, userId, email, ids);
      if (!before) await repo.insertEvent(tx, { studyId, kind: 'subscribed', userId, detail: { email } });
    } else {
      await repo.unsubscribe(tx, studyId, userId, ids);
    }
    return { ok: true, email };
  });
}

// ---- panels and run-throughs ------------------------------------------------------------------------

export async function createPanel(db: Db, studyId: number, userId: number, f: repo.PanelFields): Promise<repo.PanelRow> {
  return repo.inTransaction(db, async (tx) => {
    const row = await repo.insertPanel(tx, studyId, f);
    await repo.insertEvent(tx, { studyId, kind: 'panel_added', userId, detail: { panel_id: row.id, name: row.name } });
    return row;
  });
}

export async function editPanel(db: Db, studyId: number, panelId: number, userId: number, f: repo.PanelFields): Promise<repo.PanelRow | null> {
  return repo.inTransaction(db, async (tx) => {
    const row = await repo.updatePanel(tx, studyId, panelId, f);
    if (row) await repo.insertEvent(tx, { studyId, kind: 'panel_edited', userId, detail: { panel_id: row.id, name: row.name } });
    return row;
  });
}

export async function deletePanel(db: Db, studyId: number, panelId: number, userId: number): Promise<boolean> {
  return repo.inTransaction(db, async (tx) => {
    const row = await repo.findPanel(tx, studyId, panelId);
    if (!row) return false;
    await repo.removePanel(tx, studyId, panelId);
    await repo.insertEvent(tx, { studyId, kind: 'panel_removed', userId, detail: { panel_id: row.id, name: row.name } });
    return true;
  });
}

/** Records a run-through request (status 'queued' until the respondent runner executes it). */
export async function orderRunThrough(db: Db, studyId: number, userId: number): Promise<number> {
  return repo.inTransaction(db, async (tx) => {
    const id = await repo.insertRunThrough(tx, studyId, userId);
    await repo.insertEvent(tx, { studyId, kind: 'run_through_ordered', userId, detail: { run_through_id: id } });
    return id;
  });
}

/**
 * Edits the study row; a change of the fieldwork dates is written to the timeline, a changed
 * consent text becomes its next version (one transaction).
 */
export async function editStudy(db: Db, studyId: number, userId: number, patch: Parameters<typeof repo.updateStudy>[2], consentText?: string): Promise<void> {
  await repo.inTransaction(db, async (tx) => {
    const before = await repo.lockStudy(tx, studyId);
    if (!before) return;
    await repo.updateStudy(tx, studyId, patch);
    if (consentText !== undefined) await saveConsentText(tx, studyId, consentText, userId);
    const t = (d: Date | null | undefined) => (d ? new Date(d).getTime() : null);
    const startChanged = 'proposedDataCollectionStart' in patch && t(patch.proposedDataCollectionStart) !== t(before.proposedDataCollectionStart);
    const endChanged = 'proposedDataCollectionEnd' in patch && t(patch.proposedDataCollectionEnd) !== t(before.proposedDataCollectionEnd);
    if (startChanged || endChanged) {
      const start = 'proposedDataCollectionStart' in patch ? patch.proposedDataCollectionStart : before.proposedDataCollectionStart;
      const end = 'proposedDataCollectionEnd' in patch ? patch.proposedDataCollectionEnd : before.proposedDataCollectionEnd;
      const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
      await repo.insertEvent(tx, { studyId, kind: 'fieldwork_dates', userId, detail: { start: iso(start), end: iso(end) } });
    }
  });
}

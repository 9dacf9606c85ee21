// SQL of the study overview and management area (routes/study, services/study-management): the
// study row with its lookup names, counts and facts the phase follows, panels, files, actions and
// subscriptions, run-throughs, the order timeline (study_event) and the notification outbox.
// Callers resolve the study within the acting company first (routes/common.ts companyStudy);
// panel and file functions still take the study id so a panel of another study is never touched.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  actionSubscription, appUser, notificationOutbox, panel, participant, runThrough, study, studyAction, studyEvent, studyFile,
} from '../db/schema/index.js';
import { countedSql, rows } from './sql.js';
import { inStudy } from './stims.js';

export type StudyRow = typeof study.$inferSelect;
export type PanelRow = typeof panel.$inferSelect;

/** Runs fn in one transaction (the drizzle transaction typed as the Db every function takes). */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}

export async function studyRow(db: Db, studyId: number): Promise<StudyRow | null> {
  const r = await db.select().from(study).where(eq(study.id, studyId)).limit(1);
  return r[0] ?? null;
}

/** Locks the study row for the rest of the transaction (completion, phase moves). */
export async function lockStudy(db: Db, studyId: number): Promise<StudyRow | null> {
  const r = await db.select().from(study).where(eq(study.id, studyId)).for('update').limit(1);
  return r[0] ?? null;
}

export async function updateStudy(db: Db, studyId: number, patch: Partial<typeof study.$inferInsert>): Promise<void> {
  await db.update(study).set({ ...patch, updatedAt: new Date() }).where(eq(study.id, studyId));
}

export interface LookupRef { id: number; code: string; name: string }

/** A lookup item by kind and id / code / name (case-insensitive for names). */
export async function lookupBy(db: Db, kind: string, by: { id?: number; code?: string; name?: string }): Promise<LookupRef | null> {
  const cond = by.id !== undefined ? sql`id = ${by.id}`
    : by.code !== undefined ? sql`lower(code) = lower(${by.code})`
      : sql`lower(name) = lower(${by.name ?? ''})`;
  const r = await rows<LookupRef>(db, sql`select id::int as id, code, name from lookup_item where kind = ${kind} and ${cond} limit 1`);
  return r[0] ? { ...r[0], id: Number(r[0].id) } : null;
}

/** A screening question group the company may use (its own or the product's), or null. */
export async function preassignGroup(db: Db, companyId: number, groupId: number): Promise<{ id: number; name: string } | null> {
  const r = await rows<{ id: number; name: string }>(db, sql`
    select id::int as id, name from question_group
    where id = ${groupId} and is_preassign and (company_id is null or company_id = ${companyId}) limit 1`);
  return r[0] ? { id: Number(r[0].id), name: r[0].name } : null;
}

export async function questionGroupName(db: Db, groupId: number | null): Promise<string | null> {
  if (!groupId) return null;
  const r = await rows<{ name: string }>(db, sql`select name from question_group where id = ${groupId}`);
  return r[0]?.name ?? null;
}

/** The facts the overview counts and the phase follows. */
export interface StudyFacts {
  cellCount: number;
  stepCount: number;
  /** Cells that hold at least one step. */
  cellsWithSteps: number;
  /** The Study Specific Stims list's length (stims.ts inStudy: made for the study or placed on its steps). */
  stimCount: number;
  panelCount: number;
  participantsReturned: number;
  questionCount: number;
  /** Executed run-throughs (passed or failed), or test sessions recorded. */
  qaRuns: number;
  /** Run-throughs that passed plus test sessions stored as complete: the launch's test-run check. */
  passedTests: number;
  /**
   * The actual start of fieldwork: study.data_collection_start (written when the first counted
   * live session is stored, repositories/ingest.ts), else the first counted live session itself.
   */
  firstLiveSession: Date | null;
}

export async function studyFacts(db: Db, studyId: number): Promise<StudyFacts> {
  const [r] = await rows<Record<string, unknown>>(db, sql`
    select
      (select count(*) from cell where study_id = ${studyId})::int as "cellCount",
      (select count(*) from step where study_id = ${studyId})::int as "stepCount",
      (select count(distinct cell_id) from step where study_id = ${studyId})::int as "cellsWithSteps",
      (select count(*) from stim s where s.deleted_at is null
         and s.company_id = (select company_id from study where id = ${studyId}) and ${inStudy(studyId)})::int as "stimCount",
      (select count(*) from panel where study_id = ${studyId})::int as "panelCount",
      (select count(*) from participant where study_id = ${studyId} and status = 'complete' and not is_test)::int as "participantsReturned",
      (select count(distinct q.id) from step st join question q on q.question_group_id = st.question_group_id
        where st.study_id = ${studyId} and st.step_type = 'question')::int as "questionCount",
      ((select count(*) from run_through where study_id = ${studyId} and status in ('passed', 'failed'))
        + (select count(*) from participant where study_id = ${studyId} and is_test and run_through_id is null))::int as "qaRuns",
      ((select count(*) from run_through where study_id = ${studyId} and status = 'passed')
        + (select count(*) from participant where study_id = ${studyId} and is_test and status = 'complete' and run_through_id is null))::int as "passedTests",
      coalesce((select data_collection_start from study where id = ${studyId}),
        (select min(p.created_at) from participant p where p.study_id = ${studyId} and ${countedSql})) as "firstLiveSession"`);
  const n = (k: string) => Number(r?.[k] ?? 0);
  const first = r?.firstLiveSession;
  return {
    cellCount: n('cellCount'), stepCount: n('stepCount'), cellsWithSteps: n('cellsWithSteps'), stimCount: n('stimCount'),
    panelCount: n('panelCount'), participantsReturned: n('participantsReturned'), questionCount: n('questionCount'),
    qaRuns: n('qaRuns'), passedTests: n('passedTests'), firstLiveSession: first ? new Date(first as string) : null,
  };
}

/** The cells with their step counts, in board order (the launch's per-cell check names them). */
export async function cellStepCounts(db: Db, studyId: number): Promise<{ name: string; steps: number }[]> {
  const r = await rows<{ name: string; steps: number }>(db, sql`
    select c.name, (select count(*) from step st where st.cell_id = c.id)::int as steps
    from cell c where c.study_id = ${studyId} order by c.position, c.id`);
  return r.map((c) => ({ name: c.name, steps: Number(c.steps) }));
}

/** The Study Specific Stims list (stims.ts inStudy, by name): the overview lists and counts the same stims. */
export async function studyStimNames(db: Db, studyId: number): Promise<{ id: number; name: string }[]> {
  const r = await rows<{ id: number; name: string }>(db, sql`
    select s.id::int as id, s.name from stim s where s.deleted_at is null
      and s.company_id = (select company_id from study where id = ${studyId}) and ${inStudy(studyId)}
    order by lower(s.name), s.id`);
  return r.map((x) => ({ id: Number(x.id), name: x.name }));
}

export async function cellsOf(db: Db, studyId: number): Promise<{ id: number; name: string; shortName: string }[]> {
  const r = await rows<{ id: number; name: string; shortName: string }>(db, sql`
    select id::int as id, name, short_name as "shortName" from cell where study_id = ${studyId} order by position, id`);
  return r.map((c) => ({ ...c, id: Number(c.id) }));
}

// ---- panels ----------------------------------------------------------------------------------------

export async function panelsOf(db: Db, studyId: number): Promise<PanelRow[]> {
  return db.select().from(panel).where(eq(panel.studyId, studyId)).orderBy(asc(panel.id));
}

export async function findPanel(db: Db, studyId: number, panelId: number): Promise<PanelRow | null> {
  const r = await db.select().from(panel).where(and(eq(panel.id, panelId), eq(panel.studyId, studyId))).limit(1);
  return r[0] ?? null;
}

export type PanelFields = Pick<typeof panel.$inferInsert,
  'name' | 'code' | 'successRedirectUrl' | 'screenoutRedirectUrl' | 'quotaFullRedirectUrl' | 'participantInsertParameter'>;

export async function insertPanel(db: Db, studyId: number, f: PanelFields): Promise<PanelRow> {
  const [row] = await db.insert(panel).values({ studyId, ...f }).returning();
  return row;
}

export async function updatePanel(db: Db, studyId: number, panelId: number, f: PanelFields): Promise<PanelRow | null> {
  const [row] = await db.update(panel).set(f).where(and(eq(panel.id, panelId), eq(panel.studyId, studyId))).returning();
  return row ?? null;
}

/** Respondents who came through the panel keep their data; the reference to it is cleared (FK set null). */
export async function removePanel(db: Db, studyId: number, panelId: number): Promise<boolean> {
  const r = await db.delete(panel).where(and(eq(panel.id, panelId), eq(panel.studyId, studyId))).returning({ id: panel.id });
  return r.length > 0;
}

// ---- files -----------------------------------------------------------------------------------------

export async function filesOf(db: Db, studyId: number) {
  return db.select().from(studyFile).where(eq(studyFile.studyId, studyId)).orderBy(asc(studyFile.id));
}

export async function fileCount(db: Db, studyId: number): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(studyFile).where(eq(studyFile.studyId, studyId));
  return Number(r?.n ?? 0);
}

// ---- actions and subscriptions --------------------------------------------------------------------

export async function actionList(db: Db): Promise<{ id: number; name: string; type: string }[]> {
  return db.select({ id: studyAction.id, name: studyAction.name, type: studyAction.type }).from(studyAction).orderBy(asc(studyAction.id));
}

export async function subscriptionsOf(db: Db, studyId: number): Promise<{ actionId: number; userId: number; email: string }[]> {
  return db.select({ actionId: actionSubscription.actionId, userId: actionSubscription.userId, email: actionSubscription.email })
    .from(actionSubscription).where(eq(actionSubscription.studyId, studyId)).orderBy(asc(actionSubscription.id));
}

export async function subscribe(db: Db, studyId: number, userId: number, email: string, actionIds: number[]): Promise<void> {
  if (!actionIds.length) return;
  await db.insert(actionSubscription).values(actionIds.map((actionId) => ({ actionId, studyId, userId, email })))
    .onConflictDoUpdate({ target: [actionSubscription.actionId, actionSubscription.studyId, actionSubscription.userId], set: { email } });
}

export async function unsubscribe(db: Db, studyId: number, userId: number, actionIds: number[]): Promise<void> {
  for (const actionId of actionIds) {
    await db.delete(actionSubscription).where(and(
      eq(actionSubscription.studyId, studyId), eq(actionSubscription.userId, userId), eq(actionSubscription.actionId, actionId)));
  }
}

/** One address per subscribed user of the study (whatever they follow), for notifications. */
export async function subscribers(db: Db, studyId: number): Promise<{ userId: number; email: string }[]> {
  const r = await rows<{ userId: number; email: string }>(db, sql`
    select distinct on (user_id) user_id::int as "userId", email from action_subscription
    where study_id = ${studyId} order by user_id, id`);
  return r.map((x) => ({ userId: Number(x.userId), email: x.email }));
}

export async function userContact(db: Db, userId: number): Promise<{ email: string | null; username: string } | null> {
  const r = await db.select({ email: appUser.email, username: appUser.username }).from(appUser).where(eq(appUser.id, userId)).limit(1);
  return r[0] ?? null;
}

// ---- run-throughs ---------------------------------------------------------------------------------

export interface RunThroughRow {
  id: number;
  status: string;
  result: string | null;
  isTest: boolean;
  requestedBy: string | null;
  createdAt: Date;
  /** Per cell and per step checks once finished (domain/run-through.ts CellCheck[]). */
  results: unknown;
}

export async function runThroughsOf(db: Db, studyId: number): Promise<RunThroughRow[]> {
  return db.select({
    id: runThrough.id, status: runThrough.status, result: runThrough.result, isTest: runThrough.isTest, results: runThrough.results,
    requestedBy: sql<string | null>`coalesce(${appUser.email}, ${appUser.username})`, createdAt: runThrough.createdAt,
  }).from(runThrough).leftJoin(appUser, eq(appUser.id, runThrough.requestedBy))
    .where(eq(runThrough.studyId, studyId)).orderBy(desc(runThrough.createdAt), desc(runThrough.id));
}

export async function insertRunThrough(db: Db, studyId: number, userId: number): Promise<number> {
  const [row] = await db.insert(runThrough).values({ studyId, requestedBy: userId, isTest: true, status: 'queued' }).returning({ id: runThrough.id });
  return row.id;
}

/** A run-through as its job sees it (the company it belongs to, its status). */
export async function runThroughForJob(db: Db, id: number): Promise<{ id: number; studyId: number; companyId: number; status: string } | null> {
  const r = await db.select({ id: runThrough.id, studyId: runThrough.studyId, companyId: study.companyId, status: runThrough.status })
    .from(runThrough).innerJoin(study, eq(study.id, runThrough.studyId)).where(eq(runThrough.id, id)).limit(1);
  return r[0] ?? null;
}

/** Moves a run-through on (running, then passed or failed with its per-step results). */
export async function setRunThroughStatus(db: Db, id: number, v: { status: string; result?: string | null; results?: unknown }): Promise<void> {
  const done = v.status === 'passed' || v.status === 'failed';
  await db.update(runThrough).set({
    status: v.status,
    ...(v.result !== undefined ? { result: v.result } : {}),
    ...(v.results !== undefined ? { results: v.results } : {}),
    finishedAt: done ? new Date() : null,
  }).where(eq(runThrough.id, id));
}

/** How a stored session was kept (the run-through checks it is a test session of the study). */
/** Marks a test session as taken by an Automate run (My Validations then lists the run only). */
export async function markRunThroughSession(db: Db, participantId: number, runThroughId: number): Promise<void> {
  await db.update(participant).set({ runThroughId }).where(and(eq(participant.id, participantId), eq(participant.isTest, true)));
}

export async function storedSession(db: Db, participantId: number): Promise<{ studyId: number; isTest: boolean; status: string } | null> {
  const r = await rows<{ studyId: number; isTest: boolean; status: string }>(db, sql`
    select study_id::int as "studyId", is_test as "isTest", status from participant where id = ${participantId}`);
  return r[0] ? { ...r[0], studyId: Number(r[0].studyId) } : null;
}

// ---- timeline --------------------------------------------------------------------------------------

export interface EventRow {
  id: number;
  kind: string;
  detail: unknown;
  at: Date;
  by: string | null;
}

export async function insertEvent(db: Db, e: { studyId: number; kind: string; userId?: number | null; detail?: unknown; at?: Date }): Promise<number> {
  const [row] = await db.insert(studyEvent).values({
    studyId: e.studyId, kind: e.kind, userId: e.userId ?? null, detail: e.detail ?? null, ...(e.at ? { at: e.at } : {}),
  }).returning({ id: studyEvent.id });
  return row.id;
}

export async function eventsOf(db: Db, studyId: number): Promise<EventRow[]> {
  return db.select({
    id: studyEvent.id, kind: studyEvent.kind, detail: studyEvent.detail, at: studyEvent.at,
    by: sql<string | null>`coalesce(${appUser.email}, ${appUser.username})`,
  }).from(studyEvent).leftJoin(appUser, eq(appUser.id, studyEvent.userId))
    .where(eq(studyEvent.studyId, studyId)).orderBy(asc(studyEvent.at), asc(studyEvent.id));
}

export async function hasEvent(db: Db, studyId: number, kind: string): Promise<boolean> {
  const r = await db.select({ id: studyEvent.id }).from(studyEvent).where(and(eq(studyEvent.studyId, studyId), eq(studyEvent.kind, kind))).limit(1);
  return r.length > 0;
}

// ---- outbox ----------------------------------------------------------------------------------------

export interface OutboxInput {
  studyId: number;
  eventId: number | null;
  userId: number | null;
  email: string;
  subject: string;
  body: string;
  status: 'recorded' | 'pending';
}

export async function insertOutbox(db: Db, items: OutboxInput[]): Promise<number[]> {
  if (!items.length) return [];
  const r = await db.insert(notificationOutbox).values(items).returning({ id: notificationOutbox.id });
  return r.map((x) => x.id);
}

export async function outboxItem(db: Db, id: number) {
  const r = await db.select().from(notificationOutbox).where(eq(notificationOutbox.id, id)).limit(1);
  return r[0] ?? null;
}

export async function outboxOf(db: Db, studyId: number) {
  return db.select().from(notificationOutbox).where(eq(notificationOutbox.studyId, studyId)).orderBy(asc(notificationOutbox.id));
}

export async function markOutbox(db: Db, id: number, patch: { status: string; lastError?: string | null; sentAt?: Date | null; attempt?: boolean }): Promise<void> {
  await db.update(notificationOutbox).set({
    status: patch.status,
    ...(patch.lastError !== undefined ? { lastError: patch.lastError } : {}),
    ...(patch.sentAt !== undefined ? { sentAt: patch.sentAt } : {}),
    ...(patch.attempt ? { attempts: sql`${notificationOutbox.attempts} + 1` } : {}),
  }).where(eq(notificationOutbox.id, id));
}

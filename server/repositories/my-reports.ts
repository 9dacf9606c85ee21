// SQL of My Reports (report rows and panels), embed tokens, download records and validations.
// Every read and write is scoped by the company it is given; callers pass the acting company.
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appUser, downloadRecord, embedToken, exposure, participant, reportPanel, reportRow, runThrough, step, study } from '../db/schema/index.js';
import { rows } from './sql.js';

// ---- report rows and panels -----------------------------------------------------------------------

export interface PanelRow {
  id: number;
  rowId: number;
  rowName: string;
  rowStudyId: number | null;
  name: string;
  target: string;
}

/** Every panel of the company's rows (of one study when given), rows and panels in their order. */
export async function companyPanels(db: Db, companyId: number, studyId?: number): Promise<{ rows: { id: number; name: string; studyId: number | null }[]; panels: PanelRow[] }> {
  const where = studyId === undefined ? eq(reportRow.companyId, companyId) : and(eq(reportRow.companyId, companyId), eq(reportRow.studyId, studyId));
  const rowList = await db.select({ id: reportRow.id, name: reportRow.name, studyId: reportRow.studyId })
    .from(reportRow).where(where).orderBy(asc(reportRow.position), asc(reportRow.id));
  const panels = await db.select({
    id: reportPanel.id, rowId: reportRow.id, rowName: reportRow.name, rowStudyId: reportRow.studyId, name: reportPanel.name, target: reportPanel.target,
  }).from(reportPanel).innerJoin(reportRow, eq(reportRow.id, reportPanel.reportRowId))
    .where(where).orderBy(asc(reportPanel.position), asc(reportPanel.id));
  return { rows: rowList, panels };
}

/** One panel of the company (of one study when given), or null. */
export async function companyPanel(db: Db, companyId: number, panelId: number, studyId?: number): Promise<PanelRow | null> {
  const conds = [eq(reportPanel.id, panelId), eq(reportRow.companyId, companyId)];
  if (studyId !== undefined) conds.push(eq(reportRow.studyId, studyId));
  const r = await db.select({
    id: reportPanel.id, rowId: reportRow.id, rowName: reportRow.name, rowStudyId: reportRow.studyId, name: reportPanel.name, target: reportPanel.target,
  }).from(reportPanel).innerJoin(reportRow, eq(reportRow.id, reportPanel.reportRowId)).where(and(...conds)).limit(1);
  return r[0] ?? null;
}

/** Adds a panel to the study's row of that name (made when missing), last in both orders. One transaction. */
export async function addPanel(db: Db, companyId: number, studyId: number, rowName: string, name: string, target: string): Promise<{ rowId: number; panelId: number }> {
  return db.transaction(async (tx) => {
    const found = await tx.select({ id: reportRow.id }).from(reportRow)
      .where(and(eq(reportRow.companyId, companyId), eq(reportRow.studyId, studyId), eq(reportRow.name, rowName))).limit(1);
    let rowId = found[0]?.id;
    if (rowId === undefined) {
      const [{ n }] = await tx.select({ n: sql<number>`coalesce(max(${reportRow.position}), -1)::int + 1` }).from(reportRow).where(eq(reportRow.companyId, companyId));
      [{ id: rowId }] = await tx.insert(reportRow).values({ companyId, studyId, name: rowName, position: Number(n) }).returning({ id: reportRow.id });
    }
    const [{ n }] = await tx.select({ n: sql<number>`coalesce(max(${reportPanel.position}), -1)::int + 1` }).from(reportPanel).where(eq(reportPanel.reportRowId, rowId));
    const [{ id: panelId }] = await tx.insert(reportPanel).values({ reportRowId: rowId, name, target, position: Number(n) }).returning({ id: reportPanel.id });
    return { rowId, panelId };
  });
}

/** Deletes the company's panel (its embed tokens go with it); an emptied row goes too. */
export async function deletePanel(db: Db, companyId: number, panelId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const p = await tx.select({ id: reportPanel.id, rowId: reportPanel.reportRowId }).from(reportPanel)
      .innerJoin(reportRow, eq(reportRow.id, reportPanel.reportRowId))
      .where(and(eq(reportPanel.id, panelId), eq(reportRow.companyId, companyId))).limit(1);
    if (!p[0]) return false;
    await tx.delete(reportPanel).where(eq(reportPanel.id, panelId));
    const [{ n }] = await tx.select({ n: count() }).from(reportPanel).where(eq(reportPanel.reportRowId, p[0].rowId));
    if (Number(n) === 0) await tx.delete(reportRow).where(eq(reportRow.id, p[0].rowId));
    return true;
  });
}

// ---- embed tokens -----------------------------------------------------------------------------------

export interface EmbedTokenInsert {
  companyId: number;
  createdBy: number;
  studyId: number;
  reportPanelId: number | null;
  reportKind: string | null;
  stimIds: number[] | null;
  tokenHash: string;
  expiresAt: Date;
  /** Issue 20's scopes (repositories/embed.ts lists and revokes them). */
  name?: string | null;
  reportKinds?: string[] | null;
  origins?: string[] | null;
}

export async function insertEmbedToken(db: Db, t: EmbedTokenInsert): Promise<number> {
  const [{ id }] = await db.insert(embedToken).values(t).returning({ id: embedToken.id });
  return id;
}

export interface EmbedTokenRow {
  id: number;
  companyId: number;
  createdBy: number;
  studyId: number;
  reportPanelId: number | null;
  reportKind: string | null;
  stimIds: number[] | null;
  reportKinds: string[] | null;
  origins: string[] | null;
}

/** The live (not expired, not revoked) token with this hash, or null. */
export async function liveEmbedToken(db: Db, tokenHash: string, now = new Date()): Promise<EmbedTokenRow | null> {
  const r = await db.select({
    id: embedToken.id, companyId: embedToken.companyId, createdBy: embedToken.createdBy, studyId: embedToken.studyId,
    reportPanelId: embedToken.reportPanelId, reportKind: embedToken.reportKind, stimIds: embedToken.stimIds,
    reportKinds: embedToken.reportKinds, origins: embedToken.origins,
  }).from(embedToken)
    .where(and(eq(embedToken.tokenHash, tokenHash), isNull(embedToken.revokedAt), gt(embedToken.expiresAt, now))).limit(1);
  return r[0] ?? null;
}

/** Revokes every live token of the company's panel; answers how many. */
export async function revokePanelTokens(db: Db, companyId: number, panelId: number): Promise<number> {
  const r = await db.update(embedToken).set({ revokedAt: new Date() })
    .where(and(eq(embedToken.companyId, companyId), eq(embedToken.reportPanelId, panelId), isNull(embedToken.revokedAt)))
    .returning({ id: embedToken.id });
  return r.length;
}

// ---- downloads --------------------------------------------------------------------------------------

export interface DownloadInsert {
  companyId: number;
  userId: number;
  studyId: number | null;
  name: string;
  kind: DownloadRow['kind'];
  status: DownloadRow['status'];
  sizeBytes: number | null;
  progress: number;
}

export async function insertDownload(db: Db, d: DownloadInsert): Promise<number> {
  const [{ id }] = await db.insert(downloadRecord).values(d).returning({ id: downloadRecord.id });
  return id;
}

export async function updateDownload(db: Db, id: number, set: Partial<{ status: DownloadRow['status']; progress: number; sizeBytes: number; storageKey: string; jobId: number; error: string }>): Promise<void> {
  await db.update(downloadRecord).set(set).where(eq(downloadRecord.id, id));
}

export interface DownloadRow {
  id: number;
  name: string;
  kind: 'csv' | 'visual' | 'export';
  studyId: number | null;
  studyName: string | null;
  status: 'queued' | 'running' | 'done' | 'failed';
  sizeBytes: number | null;
  progress: number;
  storageKey: string | null;
  error: string | null;
  createdAt: Date;
}

const downloadCols = {
  id: downloadRecord.id, name: downloadRecord.name, kind: downloadRecord.kind, studyId: downloadRecord.studyId, studyName: study.name,
  status: downloadRecord.status, sizeBytes: downloadRecord.sizeBytes, progress: downloadRecord.progress,
  storageKey: downloadRecord.storageKey, error: downloadRecord.error, createdAt: downloadRecord.createdAt,
};

/** The user's downloads in the company, newest first, one page. */
export async function userDownloads(db: Db, companyId: number, userId: number, page: number, size: number): Promise<{ rows: DownloadRow[]; total: number }> {
  const where = and(eq(downloadRecord.companyId, companyId), eq(downloadRecord.userId, userId));
  const list = await db.select(downloadCols).from(downloadRecord).leftJoin(study, eq(study.id, downloadRecord.studyId))
    .where(where).orderBy(desc(downloadRecord.createdAt), desc(downloadRecord.id)).limit(size).offset((page - 1) * size);
  const [{ n }] = await db.select({ n: count() }).from(downloadRecord).where(where);
  return { rows: list, total: Number(n) };
}

export async function downloadById(db: Db, id: number): Promise<DownloadRow | null> {
  const r = await db.select(downloadCols).from(downloadRecord).leftJoin(study, eq(study.id, downloadRecord.studyId)).where(eq(downloadRecord.id, id)).limit(1);
  return r[0] ?? null;
}

// ---- validations (run-throughs) ---------------------------------------------------------------------

export const VALIDATION_SORTS = { Executed_by: sql`v.executed_by`, Date: sql`v.created_at`, Result: sql`v.status` } as const;
export type ValidationSort = keyof typeof VALIDATION_SORTS;

export interface ValidationRow {
  id: number;
  /** run_through: an ordered automated run-through; test_session: a session taken on a test link. */
  kind: 'run_through' | 'test_session';
  studyId: number;
  studyName: string;
  executedBy: string | null;
  /** contract/validations.ts VALIDATION_STATUSES (a test session: passed). */
  status: 'queued' | 'running' | 'passed' | 'failed';
  result: string | null;
  isTest: boolean;
  createdAt: string;
  /** A finished run-through's per cell and per step checks; null otherwise. */
  results: unknown;
}

/**
 * The company's validations: ordered run-throughs and the sessions respondents took on a study's
 * test link (participants stored with is_test), but not those an Automate run took: the run is
 * their row, with its result (issue 38: one run showed as a Failed and a Passed row). A test session passed when it completed; otherwise
 * it failed with its end (screened out, quota full) and the last step it reached.
 */
export async function companyValidations(db: Db, companyId: number, q: { search: string; status?: string; sort: ValidationSort; desc: boolean; page: number; size: number }): Promise<{ rows: ValidationRow[]; total: number }> {
  const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const dir = sql.raw(q.desc ? 'desc' : 'asc');
  const all = sql`(
    select r.id, 'run_through' as kind, r.study_id, s.name as study_name, coalesce(u.email, u.username) as executed_by,
      r.status, r.result, r.is_test, r.created_at, r.results
    from ${runThrough} r join ${study} s on s.id = r.study_id left join ${appUser} u on u.id = r.requested_by
    where s.company_id = ${companyId}
    union all
    select p.id, 'test_session', p.study_id, s.name, 'Test link: ' || p.reference,
      case when p.status = 'complete' then 'passed' else 'failed' end,
      case when p.status = 'complete' then null
        else (case p.status when 'screenout' then 'Screened out' when 'quota_full' then 'Quota full' when 'duplicate' then 'Already completed' else p.status end)
          || coalesce((select ' after step ' || (st.position + 1) || coalesce(' (' || nullif(st.name, '') || ')', '')
               from ${exposure} e join ${step} st on st.id = e.step_id where e.participant_id = p.id order by st.position desc limit 1),
             ' before its first recorded step')
      end,
      true, p.created_at, null::jsonb
    from ${participant} p join ${study} s on s.id = p.study_id
    where s.company_id = ${companyId} and p.is_test and p.run_through_id is null
  ) v`;
  const where = sql`(${q.search} = '' or v.study_name ilike ${like} or v.executed_by ilike ${like})${q.status ? sql` and v.status = ${q.status}` : sql``}`;
  const list = await rows<ValidationRow & { studyId: number }>(db, sql`
    select v.id, v.kind, v.study_id as "studyId", v.study_name as "studyName", v.executed_by as "executedBy", v.status, v.result,
      v.is_test as "isTest", v.created_at as "createdAt", v.results
    from ${all} where ${where}
    order by ${VALIDATION_SORTS[q.sort]} ${dir} nulls last, v.created_at ${dir}, v.kind, v.id ${dir}
    limit ${q.size} offset ${(q.page - 1) * q.size}`);
  const [{ n }] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${all} where ${where}`);
  return { rows: list.map((r) => ({ ...r, id: Number(r.id), studyId: Number(r.studyId), createdAt: new Date(r.createdAt).toISOString() })), total: Number(n) };
}

/** Who a download belongs to (tenancy checks). */
export async function downloadOwner(db: Db, id: number): Promise<{ companyId: number; userId: number } | null> {
  const r = await db.select({ companyId: downloadRecord.companyId, userId: downloadRecord.userId }).from(downloadRecord).where(eq(downloadRecord.id, id)).limit(1);
  return r[0] ?? null;
}

/** The user's export of this study that is still queued or running, if any (one at a time). */
export async function unfinishedExport(db: Db, companyId: number, userId: number, studyId: number): Promise<{ id: number; jobId: number | null } | null> {
  const r = await db.select({ id: downloadRecord.id, jobId: downloadRecord.jobId }).from(downloadRecord)
    .where(and(eq(downloadRecord.companyId, companyId), eq(downloadRecord.userId, userId), eq(downloadRecord.studyId, studyId),
      eq(downloadRecord.kind, 'export'), sql`${downloadRecord.status} in ('queued', 'running')`))
    .orderBy(desc(downloadRecord.id)).limit(1);
  return r[0] ?? null;
}

// All SQL of the batches area: a batch found by its internal id and its vendor's (within the
// acting company), the batch list, a batch's stims, the vendor's all-stims list, batch stims for
// the AOI editor and the files of the company's studies. Reports of a batch stim are the study
// reports' queries (repositories/reports.ts) over the batch's backing study.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rows } from './sql.js';
import { escapeLike } from './studies.js';

const iso = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export interface CompanyBatch {
  id: number;
  studyId: number | null;
  internalId: string;
  vendorInternalId: string;
  batchLabel: string;
  name: string | null;
}

/**
 * The batch with this internal id whose vendor has that internal id, both of the company; null
 * otherwise (callers answer 404: a batch of another company or vendor is never revealed).
 */
export async function findCompanyBatch(db: Db, companyId: number, internalBatchId: string, internalVendorId: string): Promise<CompanyBatch | null> {
  const [r] = await rows<CompanyBatch>(db, sql`
    select b.id, b.study_id as "studyId", b.internal_id as "internalId", v.internal_id as "vendorInternalId",
      b.batch_label as "batchLabel", b.name
    from batch b join vendor v on v.id = b.vendor_id
    where b.company_id = ${companyId} and v.company_id = ${companyId}
      and b.internal_id = ${internalBatchId} and v.internal_id = ${internalVendorId}
    limit 1`);
  return r ? { ...r, id: Number(r.id), studyId: num(r.studyId) } : null;
}

// ---- batch list ------------------------------------------------------------------------------------

export interface BatchListQuery {
  companyId: number;
  page: number;
  pageSize: number;
  orderBy: string;
  filterId: string;
  filterName: string;
}

export interface BatchListItem {
  /** '' when the batch has no name yet. */
  name: string;
  batch_id: string;
  internal_batch_id: string;
  internal_vendor_id: string;
  vendor_name: string;
  estimated_batch_size: number;
  live: boolean;
  completed: boolean;
  data_collection_start: string | null;
  data_collection_end: string | null;
  report_generated_date: string | null;
  stim_count: number;
}

// Sort columns by the order_by key's stem (the contract's enum); ties break on the batch label.
const BATCH_SORT: Record<string, string> = {
  name: 'lower(b.name)', batch_id: 'b.batch_label', estimated_batch_size: 'b.estimated_batch_size', live: 'b.live',
  completed: 'b.completed', data_collection_start: 'b.data_collection_start', data_collection_end: 'b.data_collection_end',
  report_generated_date: 'b.report_generated_date',
};

export function sortSql(orderBy: string, columns: Record<string, string>, fallback: string, tie: string): SQL {
  const m = /^(.*)_(asc|desc)$/.exec(orderBy);
  const column = m && columns[m[1]] ? columns[m[1]] : columns[fallback];
  const dir = m?.[2] === 'desc' ? 'desc' : 'asc';
  // Empty values sort last in both directions; the column comes from the fixed map above.
  return sql.raw(`${column} ${dir} nulls last, ${tie} asc`);
}

export async function listBatches(db: Db, q: BatchListQuery) {
  const where: SQL[] = [sql`b.company_id = ${q.companyId}`];
  if (q.filterId) where.push(sql`b.batch_label ilike ${'%' + escapeLike(q.filterId) + '%'} escape '\\'`);
  if (q.filterName) where.push(sql`coalesce(b.name, '') ilike ${'%' + escapeLike(q.filterName) + '%'} escape '\\'`);
  const condition = sql.join(where, sql` and `);
  const [counts] = await rows<{ total: number; live: number; completed: number; matching: number }>(db, sql`
    select count(*)::int as total, (count(*) filter (where b.live))::int as live, (count(*) filter (where b.completed))::int as completed,
      (count(*) filter (where ${condition}))::int as matching
    from batch b where b.company_id = ${q.companyId}`);
  const r = await rows<BatchListItem>(db, sql`
    select coalesce(b.name, '') as name, b.batch_label as batch_id, b.internal_id as internal_batch_id, v.internal_id as internal_vendor_id,
      v.name as vendor_name, b.estimated_batch_size, b.live, b.completed, b.data_collection_start, b.data_collection_end,
      b.report_generated_date, (select count(*) from batch_stim bs where bs.batch_id = b.id)::int as stim_count
    from batch b join vendor v on v.id = b.vendor_id
    where ${condition}
    order by ${sortSql(q.orderBy, BATCH_SORT, 'data_collection_start', 'b.batch_label')}
    limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
  return {
    total: Number(counts?.matching ?? 0),
    live: Number(counts?.live ?? 0),
    completed: Number(counts?.completed ?? 0),
    items: r.map((x) => ({
      ...x,
      estimated_batch_size: Number(x.estimated_batch_size),
      stim_count: Number(x.stim_count),
      data_collection_start: iso(x.data_collection_start),
      data_collection_end: iso(x.data_collection_end),
      report_generated_date: iso(x.report_generated_date),
    })),
  };
}

// ---- batch stims -------------------------------------------------------------------------------------

export interface BatchStimRow {
  batchStimId: number;
  batchId: number;
  stepId: number | null;
  stimId: number;
  identifier: string;
  url: string | null;
  externalSource: string | null;
  discoveredDate: string | null;
  name: string;
  stimType: string;
  width: number | null;
  height: number | null;
  source: string | null;
  lowQualitySource: string | null;
  aoiCount: number;
  batchLabel: string;
  internalBatchId: string;
  internalVendorId: string;
}

const batchStimSelect = sql`
  bs.id as "batchStimId", bs.batch_id as "batchId", bs.step_id as "stepId", bs.stim_id as "stimId", bs.identifier, bs.url,
  bs.external_source as "externalSource", bs.discovered_date as "discoveredDate", s.name, s.stim_type as "stimType",
  s.width, s.height, s.source, s.low_quality_source as "lowQualitySource",
  (select count(*) from aoi a where a.stim_id = s.id)::int as "aoiCount",
  b.batch_label as "batchLabel", b.internal_id as "internalBatchId", v.internal_id as "internalVendorId"`;
const batchStimFrom = sql`batch_stim bs join stim s on s.id = bs.stim_id join batch b on b.id = bs.batch_id join vendor v on v.id = b.vendor_id`;

const toBatchStim = (r: BatchStimRow): BatchStimRow => ({
  ...r,
  batchStimId: Number(r.batchStimId), batchId: Number(r.batchId), stepId: num(r.stepId), stimId: Number(r.stimId),
  width: num(r.width), height: num(r.height), aoiCount: Number(r.aoiCount), discoveredDate: iso(r.discoveredDate),
});

/** The batch's stims in discovery order (or only the one batch stim asked for). */
export async function batchStims(db: Db, batchId: number, batchStimId?: number): Promise<BatchStimRow[]> {
  const r = await rows<BatchStimRow>(db, sql`
    select ${batchStimSelect} from ${batchStimFrom}
    where bs.batch_id = ${batchId} ${batchStimId ? sql`and bs.id = ${batchStimId}` : sql``}
    order by bs.discovered_date nulls last, bs.id`);
  return r.map(toBatchStim);
}

/** A batch stim of the company (the AOI editor's id), with its batch's backing study. */
export async function findCompanyBatchStim(db: Db, companyId: number, batchStimId: number): Promise<(BatchStimRow & { studyId: number | null }) | null> {
  const [r] = await rows<BatchStimRow & { studyId: number | null }>(db, sql`
    select ${batchStimSelect}, b.study_id as "studyId" from ${batchStimFrom}
    where bs.id = ${batchStimId} and b.company_id = ${companyId} and s.company_id = ${companyId}`);
  return r ? { ...toBatchStim(r), studyId: num(r.studyId) } : null;
}

/** Feature names (AOI tags) per stim, in first-drawn order. */
export async function stimTags(db: Db, stimIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(stimIds.map((id) => [id, []]));
  if (!stimIds.length) return out;
  const r = await rows<{ stimId: number; tag: string }>(db, sql`
    select stim_id as "stimId", tag from aoi where stim_id in (${sql.join(stimIds.map((id) => sql`${id}`), sql`, `)})
    group by stim_id, tag order by stim_id, min(id)`);
  for (const x of r) out.get(Number(x.stimId))?.push(x.tag);
  return out;
}

// ---- the vendor's all-stims list -------------------------------------------------------------------------

/** stim_type codes per kind name the list filters by. */
export const STIM_TYPE_CODES: Record<string, string[]> = { image: ['i'], video: ['v'], script: ['s'], vast: ['va', 'vx'] };

export interface VendorStimQuery {
  companyId: number;
  page: number;
  /** null: every row. */
  pageSize: number | null;
  orderBy: string;
  name: string;
  /** stim_type codes to keep; empty = every type */
  types: string[];
}

const VENDOR_SORT: Record<string, string> = {
  name: 'lower(s.name)', identifier: 'bs.identifier', type: 's.stim_type', discovered_date: 'bs.discovered_date',
};

export async function vendorStims(db: Db, q: VendorStimQuery) {
  const where: SQL[] = [sql`b.company_id = ${q.companyId}`];
  if (q.name) where.push(sql`s.name ilike ${'%' + escapeLike(q.name) + '%'} escape '\\'`);
  if (q.types.length) where.push(sql`s.stim_type in (${sql.join(q.types.map((t) => sql`${t}`), sql`, `)})`);
  const condition = sql.join(where, sql` and `);
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${batchStimFrom} where ${condition}`);
  const r = await rows<BatchStimRow>(db, sql`
    select ${batchStimSelect} from ${batchStimFrom} where ${condition}
    order by ${sortSql(q.orderBy, VENDOR_SORT, 'name', 'bs.id')}
    ${q.pageSize === null ? sql`` : sql`limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`}`);
  return { total: Number(count?.n ?? 0), items: r.map(toBatchStim) };
}

// ---- files -------------------------------------------------------------------------------------------

export interface CompanyFile {
  id: number;
  name: string;
  description: string;
  type: string;
  storageKey: string | null;
  url: string | null;
  studyName: string;
  batchLabel: string | null;
}

/** Files of the company's studies; batch users see only those of their batches' backing studies. */
export async function companyFiles(db: Db, companyId: number, onlyBatches: boolean): Promise<CompanyFile[]> {
  const r = await rows<CompanyFile>(db, sql`
    select f.id, f.name, f.description, f.type, f.storage_key as "storageKey", f.url,
      coalesce(b.name, s.name) as "studyName", b.batch_label as "batchLabel"
    from study_file f join study s on s.id = f.study_id
      left join batch b on b.study_id = s.id and b.company_id = ${companyId}
    where s.company_id = ${companyId} ${onlyBatches ? sql`and b.id is not null` : sql``}
    order by lower(f.name), f.id`);
  return r.map((x) => ({ ...x, id: Number(x.id) }));
}


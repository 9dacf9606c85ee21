// The stim library: every SQL of stims (list, details, create, edit, usage, delete). Tenant
// scoped: every function takes the acting company; a deleted stim (deleted_at) is gone for all
// of them. Raw SQL where it reads several tables, written once for PGlite and PostgreSQL.
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { adType, adTypeGroup, brand, stim } from '../db/schema/index.js';
import { escapeLike } from './studies.js';
import { countedSql, rows, idList } from './sql.js';

export const STIM_SORT = ['name', 'media', 'brand', 'width', 'height', 'id', 'type'] as const;
export type StimSort = (typeof STIM_SORT)[number];

export interface StimListQuery {
  companyId: number;
  /** The study-specific list: stims made for the study or placed on one of its steps. */
  studyId?: number;
  /** The general list's filter_study_id: only stims made for that study. */
  filterStudyId?: number;
  name?: string;
  mediaId?: number;
  stimType?: string;
  sortKey: StimSort;
  descending: boolean;
  page: number;
  /** null: every row (no limit). */
  pageSize: number | null;
}

export interface StimRow {
  id: number;
  name: string;
  stimType: string;
  typeName: string;
  mediaId: number | null;
  media: string | null;
  brandId: number | null;
  brand: string | null;
  width: number | null;
  height: number | null;
  source: string | null;
  lowQualitySource: string | null;
  studyId: number | null;
  aoiCount: number;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const listSelect = sql`s.id, s.name, s.stim_type as "stimType",
  coalesce((select li.name from lookup_item li where li.kind = 'stim_type' and li.code = s.stim_type), s.stim_type) as "typeName",
  s.media_id as "mediaId", (select li.name from lookup_item li where li.kind = 'media' and li.id = s.media_id) as media,
  s.brand_id as "brandId", b.name as brand, s.width, s.height, s.source, s.low_quality_source as "lowQualitySource",
  s.study_id as "studyId", (select count(*) from aoi a where a.stim_id = s.id)::int as "aoiCount"`;

/** Stims of a study: made for it, or placed on one of its steps (stim steps and page slots). */
export const inStudy = (studyId: number) => sql`(s.study_id = ${studyId}
  or s.id in (select st.stim_id from step st where st.study_id = ${studyId} and st.stim_id is not null)
  or s.id in (select ss.stim_id from step_stim ss join step st on st.id = ss.step_id where st.study_id = ${studyId}))`;

function mapRow(r: StimRow): StimRow {
  return {
    ...r, id: Number(r.id), mediaId: num(r.mediaId), brandId: num(r.brandId), width: num(r.width), height: num(r.height),
    studyId: num(r.studyId), aoiCount: Number(r.aoiCount),
  };
}

export async function listStims(db: Db, q: StimListQuery): Promise<{ items: StimRow[]; total: number }> {
  const where: SQL[] = [sql`s.company_id = ${q.companyId}`, sql`s.deleted_at is null`];
  if (q.studyId) where.push(inStudy(q.studyId));
  if (q.filterStudyId) where.push(sql`s.study_id = ${q.filterStudyId}`);
  if (q.name) where.push(sql`s.name ilike ${'%' + escapeLike(q.name) + '%'} escape '\\'`);
  if (q.mediaId) where.push(sql`s.media_id = ${q.mediaId}`);
  if (q.stimType) where.push(sql`s.stim_type = ${q.stimType}`);
  const cond = sql.join(where, sql` and `);
  const dir = sql.raw(q.descending ? 'desc' : 'asc');
  // Numbers sort as numbers; text case-insensitively; missing values last either way; ties by id.
  const sort: Record<StimSort, SQL> = {
    name: sql`lower(s.name) ${dir}, s.id ${dir}`,
    id: sql`s.id ${dir}`,
    width: sql`s.width ${dir} nulls last, s.id asc`,
    height: sql`s.height ${dir} nulls last, s.id asc`,
    brand: sql`lower(b.name) ${dir} nulls last, lower(s.name) asc, s.id asc`,
    media: sql`lower((select li.name from lookup_item li where li.kind = 'media' and li.id = s.media_id)) ${dir} nulls last, lower(s.name) asc, s.id asc`,
    type: sql`lower(coalesce((select li.name from lookup_item li where li.kind = 'stim_type' and li.code = s.stim_type), s.stim_type)) ${dir}, lower(s.name) asc, s.id asc`,
  };
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from stim s where ${cond}`);
  const items = await rows<StimRow>(db, sql`select ${listSelect} from stim s left join brand b on b.id = s.brand_id
    where ${cond} order by ${sort[q.sortKey]} ${q.pageSize === null ? sql`` : sql`limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`}`);
  return { total: Number(count?.n ?? 0), items: items.map(mapRow) };
}

export interface StimFull extends StimRow {
  companyId: number;
  adAssetTypeId: number | null;
  adTypeGroupId: number | null;
  adTypeId: number | null;
  fileName: string | null;
  tag: string | null;
  durationMs: number | null;
  inUse: boolean;
}

/** One of the company's stims (not deleted), or null. */
export async function findStim(db: Db, companyId: number, id: number): Promise<StimFull | null> {
  const [r] = await rows<StimFull>(db, sql`select ${listSelect}, s.company_id as "companyId",
      s.ad_asset_type_id as "adAssetTypeId", s.ad_type_group_id as "adTypeGroupId", s.ad_type_id as "adTypeId",
      s.file_name as "fileName", s.tag, s.duration_ms as "durationMs",
      (exists (select 1 from step st where st.stim_id = s.id) or exists (select 1 from step_stim ss where ss.stim_id = s.id)
        or exists (select 1 from batch_stim bs where bs.stim_id = s.id) or exists (select 1 from exposure e where e.stim_id = s.id)) as "inUse"
    from stim s left join brand b on b.id = s.brand_id
    where s.id = ${id} and s.company_id = ${companyId} and s.deleted_at is null`);
  if (!r) return null;
  return {
    ...mapRow(r), companyId: Number(r.companyId), adAssetTypeId: num(r.adAssetTypeId), adTypeGroupId: num(r.adTypeGroupId),
    adTypeId: num(r.adTypeId), fileName: r.fileName, tag: r.tag, durationMs: num(r.durationMs), inUse: Boolean(r.inUse),
  };
}

export type StimValues = Partial<Omit<typeof stim.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'deletedAt'>>;

export async function insertStim(db: Db, companyId: number, v: StimValues & { name: string; stimType: string }): Promise<number> {
  const [r] = await db.insert(stim).values({ ...v, companyId }).returning({ id: stim.id });
  return r.id;
}

export async function updateStim(db: Db, companyId: number, id: number, v: StimValues): Promise<void> {
  if (!Object.keys(v).length) return;
  await db.update(stim).set(v).where(and(eq(stim.id, id), eq(stim.companyId, companyId), isNull(stim.deletedAt)));
}

/** The ids among `ids` that are the company's (not deleted). */
export async function companyStimIds(db: Db, companyId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const r = await db.select({ id: stim.id }).from(stim)
    .where(and(eq(stim.companyId, companyId), inArray(stim.id, ids), isNull(stim.deletedAt)));
  return r.map((x) => x.id);
}

export interface StimUsage {
  id: number;
  name: string;
  /** Names of the studies whose steps place it (stim steps and page slots). */
  studies: string[];
  batches: number;
  exposures: number;
}

/** What stops each stim from being deleted; only stims with some use are returned. */
export async function stimUsage(db: Db, ids: number[]): Promise<StimUsage[]> {
  if (!ids.length) return [];
  const r = await rows<{ id: number; name: string; studies: string[] | null; batches: number; exposures: number }>(db, sql`
    select s.id, s.name,
      (select array_agg(distinct sd.name order by sd.name) from study sd where sd.id in (
        select st.study_id from step st where st.stim_id = s.id
        union select st.study_id from step_stim ss join step st on st.id = ss.step_id where ss.stim_id = s.id)) as studies,
      (select count(*) from batch_stim bs where bs.stim_id = s.id)::int as batches,
      (select count(*) from exposure e where e.stim_id = s.id)::int as exposures
    from stim s where s.id in (${idList(ids)}) order by s.id`);
  return r.map((u) => ({ id: Number(u.id), name: u.name, studies: u.studies ?? [], batches: Number(u.batches), exposures: Number(u.exposures) }))
    .filter((u) => u.studies.length || u.batches || u.exposures);
}

/** Soft delete: the row stays for the files and history it points to, but no list shows it. */
export async function deleteStims(db: Db, companyId: number, ids: number[]): Promise<number[]> {
  const r = await db.update(stim).set({ deletedAt: new Date() })
    .where(and(eq(stim.companyId, companyId), inArray(stim.id, ids), isNull(stim.deletedAt)))
    .returning({ id: stim.id });
  return r.map((x) => x.id).sort((a, b) => a - b);
}

/** Checks the ad type chain: the group belongs to the asset type, the type to the group. */
export async function adTypeChain(db: Db, ids: { assetTypeId: number | null; groupId: number | null; typeId: number | null }):
  Promise<{ group: { adAssetTypeId: number } | null; type: { adTypeGroupId: number } | null }> {
  const group = ids.groupId
    ? (await db.select({ adAssetTypeId: adTypeGroup.adAssetTypeId }).from(adTypeGroup).where(eq(adTypeGroup.id, ids.groupId)).limit(1))[0] ?? null
    : null;
  const type = ids.typeId
    ? (await db.select({ adTypeGroupId: adType.adTypeGroupId }).from(adType).where(eq(adType.id, ids.typeId)).limit(1))[0] ?? null
    : null;
  return { group, type };
}

export async function assetTypeExists(db: Db, id: number): Promise<boolean> {
  const r = await rows<{ n: number }>(db, sql`select count(*)::int as n from ad_asset_type where id = ${id}`);
  return Number(r[0]?.n ?? 0) > 0;
}

export async function brandExists(db: Db, id: number): Promise<boolean> {
  const r = await db.select({ id: brand.id }).from(brand).where(eq(brand.id, id)).limit(1);
  return r.length > 0;
}

export async function mediaExists(db: Db, id: number): Promise<boolean> {
  const r = await rows<{ n: number }>(db, sql`select count(*)::int as n from lookup_item where kind = 'media' and id = ${id}`);
  return Number(r[0]?.n ?? 0) > 0;
}

/** The stim type code of a lookup id (filter_stimtype may send the id). */
export async function stimTypeCode(db: Db, id: number): Promise<string | null> {
  const r = await rows<{ code: string }>(db, sql`select code from lookup_item where kind = 'stim_type' and id = ${id}`);
  return r[0]?.code ?? null;
}

/** A stim by id whatever its company: only for signed URLs (the signature is the credential). */
export async function findStimAnyCompany(db: Db, id: number): Promise<{ id: number; stimType: string; tag: string | null; source: string | null } | null> {
  const r = await db.select({ id: stim.id, stimType: stim.stimType, tag: stim.tag, source: stim.source }).from(stim)
    .where(and(eq(stim.id, id), isNull(stim.deletedAt))).limit(1);
  return r[0] ?? null;
}

/** Counted sessions (real, complete) with an exposure of the stim, in any study of the company. */
export async function stimSessions(db: Db, stimId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(db, sql`select count(distinct e.participant_id)::int as n
    from exposure e join participant p on p.id = e.participant_id where e.stim_id = ${stimId} and ${countedSql}`);
  return Number(r?.n ?? 0);
}

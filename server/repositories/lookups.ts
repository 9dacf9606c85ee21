// Reference lists behind /dashboard/data/*. Every item carries both shapes the clients read,
// {id, name} and {code, description}, plus a few list-specific fields.
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  adAssetType, adType, adTypeGroup, brand, brandCategory, lookupItem, questionGroup,
} from '../db/schema/index.js';

export interface LookupEntry {
  id: number;
  name: string;
  code: string;
  description: string;
  [extra: string]: unknown;
}

const entry = (id: number, name: string, code: string | number, extra: Record<string, unknown> = {}): LookupEntry =>
  ({ id, name, code: String(code), description: name, ...extra });

/** Simple lists of the lookup_item table, in their curated order. */
export async function lookupItems(db: Db, kind: string): Promise<LookupEntry[]> {
  const rows = await db
    .select({ id: lookupItem.id, code: lookupItem.code, name: lookupItem.name })
    .from(lookupItem)
    .where(eq(lookupItem.kind, kind))
    .orderBy(asc(lookupItem.position), asc(lookupItem.id));
  return rows.map((r) => entry(r.id, r.name, r.code));
}

/** Several kinds at once: kind → items. */
export async function lookupItemsByKind(db: Db, kinds: string[]): Promise<Record<string, LookupEntry[]>> {
  const rows = await db
    .select({ kind: lookupItem.kind, id: lookupItem.id, code: lookupItem.code, name: lookupItem.name })
    .from(lookupItem)
    .where(inArray(lookupItem.kind, kinds))
    .orderBy(asc(lookupItem.kind), asc(lookupItem.position), asc(lookupItem.id));
  const out: Record<string, LookupEntry[]> = Object.fromEntries(kinds.map((k) => [k, []]));
  for (const r of rows) out[r.kind].push(entry(r.id, r.name, r.code));
  return out;
}

export async function adAssetTypes(db: Db): Promise<LookupEntry[]> {
  const rows = await db.select().from(adAssetType).orderBy(asc(adAssetType.id));
  return rows.map((r) => entry(r.id, r.name, r.id));
}

export async function adTypeGroups(db: Db, adAssetTypeId?: number): Promise<LookupEntry[]> {
  const rows = await db
    .select()
    .from(adTypeGroup)
    .where(adAssetTypeId ? eq(adTypeGroup.adAssetTypeId, adAssetTypeId) : undefined)
    .orderBy(asc(adTypeGroup.id));
  return rows.map((r) => entry(r.id, r.name, r.id, { ad_asset_type_id: r.adAssetTypeId }));
}

export async function adTypes(db: Db, adTypeGroupId?: number): Promise<LookupEntry[]> {
  const rows = await db
    .select({ id: adType.id, name: adType.name, groupId: adType.adTypeGroupId, categoryId: adType.adCategoryId, assetId: adTypeGroup.adAssetTypeId })
    .from(adType)
    .innerJoin(adTypeGroup, eq(adTypeGroup.id, adType.adTypeGroupId))
    .where(adTypeGroupId ? eq(adType.adTypeGroupId, adTypeGroupId) : undefined)
    .orderBy(asc(adType.id));
  return rows.map((r) => entry(r.id, r.name, r.id, {
    ad_type_group_id: r.groupId, ad_asset_type_id: r.assetId, ad_category_id: r.categoryId,
  }));
}

export async function brands(db: Db): Promise<LookupEntry[]> {
  const rows = await db
    .select({ id: brand.id, name: brand.name, cleanName: brand.cleanName, categoryId: brand.brandCategoryId, category: brandCategory.name })
    .from(brand)
    .innerJoin(brandCategory, eq(brandCategory.id, brand.brandCategoryId))
    .orderBy(asc(sql`lower(${brand.name})`), asc(brand.id));
  return rows.map((r) => entry(r.id, r.name, r.id, {
    clean_name: r.cleanName, brand_category_id: r.categoryId, brand_category: r.category,
  }));
}

export async function brandCategories(db: Db): Promise<LookupEntry[]> {
  const rows = await db.select().from(brandCategory).orderBy(asc(sql`lower(${brandCategory.name})`), asc(brandCategory.id));
  return rows.map((r) => entry(r.id, r.name, r.id, { clean_name: r.cleanName }));
}

/** Screening question groups the company may use: the product's own plus the company's. */
export async function preStudyQuestionGroups(db: Db, companyId: number): Promise<LookupEntry[]> {
  const rows = await db
    .select()
    .from(questionGroup)
    .where(and(eq(questionGroup.isPreassign, true), or(isNull(questionGroup.companyId), eq(questionGroup.companyId, companyId))))
    .orderBy(asc(questionGroup.id));
  return rows.map((r) => entry(r.id, r.name, r.id, { text: r.text, question_system: r.questionSystem }));
}

// Brands and brand categories: shared reference data (no company), created by super users.
// clean_name (lowercase, trimmed) is unique: a duplicate is found first and refused, and the
// unique index settles a race between two creators.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { brand, brandCategory } from '../db/schema/index.js';

export const cleanName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

export async function findCategory(db: Db, id: number) {
  const r = await db.select().from(brandCategory).where(eq(brandCategory.id, id)).limit(1);
  return r[0] ?? null;
}

export async function findCategoryByCleanName(db: Db, clean: string) {
  const r = await db.select().from(brandCategory).where(eq(brandCategory.cleanName, clean)).limit(1);
  return r[0] ?? null;
}

export async function findBrandByCleanName(db: Db, clean: string) {
  const r = await db.select().from(brand).where(eq(brand.cleanName, clean)).limit(1);
  return r[0] ?? null;
}

/** null when a category of that clean name exists already (also when another request won a race). */
export async function insertCategory(db: Db, name: string, clean: string) {
  const r = await db.insert(brandCategory).values({ name, cleanName: clean }).onConflictDoNothing().returning();
  return r[0] ?? null;
}

export async function insertBrand(db: Db, name: string, clean: string, categoryId: number) {
  const r = await db.insert(brand).values({ name, cleanName: clean, brandCategoryId: categoryId }).onConflictDoNothing().returning();
  return r[0] ?? null;
}

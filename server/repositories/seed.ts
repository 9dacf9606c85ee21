// SQL of the seeders (seed/reference.ts, seed/demo.ts): chunked bulk inserts that return ids,
// emptiness checks and the reference rows a demo plan refers to by name. Callers pass a
// transaction as `db` so a seed is all or nothing.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { adType, adTypeGroup, brand, instruction, questionGroup, studyAction } from '../db/schema/index.js';

type Table = Parameters<Db['insert']>[0];

/** Inserts in chunks (PostgreSQL caps bind parameters at 65535 per statement); ids in input order. */
export async function insertAll<V>(db: Db, table: Table, values: V[], chunk = 500): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < values.length; i += chunk) {
    const part = values.slice(i, i + chunk);
    if (!part.length) continue;
    const rows = (await db.insert(table).values(part as never).returning({ id: sql<number>`id` })) as unknown as { id: number }[];
    out.push(...rows.map((r) => r.id));
  }
  return out;
}

/** One row; its id. */
export async function insertOne<V>(db: Db, table: Table, value: V): Promise<number> {
  const [id] = await insertAll(db, table, [value]);
  return id;
}

export async function isEmpty(db: Db, table: 'lookup_item' | 'ad_asset_type' | 'brand_category' | 'instruction' | 'question_group' | 'study_action'): Promise<boolean> {
  const r = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((r as unknown as { rows: { n: number }[] }).rows[0].n) === 0;
}

/** Reference rows by name (their serial ids depend on the database, not on the demo plan). */
export async function referenceByName(db: Db) {
  const [brands, adTypes, instructions, actions, groups] = await Promise.all([
    db.select({ id: brand.id, name: brand.name }).from(brand),
    db.select({ id: adType.id, name: adType.name, groupId: adType.adTypeGroupId, assetId: adTypeGroup.adAssetTypeId })
      .from(adType).innerJoin(adTypeGroup, eq(adType.adTypeGroupId, adTypeGroup.id)),
    db.select({ id: instruction.id, name: instruction.name }).from(instruction),
    db.select({ id: studyAction.id, type: studyAction.type }).from(studyAction),
    db.select({ id: questionGroup.id, name: questionGroup.name }).from(questionGroup),
  ]);
  return {
    brands: new Map(brands.map((b) => [b.name, b.id])),
    adTypes: new Map(adTypes.map((t) => [t.name, t])),
    instructions: new Map(instructions.map((i) => [i.name, i.id])),
    actions: new Map(actions.map((a) => [a.type, a.id])),
    questionGroups: new Map(groups.map((g) => [g.name, g.id])),
  };
}

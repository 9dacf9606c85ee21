import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDatabase } from './helpers.js';
import { seedReference, LOOKUPS } from '../seed/reference.js';
import type { Database } from '../db/client.js';

let database: Database;
beforeAll(async () => { database = await freshDatabase(); });
afterAll(async () => { await database.close(); });

const count = async (table: string) => {
  const r = await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((r as unknown as { rows: { n: number }[] }).rows[0].n);
};

describe('reference data', () => {
  it('seeds every lookup list once, and a second run adds nothing', async () => {
    await seedReference(database.db);
    const expected = Object.values(LOOKUPS).reduce((n, items) => n + items.length, 0);
    expect(await count('lookup_item')).toBe(expected);
    const brands = await count('brand');
    expect(brands).toBeGreaterThan(5);
    await seedReference(database.db);
    expect(await count('lookup_item')).toBe(expected);
    expect(await count('brand')).toBe(brands);
  });
});

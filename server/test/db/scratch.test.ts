// Scratch PostgreSQL databases copied from one migrated template (issue 40 item 11: CI time).
// PostgreSQL only (TEST_DATABASE_URL); the PGlite counterpart, the dumped template, is what every
// other test on PGlite starts from.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPostgresTemplate, openScratchPostgres } from '../../db/scratch.js';
import { usingPostgres } from '../helpers.js';

const journal = JSON.parse(readFileSync(new URL('../../db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] };

async function databaseExists(base: string, name: string): Promise<boolean> {
  const probe = await openScratchPostgres(base, 'gazeboard_probe');
  try {
    const r = await probe.executeSql('select count(*)::int as n from pg_database where datname = $1', [name]);
    return (r.rows[0] as { n: number }).n === 1;
  } finally {
    await probe.close();
  }
}

describe.skipIf(!usingPostgres())('scratch PostgreSQL databases from a template', () => {
  it('copies of the migrated template carry every migration, are independent of each other, and are dropped with the template', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const template = await createPostgresTemplate(base, 'gazeboard_template');
    try {
      const a = await openScratchPostgres(base, 'gazeboard_test', template.name);
      const b = await openScratchPostgres(base, 'gazeboard_test', template.name);
      try {
        for (const d of [a, b]) {
          const applied = await d.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations');
          expect((applied.rows[0] as { n: number }).n).toBe(journal.entries.length);
        }
        await a.db.execute(sql`insert into company (name, internal_id) values ('Only in a', 'only-a')`);
        const inB = await b.executeSql(`select count(*)::int as n from company where internal_id = 'only-a'`);
        expect((inB.rows[0] as { n: number }).n).toBe(0);
        expect(a.url).not.toBe(b.url);
      } finally {
        await a.close();
        await b.close();
      }
      expect(await databaseExists(base, new URL(a.url).pathname.slice(1))).toBe(false);
    } finally {
      await template.drop();
    }
    expect(await databaseExists(base, template.name)).toBe(false);
  });

  it('refuses a template name that is not a plain identifier (it is spliced into DDL)', async () => {
    await expect(openScratchPostgres(process.env.TEST_DATABASE_URL!, 'gazeboard_test', 'x; drop database postgres')).rejects.toThrow(/not a template database name/);
  });
});

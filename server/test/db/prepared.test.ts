// preparedStatement (db/prepared.ts): ingestion's statement as a named prepared statement, built once
// and planned once per connection. On PGlite the parameters travel as escaped literals, so hostile
// text must come back verbatim; on both databases the answer equals an ordinary execution.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import pg from 'pg';
import { escapeLiteral, preparedStatement } from '../../db/prepared.js';
import { freshDatabase, usingPostgres } from '../helpers.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  await database.db.execute(sql`create table prepared_probe (id serial primary key, t text, n float8, b bool, j jsonb)`);
});
afterAll(async () => { await database?.close(); });

const HOSTILE = [`it's`, `back\\slash \\' and ''`, `'); drop table prepared_probe; --`, `$1 $$ dollar $$`, `ünïcödé ✓ \n new line`, ''];

const ph = (name: string) => sql.placeholder(name);
const insert = preparedStatement<Record<string, unknown>>(() => sql`with ins as (insert into prepared_probe (t, n, b, j)
    select x.t, x.n, x.b, ${ph('j')}::jsonb from (select ${ph('t')}::text as t, ${ph('n')}::float8 as n, ${ph('b')}::bool as b) x returning *)
  select id, t, n, b, j from ins`);
const probe = (t: string | null, n: number | null, b: boolean | null, j: unknown) => ({ t, n, b, j: JSON.stringify(j) });
const byId = preparedStatement<Record<string, unknown>>(() => sql`select t, j from prepared_probe where id = ${ph('id')}`);
const countText = preparedStatement<{ n: number }>(() => sql`select count(*)::int as n from prepared_probe where t = ${ph('t')}`);

describe('preparedStatement', () => {
  it('stores hostile text, nulls, numbers, booleans and JSON verbatim, as an ordinary execution does', async () => {
    for (const t of HOSTILE) {
      const json = { t, list: [1, 2.5, null], nested: { q: `"'` } };
      const [row] = await database.db.transaction((tx) => insert(tx, probe(t, 1.25, true, json)));
      expect(row).toMatchObject({ t, n: 1.25, b: true, j: json });
      const [again] = await byId(database.db, { id: row.id });
      expect(again).toEqual({ t, j: json });
    }
    const [nulls] = await database.db.transaction((tx) => insert(tx, probe(null, null, null, null)));
    expect(nulls).toMatchObject({ t: null, n: null, b: null });
    const tables = await database.db.execute(sql`select count(*)::int as n from prepared_probe`);
    expect((tables as unknown as { rows: { n: number }[] }).rows[0].n).toBe(HOSTILE.length + 1);
  });

  it('prepares a statement once per connection and keeps it after a rolled-back transaction', async () => {
    const count = (tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0]) => tx.execute(sql`select count(*)::int as n from pg_prepared_statements where statement like '%prepared_probe (t, n, b, j)%'`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows[0].n);
    await database.db.transaction(async (tx) => {
      await insert(tx, probe('a', 1, false, {}));
      await insert(tx, probe('b', 2, false, {}));
      expect(await count(tx)).toBe(1);
    });
    await expect(database.db.transaction(async (tx) => {
      await insert(tx, probe('rolled back', 3, false, {}));
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    const gone = await countText(database.db, { t: 'rolled back' });
    expect(gone[0].n).toBe(0);
    await database.db.transaction(async (tx) => {
      const [row] = await insert(tx, probe('after', 4, false, {}));
      expect(row.t).toBe('after');
      expect(await count(tx)).toBe(1);
    });
  });

  it('builds its SQL once and fills the placeholders at every call; a value left out throws; a statement without any runs too, and calls arriving together', async () => {
    let builds = 0;
    const statement = preparedStatement<{ t: string; n: number }>(() => {
      builds++;
      return sql`select ${ph('t')}::text as t, ${ph('n')}::float8 + ${1} as n`;
    });
    for (const [i, t] of HOSTILE.entries()) expect(await statement(database.db, { t, n: i })).toEqual([{ t, n: i + 1 }]);
    expect(builds).toBe(1);
    await expect(statement(database.db, { t: 'no n' })).rejects.toThrow('No value for placeholder "n"');
    // Calls that arrive together (a report's reads run side by side) share one preparation.
    const together = preparedStatement<{ n: number }>(() => sql`select ${ph('n')}::int + 100 as n`);
    expect(await Promise.all([1, 2, 3, 4].map((n) => together(database.db, { n })))).toEqual([[{ n: 101 }], [{ n: 102 }], [{ n: 103 }], [{ n: 104 }]]);
    const constant = preparedStatement<{ n: number }>(() => sql`select count(*)::int as n from prepared_probe where false`);
    expect(await constant(database.db, {})).toEqual([{ n: 0 }]);
  });

  // PGlite only: node-postgres remembers its own statements per connection.
  it.skipIf(usingPostgres())('asks PGlite whether a statement is prepared only the first time the database runs it', async () => {
    const client = (database.db as unknown as { session: { client: { query: (...a: unknown[]) => Promise<unknown> } } }).session.client;
    const query = client.query.bind(client);
    const lookups: string[] = [];
    client.query = (text: unknown, ...rest: unknown[]) => {
      if (String(text).includes('pg_prepared_statements')) lookups.push(String(text));
      return query(text, ...rest);
    };
    try {
      const statement = preparedStatement<{ n: number }>(() => sql`select ${ph('n')}::int * 2 as n`);
      for (let n = 0; n < 5; n++) expect(await statement(database.db, { n })).toEqual([{ n: n * 2 }]);
      expect(lookups).toHaveLength(1);
    } finally {
      client.query = query;
    }
  });

  // PGlite only: node-postgres binds parameters itself.
  it.skipIf(usingPostgres())('refuses a parameter it cannot write as a literal rather than sending something else', async () => {
    const echo = preparedStatement(() => sql`select ${ph('v')}::text as v`);
    await expect(echo(database.db, { v: Number.NaN })).rejects.toThrow('not a finite number');
    await expect(echo(database.db, { v: new Date(0) })).rejects.toThrow('must be a string, number, boolean or null');
  });

  it("escapes a literal exactly as node-postgres' escapeLiteral does, a megabyte of JSON included", () => {
    const big = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ i, s: `ab'c\\d ${'x'.repeat(400)}` })));
    for (const text of [...HOSTILE, big]) expect(escapeLiteral(text)).toBe(pg.escapeLiteral(text));
  });
});

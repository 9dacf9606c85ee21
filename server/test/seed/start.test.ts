// What `npm start` seeds besides the demo: an empty SEED=0 installation, and the creatives
// drawn in a worker thread while the database opens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { freshDatabase } from '../helpers.js';
import { LocalStorage, readAll } from '../../storage/index.js';
import { verifyPassword } from '../../auth/password.js';
import { prepareDemoFilesInBackground, seedOnStart } from '../../seed/index.js';

let database: Database;
let dir: string;
beforeAll(async () => {
  database = await freshDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'gazeboard-start-'));
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

describe('start-up seeding', () => {
  it('SEED=0 on an empty database creates only the provider company and its super user', async () => {
    const r = await seedOnStart(database.db, new LocalStorage(path.join(dir, 'empty')), { demo: false });
    expect(r).toEqual({ seeded: 'admin', pendingRespondents: [] });
    const users = (await database.db.execute(sql.raw('select username, super_user, password_hash from app_user')) as unknown as { rows: { username: string; super_user: boolean; password_hash: string }[] }).rows;
    expect(users.map((u) => u.username)).toEqual(['admin']);
    expect(users[0].super_user).toBe(true);
    expect(await verifyPassword('gazeboard', users[0].password_hash)).toBe(true);
    const studies = (await database.db.execute(sql.raw('select count(*)::int as n from study')) as unknown as { rows: { n: number }[] }).rows;
    expect(studies[0].n).toBe(0);
    // A later start with the demo on does not seed over an installation that has a company.
    expect((await seedOnStart(database.db, new LocalStorage(path.join(dir, 'empty')), { demo: true })).seeded).toBe('none');
  });

  it('draws the demo creatives in a worker thread into local storage', async () => {
    const storage = new LocalStorage(path.join(dir, 'worker'));
    await prepareDemoFilesInBackground(storage);
    const logo = await readAll(storage, 'logos/acme-research.png');
    expect(logo).not.toBeNull();
    expect(PNG.sync.read(logo!).width).toBe(128);
    expect(await storage.exists('c/acme-research/stims/crunchy-oats-728x90-v0.png')).toBe(true);
  });
});

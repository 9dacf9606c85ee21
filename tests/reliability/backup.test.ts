// Issue 9 item 5: `npm run backup` / `npm run restore` (scripts/backup.ts) on PGlite and the
// storage folder: back up, change data and files, restore, and find everything as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { backup, restore } from '../../scripts/backup.js';
import { openDatabase } from '../../server/db/client.js';
import { LocalStorage, readAll } from '../../server/storage/index.js';
import { seedOnStart } from '../../server/seed/index.js';
import { snapshot } from '../security/snapshot.js';

let dir: string;
const dataDir = () => path.join(dir, 'data');

async function listFiles(root: string): Promise<string[]> {
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))).sort();
  } catch {
    return [];
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'gazeboard-backup-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('backup and restore (PGlite + storage)', () => {
  it('restores exactly the backed-up rows and files after both were changed', async () => {
    const storage = new LocalStorage(path.join(dataDir(), 'storage'));
    let database = await openDatabase({ dataDir: dataDir() });
    // Reference data and the first account (the demo would add minutes on a filesystem PGlite).
    await seedOnStart(database.db, storage, { demo: false });
    await storage.put('c/1/stims/a.png', Buffer.from('first file'), 'image/png');
    await storage.put('logos/1.png', Buffer.from('second file'), 'image/png');
    const before = await snapshot(database.db);
    await database.close();
    const filesBefore = await listFiles(path.join(dataDir(), 'storage'));
    expect(Object.keys(before).length).toBeGreaterThan(10);
    expect(filesBefore.length).toBeGreaterThan(0);
    const someFile = filesBefore.find((f) => f.startsWith('objects/'))!.slice('objects/'.length);
    const someBytes = await readAll(storage, someFile);

    await backup(dataDir(), path.join(dir, 'backup'));

    // Change the database and the files.
    database = await openDatabase({ dataDir: dataDir() });
    await database.db.execute(sql.raw("update company set name = name || ' (changed)'"));
    await database.db.execute(sql.raw("insert into company (internal_id, name) values ('after-backup', 'After backup')"));
    const changed = await snapshot(database.db);
    await database.close();
    expect(changed).not.toEqual(before);
    await storage.delete(someFile);
    await storage.put('c/1/stims/new-after-backup.png', Buffer.from('new'), 'image/png');

    // A restore never silently overwrites a database.
    await expect(restore(path.join(dir, 'backup'), dataDir())).rejects.toThrow(/--force/);
    const aside = await restore(path.join(dir, 'backup'), dataDir(), { force: true });
    expect(aside.length).toBe(2);

    database = await openDatabase({ dataDir: dataDir() });
    try {
      expect(await snapshot(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
    expect(await listFiles(path.join(dataDir(), 'storage'))).toEqual(filesBefore);
    expect(Buffer.compare((await readAll(storage, someFile))!, someBytes!)).toBe(0);
  });
});

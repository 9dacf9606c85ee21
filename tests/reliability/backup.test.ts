// Issue 9 item 5: `npm run backup` / `npm run restore` (scripts/backup.ts) on PGlite and the
// storage folder: back up, change data and files, restore, and find everything as it was.
// Issue 36 item 7: a backup of a running server (written by that server while sessions are being
// stored) restores with every stored session whole; a restore into a folder a server holds is
// refused; a restore that fails leaves the previous database in place.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { backup, restore } from '../../scripts/backup.js';
import { openDatabase } from '../../server/db/client.js';
import { openDataDir } from '../../server/test/helpers.js';
import { LocalStorage, readAll } from '../../server/storage/index.js';
import { seedOnStart } from '../../server/seed/index.js';
import { snapshot } from '../security/snapshot.js';
import { DataDirHeldError } from '../../server/db/data-dir.js';
import { setCollectionKeyHash } from '../../server/repositories/ingest.js';
import { buildStudy, track, type AnalyticsStudy } from '../../server/test/analytics/study-fixture.js';
import type { SessionBody } from '../../server/services/ingest.js';
import { killAll, startServer, stopGracefully } from './server-process.js';

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
afterEach(killAll);

describe('backup and restore (PGlite + storage)', () => {
  it('restores exactly the backed-up rows and files after both were changed', async () => {
    const storage = new LocalStorage(path.join(dataDir(), 'storage'));
    let database = await openDataDir(dataDir());
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

const KEY = 'backup-suite-collection-key';

function sessionOf(s: AnalyticsStudy, i: number): SessionBody {
  const fixations = Array.from({ length: 20 }, (_, k) => [300, 120 + ((k * 37) % 300), 220 + ((k * 53) % 300)] as [number, number, number]);
  return {
    study_id: s.studyId,
    session_id: `backup-${i}`,
    participant: { reference: `B${i}`, cell_id: s.cellId, has_eyetracking: true, frame_rate: 30, status: 'complete', is_test: false, consented_at: '2026-11-01T09:00:00.000Z' },
    steps: [{
      step_id: s.cacheStepId, page_dwell_ms: 8000, gaze: track(fixations).gaze,
      stims: [{ stim_id: s.mpuId, x: 100, y: 200, width: 300, height: 250, viewability: [{ start_ms: 0, end_ms: 8000, fraction: 1 }] }],
    }],
  };
}

/** Runs scripts/backup.ts as `npm run backup` would; answers its exit code and output. */
function script(args: string[], dataDir: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function sessionCounts(dataDir: string, studyId: number) {
  const database = await openDatabase({ dataDir });
  try {
    const [r] = (await database.db.execute(sql`select count(*)::int as participants,
      (select count(*)::int from exposure where study_id = ${studyId}) as exposures,
      (select count(*)::int from exposure_gaze where study_id = ${studyId}) as gaze
      from participant where study_id = ${studyId}`) as unknown as { rows: { participants: number; exposures: number; gaze: number }[] }).rows;
    return r;
  } finally {
    await database.close();
  }
}

describe('backups of a running server (issue 36 item 7)', () => {
  it('a backup taken while sessions are being written restores, with every stored session whole', async () => {
    const live = path.join(dir, 'live');
    const database = await openDataDir(live);
    const study = await buildStudy(database.db, { completed: false });
    await setCollectionKeyHash(database.db, study.studyId, createHash('sha256').update(KEY).digest('hex'));
    await database.close();

    const server = await startServer({ DATA_DIR: live }, path.join(dir, 'live-server.log'));
    let acked = 0;
    let writing = true;
    const send = async (i: number) => {
      const res = await fetch(`${server.base}/v1.0/collect/session`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-collection-key': KEY }, body: JSON.stringify(sessionOf(study, i)),
      });
      expect(res.status).toBe(200);
      acked++;
    };
    let next = 0;
    // Three clients keep sending sessions until the backup is written, and a few more after it.
    const writers = Promise.all(Array.from({ length: 3 }, async () => {
      while (writing || next < 60) await send(next++);
    }));
    while (acked < 10) await new Promise((r) => setTimeout(r, 50));
    const ackedBefore = acked;
    // A second process: it must not open the folder itself, so the running server writes the backup.
    const out = path.join(dir, 'live-backup');
    const made = await script(['backup', out], live);
    const ackedAfter = acked;
    writing = false;
    await writers;
    expect(made.output).toContain('written by the running server');
    expect(made.code).toBe(0);
    // The server still serves and stores.
    expect((await fetch(`${server.base}/meta.json`)).ok).toBe(true);
    await stopGracefully(server);
    const final = await sessionCounts(live, study.studyId);
    expect(final.participants).toBe(next);

    // Restored into a new folder: a consistent database with the sessions up to the snapshot.
    const restored = path.join(dir, 'restored');
    const r = await script(['restore', out], restored);
    expect(r.code, r.output).toBe(0);
    const counts = await sessionCounts(restored, study.studyId);
    expect(counts.participants).toBeGreaterThanOrEqual(ackedBefore);
    expect(counts.participants).toBeLessThanOrEqual(ackedAfter + 3); // at most the sessions in flight besides
    // Every session stored whole: its exposure and its gaze.
    expect(counts.exposures).toBe(counts.participants);
    expect(counts.gaze).toBe(counts.participants);
  });

  it('a restore into a folder that a running server holds is refused, and changes nothing', async () => {
    const held = path.join(dir, 'held');
    const database = await openDataDir(held);
    try {
      await seedOnStart(database.db, new LocalStorage(path.join(held, 'storage')), { demo: false });
      await database.close();
      await backup(held, path.join(dir, 'held-backup'));
      const server = await startServer({ DATA_DIR: held }, path.join(dir, 'held-server.log'));
      const r = await script(['restore', path.join(dir, 'held-backup'), '--force'], held);
      expect(r.code).toBe(3);
      expect(r.output).toMatch(/in use by a running Gazeboard server \(pid \d+/);
      expect((await readdir(held)).filter((f) => f.includes('restor'))).toEqual([]);
      // In this process too (the same check, without a second process).
      await expect(restore(path.join(dir, 'held-backup'), held, { force: true })).rejects.toBeInstanceOf(DataDirHeldError);
      expect((await fetch(`${server.base}/meta.json`)).ok).toBe(true);
      await stopGracefully(server);
    } finally {
      await database.close().catch(() => undefined);
    }
  });

  it('a restore that fails leaves the previous database in place', async () => {
    const target = path.join(dir, 'target');
    const database = await openDataDir(target);
    await seedOnStart(database.db, new LocalStorage(path.join(target, 'storage')), { demo: false });
    const before = await snapshot(database.db);
    await database.close();
    // A backup whose database is not a database.
    const broken = path.join(dir, 'broken-backup');
    await mkdir(broken, { recursive: true });
    await writeFile(path.join(broken, 'pglite.tar.gz'), Buffer.from('not a tarball'));
    await writeFile(path.join(broken, 'manifest.json'), JSON.stringify({ format: 1, createdAt: '', dataDir: '', pglite: 'pglite.tar.gz', storage: false }));
    await expect(restore(broken, target, { force: true })).rejects.toThrow();
    expect((await readdir(target)).filter((f) => f.includes('restor'))).toEqual([]);
    const after = await openDatabase({ dataDir: target });
    try {
      expect(await snapshot(after.db)).toEqual(before);
    } finally {
      await after.close();
    }
  });
});

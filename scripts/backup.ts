// `npm run backup [-- <folder>]` / `npm run restore -- <folder> [--force]` for the embedded
// database (PGlite) and the stored files. PGlite is a single-process database: while a server
// runs on DATA_DIR, the backup is written by that server (server/db/data-dir.ts) and a restore is
// refused. With DATABASE_URL (PostgreSQL) use pg_dump / pg_restore instead (docs/operations.md,
// "Backups"); this script says so and stops.
//
// A backup is a folder: pglite.tar.gz (PGlite's own dumpDataDir, the whole data dir), storage/
// (a copy of DATA_DIR/storage) and manifest.json (when, from where, what). A restore replaces
// DATA_DIR/pglite and DATA_DIR/storage; what was there is moved aside, never deleted.
import { PGlite } from '@electric-sql/pglite';
import { cp, mkdir, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DataDirHeldError, dataDirHolder, holdDataDir, requestLiveBackup, writeBackup, type BackupManifest,
} from '../server/db/data-dir.js';

export type { BackupManifest };

const exists = async (p: string) => stat(p).then(() => true, () => false);
const stamp = (d = new Date()) => d.toISOString().replace(/[:.]/g, '-');

/**
 * Writes a backup of dataDir into out (created; must not exist yet). While a server holds the
 * folder, that server writes it (a consistent snapshot taken between its statements); otherwise
 * this process holds the folder while it copies, so no server can start on it meanwhile.
 */
export async function backup(dataDir: string, out: string): Promise<BackupManifest> {
  const dbDir = path.join(dataDir, 'pglite');
  if (!(await exists(path.join(dbDir, 'PG_VERSION')))) throw new Error(`No PGlite database in ${dbDir}`);
  const holder = dataDirHolder(dataDir);
  if (holder) return requestLiveBackup(dataDir, holder, out);
  const release = holdDataDir(dataDir);
  try {
    const pg = new PGlite(dbDir);
    try {
      // dumpDataDir does not wait for start-up by itself (the process just ends, promise pending).
      await pg.waitReady;
      return await writeBackup(() => pg.dumpDataDir('gzip'), dataDir, out, false);
    } finally {
      await pg.close();
    }
  } finally {
    release();
  }
}

/**
 * Restores a backup folder into dataDir. Refuses a folder that a running server holds, and to
 * overwrite an existing database unless force. The backup is unpacked and opened beside the
 * current data first; only when it opens are the current pglite/ and storage/ moved to
 * <name>.before-restore-<time> and the restored ones put in their place, so a failed restore
 * leaves the previous database where it was.
 */
export async function restore(from: string, dataDir: string, opts: { force?: boolean } = {}): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(from, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`Unknown backup format ${String(manifest.format)}`);
  const dbDir = path.join(dataDir, 'pglite');
  const storageDir = path.join(dataDir, 'storage');
  const occupied = (await exists(dbDir)) && (await readdir(dbDir)).length > 0;
  if (occupied && !opts.force) throw new Error(`${dbDir} holds a database: pass --force to replace it (it is moved aside, not deleted)`);
  await mkdir(dataDir, { recursive: true });
  const release = holdDataDir(dataDir); // throws DataDirHeldError while a server runs on it
  const when = stamp();
  const newDb = `${dbDir}.restoring-${when}`;
  const newStorage = `${storageDir}.restoring-${when}`;
  const movedAside: [string, string][] = [];
  try {
    await mkdir(newDb, { recursive: true });
    const tarball = await readFile(path.join(from, manifest.pglite));
    // loadDataDir unpacks the tarball into the (empty) data dir when PGlite opens it; a copy that
    // does not open (or recover) fails here, before anything of the current data is touched.
    const pg = new PGlite(newDb, { loadDataDir: new Blob([tarball]) });
    try {
      await pg.query('select 1');
    } finally {
      await pg.close();
    }
    if (manifest.storage) await cp(path.join(from, 'storage'), newStorage, { recursive: true });
    for (const dir of [dbDir, storageDir]) {
      if (await exists(dir)) {
        const aside = `${dir}.before-restore-${when}`;
        await rename(dir, aside);
        movedAside.push([dir, aside]);
      }
    }
    await rename(newDb, dbDir);
    if (manifest.storage) await rename(newStorage, storageDir);
    return movedAside.map(([, aside]) => aside);
  } catch (err) {
    await rm(newDb, { recursive: true, force: true });
    await rm(newStorage, { recursive: true, force: true });
    // Anything already moved aside goes back where it was.
    for (const [dir, aside] of movedAside) if (!(await exists(dir))) await rename(aside, dir).catch(() => undefined);
    throw err;
  } finally {
    release();
  }
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const args = rest.filter((a) => a !== '--force');
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  if (process.env.DATABASE_URL) {
    console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump -Fc "$DATABASE_URL" > gazeboard.dump '
      + '(restore with pg_restore) and copy DATA_DIR/storage; see docs/operations.md, "Backups".');
    process.exit(2);
  }
  if (command === 'backup') {
    const out = path.resolve(args[0] ?? `backups/gazeboard-${stamp()}`);
    const manifest = await backup(dataDir, out);
    console.log(`Backed up ${dataDir} to ${out}${manifest.live ? ' (written by the running server)' : ''}`);
  } else if (command === 'restore' && args[0]) {
    const aside = await restore(path.resolve(args[0]), dataDir, { force });
    console.log(`Restored ${args[0]} into ${dataDir}${aside.length ? `; the previous data is in ${aside.join(', ')}` : ''}`);
  } else {
    console.error('usage: npm run backup [-- <folder>]  |  npm run restore -- <folder> [--force]   (DATA_DIR, default ./data; restore: stop the server first)');
    process.exit(2);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(err instanceof DataDirHeldError ? 3 : 1);
  });
}

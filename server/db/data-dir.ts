// The PGlite data folder's two safety rules (issue 36 item 7):
// - one process at a time: PGlite is a single-process database, and a second process opening the
//   folder while the server writes (a backup, a restore, a second server) can leave it, or the
//   copy it takes, unrecoverable. The holder writes DATA_DIR/pglite.lock with its pid; another
//   process finding a live pid there refuses. A lock left by a killed process (its pid gone) is
//   taken over.
// - backups of a running server are taken by the server itself (the holder), through PGlite's
//   own dump, which runs between statements: a crash-consistent copy that PostgreSQL's recovery
//   opens like a database after a power cut. `npm run backup` asks the holder for one
//   (requestLiveBackup: a request file and SIGUSR2) instead of opening the folder itself.
import { cp, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'pglite.lock';
export const BACKUP_REQUEST_FILE = 'backup-request.json';
/** Written into a live backup's folder when the server could not finish it. */
export const BACKUP_ERROR_FILE = 'backup-error.txt';

export interface Holder { pid: number; startedAt: string }

export interface BackupManifest {
  format: 1;
  createdAt: string;
  dataDir: string;
  pglite: string;
  storage: boolean;
  /** Taken by the running server (true) or from a stopped folder. */
  live?: boolean;
}

export class DataDirHeldError extends Error {
  constructor(readonly dataDir: string, readonly holder: Holder) {
    super(`${dataDir} is in use by a running Gazeboard server (pid ${holder.pid}, since ${holder.startedAt}). `
      + `Stop it first, or, if no server runs, delete ${path.join(dataDir, LOCK_FILE)}.`);
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
};

/** The live process holding dataDir, or null (no lock, or one left by a process that is gone). */
export function dataDirHolder(dataDir: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as Holder;
    return Number.isInteger(holder.pid) && alive(holder.pid) ? holder : null;
  } catch {
    return null;
  }
}

/** Takes dataDir for this process (throws DataDirHeldError if another live one has it); answers the release. */
export function holdDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const me: Holder = { pid: process.pid, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      return () => {
        if (dataDirHolder(dataDir)?.pid === process.pid) unlinkSync(file);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = dataDirHolder(dataDir);
      if (holder) throw new DataDirHeldError(dataDir, holder);
      unlinkSync(file); // stale: its process is gone
    }
  }
  throw new Error(`Could not take ${file}`);
}

const exists = async (p: string) => stat(p).then(() => true, () => false);

/**
 * Writes a backup folder `out` (must not exist): the database tarball from `dump`, a copy of
 * DATA_DIR/storage, and manifest.json last, so a folder with a manifest is a whole backup.
 */
export async function writeBackup(dump: () => Promise<Blob>, dataDir: string, out: string, live: boolean): Promise<BackupManifest> {
  if (await exists(out)) throw new Error(`${out} already exists: choose a new folder`);
  await mkdir(out, { recursive: true });
  try {
    const tarball = await dump();
    await writeFile(path.join(out, 'pglite.tar.gz'), Buffer.from(await tarball.arrayBuffer()));
    // After the database: every file its rows name is there (files are written before their rows).
    const storageDir = path.join(dataDir, 'storage');
    const storage = await exists(storageDir);
    if (storage) await cp(storageDir, path.join(out, 'storage'), { recursive: true });
    const manifest: BackupManifest = {
      format: 1, createdAt: new Date().toISOString(), dataDir: path.resolve(dataDir), pglite: 'pglite.tar.gz', storage, live,
    };
    // Written aside and renamed: the backup script polls for manifest.json and must never read it
    // half-written (it did, once, under load: "Unexpected end of JSON input").
    await writeFile(path.join(out, 'manifest.json.partial'), JSON.stringify(manifest, null, 2));
    await rename(path.join(out, 'manifest.json.partial'), path.join(out, 'manifest.json'));
    return manifest;
  } catch (err) {
    const partial = path.join(out, `${BACKUP_ERROR_FILE}.partial`);
    await writeFile(partial, err instanceof Error ? err.message : String(err))
      .then(() => rename(partial, path.join(out, BACKUP_ERROR_FILE))).catch(() => undefined);
    throw err;
  }
}

/** The server's side of a live backup: the folder the request names (relative paths: to DATA_DIR). */
export async function readBackupRequest(dataDir: string): Promise<string | null> {
  const file = path.join(dataDir, BACKUP_REQUEST_FILE);
  try {
    const { out } = JSON.parse(readFileSync(file, 'utf8')) as { out?: unknown };
    await rm(file, { force: true });
    return typeof out === 'string' && out ? path.resolve(dataDir, out) : null;
  } catch {
    return null;
  }
}

/**
 * The backup script's side: asks the holder for a live backup into `out` and waits (bounded) for
 * its manifest, or its error file.
 */
export async function requestLiveBackup(dataDir: string, holder: Holder, out: string, polls = 3000, everyMs = 200): Promise<BackupManifest> {
  if (await exists(out)) throw new Error(`${out} already exists: choose a new folder`);
  await writeFile(path.join(dataDir, BACKUP_REQUEST_FILE), JSON.stringify({ out: path.resolve(out) }));
  process.kill(holder.pid, 'SIGUSR2');
  for (let i = 0; i < polls; i++) {
    await new Promise((r) => setTimeout(r, everyMs));
    if (await exists(path.join(out, 'manifest.json'))) return JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')) as BackupManifest;
    if (await exists(path.join(out, BACKUP_ERROR_FILE))) throw new Error(`The server could not write the backup: ${readFileSync(path.join(out, BACKUP_ERROR_FILE), 'utf8')}`);
  }
  throw new Error(`The server (pid ${holder.pid}) did not write ${out} in time; see its log`);
}

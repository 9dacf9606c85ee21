// `npm run backup [-- <folder>]` / `npm run restore -- <folder> [--force]` for the embedded
// database (PGlite) and the stored files. Stop the server first: PGlite is a single-process
// database and a copy taken while it writes may not open. With DATABASE_URL (PostgreSQL) use
// pg_dump / pg_restore instead (docs/operations.md, "Backups"); this script says so and stops.
//
// A backup is a folder: pglite.tar.gz (PGlite's own dumpDataDir, the whole data dir), storage/
// (a copy of DATA_DIR/storage) and manifest.json (when, from where, what). A restore replaces
// DATA_DIR/pglite and DATA_DIR/storage; what was there is moved aside, never deleted.
import { PGlite } from '@electric-sql/pglite';
import { cp, mkdir, readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  dataDir: string;
  pglite: string;
  storage: boolean;
}

const exists = async (p: string) => stat(p).then(() => true, () => false);
const stamp = (d = new Date()) => d.toISOString().replace(/[:.]/g, '-');

/** Writes a backup of dataDir into out (created; must not exist yet). */
export async function backup(dataDir: string, out: string): Promise<BackupManifest> {
  const dbDir = path.join(dataDir, 'pglite');
  if (!(await exists(path.join(dbDir, 'PG_VERSION')))) throw new Error(`No PGlite database in ${dbDir}`);
  if (await exists(out)) throw new Error(`${out} already exists: choose a new folder`);
  await mkdir(out, { recursive: true });
  const pg = new PGlite(dbDir);
  try {
    // dumpDataDir does not wait for start-up by itself (the process just ends, promise pending).
    await pg.waitReady;
    const tarball = await pg.dumpDataDir('gzip');
    await writeFile(path.join(out, 'pglite.tar.gz'), Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await pg.close();
  }
  const storageDir = path.join(dataDir, 'storage');
  const storage = await exists(storageDir);
  if (storage) await cp(storageDir, path.join(out, 'storage'), { recursive: true });
  const manifest: BackupManifest = {
    format: 1, createdAt: new Date().toISOString(), dataDir: path.resolve(dataDir), pglite: 'pglite.tar.gz', storage,
  };
  await writeFile(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

/**
 * Restores a backup folder into dataDir. Refuses to overwrite an existing database unless force;
 * with force the current pglite/ and storage/ are moved to <name>.before-restore-<time>.
 */
export async function restore(from: string, dataDir: string, opts: { force?: boolean } = {}): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(from, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`Unknown backup format ${String(manifest.format)}`);
  const dbDir = path.join(dataDir, 'pglite');
  const storageDir = path.join(dataDir, 'storage');
  const occupied = (await exists(dbDir)) && (await readdir(dbDir)).length > 0;
  if (occupied && !opts.force) throw new Error(`${dbDir} holds a database: pass --force to replace it (it is moved aside, not deleted)`);
  const movedAside: string[] = [];
  const when = stamp();
  for (const dir of [dbDir, storageDir]) {
    if (await exists(dir)) {
      const aside = `${dir}.before-restore-${when}`;
      await rename(dir, aside);
      movedAside.push(aside);
    }
  }
  await mkdir(dbDir, { recursive: true });
  const tarball = await readFile(path.join(from, manifest.pglite));
  // loadDataDir unpacks the tarball into the (empty) data dir when PGlite opens it.
  const pg = new PGlite(dbDir, { loadDataDir: new Blob([tarball]) });
  try {
    await pg.query('select 1');
  } finally {
    await pg.close();
  }
  if (manifest.storage) await cp(path.join(from, 'storage'), storageDir, { recursive: true });
  return movedAside;
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
    await backup(dataDir, out);
    console.log(`Backed up ${dataDir} to ${out}`);
  } else if (command === 'restore' && args[0]) {
    const aside = await restore(path.resolve(args[0]), dataDir, { force });
    console.log(`Restored ${args[0]} into ${dataDir}${aside.length ? `; the previous data is in ${aside.join(', ')}` : ''}`);
  } else {
    console.error('usage: npm run backup [-- <folder>]  |  npm run restore -- <folder> [--force]   (DATA_DIR, default ./data; stop the server first)');
    process.exit(2);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}

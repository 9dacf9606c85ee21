// stored_file: metadata of every object in storage (owner company, type, size, upload state).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { storedFile } from '../db/schema/index.js';

export interface FileRecord {
  companyId: number | null;
  key: string;
  contentType: string;
  size?: number;
  uploaded?: boolean;
  meta?: unknown;
}

/** Inserts or replaces the row for a key. */
export async function recordFile(db: Db, f: FileRecord): Promise<void> {
  const values = {
    companyId: f.companyId, key: f.key, contentType: f.contentType, size: f.size ?? 0,
    uploaded: f.uploaded ?? false, meta: f.meta ?? null,
  };
  await db.insert(storedFile).values(values).onConflictDoUpdate({
    target: storedFile.key,
    set: { companyId: values.companyId, contentType: values.contentType, size: values.size, uploaded: values.uploaded, meta: values.meta },
  });
}

/** Many rows at once (the seed); callers pass a transaction for atomicity. */
export async function recordFiles(db: Db, files: FileRecord[]): Promise<void> {
  for (let i = 0; i < files.length; i += 500) {
    const chunk = files.slice(i, i + 500).map((f) => ({
      companyId: f.companyId, key: f.key, contentType: f.contentType, size: f.size ?? 0,
      uploaded: f.uploaded ?? true, meta: f.meta ?? null,
    }));
    if (chunk.length) await db.insert(storedFile).values(chunk).onConflictDoNothing();
  }
}

export async function findFile(db: Db, key: string) {
  const rows = await db.select().from(storedFile).where(eq(storedFile.key, key)).limit(1);
  return rows[0] ?? null;
}

export async function markUploaded(db: Db, key: string, size: number, contentType: string): Promise<void> {
  await db.update(storedFile).set({ uploaded: true, size, contentType }).where(eq(storedFile.key, key));
}

/**
 * Single use: marks a prepared, not yet uploaded key as taken before its bytes are written, so two
 * PUTs of one signed URL cannot both succeed. null when it was used (or never prepared).
 */
export async function claimUpload(db: Db, key: string) {
  const rows = await db.update(storedFile).set({ uploaded: true })
    .where(and(eq(storedFile.key, key), eq(storedFile.uploaded, false))).returning();
  return rows[0] ?? null;
}

/** A PUT that failed gives its key back (the URL may be tried again until it expires). */
export async function releaseUpload(db: Db, key: string): Promise<void> {
  await db.update(storedFile).set({ uploaded: false, size: 0 }).where(eq(storedFile.key, key));
}

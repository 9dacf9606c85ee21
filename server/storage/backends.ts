// Storage backends behind one small interface: the local folder DATA_DIR/storage by default, memory
// for tests without a data dir; an S3-compatible store (s3.ts, STORAGE=s3) implements the same
// four calls for several servers (docs/operations.md). Keys, file names and content types are checked here too.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.js';
import { checkIfUpload, contentTypeFor } from './filetypes.js';

export interface StoredObject {
  stream: Readable;
  contentType: string;
  size: number;
  modified: Date;
}

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  /** Refuse bodies larger than this (throws TooLargeError, nothing is kept). */
  maxBytes?: number;
}

export interface Storage {
  /**
   * Stores body under key. Keys under c/<company>/uploads/ hold what browsers uploaded: their type
   * is checked from the bytes (filetypes.ts; UnsupportedFileTypeError, nothing kept) and the
   * answer's contentType is the checked one, which is what is stored and served.
   */
  put(key: string, body: Uint8Array | Readable, contentType: string, opts?: PutOptions): Promise<{ size: number; contentType: string }>;
  /** null when the key holds nothing. With a range, stream holds only those bytes (size stays the whole file's). */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

export class InvalidKeyError extends Error {}
export class TooLargeError extends Error {}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
export const MAX_KEY_LENGTH = 512;

/**
 * Checks a storage key: '/'-separated segments of letters, digits, '.', '_' and '-', none
 * starting with a dot (so no '..', no hidden files), no leading slash. Throws InvalidKeyError.
 * Keys are therefore their own URL encoding, which keeps signatures unambiguous.
 */
export function sanitizeKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) throw new InvalidKeyError('Invalid file key');
  const segments = key.split('/');
  if (!segments.every((s) => SEGMENT.test(s))) throw new InvalidKeyError('Invalid file key');
  return key;
}

/** A user-supplied file name made safe as the last segment of a key ("My ad (1).PNG" → "My-ad-1-.png"). */
export function safeFileName(name: string): string {
  const base = path.basename(String(name).replace(/\\/g, '/'));
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80);
  const ext = dot > 0 ? base.slice(dot + 1).replace(/[^A-Za-z0-9]+/g, '').toLowerCase().slice(0, 10) : '';
  return `${stem || 'file'}${ext ? `.${ext}` : ''}`;
}

/** Counts bytes into counter and fails with TooLargeError past maxBytes (every backend's put). */
export function limiter(maxBytes: number | undefined, counter: { size: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      counter.size += chunk.length;
      if (maxBytes !== undefined && counter.size > maxBytes) cb(new TooLargeError('File too large'));
      else cb(null, chunk);
    },
  });
}

export function toStream(body: Uint8Array | Readable): Readable {
  return body instanceof Readable ? body : Readable.from([Buffer.from(body)]);
}

/** Files under <root>/objects/<key>, content type beside them under <root>/meta/<key>.json. */
export class LocalStorage implements Storage {
  constructor(readonly root: string) {}

  private paths(key: string) {
    const k = sanitizeKey(key);
    return { file: path.join(this.root, 'objects', k), meta: path.join(this.root, 'meta', `${k}.json`) };
  }

  async put(key: string, body: Uint8Array | Readable, contentType: string, opts: PutOptions = {}) {
    const { file, meta } = this.paths(key);
    ({ body, contentType } = await checkIfUpload(key, body, contentType));
    await mkdir(path.dirname(file), { recursive: true });
    await mkdir(path.dirname(meta), { recursive: true });
    // Write beside the target and rename, so a reader never sees half a file.
    const tmp = `${file}.${randomBytes(6).toString('hex')}.part`;
    const counter = { size: 0 };
    try {
      await pipeline(toStream(body), limiter(opts.maxBytes, counter), createWriteStream(tmp));
      await writeFile(meta, JSON.stringify({ contentType }));
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return { size: counter.size, contentType };
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const { file, meta } = this.paths(key);
    let info;
    try {
      info = await stat(file);
    } catch {
      return null;
    }
    if (!info.isFile()) return null;
    let contentType = contentTypeFor(key);
    try {
      contentType = (JSON.parse(await readFile(meta, 'utf8')) as { contentType: string }).contentType || contentType;
    } catch { /* no sidecar: fall back to the extension */ }
    return { stream: createReadStream(file, range), contentType, size: info.size, modified: info.mtime };
  }

  async exists(key: string) {
    try {
      return (await stat(this.paths(key).file)).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string) {
    const { file, meta } = this.paths(key);
    await rm(file, { force: true });
    await rm(meta, { force: true });
  }
}

/** For tests and throw-away apps without a data dir. */
export class MemoryStorage implements Storage {
  private readonly objects = new Map<string, { bytes: Buffer; contentType: string; modified: Date }>();

  async put(key: string, body: Uint8Array | Readable, contentType: string, opts: PutOptions = {}) {
    const k = sanitizeKey(key);
    ({ body, contentType } = await checkIfUpload(k, body, contentType));
    const counter = { size: 0 };
    const chunks: Buffer[] = [];
    await pipeline(toStream(body), limiter(opts.maxBytes, counter), async function* (source) {
      for await (const chunk of source) chunks.push(chunk as Buffer);
    });
    this.objects.set(k, { bytes: Buffer.concat(chunks), contentType, modified: new Date() });
    return { size: counter.size, contentType };
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const o = this.objects.get(sanitizeKey(key));
    if (!o) return null;
    const bytes = range ? o.bytes.subarray(range.start, range.end + 1) : o.bytes;
    return { stream: Readable.from([bytes]), contentType: o.contentType, size: o.bytes.length, modified: o.modified };
  }

  async exists(key: string) {
    return this.objects.has(sanitizeKey(key));
  }

  async delete(key: string) {
    this.objects.delete(sanitizeKey(key));
  }
}

/** DATA_DIR/storage, or memory when the app has no data dir (tests). S3: select.ts. */
export function localStorageFor(config: Pick<Config, 'dataDir'>): Storage {
  return config.dataDir ? new LocalStorage(path.resolve(config.dataDir, 'storage')) : new MemoryStorage();
}

/** Reads a whole stored file (small files: seeds, tests, rendering inputs). */
export async function readAll(storage: Storage, key: string): Promise<Buffer | null> {
  const o = await storage.get(key);
  if (!o) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of o.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

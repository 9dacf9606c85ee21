// What an upload really is, from its bytes (file-type), never from the type the uploader claims:
// an "ad.png" sent as text/html must not be stored, and later served, as a page. Checked types:
// raster images and videos by their magic bytes; text (script and VAST XML stims) only when the
// file name says so and the bytes are plain UTF-8. Everything else is refused (415).
import { fileTypeFromBuffer } from 'file-type';
import { Readable } from 'node:stream';

/** The type a stored file is served with, by its name (every backend's get). */
const TYPES: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml',
  mp4: 'video/mp4', webm: 'video/webm', ogg: 'video/ogg', mov: 'video/quicktime',
  html: 'text/html; charset=utf-8', htm: 'text/html; charset=utf-8', txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8', json: 'application/json', xml: 'application/xml', pdf: 'application/pdf',
  js: 'text/javascript; charset=utf-8',
};

export function contentTypeFor(fileName: string): string {
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}

/** Keys that hold what browsers uploaded through a signed PUT (POST /stims/create_signed_url). */
export const UPLOAD_KEY = /^c\/\d+\/uploads\//;

/** Media recognised from the bytes, stored with the detected type. */
export const MEDIA_TYPES = new Set([
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif',
  'video/mp4', 'video/webm', 'video/quicktime', 'video/ogg', 'video/x-m4v',
]);

/** Text stims (Script: ad markup; VAST XML), accepted by file extension when the bytes are text. */
export const TEXT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8', htm: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8',
  xml: 'application/xml', txt: 'text/plain; charset=utf-8',
};

/** Text that file-type recognises; accepted under the same rule as undetected text. */
const TEXT_DETECTED = new Set(['application/xml', 'text/xml']);

/** Enough for every signature file-type knows (its own sample size). */
const SAMPLE_BYTES = 4100;

/** Thrown for a refused upload; statusCode makes the error handler answer 415 with this message. */
export class UnsupportedFileTypeError extends Error {
  readonly statusCode = 415;
}

const textDecoder = new TextDecoder('utf-8', { fatal: true });

/** Plain UTF-8 without NUL (a sample may end inside a multi-byte character). */
function looksLikeText(sample: Buffer, complete: boolean): boolean {
  if (sample.includes(0)) return false;
  for (let cut = 0; cut <= (complete ? 0 : 3) && cut < sample.length; cut += 1) {
    try {
      textDecoder.decode(sample.subarray(0, sample.length - cut));
      return true;
    } catch { /* try without a trailing partial character */ }
  }
  return false;
}

/**
 * The checked content type for an upload, from its first bytes and its key's file name.
 * Throws UnsupportedFileTypeError.
 */
export async function checkedType(key: string, sample: Buffer, complete: boolean): Promise<string> {
  if (sample.length === 0) throw new UnsupportedFileTypeError('The file is empty');
  const found = await fileTypeFromBuffer(sample);
  // file-type also recognises some text (XML): that goes through the text rule below.
  if (found && !TEXT_DETECTED.has(found.mime)) {
    if (MEDIA_TYPES.has(found.mime)) return found.mime;
    throw new UnsupportedFileTypeError(`Files of type ${found.mime} are not accepted (images, videos, or text for script and VAST stims)`);
  }
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  const text = TEXT_TYPES[ext];
  if (text && looksLikeText(sample, complete)) return text;
  const claimed = contentTypeFor(key);
  throw new UnsupportedFileTypeError(
    text ? `The file is not text, as .${ext} needs` : `The file's bytes are not a ${claimed === 'application/octet-stream' ? 'supported' : claimed} file (images, videos, or text for script and VAST stims)`,
  );
}

/**
 * Reads the first bytes of body, checks them and returns a stream of the WHOLE body (nothing is
 * lost) with the checked type. Bytes beyond the sample stream on untouched.
 */
export async function checkUpload(key: string, body: Uint8Array | Readable): Promise<{ stream: Readable; contentType: string }> {
  if (!(body instanceof Readable)) {
    const bytes = Buffer.from(body);
    return { stream: Readable.from([bytes]), contentType: await checkedType(key, bytes.subarray(0, SAMPLE_BYTES), bytes.length <= SAMPLE_BYTES) };
  }
  const it = body[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const head: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < SAMPLE_BYTES) {
    const next = await it.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = Buffer.from(next.value);
    head.push(chunk);
    size += chunk.length;
  }
  const first = Buffer.concat(head);
  // On refusal the rest is left unread: destroying a request stream would reset the connection
  // before the 415 reaches the client; the HTTP server discards the remainder itself.
  const contentType = await checkedType(key, first.subarray(0, SAMPLE_BYTES), done);
  async function* whole() {
    yield first;
    if (done) return;
    for (let next = await it.next(); !next.done; next = await it.next()) yield Buffer.from(next.value);
  }
  return { stream: Readable.from(whole()), contentType };
}

/** Uploaded keys are checked; files the server writes itself (seeds, renders) are trusted. */
export async function checkIfUpload(key: string, body: Uint8Array | Readable, contentType: string): Promise<{ body: Uint8Array | Readable; contentType: string }> {
  if (!UPLOAD_KEY.test(key)) return { body, contentType };
  const checked = await checkUpload(key, body);
  return { body: checked.stream, contentType: checked.contentType };
}

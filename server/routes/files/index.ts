// Stored files. Outside /v1.0 (checklist contradiction 14): GET /files/<key> and PUT /files/<key>
// carry their own expiring signature instead of a token, because <img>/<video> tags and the
// uploader's raw PUT cannot send an Authorization header. Inside /v1.0: POST /stims/create_signed_url.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import {
  InvalidKeyError, MEDIA_TYPES, TEXT_TYPES, TooLargeError, UnsupportedFileTypeError, contentTypeFor, requestOrigin, safeFileName,
  sanitizeKey, uploadUrl, verifyDownload, verifyUpload,
} from '../../storage/index.js';
import { claimUpload, findFile, markUploaded, recordFile, releaseUpload } from '../../repositories/files.js';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../errors.js';
import * as contract from '../../../contract/files.js';
import { route } from '../common.js';

export { MAX_UPLOAD_BYTES, UPLOAD_TTL_SECONDS } from '../../../contract/files.js';
const { MAX_UPLOAD_BYTES, UPLOAD_TTL_SECONDS } = contract;

function keyOf(raw: string): string {
  try {
    return sanitizeKey(raw);
  } catch {
    throw badRequest('Invalid file key', { key: 'must be a plain storage key' });
  }
}

/** What a prepared upload may hold, from its declared type: image, video or text (script, VAST XML). */
export function uploadKind(contentType: string): 'image' | 'video' | 'text' | null {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (MEDIA_TYPES.has(type)) return type.startsWith('image/') ? 'image' : 'video';
  if (Object.values(TEXT_TYPES).some((t) => t.split(';')[0] === type) || type === 'text/xml') return 'text';
  return null;
}

interface UploadMeta {
  file_name?: string;
  user_id?: number;
  max_bytes?: number;
  kind?: 'image' | 'video' | 'text';
}

/** `bytes=a-b` or `bytes=a-` (single range); anything else is served whole. */
export function parseRange(header: string | undefined): { start: number; end: number } | null {
  const m = /^bytes=(\d+)-(\d*)$/.exec(header ?? '');
  if (!m) return null;
  const start = Number(m[1]);
  const end = m[2] === '' ? Number.MAX_SAFE_INTEGER : Number(m[2]);
  return end >= start ? { start, end } : null;
}

/** Served outside /v1.0 (server/routes/index.ts discovers areas). */
export const mount = 'root';

/** The /v1.0 half of the area (upload URLs); the default export serves /files at the root. */
export { filesV1 as v1 };

export default async function files(app: FastifyInstance) {
  // Upload bodies are streamed to storage untouched, whatever their content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  route(app, contract.download, async (request, reply) => {
    const key = keyOf(request.params['*']);
    const { expires, sig } = request.query;
    if (!verifyDownload(app.signer, key, expires, sig)) throw forbidden('Invalid or expired signature');
    const range = parseRange(request.headers.range);
    const found = await app.storage.get(key, range ?? undefined);
    if (!found) throw notFound('File not found');
    // Private caching until the signature expires: the URL itself is the credential.
    const maxAge = Math.max(0, Math.min(24 * 3600, Number(expires) - Math.floor(Date.now() / 1000)));
    reply
      .header('content-type', found.contentType)
      .header('accept-ranges', 'bytes')
      .header('last-modified', found.modified.toUTCString())
      // nosniff, the sandbox CSP and attachment for non-media come from the one policy table
      // (server/plugins/security.ts), so uploaded markup never runs with the dashboard's origin.
      .header('cache-control', `private, max-age=${maxAge}`);
    if (range) {
      // Video seeking: one byte range per request (what browsers ask for).
      if (range.start >= found.size) {
        found.stream.destroy();
        return reply.status(416).header('content-range', `bytes */${found.size}`)
          .type('application/json; charset=utf-8').send({ success: false, message: 'Range not satisfiable' });
      }
      const end = Math.min(range.end, found.size - 1);
      reply.status(206).header('content-range', `bytes ${range.start}-${end}/${found.size}`).header('content-length', end - range.start + 1);
    } else {
      reply.header('content-length', found.size);
    }
    return reply.send(found.stream);
  });

  route(app, contract.upload, async (request) => {
    const key = keyOf(request.params['*']);
    const { expires, sig } = request.query;
    if (!verifyUpload(app.signer, key, expires, sig)) throw forbidden('Invalid or expired signature');
    const prepared = await findFile(app.db, key);
    if (!prepared) throw notFound('No upload was prepared for this key');
    const meta = (prepared.meta ?? {}) as UploadMeta;
    const maxBytes = Math.min(MAX_UPLOAD_BYTES, meta.max_bytes ?? MAX_UPLOAD_BYTES);
    const tooLarge = () => new HttpError(413, `File too large (${maxBytes} bytes at most for this upload)`);
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > maxBytes) throw tooLarge();
    // One successful PUT per signed URL: taken before the bytes are written, given back on failure.
    const row = await claimUpload(app.db, key);
    if (!row) throw conflict('This upload URL has already been used');
    const claimed = String(request.headers['content-type'] || row.contentType || contentTypeFor(key)).slice(0, 200);
    const body = (request.body as Readable | undefined) ?? request.raw;
    let size: number;
    // The storage checks the bytes (server/storage/filetypes.ts): what is recorded is the checked
    // type, never the one the uploader claimed; and it must be the kind that was prepared.
    let contentType: string;
    try {
      ({ size, contentType } = await app.storage.put(key, body, claimed, { maxBytes }));
      if (meta.kind && uploadKind(contentType) !== meta.kind) {
        await app.storage.delete(key);
        throw new UnsupportedFileTypeError(`The file is ${contentType}, not the ${meta.kind} this upload was prepared for`);
      }
    } catch (err) {
      await releaseUpload(app.db, key);
      if (err instanceof TooLargeError) throw tooLarge();
      if (err instanceof InvalidKeyError) throw badRequest('Invalid file key');
      throw err;
    }
    await markUploaded(app.db, key, size, contentType);
    return { success: true as const, key, size };
  });
}

/** Registered inside the /v1.0 block. */
export async function filesV1(app: FastifyInstance) {
  route(app, contract.createSignedUrl, async (request) => {
    const { companyId } = request.auth;
    const name = safeFileName(request.body.file_name);
    const key = `c/${companyId}/uploads/${randomBytes(8).toString('hex')}-${name}`;
    if (!request.auth.superUser && request.auth.userTypeId !== 1) throw forbidden('Stim uploads are for study users');
    const contentType = request.body.content_type || contentTypeFor(name);
    // The declared type is a claim: the bytes decide what is stored (issue 9 item 4), so a PNG sent
    // as text/html or application/octet-stream is kept as image/png, and a PDF is refused at the PUT.
    // A declared image or video binds the PUT to that kind (the uploader's row expects it).
    const declared = uploadKind(contentType);
    const kind = declared === 'image' || declared === 'video' ? declared : undefined;
    const meta: UploadMeta = { file_name: request.body.file_name, user_id: request.auth.userId, max_bytes: request.body.size ?? MAX_UPLOAD_BYTES, kind };
    await recordFile(app.db, { companyId, key, contentType, uploaded: false, meta });
    return {
      success: true as const,
      url: uploadUrl(app, key, requestOrigin(request), UPLOAD_TTL_SECONDS),
      // What to store as the stim's source once the PUT has succeeded.
      source: key,
      key,
      expires_in: UPLOAD_TTL_SECONDS,
    };
  });
}

// Stored files (server/routes/files). GET and PUT /files/<key> live outside /v1.0 and carry their
// own expiring signature instead of a token (an <img> or the uploader's raw PUT cannot send an
// Authorization header); POST /v1.0/stims/create_signed_url prepares an upload.
import { Type, type Static } from 'typebox';
import { Binary, defineOperation, Int4, Ok, STUDY_ROLES, Text } from './common.js';

export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
export const UPLOAD_TTL_SECONDS = 3600;

export const FileParams = Type.Object({ '*': Text(1024, { minLength: 1, description: 'The storage key' }) });
export const SignatureQuery = Type.Object({
  // Loose on purpose: a wrong signature is a 403, whatever it looks like.
  expires: Text(20, { description: 'Unix seconds' }),
  sig: Text(200),
});

export const FileBytes = Binary('application/octet-stream', 'The file, with the Content-Type it was stored with (Accept-Ranges: bytes)');

export const download = defineOperation({
  operationId: 'downloadFile',
  method: 'GET',
  path: '/files/*',
  summary: 'A stored file, by signed URL',
  description: 'Range requests answer 206 with one byte range; a range past the end answers 416.',
  tags: ['files'],
  access: 'read',
  roles: ['signed_url'],
  params: FileParams,
  querystring: SignatureQuery,
  response: { 200: FileBytes, 206: FileBytes },
  errors: [403, 404, 416],
});

export const UploadResponse = Ok({ key: Type.String(), size: Type.Integer({ minimum: 0 }) });
export type UploadResponse = Static<typeof UploadResponse>;

export const upload = defineOperation({
  operationId: 'uploadFile',
  method: 'PUT',
  path: '/files/*',
  summary: 'Upload the file of a prepared key, by signed URL (raw body, at most 200 MB)',
  tags: ['files'],
  access: 'write',
  roles: ['signed_url'],
  params: FileParams,
  querystring: SignatureQuery,
  response: { 200: UploadResponse },
  errors: [403, 404, 409, 413, 415],
});

export const SignedUrlBody = Type.Object({
  file_name: Text(255, { minLength: 1 }),
  content_type: Type.Optional(Text(200, { description: 'The type the PUT will send. Only a claim: the bytes decide what is stored (images, videos, or text for .html/.js/.xml names; else the PUT answers 415); a declared image or video makes the PUT refuse the other kinds' })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_UPLOAD_BYTES, description: 'The file size in bytes: the PUT may send no more than this' })),
});
export type SignedUrlBody = Static<typeof SignedUrlBody>;

export const SignedUrlResponse = Ok({
  url: Type.String({ description: 'PUT the raw file here (no Authorization header)' }),
  source: Type.String({ description: 'What to store as the stim source once the PUT succeeded' }),
  key: Type.String(),
  expires_in: Int4({ description: 'Seconds the url stays valid' }),
});
export type SignedUrlResponse = Static<typeof SignedUrlResponse>;

export const createSignedUrl = defineOperation({
  operationId: 'createSignedUploadUrl',
  method: 'POST',
  path: '/v1.0/stims/create_signed_url',
  summary: 'Prepare an upload: a signed URL that accepts one PUT of the file',
  description: "PUT the raw file to url (no Authorization header; Content-Type = the file type; at most `size` bytes when given, 200 MB anyway; valid 1 h), then store source (the storage key) as the stim source with POST /stims/{id}/edit. The url accepts ONE successful PUT (a second answers 409); the bytes decide the stored type (an image, a video, or text for .html/.js/.xml names) and must be of the declared kind when an image or video was declared, else 415. Files are kept under the acting company's prefix c/<company id>/uploads/.",
  tags: ['stims', 'files'],
  access: 'write',
  roles: STUDY_ROLES,
  body: SignedUrlBody,
  response: { 200: SignedUrlResponse },
  errors: [413, 415],
});

export const operations = { download, upload, createSignedUrl };

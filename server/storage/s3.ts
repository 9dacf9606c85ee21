// The S3-compatible backend (AWS S3, MinIO, Ceph, Cloudflare R2, …) behind the same four calls as
// the local folder, so several servers share one store. Browsers never talk to the bucket: uploads
// still arrive at our single-use signed /files endpoint (checked, size-limited) and are streamed
// on to the bucket here; downloads stream back through /files, ranges included.
//
// Streaming without knowing the length: the body is cut into parts of PART_BYTES. A body that
// fits in one part is one PutObject; a longer one becomes a multipart upload, so memory stays at
// about one part per upload whatever the file's size, and a failed upload is aborted (nothing kept).
import {
  S3Client, PutObjectCommand, GetObjectCommand, HeadObjectCommand, DeleteObjectCommand,
  CreateMultipartUploadCommand, UploadPartCommand, CompleteMultipartUploadCommand, AbortMultipartUploadCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Options } from '../config.js';
import { checkIfUpload } from './filetypes.js';
import { limiter, sanitizeKey, toStream, type ByteRange, type PutOptions, type Storage, type StoredObject } from './backends.js';

export type { S3Options };

const DEFAULT_PART_BYTES = 8 * 1024 * 1024;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

export class S3Storage implements Storage {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly partBytes: number;

  constructor(opts: S3Options) {
    this.bucket = opts.bucket;
    this.prefix = opts.prefix ?? '';
    this.partBytes = Math.max(5 * 1024 * 1024, opts.partBytes ?? DEFAULT_PART_BYTES);
    this.client = new S3Client({
      region: opts.region ?? 'us-east-1',
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      forcePathStyle: opts.forcePathStyle ?? Boolean(opts.endpoint),
      ...(opts.accessKeyId && opts.secretAccessKey
        ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
        : {}),
    });
  }

  private key(key: string): string {
    return this.prefix + sanitizeKey(key);
  }

  async put(key: string, body: Uint8Array | Readable, contentType: string, opts: PutOptions = {}) {
    const Key = this.key(key);
    ({ body, contentType } = await checkIfUpload(key, body, contentType));
    const counter = { size: 0 };
    const partBytes = this.partBytes;
    const bucket = this.bucket;
    const client = this.client;
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    try {
      await pipeline(toStream(body), limiter(opts.maxBytes, counter), async function (source: AsyncIterable<Buffer>) {
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        const flushPart = async () => {
          const bytes = Buffer.concat(pending);
          pending = [];
          pendingBytes = 0;
          if (!uploadId) {
            const created = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key, ContentType: contentType }));
            uploadId = created.UploadId;
          }
          const PartNumber = parts.length + 1;
          const { ETag } = await client.send(new UploadPartCommand({ Bucket: bucket, Key, UploadId: uploadId, PartNumber, Body: bytes }));
          parts.push({ ETag, PartNumber });
        };
        for await (const chunk of source) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes >= partBytes) await flushPart();
        }
        if (!uploadId) {
          // The whole body fitted in one part: one plain PutObject.
          await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: Buffer.concat(pending), ContentType: contentType }));
          return;
        }
        if (pendingBytes) await flushPart();
        await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      });
    } catch (err) {
      if (uploadId) await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId: uploadId })).catch(() => {});
      throw err;
    }
    return { size: counter.size, contentType };
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    let res;
    try {
      // "bytes=a-" for an open range (parseRange uses MAX_SAFE_INTEGER as its end).
      const Range = range ? `bytes=${range.start}-${range.end >= Number.MAX_SAFE_INTEGER ? '' : range.end}` : undefined;
      res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key), ...(Range ? { Range } : {}) }));
    } catch (err) {
      if (isMissing(err)) return null;
      // A range past the end: the store answers 416; the caller decides what to answer from the
      // size, as with the local folder (an empty stream and the whole size).
      if (range && (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) {
        const head = await this.head(key);
        return head && { stream: Readable.from([]), contentType: head.contentType, size: head.size, modified: head.modified };
      }
      throw err;
    }
    // With a range, ContentLength is the range's; the whole size is after the slash of Content-Range.
    const total = range && res.ContentRange ? Number(res.ContentRange.split('/')[1]) : res.ContentLength;
    return {
      stream: res.Body as Readable,
      contentType: res.ContentType ?? 'application/octet-stream',
      size: Number(total ?? 0),
      modified: res.LastModified ?? new Date(0),
    };
  }

  private async head(key: string): Promise<{ contentType: string; size: number; modified: Date } | null> {
    try {
      const h = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return { contentType: h.ContentType ?? 'application/octet-stream', size: Number(h.ContentLength ?? 0), modified: h.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async exists(key: string) {
    return (await this.head(key)) !== null;
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }
}

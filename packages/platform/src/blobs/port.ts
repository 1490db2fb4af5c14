import type { Readable } from 'node:stream';

/** Facts about one stored blob. */
export interface BlobStat {
  key: string;
  size: number;
  contentType: string | undefined;
  etag: string;
  lastModified: Date;
}

/** An inclusive byte range; `end` omitted means "to the end of the blob". */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface PutOptions {
  contentType?: string;
  /** Refuse (BlobTooLargeError) once more than this many bytes have streamed in; nothing is stored. */
  maxBytes?: number;
}

export interface SignedUploadOptions {
  /** Seconds the URL stays valid. */
  expiresIn: number;
  /** The largest body the upload may have. The filesystem adapter refuses more while streaming (413);
   * with S3 a presigned PUT cannot carry a limit, so callers confirm with `checkUpload`. */
  maxBytes: number;
  contentType?: string;
}

export interface SignedDownloadOptions {
  expiresIn: number;
  /** Offered to the browser as the download's file name (Content-Disposition: attachment). */
  filename?: string;
}

export interface SignedUpload {
  url: string;
  method: 'PUT';
  /** Headers the client must send with the PUT (e.g. the signed Content-Type). */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface BlobStore {
  readonly kind: 'fs' | 's3';
  /** Streams `body` into the store. The blob appears whole or not at all. */
  put(key: string, body: Readable, options?: PutOptions): Promise<BlobStat>;
  /** Streams a blob (or a byte range of it). Throws BlobNotFoundError / BlobRangeError. */
  get(key: string, options?: { range?: ByteRange }): Promise<{ body: Readable; stat: BlobStat }>;
  /** The blob's stat, or null when there is none. */
  head(key: string): Promise<BlobStat | null>;
  /** Removes a blob; removing a missing blob is not an error. */
  delete(key: string): Promise<void>;
  /** Every blob whose key starts with `prefix`, sorted by key. */
  list(prefix: string): Promise<BlobStat[]>;
  signedUploadUrl(key: string, options: SignedUploadOptions): Promise<SignedUpload>;
  signedDownloadUrl(key: string, options: SignedDownloadOptions): Promise<string>;
  /** After a client uploaded through a signed URL: the blob's stat when it exists and is within
   * `maxBytes`; a larger blob is deleted and BlobTooLargeError thrown; a missing one is BlobNotFoundError. */
  checkUpload(key: string, options: { maxBytes: number }): Promise<BlobStat>;
}

export class BlobError extends Error {
  constructor(
    message: string,
    readonly code: 'invalid_key' | 'not_found' | 'too_large' | 'bad_range',
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class BlobKeyError extends BlobError {
  constructor(key: string, why: string) {
    super(`Invalid blob key ${JSON.stringify(key.slice(0, 200))}: ${why}`, 'invalid_key');
  }
}
export class BlobNotFoundError extends BlobError {
  constructor(key: string) {
    super(`No blob ${key}`, 'not_found');
  }
}
export class BlobTooLargeError extends BlobError {
  constructor(maxBytes: number) {
    super(`Blob larger than ${maxBytes} bytes`, 'too_large');
  }
}
export class BlobRangeError extends BlobError {
  constructor() {
    super('Range not satisfiable', 'bad_range');
  }
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/**
 * Keys are relative, '/'-separated paths of plain segments: letters, digits, '.', '_' and '-', no segment
 * starting with '.' (so no '..', no hidden files), at most 512 characters. Everything else is refused,
 * which makes the filesystem mapping safe by construction.
 */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new BlobKeyError(String(key), 'empty');
  if (key.length > 512) throw new BlobKeyError(key, 'longer than 512 characters');
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment)) throw new BlobKeyError(key, `bad segment ${JSON.stringify(segment)}`);
  }
}

/** Same check for a prefix given to `list` (may be empty or end with '/'). */
export function assertValidPrefix(prefix: string): void {
  if (prefix === '') return;
  assertValidKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

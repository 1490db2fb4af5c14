import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { sniffContentType } from './contentSignature';
import { byteLimit } from './limit';
import {
  assertValidKey,
  assertValidPrefix,
  BlobNotFoundError,
  BlobRangeError,
  BlobTooLargeError,
  type BlobStat,
  type BlobStore,
  type ByteRange,
  type PutOptions,
  type SignedDownloadOptions,
  type SignedUpload,
  type SignedUploadOptions,
} from './port';

export interface S3BlobStoreOptions {
  /** Omit for AWS itself; set for an S3-compatible server (path-style addressing is used then). */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Part size of multipart uploads in bytes (default 8 MiB); two parts are in flight at most. */
  partSize?: number;
  /** The instant a URL is signed at (tests sign in the past to check lifetimes); default now. */
  clock?: () => Date;
}

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException
    ? error.$metadata.httpStatusCode
    : (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;

export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;
  private readonly partSize: number;
  private readonly clock: () => Date;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.clock = options.clock ?? (() => new Date());
    this.partSize = options.partSize ?? 8 * 1024 * 1024;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // Checksums only where S3 demands them: presigned URLs stay plain and S3-compatible servers agree.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Creates the bucket when it does not exist (local servers, first start). */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    }
  }

  async put(key: string, source: Readable, options: PutOptions = {}): Promise<BlobStat> {
    assertValidKey(key);
    const { contentType, body } = await sniffContentType(source, options.contentType);
    const limited = body.pipe(byteLimit(options.maxBytes));
    let failure: unknown;
    body.on('error', (error) => limited.destroy(error));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: limited, ContentType: contentType },
      partSize: this.partSize,
      queueSize: 2,
      leavePartsOnError: false,
    });
    limited.on('error', (error) => {
      failure = error;
      void upload.abort().catch(() => undefined);
    });
    try {
      await upload.done();
    } catch (error) {
      throw failure ?? error;
    }
    if (failure) {
      await this.delete(key);
      throw failure;
    }
    return (await this.head(key))!;
  }

  async get(key: string, options: { range?: ByteRange } = {}): Promise<{ body: Readable; stat: BlobStat }> {
    assertValidKey(key);
    const range = options.range;
    if (
      range &&
      (!Number.isSafeInteger(range.start) ||
        range.start < 0 ||
        (range.end !== undefined && range.end < range.start))
    ) {
      throw new BlobRangeError();
    }
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
        }),
      );
      const total = out.ContentRange ? Number(out.ContentRange.split('/')[1]) : (out.ContentLength ?? 0);
      return {
        body: out.Body as Readable,
        stat: {
          key,
          size: total,
          contentType: out.ContentType,
          etag: out.ETag ?? '',
          lastModified: out.LastModified ?? new Date(0),
        },
      };
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) throw new BlobNotFoundError(key);
      if (status === 416) throw new BlobRangeError();
      throw error;
    }
  }

  async head(key: string): Promise<BlobStat | null> {
    assertValidKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        key,
        size: out.ContentLength ?? 0,
        contentType: out.ContentType,
        etag: out.ETag ?? '',
        lastModified: out.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async list(prefix: string): Promise<BlobStat[]> {
    assertValidPrefix(prefix);
    const stats: BlobStat[] = [];
    let token: string | undefined;
    do {
      const out = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix || undefined,
          ContinuationToken: token,
        }),
      );
      for (const item of out.Contents ?? []) {
        if (!item.Key) continue;
        stats.push({
          key: item.Key,
          size: item.Size ?? 0,
          contentType: undefined,
          etag: item.ETag ?? '',
          lastModified: item.LastModified ?? new Date(0),
        });
      }
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
    return stats.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async signedUploadUrl(key: string, options: SignedUploadOptions): Promise<SignedUpload> {
    assertValidKey(key);
    const expiresIn = Math.ceil(options.expiresIn);
    const signedAt = this.clock();
    const url = await getSignedUrl(
      this.client,
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: options.contentType }),
      {
        expiresIn,
        signingDate: signedAt,
        signableHeaders: new Set(options.contentType ? ['content-type'] : []),
      },
    );
    return {
      url,
      method: 'PUT',
      headers: options.contentType ? { 'Content-Type': options.contentType } : {},
      expiresAt: new Date(signedAt.getTime() + expiresIn * 1000),
    };
  }

  async signedDownloadUrl(key: string, options: SignedDownloadOptions): Promise<string> {
    assertValidKey(key);
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ...(options.filename
          ? {
              ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(options.filename)}`,
            }
          : {}),
      }),
      { expiresIn: Math.ceil(options.expiresIn), signingDate: this.clock() },
    );
  }

  async checkUpload(key: string, options: { maxBytes: number }): Promise<BlobStat> {
    const found = await this.head(key);
    if (!found) throw new BlobNotFoundError(key);
    if (found.size > options.maxBytes) {
      await this.delete(key);
      throw new BlobTooLargeError(options.maxBytes);
    }
    return found;
  }
}

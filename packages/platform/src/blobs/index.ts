import { FilesystemBlobStore } from './filesystem';
import type { BlobStore } from './port';

export * from './port';
export * from './filesystem';
export * from './routes';
export * from './respond';
// The S3 adapter (and the AWS SDK, ~0.15 s and ~20 MB per process) loads only when configured.
export type { S3BlobStore, S3BlobStoreOptions } from './s3';

/** Configuration of the blob port (read from the environment by `blobConfigFromEnv`). */
export type BlobConfig =
  | { store: 'fs'; dir: string; secret: string; publicUrl: string }
  | {
      store: 's3';
      endpoint?: string;
      region: string;
      bucket: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      /** Create the bucket at start when it is missing (local servers). */
      createBucket?: boolean;
    };

/**
 * BLOB_STORE=fs (default): BLOB_DIR (default <DATA_DIR or ./data>/blobs), BLOB_SIGNING_SECRET (≥ 32
 * characters), BLOB_PUBLIC_URL (default /blobs). BLOB_STORE=s3: S3_ENDPOINT (optional), S3_REGION
 * (default us-east-1), S3_BUCKET, S3_ACCESS_KEY (or S3_ACCESS_KEY_ID), S3_SECRET_KEY (or S3_SECRET_ACCESS_KEY), S3_CREATE_BUCKET=true to create it.
 */
export function blobConfigFromEnv(env: NodeJS.ProcessEnv = process.env): BlobConfig {
  const store = env.BLOB_STORE ?? 'fs';
  if (store === 's3') {
    if (!env.S3_BUCKET) throw new Error('BLOB_STORE=s3 needs S3_BUCKET');
    return {
      store: 's3',
      endpoint: env.S3_ENDPOINT || undefined,
      region: env.S3_REGION || 'us-east-1',
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY || env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_KEY || env.S3_SECRET_ACCESS_KEY || undefined,
      createBucket: env.S3_CREATE_BUCKET === 'true',
    };
  }
  if (store !== 'fs') throw new Error(`BLOB_STORE must be fs or s3, not ${store}`);
  const secret = env.BLOB_SIGNING_SECRET;
  if (!secret) throw new Error('BLOB_STORE=fs needs BLOB_SIGNING_SECRET (at least 32 characters)');
  return {
    store: 'fs',
    dir: env.BLOB_DIR || `${env.DATA_DIR || './data'}/blobs`,
    secret,
    publicUrl: env.BLOB_PUBLIC_URL || '/blobs',
  };
}

/** The blob store chosen by configuration. Mount `blobRoutes(store)` at the public URL when it is a FilesystemBlobStore. */
export async function createBlobStore(config: BlobConfig, clock?: () => Date): Promise<BlobStore> {
  if (config.store === 'fs') {
    return new FilesystemBlobStore({
      root: config.dir,
      secret: config.secret,
      publicUrl: config.publicUrl,
      // The process's clock signs and checks the URLs' expiry (tests move it to check lifetimes).
      ...(clock ? { now: () => clock().getTime() } : {}),
    });
  }
  const { S3BlobStore } = await import('./s3');
  const store = new S3BlobStore({ ...config, ...(clock ? { clock } : {}) });
  if (config.createBucket) await store.ensureBucket();
  return store;
}

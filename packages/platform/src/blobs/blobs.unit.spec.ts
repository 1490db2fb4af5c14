import { assertValidKey, BlobKeyError, blobConfigFromEnv } from './index';

describe('blob keys', () => {
  it('accepts the storage keys of the spec', () => {
    for (const key of [
      'wavs_and_mp3s/123.wav',
      'wavs_and_mp3s/123.mp3',
      'trackouts/9.zip',
      'trackouts/9.rar',
      'snippets/1.mp3',
      'covers/a-b_c.png',
    ]) {
      expect(() => assertValidKey(key)).not.toThrow();
    }
  });

  it('refuses traversal, absolute paths, NUL, backslashes, hidden and empty segments', () => {
    for (const key of [
      '..',
      '../a',
      'a/..',
      'a/../b',
      '/a',
      'a/',
      'a//b',
      './a',
      '.env',
      'a\0',
      'a\\b',
      'a b',
      '',
      'é',
    ]) {
      expect(() => assertValidKey(key)).toThrow(BlobKeyError);
    }
  });
});

describe('blobConfigFromEnv', () => {
  it('defaults to files under DATA_DIR with a signing secret', () => {
    expect(blobConfigFromEnv({ DATA_DIR: '/d', BLOB_SIGNING_SECRET: 's'.repeat(32) })).toEqual({
      store: 'fs',
      dir: '/d/blobs',
      secret: 's'.repeat(32),
      publicUrl: '/blobs',
    });
  });

  it('refuses the file store without a secret and an unknown store', () => {
    expect(() => blobConfigFromEnv({})).toThrow(/BLOB_SIGNING_SECRET/);
    expect(() => blobConfigFromEnv({ BLOB_STORE: 'ftp' })).toThrow(/fs or s3/);
  });

  it('reads S3 settings under both key names', () => {
    expect(
      blobConfigFromEnv({
        BLOB_STORE: 's3',
        S3_BUCKET: 'b',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 'x',
        S3_CREATE_BUCKET: 'true',
      }),
    ).toEqual({
      store: 's3',
      endpoint: undefined,
      region: 'us-east-1',
      bucket: 'b',
      accessKeyId: 'k',
      secretAccessKey: 'x',
      createBucket: true,
    });
    expect(() => blobConfigFromEnv({ BLOB_STORE: 's3' })).toThrow(/S3_BUCKET/);
  });
});

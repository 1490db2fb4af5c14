import { createHmac, createSecretKey, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';
import { createReadStream, createWriteStream, type Stats } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LRUCache } from 'lru-cache';
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

export interface FilesystemBlobStoreOptions {
  /** Root directory; blobs live in <root>/objects, metadata in <root>/meta, partial uploads in <root>/tmp. */
  root: string;
  /** HMAC key for signed URLs (at least 32 bytes of secret). */
  secret: string;
  /** Where blobRoutes(store) is reachable, e.g. '/blobs' or 'http://127.0.0.1:8080/blobs'. */
  publicUrl: string;
  /** Clock in ms (tests); default Date.now. */
  now?: () => number;
}

interface Meta {
  contentType?: string;
}

/** A verified signed request, as the router sees it. */
export type SignedGrant =
  | { op: 'put'; key: string; expires: number; maxBytes: number; contentType: string | undefined }
  | { op: 'get'; key: string; expires: number; filename: string | undefined };

export class FilesystemBlobStore implements BlobStore {
  readonly kind = 'fs' as const;
  readonly objectsDir: string;
  private readonly metaDir: string;
  private readonly tmpDir: string;
  private readonly signingKey: KeyObject;
  private readonly publicUrl: string;
  /** Each served file's metadata, by key, with the file version it was read for. */
  private readonly metaCache = new LRUCache<string, { version: string; meta: Meta }>({ max: 10_000 });
  /** Signatures already checked, by their signed fields: a player's further Range requests reuse one URL. */
  private readonly verified = new LRUCache<string, true>({ max: 10_000 });
  readonly now: () => number;

  constructor(options: FilesystemBlobStoreOptions) {
    if (!options.secret || options.secret.length < 32)
      throw new Error('BLOB_SIGNING_SECRET must have at least 32 characters');
    const root = path.resolve(options.root);
    this.objectsDir = path.join(root, 'objects');
    this.metaDir = path.join(root, 'meta');
    this.tmpDir = path.join(root, 'tmp');
    this.signingKey = createSecretKey(Buffer.from(options.secret, 'utf8'));
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.now = options.now ?? Date.now;
  }

  /** The file of a key. Keys are validated first, and the result is checked to stay under the root. */
  pathOf(key: string): string {
    assertValidKey(key);
    const file = path.resolve(this.objectsDir, ...key.split('/'));
    if (!file.startsWith(this.objectsDir + path.sep)) throw new BlobNotFoundError(key);
    return file;
  }

  private metaPathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.metaDir, ...key.split('/')) + '.json';
  }

  async put(key: string, source: Readable, options: PutOptions = {}): Promise<BlobStat> {
    const file = this.pathOf(key);
    const { contentType, body } = await sniffContentType(source, options.contentType);
    await mkdir(this.tmpDir, { recursive: true });
    const tmp = path.join(this.tmpDir, randomUUID());
    try {
      await pipeline(
        body,
        byteLimit(options.maxBytes),
        createWriteStream(tmp, { flags: 'wx', highWaterMark: 1024 * 1024 }),
      );
      await mkdir(path.dirname(file), { recursive: true });
      const metaFile = this.metaPathOf(key);
      await mkdir(path.dirname(metaFile), { recursive: true });
      await writeFile(metaFile, JSON.stringify({ contentType } satisfies Meta));
      await rename(tmp, file);
      this.metaCache.delete(key);
    } catch (error) {
      await unlink(tmp).catch(() => undefined);
      throw error;
    }
    return (await this.head(key))!;
  }

  async get(key: string, options: { range?: ByteRange } = {}): Promise<{ body: Readable; stat: BlobStat }> {
    const stat = await this.head(key);
    if (!stat) throw new BlobNotFoundError(key);
    const range = options.range;
    if (range) {
      const end = Math.min(range.end ?? stat.size - 1, stat.size - 1);
      if (
        !Number.isSafeInteger(range.start) ||
        range.start < 0 ||
        range.start >= stat.size ||
        end < range.start
      ) {
        throw new BlobRangeError();
      }
      return { body: createReadStream(this.pathOf(key), { start: range.start, end }), stat };
    }
    return { body: createReadStream(this.pathOf(key)), stat };
  }

  async head(key: string): Promise<BlobStat | null> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      const meta = await this.metaOf(key, info);
      return {
        key,
        size: info.size,
        contentType: meta.contentType,
        etag: fileEtag(info),
        lastModified: info.mtime,
      };
    } catch (error) {
      if (
        (error as NodeJS.ErrnoException).code === 'ENOENT' ||
        (error as NodeJS.ErrnoException).code === 'ENOTDIR'
      )
        return null;
      throw error;
    }
  }

  /**
   * The metadata of a key's file, read once per version of the file (a put renames a new file into
   * place, so its inode and mtime change even when another process wrote it).
   */
  async metaOf(key: string, info: Pick<Stats, 'ino' | 'size' | 'mtimeMs'>): Promise<Meta> {
    const version = `${info.ino}:${info.size}:${info.mtimeMs}`;
    const cached = this.metaCache.get(key);
    if (cached?.version === version) return cached.meta;
    let meta: Meta;
    try {
      meta = JSON.parse(await readFile(this.metaPathOf(key), 'utf8')) as Meta;
    } catch {
      meta = {};
    }
    this.metaCache.set(key, { version, meta });
    return meta;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
    await rm(this.metaPathOf(key), { force: true });
    this.metaCache.delete(key);
  }

  async list(prefix: string): Promise<BlobStat[]> {
    assertValidPrefix(prefix);
    let entries: string[];
    try {
      entries = await readdir(this.objectsDir, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const keys = entries
      .map((entry) => entry.split(path.sep).join('/'))
      .filter((key) => key.startsWith(prefix));
    const stats: BlobStat[] = [];
    for (const key of keys.sort()) {
      const found = await this.head(key).catch(() => null);
      if (found) stats.push(found);
    }
    return stats;
  }

  async signedUploadUrl(key: string, options: SignedUploadOptions): Promise<SignedUpload> {
    assertValidKey(key);
    const expires = this.expiry(options.expiresIn);
    const params = new URLSearchParams({ op: 'put', exp: String(expires), max: String(options.maxBytes) });
    if (options.contentType) params.set('ct', options.contentType);
    params.set(
      'sig',
      this.sign({ op: 'put', key, expires, maxBytes: options.maxBytes, contentType: options.contentType }),
    );
    return {
      url: `${this.publicUrl}/${encodeKey(key)}?${params.toString()}`,
      method: 'PUT',
      headers: options.contentType ? { 'Content-Type': options.contentType } : {},
      expiresAt: new Date(expires * 1000),
    };
  }

  async signedDownloadUrl(key: string, options: SignedDownloadOptions): Promise<string> {
    assertValidKey(key);
    const expires = this.expiry(options.expiresIn);
    const params = new URLSearchParams({ op: 'get', exp: String(expires) });
    if (options.filename) params.set('fn', options.filename);
    params.set('sig', this.sign({ op: 'get', key, expires, filename: options.filename }));
    return `${this.publicUrl}/${encodeKey(key)}?${params.toString()}`;
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

  /**
   * Removes partial uploads left by a crash (a killed process never reaches its cleanup). Call at start;
   * files younger than `olderThanMs` may belong to uploads in flight and are kept. Returns the count.
   */
  async sweepPartialUploads(olderThanMs = 3_600_000): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.tmpDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.tmpDir, name);
      const info = await stat(file).catch(() => null);
      if (info && this.now() - info.mtimeMs >= olderThanMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** Streams a signed upload: temp file, size limit while streaming, then an atomic rename. */
  async receive(grant: Extract<SignedGrant, { op: 'put' }>, body: Readable): Promise<BlobStat> {
    return this.put(grant.key, body, { contentType: grant.contentType, maxBytes: grant.maxBytes });
  }

  /**
   * Checks a request's signature and expiry. Returns the grant, or a reason ('expired' | 'invalid').
   * The signature is compared in constant time.
   */
  verify(key: string, query: Record<string, unknown>): SignedGrant | 'expired' | 'invalid' {
    const str = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : undefined);
    const op = str('op');
    const expires = Number(str('exp'));
    const sig = str('sig');
    if (!sig || !Number.isSafeInteger(expires)) return 'invalid';
    let grant: SignedGrant;
    if (op === 'put') {
      const maxBytes = Number(str('max'));
      if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) return 'invalid';
      grant = { op, key, expires, maxBytes, contentType: str('ct') };
    } else if (op === 'get') {
      grant = { op, key, expires, filename: str('fn') };
    } else return 'invalid';
    const signed = signedText(grant);
    // Looked up by signature and text together: a cached entry is never compared with a guess.
    const pair = `${sig} ${signed}`;
    if (!this.verified.has(pair)) {
      const expected = Buffer.from(this.signText(signed), 'utf8');
      const given = Buffer.from(sig, 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      this.verified.set(pair, true);
    }
    if (this.now() / 1000 > expires) return 'expired';
    return grant;
  }

  private expiry(expiresIn: number): number {
    if (!Number.isFinite(expiresIn) || expiresIn <= 0)
      throw new Error('expiresIn must be a positive number of seconds');
    return Math.floor(this.now() / 1000 + expiresIn);
  }

  private sign(grant: SignedGrant): string {
    return this.signText(signedText(grant));
  }

  private signText(text: string): string {
    return createHmac('sha256', this.signingKey).update(text).digest('base64url');
  }
}

/** The text a grant's signature covers. JSON keeps the fields unambiguous whatever characters they contain. */
function signedText(grant: SignedGrant): string {
  return JSON.stringify(
    grant.op === 'put'
      ? ['put', grant.key, grant.expires, grant.maxBytes, grant.contentType ?? '']
      : ['get', grant.key, grant.expires, grant.filename ?? ''],
  );
}

/** A file's ETag: its size and modification time (what a rewrite changes). */
export function fileEtag(info: Pick<Stats, 'size' | 'mtimeMs'>): string {
  return `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
}

function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

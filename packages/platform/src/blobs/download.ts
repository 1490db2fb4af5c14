import { close, fstat, open, read, type Stats } from 'node:fs';
import path from 'node:path';
import type { Request, Response } from 'express';
import parseRange from 'range-parser';
import { fileEtag, type FilesystemBlobStore, type SignedGrant } from './filesystem';
import { routeProblem } from './routeProblem';

/** Longest time a browser may cache a downloaded blob (the URL itself expires). */
const MAX_CACHE_SECONDS = 3600;
/**
 * Bytes per read: a snippet or a typical seek into an MP3 is one read and one socket write; a WAV or
 * stems archive streams in chunks this size (Node has no sendfile, so fewer, larger chunks are the
 * cheapest way through user space).
 */
const CHUNK_BYTES = 512 * 1024;
/** Read buffers kept for the next downloads (a new one per request kept the garbage collector busy). */
const spareBuffers: Buffer[] = [];
const MAX_SPARE_BUFFERS = 32;

type DownloadGrant = Extract<SignedGrant, { op: 'get' }>;

/**
 * A signed GET/HEAD of one stored file: opened once, one fstat for size, ETag and Last-Modified,
 * the stored Content-Type (cached by the store), 304 for a matching revalidation, one Range → 206
 * (416 when unsatisfiable; If-Range honoured), and the bytes streamed from that descriptor.
 */
export function serveDownload(
  store: FilesystemBlobStore,
  file: string,
  grant: DownloadGrant,
  req: Request,
  res: Response,
) {
  open(file, 'r', (openError, fd) => {
    if (openError) return routeProblem(res, isMissing(openError) ? 404 : 500, notFoundOr(openError));
    fstat(fd, (statError, info) => {
      if (statError || !info.isFile()) {
        close(fd, () => undefined);
        return routeProblem(res, statError && !isMissing(statError) ? 500 : 404, notFoundOr(statError));
      }
      store.metaOf(grant.key, info).then(
        (meta) => answer(fd, info, meta.contentType),
        () => answer(fd, info, undefined),
      );
    });
  });

  function answer(fd: number, info: Stats, contentType: string | undefined) {
    const etag = fileEtag(info);
    const lastModified = info.mtime.toUTCString();
    const remaining = Math.max(0, Math.floor(grant.expires - store.now() / 1000));
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Cache-Control', `private, max-age=${Math.min(remaining, MAX_CACHE_SECONDS)}`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', lastModified);
    // The stored Content-Type wins; else the download name's, else the key's.
    if (grant.filename) res.attachment(grant.filename);
    if (contentType) res.setHeader('Content-Type', contentType);
    else if (!grant.filename) res.type(path.extname(grant.key) || 'application/octet-stream');
    if (req.fresh) {
      close(fd, () => undefined);
      res.statusCode = 304;
      res.end();
      return;
    }
    const range = requestedRange(req, info.size, etag, info.mtimeMs);
    if (range === 'unsatisfiable') {
      close(fd, () => undefined);
      res.setHeader('Content-Range', `bytes */${info.size}`);
      return routeProblem(res, 416, 'Range not satisfiable');
    }
    const [start, end] = range ?? [0, info.size - 1];
    if (range) {
      res.statusCode = 206;
      res.setHeader('Content-Range', `bytes ${start}-${end}/${info.size}`);
    }
    res.setHeader('Content-Length', String(end - start + 1));
    if (req.method === 'HEAD' || end < start) {
      close(fd, () => undefined);
      res.end();
      return;
    }
    sendRange(fd, start, end, res);
  }
}

/**
 * Reads bytes start..end from the descriptor into one buffer at a time and writes each to the
 * response, reading the next once the socket has taken it; closes the descriptor at the end or when
 * the client goes away. A buffer is reused only after the socket is done with it.
 */
function sendRange(fd: number, start: number, end: number, res: Response) {
  const buffer = spareBuffers.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES);
  let position = start;
  let done = false;
  const finish = (reusable: boolean) => {
    if (done) return;
    done = true;
    close(fd, () => undefined);
    if (reusable && spareBuffers.length < MAX_SPARE_BUFFERS) spareBuffers.push(buffer);
  };
  res.once('close', () => finish(false));
  const readNext = () =>
    read(fd, buffer, 0, Math.min(CHUNK_BYTES, end - position + 1), position, (error, bytes) => {
      if (done) return;
      if (error || bytes === 0) {
        finish(false);
        res.destroy();
        return;
      }
      position += bytes;
      const chunk = buffer.subarray(0, bytes);
      if (position > end) res.end(chunk, () => finish(true));
      else res.write(chunk, (writeError) => (writeError ? finish(false) : readNext()));
    });
  readNext();
}

/**
 * The one byte range asked for: [start, end], undefined for the whole file (no Range, several
 * ranges, or an If-Range that no longer matches), or 'unsatisfiable'.
 */
function requestedRange(
  req: Request,
  size: number,
  etag: string,
  mtimeMs: number,
): [number, number] | 'unsatisfiable' | undefined {
  const header = req.headers.range;
  if (!header) return undefined;
  if (!ifRangeMatches(req.headers['if-range'], etag, mtimeMs)) return undefined;
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return undefined;
  return [ranges[0]!.start, ranges[0]!.end];
}

/** If-Range names the ETag or a date not before the last modification (else the whole file is sent). */
function ifRangeMatches(ifRange: string | string[] | undefined, etag: string, mtimeMs: number) {
  if (typeof ifRange !== 'string') return true;
  if (ifRange.includes('"')) return ifRange === etag;
  return Date.parse(ifRange) >= Math.floor(mtimeMs / 1000) * 1000;
}

const isMissing = (error: NodeJS.ErrnoException) => error.code === 'ENOENT' || error.code === 'ENOTDIR';
const notFoundOr = (error: NodeJS.ErrnoException | null) =>
  !error || isMissing(error) ? 'Not found' : 'Cannot read blob';

import { pipeline } from 'node:stream/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import parseRange from 'range-parser';
import { HttpProblem } from '../http/problem';
import { BlobNotFoundError, BlobRangeError, type BlobStat, type BlobStore } from './port';

export interface BlobAnswerOptions {
  /** The answer's Cache-Control. */
  cacheControl: string;
  /** The Content-Type, whatever was stored (default: the stored one, else `fallbackContentType`). */
  contentType?: string;
  /** The Content-Type of a blob stored without one (default application/octet-stream). */
  fallbackContentType?: string;
  /** Answer a matching If-None-Match with 304 (default false). */
  revalidate?: boolean;
  /** The problem a missing blob answers (the service's own 404 message). */
  notFound: () => HttpProblem;
}

/**
 * The headers of a blob's answer: Accept-Ranges, Content-Type, Cache-Control, ETag, Last-Modified.
 * Returns true when the request was a matching revalidation and has been answered with 304.
 */
export function blobAnswerHeaders(
  req: IncomingMessage,
  res: ServerResponse,
  stat: BlobStat,
  options: Omit<BlobAnswerOptions, 'notFound'>,
): boolean {
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader(
    'Content-Type',
    options.contentType ?? stat.contentType ?? options.fallbackContentType ?? 'application/octet-stream',
  );
  res.setHeader('Cache-Control', options.cacheControl);
  res.setHeader('ETag', stat.etag);
  res.setHeader('Last-Modified', stat.lastModified.toUTCString());
  if (options.revalidate && req.headers['if-none-match'] === stat.etag) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  return false;
}

/**
 * The one byte range a request asks for within `size` bytes: undefined for none (or several, which
 * are answered whole); an unsatisfiable range throws a 416 problem, with a Content-Range naming the size.
 */
export function requestedBlobRange(req: IncomingMessage, res: ServerResponse, size: number) {
  const header = req.headers.range;
  if (!header) return undefined;
  const parsed = parseRange(size, header, { combine: true });
  if (parsed === -1) {
    res.setHeader('Content-Range', `bytes */${size}`);
    throw new HttpProblem(416, 'Range not satisfiable', 'bad_range');
  }
  return parsed !== -2 && parsed.type === 'bytes' && parsed.length === 1 ? parsed[0] : undefined;
}

/**
 * Answers GET or HEAD with a blob streamed from the store: one Range → 206 (416 when unsatisfiable),
 * ETag and Last-Modified (304 when `revalidate` and it matches), the given caching. A missing blob is
 * `options.notFound()`; a client that goes away mid-stream ends the response, not the process.
 */
export async function sendBlob(
  req: IncomingMessage,
  res: ServerResponse,
  blobs: BlobStore,
  key: string,
  options: BlobAnswerOptions,
): Promise<void> {
  const stat = await blobs.head(key);
  if (!stat) throw options.notFound();
  if (blobAnswerHeaders(req, res, stat, options)) return;
  const range = requestedBlobRange(req, res, stat.size);
  try {
    const { body } = await blobs.get(key, range ? { range } : {});
    if (range) {
      res.statusCode = 206;
      res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`);
      res.setHeader('Content-Length', String(range.end - range.start + 1));
    } else res.setHeader('Content-Length', String(stat.size));
    if (req.method === 'HEAD') {
      body.destroy();
      res.end();
      return;
    }
    try {
      await pipeline(body, res);
    } catch (error) {
      if (!res.headersSent) throw error;
      res.destroy();
    }
  } catch (error) {
    if (error instanceof BlobRangeError) throw new HttpProblem(416, 'Range not satisfiable', 'bad_range');
    if (error instanceof BlobNotFoundError) throw options.notFound();
    throw error;
  }
}

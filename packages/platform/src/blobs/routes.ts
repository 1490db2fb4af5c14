import express, { type NextFunction, type Request, type Response } from 'express';
import send from 'send';
import type { FilesystemBlobStore } from './filesystem';
import { BlobError, BlobTooLargeError } from './port';

/** Longest time a browser may cache a downloaded blob (the URL itself expires). */
const MAX_CACHE_SECONDS = 3600;

function problem(res: Response, status: number, title: string) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status).type('application/problem+json').json({ type: 'about:blank', title, status });
}

/**
 * The filesystem adapter's signed URLs, mounted e.g. at `/blobs`:
 * PUT streams to a temp file and renames it into place (413 past the signed size, nothing left on
 * abort); GET/HEAD serve with Range (206/416), ETag, Last-Modified and cache headers via `send`.
 */
export function blobRoutes(store: FilesystemBlobStore): express.Router {
  const router = express.Router();

  router.use((req: Request, res: Response, next) => {
    if (req.method !== 'PUT' && req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD, PUT');
      problem(res, 405, 'Method not allowed');
      return;
    }
    let key: string;
    try {
      key = decodeURIComponent(req.path.replace(/^\/+/, ''));
      store.pathOf(key);
    } catch {
      problem(res, 400, 'Invalid blob key');
      return;
    }
    const grant = store.verify(key, req.query as Record<string, unknown>);
    if (grant === 'invalid') return problem(res, 403, 'Invalid signature');
    if (grant === 'expired') return problem(res, 403, 'Link expired');
    const wantsPut = req.method === 'PUT';
    if ((grant.op === 'put') !== wantsPut) return problem(res, 403, 'Invalid signature');

    if (grant.op === 'put') receivePut(store, grant, req, res, next);
    else serveBlob(store, key, grant, req, res, next);
  });

  return router;
}

type Grant = Exclude<ReturnType<FilesystemBlobStore['verify']>, 'invalid' | 'expired'>;
type PutGrant = Extract<Grant, { op: 'put' }>;
type GetGrant = Exclude<Grant, PutGrant>;

/** A signed PUT: checked against the grant's size and type, streamed to disk by the store. */
function receivePut(
  store: FilesystemBlobStore,
  grant: Grant,
  req: Request,
  res: Response,
  next: NextFunction,
) {
  if (grant.op !== 'put') return;
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > grant.maxBytes) {
    res.setHeader('Connection', 'close');
    return problem(res, 413, 'File too large');
  }
  const contentType = req.headers['content-type']?.split(';')[0]?.trim();
  if (grant.contentType && contentType !== grant.contentType)
    return problem(res, 400, 'Content-Type does not match the upload URL');
  store.receive(grant, req).then(
    (stat) => {
      res.setHeader('ETag', stat.etag);
      res.status(200).json({ key: stat.key, size: stat.size });
    },
    (error: unknown) => {
      if (error instanceof BlobTooLargeError) {
        res.setHeader('Connection', 'close');
        problem(res, 413, 'File too large');
      } else if (error instanceof BlobError) problem(res, 400, error.message);
      else if (req.destroyed || (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE')
        res.destroy();
      else next(error);
    },
  );
}

/** A signed GET/HEAD: Range, ETag, Last-Modified and cache headers via `send`, the stored type. */
function serveBlob(
  store: FilesystemBlobStore,
  key: string,
  grant: GetGrant,
  req: Request,
  res: Response,
  next: NextFunction,
) {
  const remaining = Math.max(0, Math.floor(grant.expires - store.now() / 1000));
  const stream = send(req, key, {
    root: store.objectsDir,
    dotfiles: 'deny',
    index: false,
    etag: true,
    lastModified: true,
    acceptRanges: true,
    cacheControl: false,
  });
  stream.on('headers', (response: Response) => {
    response.setHeader('Cache-Control', `private, max-age=${Math.min(remaining, MAX_CACHE_SECONDS)}`);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (grant.filename) response.attachment(grant.filename);
  });
  stream.on('directory', () => problem(res, 404, 'Not found'));
  stream.on('error', (error: { status?: number }) => {
    if (error.status === 404) problem(res, 404, 'Not found');
    else problem(res, error.status && error.status < 500 ? error.status : 500, 'Cannot read blob');
  });
  // The stored Content-Type wins over the one send guesses from the file name.
  store.head(key).then(
    (stat) => {
      if (stat?.contentType) {
        stream.on('headers', (response: Response) => response.setHeader('Content-Type', stat.contentType!));
      }
      stream.pipe(res);
    },
    (error: unknown) => next(error),
  );
}

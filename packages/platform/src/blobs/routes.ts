import express, { type NextFunction, type Request, type Response } from 'express';
import { serveDownload } from './download';
import type { FilesystemBlobStore } from './filesystem';
import { BlobError, BlobTooLargeError } from './port';
import { routeProblem as problem } from './routeProblem';

/**
 * The filesystem adapter's signed URLs, mounted e.g. at `/blobs`:
 * PUT streams to a temp file and renames it into place (413 past the signed size, nothing left on
 * abort); GET/HEAD serve with Range (206/416), ETag, Last-Modified and cache headers (./download.ts).
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
    let file: string;
    try {
      key = decodeURIComponent(req.path.replace(/^\/+/, ''));
      file = store.pathOf(key);
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
    else serveDownload(store, file, grant, req, res);
  });

  return router;
}

type Grant = Exclude<ReturnType<FilesystemBlobStore['verify']>, 'invalid' | 'expired'>;

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

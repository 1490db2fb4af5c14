// The built frontends: the shell at /, each remote under /remotes/<name>/. Assets are compressed at
// build time (.br and .gz beside each file), so a request is answered with the best encoding the
// browser accepts without compressing anything per request.
import express, { type Request, type Response, type NextFunction, type RequestHandler } from 'express';
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { openGraphTags, withHeadTags, type StorePreviewSource } from './storePreview';

export interface FrontendDirs {
  shell: string;
  producer: string;
  artist: string;
}

/** Preferred first: brotli is ~15-20% smaller than gzip on these bundles. */
const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

/**
 * Entry points and manifests must be revalidated (they name the hashed files of the current
 * build); everything else has a content hash in its name and never changes.
 */
export function cacheControlFor(file: string): string {
  const base = path.basename(file).replace(/\.(br|gz)$/, '');
  if (base.endsWith('.html') || base.endsWith('.json') || base === 'remoteEntry.js') return 'no-cache';
  return 'public, max-age=31536000, immutable';
}

function isRegularFileInside(root: string, candidate: string): boolean {
  if (candidate !== root && !candidate.startsWith(root + path.sep)) return false;
  try {
    return statSync(candidate).isFile();
  } catch {
    return false;
  }
}

/** express.static for one build folder, answering with its precompressed twins when accepted. */
export function serveBuild(dir: string): RequestHandler {
  const root = path.resolve(dir);
  const serve = express.static(root, {
    index: false,
    setHeaders: (res: Response, file: string) => res.setHeader('cache-control', cacheControlFor(file)),
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(root, pathname);
    if (!isRegularFileInside(root, file)) return next();
    res.vary('Accept-Encoding');
    // Our preference, not the header's order: browsers list "gzip, deflate, br".
    const encoding = ENCODINGS.find(
      (candidate) =>
        req.acceptsEncodings(candidate.name) === candidate.name && existsSync(file + candidate.extension),
    );
    if (!encoding) return serve(req, res, next);
    // The type of the original file; send() keeps a Content-Type that is already set.
    res.type(path.extname(file));
    res.setHeader('content-encoding', encoding.name);
    const originalUrl = req.url;
    const queryAt = originalUrl.indexOf('?');
    req.url =
      queryAt < 0
        ? originalUrl + encoding.extension
        : originalUrl.slice(0, queryAt) + encoding.extension + originalUrl.slice(queryAt);
    serve(req, res, (error?: unknown) => {
      req.url = originalUrl;
      res.removeHeader('content-encoding');
      next(error);
    });
  };
}

/** /lab/{userId}: the shell's page carrying the store's Open Graph tags (./storePreview.ts). */
function storePage(shellDir: string, preview: StorePreviewSource): RequestHandler {
  return async (req, res, next) => {
    if (!req.accepts('html')) return next();
    const profile = await preview(String(req.params.userId));
    if (!profile) return next();
    const html = await readFile(path.join(shellDir, 'index.html'), 'utf8').catch(() => null);
    if (html === null) return next();
    res.setHeader('cache-control', cacheControlFor('index.html'));
    res.type('html').send(withHeadTags(html, openGraphTags(profile, req)));
  };
}

export function mountFrontends(
  app: express.Express,
  dirs: FrontendDirs,
  storePreview?: StorePreviewSource,
): void {
  for (const remote of ['producer', 'artist'] as const) {
    if (existsSync(dirs[remote])) app.use(`/remotes/${remote}`, serveBuild(dirs[remote]));
  }
  if (!existsSync(dirs.shell)) return;
  const shell = serveBuild(dirs.shell);
  app.use(shell);
  if (storePreview) app.get('/lab/:userId', storePage(dirs.shell, storePreview));
  // Client-side routes: any other GET that accepts HTML gets the shell's index.html.
  app.get(/^\/(?!api\/|remotes\/|dev\/).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    req.url = '/index.html';
    shell(req, res, next);
  });
}

import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { findRoute } from './routes';

/** helmet's options for every gateway answer: pages, API calls, snippets and files. */
export const helmetOptions = (secureCookies: boolean): Parameters<typeof helmet>[0] => ({
  contentSecurityPolicy: {
    directives: {
      // antd writes its CSS-in-JS as <style> elements.
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'media-src': ["'self'", 'blob:'],
      // The upload wizard's MP3 encoder is WebAssembly (compiled in a worker of our own origin).
      'script-src': ["'self'", "'wasm-unsafe-eval'"],
      // Only an https site may ask the browser to upgrade its requests: on plain http (the embedded
      // profile on loopback) the upgrade turned the snippet's redirect to its signed /blobs URL into an
      // https request that nothing answers, and the player stayed silent.
      'upgrade-insecure-requests': secureCookies ? [] : null,
    },
  },
  strictTransportSecurity: secureCookies,
});

/**
 * helmet's options for media answers (routes marked `media` in routes.ts: the player's snippet bytes),
 * which a browser never renders as a document: nosniff, Cross-Origin-Resource-Policy same-origin (no
 * other site embeds them), HSTS on https, and a CSP that allows nothing (`default-src 'none';
 * frame-ancestors 'none'`), stricter than the pages' own. The document-only headers (COOP,
 * Origin-Agent-Cluster, Referrer-Policy, X-Frame-Options and the legacy X-* ones) are left out: about
 * 700 bytes less on each of the player's Range requests.
 */
export const mediaHelmetOptions = (secureCookies: boolean): Parameters<typeof helmet>[0] => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
  },
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: secureCookies,
  xContentTypeOptions: true,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/**
 * helmet's headers, worked out once. With options that hold no per-request function (no CSP nonce),
 * helmet sets the same headers on every answer, through a chain of thirteen middlewares per request
 * (4 % of a swipe call's CPU). This runs `middleware` once against a recording response and then sets
 * what it recorded in one step; helmet stays the source of the headers and their values.
 */
export function precomputedHeaders(middleware: RequestHandler): RequestHandler {
  const set = new Map<string, string | number | readonly string[]>();
  const removed = new Set<string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, value);
      return recorder;
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.add(name);
    },
    getHeader: (name: string) => set.get(name),
  };
  let finished = false;
  middleware({ method: 'GET', headers: {} } as never, recorder as unknown as Response, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished) throw new Error('precomputedHeaders: the middleware did not finish at once');
  const headers = [...set];
  const removals = [...removed];
  return (_req, res, next) => {
    for (const name of removals) res.removeHeader(name);
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** The media headers for a route marked `media` (its name after /api/), the pages' for the rest. */
export function routeSecurityHeaders(
  secureCookies: boolean,
): (apiName: string | undefined) => RequestHandler {
  const pageHeaders = precomputedHeaders(helmet(helmetOptions(secureCookies)));
  const mediaHeaders = precomputedHeaders(helmet(mediaHelmetOptions(secureCookies)));
  return (apiName) => (apiName !== undefined && findRoute(apiName)?.media ? mediaHeaders : pageHeaders);
}

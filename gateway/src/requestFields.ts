/*
 * What the gateway's steps write on a request for the later ones: the public lane and the /api/* handler
 * (apiRoutes.ts) name the call, the per-account limits key it, and the service call (serviceCall.ts) reads
 * back the session cookie the browser sent after the cookies are gone.
 */

declare module 'express-serve-static-core' {
  interface Request {
    internalToken?: string;
    apiRoute?: string;
    /** The account a per-account rate limit counts against (normalised e-mail). */
    accountKey?: string;
    /** The session cookie as the browser sent it (cookies are removed before a service sees the call). */
    sessionCookie?: string;
  }
}

export {};

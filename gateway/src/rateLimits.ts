import express, { type Request } from 'express';
import { rateLimit, type RateLimitRequestHandler, type Store } from 'express-rate-limit';
import { ERROR_CODES, GATEWAY_MESSAGES } from '@beatmatch/contracts';
import { problem } from '@beatmatch/platform';
import { defaultRateLimits, type GatewayOptions } from './options';

/**
 * The rate limits routes.ts names: `client` per client address (login, code, reset, verify, exclude,
 * contact),
 * `account` per account (the e-mail in the body), and the body parser the per-account ones need.
 */
export function rateLimiters(options: Pick<GatewayOptions, 'rateLimits' | 'rateLimitStore'>) {
  const limits = { ...defaultRateLimits, ...options.rateLimits };
  const limiter = (
    prefix: string,
    max: number,
    windowMs = limits.windowMs,
    keyGenerator?: (req: Request) => string,
  ) => limitOf(options.rateLimitStore?.(prefix), max, windowMs, keyGenerator);
  const accountKey = (req: Request) => String(req.accountKey);
  return {
    client: {
      login: limiter('ip:login:', limits.login),
      code: limiter('ip:code:', limits.code),
      reset: limiter('ip:reset:', limits.reset),
      verify: limiter('ip:verify:', limits.verify),
      exclude: limiter('ip:exclude:', limits.exclude),
      contact: limiter('ip:contact:', limits.contact, limits.contactWindowMs),
    },
    account: {
      login: limiter('account:login:', limits.accountLogin, limits.accountWindowMs, accountKey),
      code: limiter('account:code:', limits.accountCode, limits.accountWindowMs, accountKey),
      reset: limiter('account:reset:', limits.accountReset, limits.accountWindowMs, accountKey),
    },
    // Routes limited per account carry the e-mail in a small JSON body; it is read here and re-sent.
    accountBody: express.json({ limit: '16kb' }),
  };
}

export type RateLimiters = ReturnType<typeof rateLimiters>;

/** One limit group: `max` requests per `windowMs` per key, answered 429 as a problem beyond that. */
function limitOf(
  store: Store | undefined,
  max: number,
  windowMs: number,
  keyGenerator?: (req: Request) => string,
): RateLimitRequestHandler {
  return rateLimit({
    windowMs,
    limit: max,
    ...(store ? { store } : {}),
    ...(keyGenerator ? { keyGenerator } : {}),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res) => {
      res
        .status(429)
        .type('application/problem+json')
        .send(
          JSON.stringify(
            problem(429, GATEWAY_MESSAGES.tooManyAttempts, ERROR_CODES.rateLimited, String(req.id)),
          ),
        );
    },
  });
}

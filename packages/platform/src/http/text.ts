import type { RequestHandler } from 'express';
import { HttpProblem } from './problem';

/** A NUL or a UTF-16 surrogate without its partner: PostgreSQL cannot store either in text or JSONB. */
// eslint-disable-next-line no-control-regex
const badText = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when any string (or object key) in a parsed JSON value holds text that cannot be stored. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return badText.test(value);
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasUnstorableText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => badText.test(key) || hasUnstorableText(item, depth + 1));
}

/**
 * Rejects bodies and query strings with a NUL byte or a lone surrogate in any text field with a 400
 * before a handler runs, so nothing is half-written and the database never answers 500.
 */
export const rejectUnstorableText: RequestHandler = (req, _res, next) => {
  if (hasUnstorableText(req.body) || hasUnstorableText(req.query))
    return next(
      new HttpProblem(400, 'Text fields must not contain NUL characters or invalid Unicode.', 'invalid_text'),
    );
  next();
};

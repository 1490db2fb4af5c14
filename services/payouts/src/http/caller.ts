import type { Request, RequestHandler } from 'express';
import { ERROR_CODES } from '@beatmatch/contracts';
import { HttpProblem } from '@beatmatch/platform';

/** The signed-in caller (handleCall has answered 401 before a 'user' call's handler runs). */
export const callerId = (req: Request): string => req.caller!.userId!;

/**
 * The admin calls (Monthly Payouts, Pay Payouts, exclude prepaid cards) are refused to every signed-in
 * caller: identity has no admin role yet (issue 26 adds it), so nobody may run them over HTTP. Runs
 * happen on their Temporal Schedules. A signed-out caller falls through to handleCall's 401.
 */
export const adminOnly: RequestHandler = (req, _res, next) => {
  if (!req.caller?.userId) return next();
  next(new HttpProblem(403, 'This is for administrators only.', ERROR_CODES.forbidden));
};

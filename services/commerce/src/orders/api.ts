import { Router, type RequestHandler } from 'express';
import { COMMERCE_MESSAGES, ERROR_CODES, NOT_AUTHENTICATED_MESSAGE } from '@beatmatch/contracts';
import { handleCall, HttpProblem } from '@beatmatch/platform';
import type { Checkout } from './checkout';

/** Neither signed in nor a vouched device: nobody who could own a session (401, before the body is read). */
const payerRequired: RequestHandler = (req, _res, next) => {
  if (!req.caller?.userId && !req.caller?.deviceId)
    return next(new HttpProblem(401, NOT_AUTHENTICATED_MESSAGE, ERROR_CODES.unauthenticated));
  next();
};

/** beatmatch_checkout and the local test provider's card form (spec §4 Cart, §7). */
export function checkoutRouter(checkout: Checkout): Router {
  const router = Router();
  // The body's `uuid` (the spec's call shape) is validated but merges nothing: only the device the
  // gateway vouches for (`caller.deviceId`) is merged into the user's cart.
  handleCall(router, 'beatmatch_checkout', (input, { req }) => {
    const caller = req.caller;
    // A signed-in buyer pays as themselves; a body e-mail is ignored (their account's is used).
    if (caller?.userId) return checkout.start(caller);
    // A visitor: guest checkout with an e-mail, else the same 401 as before (log in, or give one).
    if (!input.email) throw new HttpProblem(401, COMMERCE_MESSAGES.loginOrEmail, ERROR_CODES.unauthenticated);
    return checkout.start({ ...(caller?.deviceId ? { deviceId: caller.deviceId } : {}) }, input.email);
  });
  handleCall(
    router,
    'beatmatch_test_checkout_pay',
    ({ sessionId, cardNumber }, { req }) => checkout.testPay(req.caller!, sessionId, cardNumber),
    { before: [payerRequired] },
  );
  return router;
}

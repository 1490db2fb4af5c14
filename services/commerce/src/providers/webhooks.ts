import express, { Router, type Request, type Response } from 'express';
import {
  apiCalls,
  type CallName,
  type PaypalWebhookOutcome,
  type StripeWebhookOutcome,
} from '@beatmatch/contracts';
import {
  DomainError,
  handleCall,
  HttpProblem,
  problem,
  type Logger,
  type RawBodyRoute,
} from '@beatmatch/platform';
import { oncePerPaypalEvent } from '../entitlements/paypal';
import { dispatchProviderEvent, type ProviderEventDeps } from './dispatcher';
import { fromPaypal } from './paypal';
import { assertPaypalShape, transmissionTimeRefusal } from './paypalShape';
import type { ProviderEventOutcome } from './providerEvent';
import { fromStripe, type WebhookSigner } from './stripe';
import { assertStripeShape, MalformedEvent } from './stripeShape';

/** Stripe's words for what an event did ('paid': a money event applied). */
const STRIPE_WORDS: Record<ProviderEventOutcome, StripeWebhookOutcome> = {
  orderPaid: 'paid',
  purchasesRefunded: 'paid',
  planStarted: 'paid',
  lifetimeBought: 'paid',
  planRenewed: 'paid',
  planPaymentRefunded: 'paid',
  orderPaymentFailed: 'failed',
  renewalFailed: 'failed',
  planCancelled: 'ignored',
  ignored: 'ignored',
};

/** PayPal's words (its events start, renew, fail or cancel a plan, or give a plan's payment back). */
const PAYPAL_WORDS: Partial<Record<ProviderEventOutcome, PaypalWebhookOutcome>> = {
  planStarted: 'started',
  planRenewed: 'renewed',
  renewalFailed: 'failed',
  planCancelled: 'cancelled',
  planPaymentRefunded: 'refunded',
};

/**
 * A signed Stripe event (the webhook's raw body, or the test provider's card form): verified, then
 * dispatched. A bad signature is a 400 and nothing is applied.
 */
export function stripeReceiver(deps: ProviderEventDeps, signer: WebhookSigner) {
  return async (rawBody: Buffer | string, signature: string | undefined): Promise<StripeWebhookOutcome> => {
    let event;
    try {
      event = signer.verify(rawBody, signature);
    } catch (error) {
      deps.logger.warn({ reason: (error as Error).message }, 'webhook refused: signature');
      throw new HttpProblem(400, 'Invalid webhook signature', 'WEBHOOK_SIGNATURE_INVALID');
    }
    assertReadable(deps.logger, event, assertStripeShape);
    return STRIPE_WORDS[await dispatchProviderEvent(deps, fromStripe(event))];
  };
}

/** A verified event of a shape commerce can not read: 400 with the reason logged (see ./stripeShape.ts). */
function assertReadable(logger: Logger, event: { id?: unknown }, assertShape: (event: unknown) => void) {
  try {
    assertShape(event);
  } catch (error) {
    if (!(error instanceof MalformedEvent)) throw error;
    // Signed, so it is the provider's (or a test's): say why, and do not ask for it again.
    logger.warn({ eventId: event.id, reason: error.reason }, 'webhook refused: malformed event');
    throw new HttpProblem(400, 'Malformed webhook event', 'WEBHOOK_MALFORMED');
  }
}

/** An event that could not be handled: logged, and a 500 so the provider delivers it again. */
function retryLater(res: Response, logger: Logger, error: unknown, message: string) {
  logger.error({ err: error }, message);
  res
    .status(500)
    .type('application/problem+json')
    .json(problem(500, 'The event could not be handled; it will be retried', 'WEBHOOK_HANDLER_FAILED'));
}

const rawBody = (req: Request) => (Buffer.isBuffer(req.body) ? req.body : Buffer.from(''));

/**
 * The providers' webhooks (stripe_webhook, paypal_webhook). They read their body raw — the signature
 * covers the bytes — so they are mounted ahead of the JSON parser, each at its declared path.
 */
export function webhookRoutes(deps: ProviderEventDeps, signer: WebhookSigner): RawBodyRoute[] {
  const receiveStripe = stripeReceiver(deps, signer);
  const raw = express.raw({ type: () => true, limit: '1mb' });
  const route = (name: CallName, register: (router: Router) => void): RawBodyRoute => {
    const router = Router();
    register(router);
    return { path: apiCalls[name].path, handlers: [router] };
  };
  return [
    route('stripe_webhook', (router) =>
      handleCall(
        router,
        'stripe_webhook',
        async (_input, { req, res }) => {
          try {
            return {
              received: true,
              outcome: await receiveStripe(rawBody(req), req.header('stripe-signature')),
            };
          } catch (error) {
            if (error instanceof HttpProblem || error instanceof DomainError) throw error;
            retryLater(res, deps.logger, error, 'webhook handling failed; the provider will retry');
          }
        },
        { before: [raw] },
      ),
    ),
    route('paypal_webhook', (router) =>
      handleCall(router, 'paypal_webhook', (_input, { req, res }) => receivePaypal(deps, req, res), {
        before: [raw],
      }),
    ),
  ];
}

/**
 * PayPal's verify call gets the event exactly as it came. Unverified, sent from the future or not
 * readable: 400 with the reason logged (never applied).
 */
async function receivePaypal(deps: ProviderEventDeps, req: Request, res: Response) {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers))
    headers[name] = Array.isArray(value) ? value[0] : value;
  const refused = transmissionTimeRefusal(headers, deps.subscriptions.clock());
  if (refused) {
    deps.logger.warn({ reason: refused }, 'PayPal webhook refused: transmission time');
    throw new HttpProblem(400, 'Invalid PayPal webhook signature', 'WEBHOOK_SIGNATURE_INVALID');
  }
  const failed = (error: unknown) =>
    retryLater(res, deps.logger, error, 'PayPal webhook handling failed; PayPal will retry');
  const event = await deps.paypal.verifyWebhook(headers, rawBody(req)).catch(failed);
  if (event === undefined) return;
  if (!event) throw new HttpProblem(400, 'Invalid PayPal webhook signature', 'WEBHOOK_SIGNATURE_INVALID');
  assertReadable(deps.logger, event, assertPaypalShape);
  try {
    const outcome = await oncePerPaypalEvent(deps, event, async () => {
      const done = await dispatchProviderEvent(deps, fromPaypal(event));
      return PAYPAL_WORDS[done] ?? 'ignored';
    });
    return { received: true as const, outcome };
  } catch (error) {
    failed(error);
  }
}

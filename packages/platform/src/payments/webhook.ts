import express, { type Router } from 'express';
import type Stripe from 'stripe';
import { problem } from '../http/problem';
import { createCounter } from '../telemetry/counters';

/**
 * Stripe's webhook deliveries by outcome (handled, failed: Stripe retries, refused: bad signature) and
 * event type, so payments by outcome (payment_intent.succeeded, payment_intent.payment_failed, ...)
 * and a failing handler both show.
 */
const webhooks = createCounter(
  'beatmatch_payment_webhooks_total',
  'Stripe webhook deliveries by outcome and event type',
);
const countWebhook = (outcome: string, eventType = '') =>
  webhooks.add({ provider: 'stripe', outcome, event_type: eventType });

export interface StripeWebhookOptions {
  stripe: Stripe;
  /** STRIPE_WEBHOOK_SECRET (whsec_...): the endpoint's signing secret. */
  secret: string;
  /** Handles one verified event; a throw answers 500 so that Stripe delivers the event again. */
  onEvent(event: Stripe.Event): Promise<void>;
  /** Allowed clock skew of the signature timestamp, seconds (Stripe's default: 300). */
  toleranceSeconds?: number;
}

/**
 * POST / — Stripe's webhook endpoint. Only events whose Stripe-Signature verifies against the raw
 * body and the secret are handled; anything else is a 400 problem and never reaches onEvent.
 */
export function createStripeWebhookRouter(options: StripeWebhookOptions): Router {
  if (!options.secret) throw new Error('Stripe webhook secret is empty: set STRIPE_WEBHOOK_SECRET');
  const router = express.Router();
  // The signature covers the exact bytes Stripe sent, so the body must stay raw.
  router.post('/', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const signature = req.header('stripe-signature');
    if (!signature) {
      countWebhook('refused');
      res
        .status(400)
        .type('application/problem+json')
        .json(problem(400, 'Missing Stripe-Signature header', 'WEBHOOK_SIGNATURE_MISSING'));
      return;
    }
    let event: Stripe.Event;
    try {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
      event = options.stripe.webhooks.constructEvent(
        body,
        signature,
        options.secret,
        options.toleranceSeconds,
      );
    } catch {
      countWebhook('refused');
      res
        .status(400)
        .type('application/problem+json')
        .json(problem(400, 'Invalid Stripe webhook signature', 'WEBHOOK_SIGNATURE_INVALID'));
      return;
    }
    try {
      await options.onEvent(event);
    } catch {
      countWebhook('failed', event.type);
      res
        .status(500)
        .type('application/problem+json')
        .json(problem(500, 'The event could not be handled; it will be retried', 'WEBHOOK_HANDLER_FAILED'));
      return;
    }
    countWebhook('handled', event.type);
    res.status(200).json({ received: true });
  });
  return router;
}

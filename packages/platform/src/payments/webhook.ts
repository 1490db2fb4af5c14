import express, { type Router } from 'express';
import type Stripe from 'stripe';
import { problem } from '../http/problem';

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
      res
        .status(400)
        .type('application/problem+json')
        .json(problem(400, 'Invalid Stripe webhook signature', 'WEBHOOK_SIGNATURE_INVALID'));
      return;
    }
    try {
      await options.onEvent(event);
    } catch {
      res
        .status(500)
        .type('application/problem+json')
        .json(problem(500, 'The event could not be handled; it will be retried', 'WEBHOOK_HANDLER_FAILED'));
      return;
    }
    res.status(200).json({ received: true });
  });
  return router;
}

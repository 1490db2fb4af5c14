import { randomUUID } from 'node:crypto';
import { TEST_PORTAL_QUERY } from '@beatmatch/contracts';
import {
  assertAmountCents,
  checkoutTotalCents,
  type CheckoutSession,
  type CreateCheckoutInput,
  type CreateCustomerInput,
  type CreatePaymentIntentInput,
  type CreatePortalSessionInput,
  type PaymentIntent,
  type PaymentsPort,
  type RefundPaymentInput,
  PaymentInputError,
} from './port';

/**
 * The subscription the test provider bills a paid plan session under (Stripe names it in the
 * session's `subscription` field; its renewals come as invoice.* events naming it).
 */
export const testSubscriptionId = (sessionId: string) => `sub_test_${sessionId.replace(/^cs_test_/, '')}`;

/**
 * The embedded profile's built-in payment provider (no Stripe keys): payments succeed at once, the
 * checkout "page" is the success URL itself, ids look like Stripe's with a test_ prefix. Idempotency
 * keys behave as on Stripe: the same key returns the same object.
 */
export class TestPaymentProvider implements PaymentsPort {
  readonly provider = 'test' as const;
  private readonly customers = new Map<string, CreateCustomerInput>();
  private readonly byIdempotencyKey = new Map<string, unknown>();
  /** Each customer's latest plan session: when it was opened and its trial (the portal's next charge). */
  private readonly plans = new Map<string, { openedAt: Date; trialDays: number }>();

  constructor(private readonly clock: () => Date = () => new Date()) {}

  async createCustomer(input: CreateCustomerInput): Promise<{ customerId: string }> {
    const customerId = `cus_test_${input.userId}`;
    this.customers.set(customerId, input);
    return { customerId };
  }

  async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession> {
    const amountTotalCents = checkoutTotalCents(input.lineItems);
    const trialDays = input.recurring?.trialDays ?? 0;
    if (!Number.isSafeInteger(trialDays) || trialDays < 0)
      throw new PaymentInputError(`trial days must be a whole number of days, got ${trialDays}`);
    return this.once(input.idempotencyKey, () => {
      this.assertCustomer(input.customerId);
      const sessionId = `cs_test_${randomUUID().replace(/-/g, '')}`;
      if (input.recurring) this.plans.set(input.customerId, { openedAt: this.clock(), trialDays });
      const url = new URL(input.successUrl);
      url.searchParams.set('session_id', sessionId);
      return { sessionId, url: url.toString(), amountTotalCents, currency: input.currency };
    });
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntent> {
    const amountCents = assertAmountCents(input.amountCents);
    return this.once(input.idempotencyKey, () => {
      this.assertCustomer(input.customerId);
      const paymentIntentId = `pi_test_${randomUUID().replace(/-/g, '')}`;
      return {
        paymentIntentId,
        clientSecret: `${paymentIntentId}_secret_test`,
        amountCents,
        currency: input.currency,
        status: 'succeeded',
      };
    });
  }

  /**
   * The billing portal's stand-in: the return URL (the plan page) with TEST_PORTAL_QUERY, which the
   * page shows as the portal. The next charge is the end of the trial, else a month after the plan's
   * session was opened (this provider keeps no billing history past a restart: then it is not named).
   */
  async createPortalSession(input: CreatePortalSessionInput): Promise<{ url: string }> {
    const url = new URL(input.returnUrl);
    url.searchParams.set(TEST_PORTAL_QUERY.session, `bps_test_${randomUUID().replace(/-/g, '')}`);
    const plan = this.plans.get(input.customerId);
    if (plan) {
      const next = new Date(plan.openedAt.getTime());
      if (plan.trialDays > 0) next.setUTCDate(next.getUTCDate() + plan.trialDays);
      else next.setUTCMonth(next.getUTCMonth() + 1);
      url.searchParams.set(TEST_PORTAL_QUERY.nextCharge, next.toISOString().slice(0, 10));
    }
    return { url: url.toString() };
  }

  /** Refunds given (tests read them): the money of the test provider goes nowhere, so this is the record. */
  readonly refunds: RefundPaymentInput[] = [];

  async refundPayment(input: RefundPaymentInput): Promise<{ refundId: string }> {
    assertAmountCents(input.amountCents);
    return this.once(`refund-${input.idempotencyKey}`, () => {
      this.refunds.push(input);
      return { refundId: `re_test_${randomUUID().replace(/-/g, '')}` };
    });
  }

  /** Subscriptions cancelled (tests read them), each once. */
  readonly cancelledSubscriptions: string[] = [];

  async cancelSubscription(subscriptionRef: string): Promise<void> {
    if (!this.cancelledSubscriptions.includes(subscriptionRef))
      this.cancelledSubscriptions.push(subscriptionRef);
  }

  private assertCustomer(customerId: string): void {
    if (!this.customers.has(customerId)) throw new Error(`No such customer: '${customerId}'`);
  }

  private once<T>(key: string | undefined, create: () => T): T {
    if (key === undefined) return create();
    if (!this.byIdempotencyKey.has(key)) this.byIdempotencyKey.set(key, create());
    return this.byIdempotencyKey.get(key) as T;
  }
}

// The gateway in memory for component tests: each route answers from the spec's `answers` (the
// services' documented shapes), and every call is recorded with its body.

export type GatewayAnswer = (body: Record<string, unknown>) => unknown;
export interface GatewayCall {
  path: string;
  body: Record<string, unknown>;
}

/** A refused call: thrown by an answer, it replies with its status (and code, where the service sends one). */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export const reply = (status: number, body: unknown) => ({
  ok: status < 400,
  status,
  text: async () => JSON.stringify(body),
});

/**
 * Installs the fake as fetch: /api/csrf hands out a token; any other route is recorded in `calls` and
 * answered 200 with what its answer returns, or with a thrown error's message (its status, else 400);
 * a route without an answer is 404. `answers` is read at each call, so a test may replace it.
 */
export function fakeGateway(answers: () => Record<string, GatewayAnswer>, calls: GatewayCall[]) {
  globalThis.fetch = (async (input: string, init?: RequestInit) => {
    if (input === '/api/csrf') return reply(200, { csrfToken: 't' });
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path: input, body });
    const answer = answers()[input];
    if (!answer) return reply(404, { message: `no route ${input}` });
    try {
      return reply(200, answer(body));
    } catch (error) {
      const { status, code, message } = error as Partial<Refusal> & Error;
      return reply(status ?? 400, code ? { message, code } : { message });
    }
  }) as unknown as typeof fetch;
}

/**
 * The test payment provider's pay step (beatmatch_test_checkout_pay) as services/commerce/README.md
 * documents it: card 4000 0000 0000 0002 is declined; any other pays, `onPaid` is told, and the buyer is
 * sent to the Marketplace Pro page.
 */
export function testProviderPay(onPaid: () => void = () => {}): GatewayAnswer {
  return (body) => {
    if (String(body.cardNumber).replace(/\s/g, '') === '4000000000000002')
      throw new Refusal(402, 'Your card was declined.', 'card_declined');
    onPaid();
    return { redirect_status: 'succeeded', url: '/user/marketplace_pro?redirect_status=succeeded' };
  };
}

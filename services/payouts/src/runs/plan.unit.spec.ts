import { payoutFeeCents, type PayoutMethod } from '@beatmatch/contracts';
import { planPayouts, type ProducerToPay } from './plan';

const producer = (owedCents: number, method: PayoutMethod | null, split?: number): ProducerToPay => ({
  owedCents,
  wallet: split === undefined ? null : { address: '0x52908400098527886E0F7030069857D2E4169EE7', split },
  method,
  excludePrepaidCards: false,
});

/** Producer-side spec §9: each method's minimum and fee, at its edges. */
describe('fiat payouts at the minimums and fees of §9', () => {
  it.each([
    ['ach', 199, null],
    ['ach', 200, { grossCents: 200, feeCents: 100, netCents: 100 }],
    ['ach', 201, { grossCents: 201, feeCents: 100, netCents: 101 }],
    ['wire', 4999, null],
    ['wire', 5000, { grossCents: 5000, feeCents: 1500, netCents: 3500 }],
    ['check', 999, null],
    ['check', 1000, { grossCents: 1000, feeCents: 199, netCents: 801 }],
    ['paypal', 199, null],
    ['paypal', 1000, { grossCents: 1000, feeCents: 120, netCents: 880 }],
    ['paypal', 5000, { grossCents: 5000, feeCents: 200, netCents: 4800 }],
    ['paypal', 5100, { grossCents: 5100, feeCents: 200, netCents: 4900 }],
    ['paypal', 10000, { grossCents: 10000, feeCents: 200, netCents: 9800 }],
    ['prepaidCard', 1, { grossCents: 1, feeCents: 0, netCents: 1 }],
  ] as const)('%s on %i cents', (method, owed, expected) => {
    const plan = planPayouts(producer(owed, method));
    expect(plan.fiat).toEqual(expected ? { method, ...expected } : null);
    expect(plan.carriedOverCents).toBe(expected ? 0 : owed);
  });

  it("PayPal's 2 % is rounded half up to the cent, then $1.00 added and capped at $2.00", () => {
    expect(payoutFeeCents('paypal', 225)).toBe(105); // 4.5 cents → 5
    expect(payoutFeeCents('paypal', 224)).toBe(104); // 4.48 cents → 4
    expect(payoutFeeCents('paypal', 4975)).toBe(200); // 99.5 → 100: exactly the cap
  });

  it('leaves prepaid cards out when they are excluded (payout_exclude_intercash)', () => {
    const plan = planPayouts({ ...producer(500, 'prepaidCard'), excludePrepaidCards: true });
    expect(plan).toEqual({ token: null, fiat: null, carriedOverCents: 500 });
  });
});

describe('the split between $BEAT and fiat', () => {
  it('sends 10 % in $BEAT (rounded down to the cent) and the rest by the method', () => {
    expect(planPayouts(producer(1999, 'ach', 10))).toEqual({
      token: { grossCents: 199 },
      fiat: { method: 'ach', grossCents: 1800, feeCents: 100, netCents: 1700 },
      carriedOverCents: 0,
    });
  });

  it('sends 100 % in $BEAT with no fee and nothing by the method', () => {
    expect(planPayouts(producer(1999, 'wire', 100))).toEqual({
      token: { grossCents: 1999 },
      fiat: null,
      carriedOverCents: 0,
    });
  });

  it('carries the fiat share over when no method is chosen, and pays nothing on a negative balance', () => {
    expect(planPayouts(producer(1000, null, 10))).toEqual({
      token: { grossCents: 100 },
      fiat: null,
      carriedOverCents: 900,
    });
    expect(planPayouts(producer(-300, 'ach', 50))).toEqual({
      token: null,
      fiat: null,
      carriedOverCents: -300,
    });
  });
});

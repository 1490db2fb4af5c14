import { monthReward, shareCents, type ReferrerHistory, type SubAffiliatePayment } from './rule';
import { lastEndedMonth, monthIsOver } from './run';
import { monthIn, monthStart } from './zonedMonths';

/** `n` sub-affiliates each paying `cents` on the 10th of November 2026 for a month. */
function history(
  n: number,
  options: { cents?: number; ambassador?: boolean; zone?: string } = {},
): ReferrerHistory {
  const subAffiliates = Array.from({ length: n }, (_, index) => `sub-${index}`);
  const payments: SubAffiliatePayment[] = subAffiliates.map((userId) => ({
    paymentId: `pay-${userId}`,
    userId,
    amountCents: options.cents ?? 800,
    paidAt: '2026-11-10T12:00:00Z',
    periodEndsAt: '2026-12-10T12:00:00Z',
    refundedCents: 0,
  }));
  const roleChanges = options.ambassador ? [{ at: '2026-01-01T00:00:00Z', ambassador: true }] : [];
  return { zone: options.zone ?? 'UTC', subAffiliates, payments, roleChanges };
}

describe('rewards: $0.50 per active sub-affiliate for everyone', () => {
  it('pays 50 cents per active sub-affiliate and no share to a non-ambassador', () => {
    const reward = monthReward(history(3), '2026-11');
    expect(reward).toMatchObject({ active: 3, inactive: 0, affiliateCents: 150, revShareCents: 0 });
  });

  it('counts a referred user without a payment (a trial, or nothing bought) as inactive', () => {
    const referred = { ...history(2), subAffiliates: ['sub-0', 'sub-1', 'on-trial'] };
    expect(monthReward(referred, '2026-11')).toMatchObject({ active: 2, inactive: 1, affiliateCents: 100 });
  });

  const givenBack = (cents: number) => {
    const base = history(2, { ambassador: true });
    return { ...base, payments: base.payments.map((p, i) => (i === 0 ? { ...p, refundedCents: cents } : p)) };
  };

  it('counts nothing of a payment given back whole (a refund, or a chargeback)', () => {
    expect(monthReward(givenBack(800), '2026-11')).toMatchObject({
      active: 1,
      inactive: 1,
      revenueCents: 800,
    });
  });

  it('keeps a partly refunded sub-affiliate active and shares only what was kept', () => {
    expect(monthReward(givenBack(300), '2026-11')).toMatchObject({
      active: 2,
      affiliateCents: 100,
      revenueCents: 500 + 800,
      revShareCents: 130,
    });
  });
});

describe('rev share tiers for ambassadors (producer-side spec §4)', () => {
  it.each([
    [49, 10],
    [50, 15],
    [99, 15],
    [100, 20],
  ])('%i active sub-affiliates: %i %% of their subscription revenue', (active, percent) => {
    const reward = monthReward(history(active, { cents: 1000, ambassador: true }), '2026-11');
    expect(reward.active).toBe(active);
    expect(reward.revShareCents).toBe((active * 1000 * percent) / 100);
    expect(reward.affiliateCents).toBe(active * 50);
  });

  it('rounds the share half up to the cent', () => {
    expect(shareCents(805, 10)).toBe(81);
    expect(shareCents(804, 10)).toBe(80);
    expect(shareCents(1, 15)).toBe(0);
  });

  it('takes the role held at the end of the month: revoked before it ends, no share', () => {
    const revoked = {
      ...history(10, { ambassador: true }),
      roleChanges: [
        { at: '2026-01-01T00:00:00Z', ambassador: true },
        { at: '2026-11-30T23:00:00Z', ambassador: false },
      ],
    };
    expect(monthReward(revoked, '2026-11').revShareCents).toBe(0);
    expect(monthReward(revoked, '2026-10').ambassador).toBe(true);
  });
});

describe("months in the referrer's time zone", () => {
  it('finds local midnight of the 1st', () => {
    expect(monthStart('2026-11', 'UTC').toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(monthStart('2026-11', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(monthStart('2026-12', 'America/New_York').toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(monthStart('2026-11', 'Asia/Tokyo').toISOString()).toBe('2026-10-31T15:00:00.000Z');
    expect(monthIn(new Date('2026-10-31T20:00:00Z'), 'Asia/Tokyo')).toBe('2026-11');
  });

  /** One sub-affiliate whose only paid period ends (or starts) at `at`. */
  const onePayment = (paidAt: string, periodEndsAt: string, zone: string): ReferrerHistory => ({
    zone,
    subAffiliates: ['sub'],
    roleChanges: [],
    payments: [{ paymentId: 'p', userId: 'sub', amountCents: 400, paidAt, periodEndsAt, refundedCents: 0 }],
  });

  it('a period ending at 23:30 on Oct 31 in New York is not active in November there, but is in UTC', () => {
    const endsAt = '2026-11-01T03:30:00Z'; // 23:30 on Oct 31 in New York (EDT, UTC-4)
    const ny = onePayment('2026-10-01T04:00:00Z', endsAt, 'America/New_York');
    expect(monthReward(ny, '2026-11')).toMatchObject({ active: 0, inactive: 1 });
    expect(monthReward({ ...ny, zone: 'UTC' }, '2026-11')).toMatchObject({ active: 1, inactive: 0 });
  });

  it('a payment at 00:30 on Nov 1 in Tokyo counts in November there, in October in UTC', () => {
    const paidAt = '2026-10-31T15:30:00Z';
    const tokyo = onePayment(paidAt, '2026-11-30T15:30:00Z', 'Asia/Tokyo');
    expect(monthReward(tokyo, '2026-11').revenueCents).toBe(400);
    expect(monthReward(tokyo, '2026-10')).toMatchObject({ active: 0, revenueCents: 0 });
    expect(monthReward({ ...tokyo, zone: 'UTC' }, '2026-10')).toMatchObject({ active: 1, revenueCents: 400 });
  });

  it('a period ending exactly at local midnight of the 1st is not active in the new month', () => {
    const ny = onePayment('2026-10-01T04:00:00Z', '2026-11-01T04:00:00Z', 'America/New_York');
    expect(monthReward(ny, '2026-11').active).toBe(0);
    expect(monthReward(ny, '2026-10').active).toBe(1);
  });

  it('runs a month only once it is over in every zone (UTC-12 ends it at 12:00 UTC on the 1st)', () => {
    expect(lastEndedMonth(new Date('2026-12-01T11:59:00Z'))).toBe('2026-10');
    expect(lastEndedMonth(new Date('2026-12-01T12:00:00Z'))).toBe('2026-11');
    expect(monthIsOver('2026-11', new Date('2026-11-30T23:00:00Z'))).toBe(false);
  });
});

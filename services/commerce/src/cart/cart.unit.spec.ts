import { serviceFeeCents } from '@beatmatch/contracts';
import { DomainError } from '@beatmatch/platform';
import { cartDecider, type CartCommand, type CartState } from './cart';
import { splitFee } from '../orders/order';
import { membershipDecider, type MembershipCommand } from '../entitlements/businessLogic';
import type { MembershipState } from '../entitlements/membership';
import { feeExempt } from './service';

const now = new Date('2026-01-02T03:04:05Z');
const run = (state: CartState, command: CartCommand) => {
  const decided = cartDecider.decide(command, state);
  const events = Array.isArray(decided) ? decided : [decided];
  return { events, state: events.reduce(cartDecider.evolve, state) };
};

describe('service fee (spec §5: 2 % rounded half-up to the cent, capped at $2)', () => {
  it.each([
    [0, false, 0],
    [9999, false, 200],
    [10000, false, 200],
    [10001, false, 200],
    [100000, false, 200],
    [1025, false, 21],
    [1024, false, 20],
    [2999, false, 60],
    [1, false, 0],
    [25, false, 1],
    [9999, true, 0],
    [100000, true, 0],
  ])('total %i cents, subscribed %s → %i cents', (total, subscribed, fee) => {
    expect(serviceFeeCents(total, subscribed)).toBe(fee);
  });
});

describe('service fee by membership (spec §5, §9: subscribed or lifetime pays none)', () => {
  const member = (...commands: MembershipCommand[]): MembershipState =>
    commands.reduce((state, command) => {
      const decided = membershipDecider.decide(command, state);
      return (Array.isArray(decided) ? decided : [decided]).reduce(membershipDecider.evolve, state);
    }, membershipDecider.initialState());
  const fee = (state: MembershipState, totalCents: number) => serviceFeeCents(totalCents, feeExempt(state));
  const lifetime: MembershipCommand = { type: 'lifetime', reference: 'pay_1', now };

  it('a lifetime member pays no service fee, at any total', () => {
    const lifer = member(lifetime);
    expect(lifer).toMatchObject({ lifer: true, artistPlan: null });
    expect(fee(lifer, 9999)).toBe(0);
    expect(fee(lifer, 10001)).toBe(0);
    expect(fee(lifer, 100000)).toBe(0);
    // …even after cancelling a plan they had: the lifetime membership does not end.
    const cancelled = member(
      {
        type: 'start',
        memberType: 'artist',
        plan: 'artist',
        trialEndsAt: null,
        provider: 'test',
        reference: 'r',
        now,
      },
      lifetime,
      { type: 'cancel', memberType: 'artist', now },
    );
    expect(fee(cancelled, 100000)).toBe(0);
  });

  it('a paid artist plan pays none; no plan, or a producer plan only, pays 2 % capped at $2', () => {
    expect(fee(member(), 100000)).toBe(200);
    expect(fee(member(), 2999)).toBe(60);
    const artist = member({
      type: 'start',
      memberType: 'artist',
      plan: 'artist_professional',
      trialEndsAt: null,
      provider: 'test',
      reference: 'r',
      now,
    });
    expect(fee(artist, 100000)).toBe(0);
    expect(fee(member({ type: 'cancel', memberType: 'artist', now }), 2999)).toBe(60);
    const producerOnly = member({
      type: 'start',
      memberType: 'producer',
      plan: 'producer_unlimited',
      trialEndsAt: null,
      provider: 'test',
      reference: 'r',
      now,
    });
    expect(fee(producerOnly, 2999)).toBe(60);
  });
});

describe('splitFee', () => {
  it('splits to the cent and adds up', () => {
    expect(splitFee(200, [2999, 2999, 4002])).toEqual([60, 60, 80]);
    const parts = splitFee(7, [1, 1, 1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(7);
    expect(splitFee(0, [100, 200])).toEqual([0, 0]);
    expect(splitFee(5, [0, 0])).toEqual([0, 0]);
  });
});

describe('cart decider', () => {
  const empty = cartDecider.initialState();
  const add = (
    beatId: string,
    pkg: 'firstDate' | 'relationship' | 'marriage',
    priceCents = 2999,
  ): CartCommand => ({
    type: 'add',
    beatId,
    package: pkg,
    priceCents,
    now,
  });

  it('adds one package per beat; the same package again changes nothing; another package is refused', () => {
    const one = run(empty, add('b1', 'firstDate'));
    expect(one.state.lines).toHaveLength(1);
    expect(run(one.state, add('b1', 'firstDate')).events).toHaveLength(0);
    expect(() => run(one.state, add('b1', 'marriage'))).toThrow(DomainError);
  });

  it('upgrade replaces the package; remove and reset empty it', () => {
    const one = run(empty, add('b1', 'firstDate')).state;
    const upgraded = run(one, {
      type: 'upgrade',
      beatId: 'b1',
      package: 'marriage',
      priceCents: 9999,
      now,
    }).state;
    expect(upgraded.lines).toEqual([
      expect.objectContaining({ beatId: 'b1', package: 'marriage', priceCents: 9999 }),
    ]);
    expect(run(upgraded, { type: 'remove', beatId: 'b1' }).state.lines).toEqual([]);
    expect(run(upgraded, { type: 'remove', beatId: 'other' }).events).toHaveLength(0);
    const two = run(upgraded, add('b2', 'relationship')).state;
    expect(run(two, { type: 'reset', now }).state.lines).toEqual([]);
  });

  it("merges a device cart: the user's own choice of a beat wins", () => {
    const mine = run(empty, add('b1', 'marriage')).state;
    const device = run(run(empty, add('b1', 'firstDate')).state, add('b2', 'firstDate')).state;
    const merged = run(mine, { type: 'merge', lines: device.lines }).state;
    expect(merged.lines.map((l) => [l.beatId, l.package])).toEqual([
      ['b1', 'marriage'],
      ['b2', 'firstDate'],
    ]);
  });

  it('a paid order takes only its beats out', () => {
    const two = run(run(empty, add('b1', 'firstDate')).state, add('b2', 'firstDate')).state;
    const after = run(two, { type: 'purchased', orderId: 'o', beatIds: ['b1', 'zz'] });
    expect(after.state.lines.map((l) => l.beatId)).toEqual(['b2']);
  });
});

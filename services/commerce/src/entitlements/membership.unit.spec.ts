import { membershipDecider, type MembershipCommand } from './businessLogic';
import { addMonth, type MembershipEvent } from './membership';

const at = (iso: string) => new Date(iso);

describe('addMonth (a plan period: one calendar month, clamped to the month end)', () => {
  it.each([
    ['2026-01-15T10:00:00.000Z', '2026-02-15T10:00:00.000Z'],
    ['2026-01-31T00:00:00.000Z', '2026-02-28T00:00:00.000Z'],
    ['2028-01-31T00:00:00.000Z', '2028-02-29T00:00:00.000Z'],
    ['2026-03-31T23:59:59.000Z', '2026-04-30T23:59:59.000Z'],
    ['2026-12-31T00:00:00.000Z', '2027-01-31T00:00:00.000Z'],
  ])('%s → %s', (from, to) => expect(addMonth(at(from)).toISOString()).toBe(to));
});

describe('the membership decider: renewals by provider event', () => {
  function run(commands: MembershipCommand[]) {
    let state = membershipDecider.initialState();
    const all: MembershipEvent[] = [];
    for (const command of commands) {
      const decided = membershipDecider.decide(command, state);
      const events = Array.isArray(decided) ? decided : [decided];
      state = events.reduce(membershipDecider.evolve, state);
      all.push(...events);
    }
    return { state, events: all };
  }
  const now = at('2026-01-31T12:00:00Z');
  const start: MembershipCommand = {
    type: 'start',
    memberType: 'producer',
    plan: 'producer_unlimited',
    trialEndsAt: null,
    provider: 'test',
    reference: 'sub_1',
    amountCents: 1500,
    now,
  };
  const renew = (eventId: string, end: string, reference = 'sub_1'): MembershipCommand => ({
    type: 'renew',
    reference,
    eventId,
    periodEndsAt: at(end),
    amountCents: 1500,
    now,
  });
  const fail = (eventId: string): MembershipCommand => ({
    type: 'renewalFailed',
    reference: 'sub_1',
    eventId,
    now,
  });

  it('starts with a month; renewals move it on once per event id; another reference changes nothing', () => {
    const { state, events } = run([
      start,
      renew('evt_1', '2026-03-28T12:00:00Z'),
      renew('evt_1', '2026-03-28T12:00:00Z'),
      renew('evt_2', '2026-03-28T12:00:00Z'),
      renew('evt_3', '2026-05-01T00:00:00Z', 'sub_other'),
    ]);
    // The start names no payment (a test provider's session); the renewal is one.
    expect(events.map((e) => e.type)).toEqual(['PlanStarted', 'PlanRenewed', 'PlanPaid']);
    expect(state.subscriptions.producer).toEqual({
      plan: 'producer_unlimited',
      reference: 'sub_1',
      periodEndsAt: '2026-03-28T12:00:00.000Z',
      ended: null,
      // The latest news of the plan (the renewal, recorded at `now`): older events change nothing.
      eventAt: '2026-01-31T12:00:00.000Z',
    });
    expect(run([start]).state.subscriptions.producer!.periodEndsAt).toBe('2026-02-28T12:00:00.000Z');
  });

  it('a failed renewal ends the plan; a later payment revives it; the same failure again does not end it', () => {
    const { state, events } = run([
      start,
      fail('evt_f'),
      fail('evt_f2'),
      renew('evt_r', '2026-03-31T00:00:00Z'),
      fail('evt_f'),
    ]);
    expect(events.map((e) => e.type)).toEqual(['PlanStarted', 'PlanEnded', 'PlanRenewed', 'PlanPaid']);
    expect(state.producerPlan).toBe('producer_unlimited');
    expect(state.subscriptions.producer!.ended).toBeNull();
  });

  it('a plan the member cancelled stays cancelled whatever the provider sends', () => {
    const { state, events } = run([
      start,
      { type: 'cancel', memberType: 'producer', now },
      renew('evt_1', '2026-03-28T12:00:00Z'),
      fail('evt_2'),
    ]);
    expect(events.map((e) => e.type)).toEqual(['PlanStarted', 'PlanCancelled']);
    expect(state.producerPlan).toBeNull();
  });

  it("a provider's cancellation ends only the plan it bills (not a newer one of the same type)", () => {
    const cancelBy = (reference: string): MembershipCommand => ({
      type: 'cancel',
      memberType: 'producer',
      now,
      reference,
    });
    const newer: MembershipCommand = { ...start, plan: 'producer', reference: 'I-NEWER' };
    const { state, events } = run([start, newer, cancelBy('sub_1')]);
    expect(events.map((e) => e.type)).toEqual(['PlanStarted', 'PlanStarted']);
    expect(state.producerPlan).toBe('producer');
    const cancelled = run([start, newer, cancelBy('I-NEWER'), cancelBy('I-NEWER')]);
    expect(cancelled.events.map((e) => e.type)).toEqual(['PlanStarted', 'PlanStarted', 'PlanCancelled']);
    expect(cancelled.state.producerPlan).toBeNull();
  });
});

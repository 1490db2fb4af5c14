import { guestDecider, type GuestCommand } from './businessLogic';
import type { GuestEvent, GuestState } from './guest';
import { guestPublication } from '../integration/publish';

const now = new Date('2026-01-01T00:00:00Z');
const later = (days: number) => new Date(now.getTime() + days * 86_400_000);

function run(commands: GuestCommand[]) {
  let state: GuestState = guestDecider.initialState();
  const all: GuestEvent[] = [];
  for (const command of commands) {
    const decided = guestDecider.decide(command, state);
    const events = Array.isArray(decided) ? decided : [decided];
    state = events.reduce(guestDecider.evolve, state);
    all.push(...events);
  }
  return { state, events: all };
}

const note = (
  orderId: string,
  accountUserId: string | null = null,
  tokenId = `t-${orderId}`,
): GuestCommand => ({
  type: 'NotePurchase',
  data: { email: 'g@example.com', orderId, accountUserId, tokenId, expiresAt: later(7) },
  metadata: { now },
});

describe('guest buyer', () => {
  it('notes an order once and offers one set-up link (one mail request)', () => {
    const { events } = run([note('o1'), note('o1', null, 'other-token')]);
    expect(events.map((e) => e.type)).toEqual(['GuestPurchaseNoted', 'AccountSetupOffered']);
    const out = guestPublication.map(events);
    expect(out.map((m) => (m.event.payload as { kind?: string }).kind)).toEqual(['accountSetup']);
  });

  it('claims every noted order with the newest link, once; then later orders at once', () => {
    const setUp: GuestCommand = {
      type: 'CompleteSetup',
      data: { tokenId: 't-o2', userId: 'u1' },
      metadata: { now: later(1) },
    };
    const { state, events } = run([note('o1'), note('o2'), setUp, note('o3')]);
    const claims = events.filter((e) => e.type === 'GuestPurchasesClaimed');
    expect(claims.map((e) => e.data)).toEqual([
      expect.objectContaining({ userId: 'u1', orderIds: ['o1', 'o2'] }),
      expect.objectContaining({ userId: 'u1', orderIds: ['o3'] }),
    ]);
    expect(() => guestDecider.decide(setUp, state)).toThrow('expired');
  });

  it('refuses an older or expired link', () => {
    const { state } = run([note('o1'), note('o2')]);
    const claim = (tokenId: string, at: Date): GuestCommand => ({
      type: 'CompleteSetup',
      data: { tokenId, userId: 'u1' },
      metadata: { now: at },
    });
    expect(() => guestDecider.decide(claim('t-o1', later(1)), state)).toThrow('expired');
    expect(() => guestDecider.decide(claim('t-o2', later(8)), state)).toThrow('expired');
  });

  it("an e-mail with an account: the order is the account's at once, with a note", () => {
    const { events } = run([note('o1', 'u9')]);
    expect(events.map((e) => e.type)).toEqual(['GuestPurchaseNoted', 'GuestPurchasesClaimed']);
    const out = guestPublication.map(events);
    expect(out.map((m) => m.event.type)).toEqual([
      'identity.MailRequested',
      'identity.GuestPurchasesClaimed',
    ]);
    expect(out[0]!.event.payload).toMatchObject({ kind: 'guestPurchaseNote', orderId: 'o1' });
  });
});

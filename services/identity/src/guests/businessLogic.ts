import { identityMessages as messages } from '@beatmatch/contracts';
import { DomainError, type Decider } from '@beatmatch/platform';
import { evolve, initialState, setupIsLive, type GuestEvent, type GuestState } from './guest';

/*
 * - An order of an e-mail that has an account (or whose guest purchases were claimed before) is the
 *   account's at once: GuestPurchasesClaimed, and a note mail ("it is in your Purchases").
 * - Otherwise a set-up link is offered (a new token per order; only the newest works), mailed through
 *   the outbox like reset links. Setting a password with it creates the account (verified: the link
 *   proves the e-mail) and claims every order noted so far.
 * - Each order is noted once, so a replayed event neither mails nor claims twice.
 */

type Metadata = { now: Date };

export type NotePurchase = {
  type: 'NotePurchase';
  data: { email: string; orderId: string; accountUserId: string | null; tokenId: string; expiresAt: Date };
  metadata: Metadata;
};
/** The mail sender handed the set-up link's mail to the mailer. */
export type RecordSetupMailed = { type: 'RecordSetupMailed'; data: { tokenId: string }; metadata: Metadata };
/** The mail sender handed the purchase note's mail to the mailer. */
export type RecordNoteMailed = { type: 'RecordNoteMailed'; data: { orderId: string }; metadata: Metadata };
export type CompleteSetup = {
  type: 'CompleteSetup';
  data: { tokenId: string; userId: string };
  metadata: Metadata;
};

export type GuestCommand = NotePurchase | RecordSetupMailed | RecordNoteMailed | CompleteSetup;

export function notePurchase(command: NotePurchase, state: GuestState): GuestEvent[] {
  const { email, orderId } = command.data;
  const at = command.metadata.now.toISOString();
  if (state.orders.includes(orderId)) return [];
  const owner = state.claimedBy ?? command.data.accountUserId;
  if (owner)
    return [
      { type: 'GuestPurchaseNoted', data: { email, orderId, notedAt: at, userId: owner } },
      { type: 'GuestPurchasesClaimed', data: { email, userId: owner, orderIds: [orderId], claimedAt: at } },
    ];
  return [
    { type: 'GuestPurchaseNoted', data: { email, orderId, notedAt: at, userId: null } },
    {
      type: 'AccountSetupOffered',
      data: {
        email,
        tokenId: command.data.tokenId,
        requestedAt: at,
        expiresAt: command.data.expiresAt.toISOString(),
      },
    },
  ];
}

export function recordSetupMailed(command: RecordSetupMailed, state: GuestState): GuestEvent[] {
  if (state.pendingSetup?.tokenId !== command.data.tokenId || state.pendingSetup.mailed) return [];
  const mailedAt = command.metadata.now.toISOString();
  return [{ type: 'AccountSetupMailed', data: { tokenId: command.data.tokenId, mailedAt } }];
}

export function recordNoteMailed(command: RecordNoteMailed, state: GuestState): GuestEvent[] {
  if (state.notesMailed.includes(command.data.orderId)) return [];
  const mailedAt = command.metadata.now.toISOString();
  return [{ type: 'GuestNoteMailed', data: { orderId: command.data.orderId, mailedAt } }];
}

export function completeSetup(command: CompleteSetup, state: GuestState): GuestEvent[] {
  if (!state.email || !setupIsLive(state, command.data.tokenId, command.metadata.now))
    throw new DomainError('expired', messages.expired, 400);
  const orderIds = state.orders.filter((id) => !state.claimed.includes(id));
  const claimedAt = command.metadata.now.toISOString();
  return [
    {
      type: 'GuestPurchasesClaimed',
      data: { email: state.email, userId: command.data.userId, orderIds, claimedAt },
    },
  ];
}

export function decide(command: GuestCommand, state: GuestState): GuestEvent[] {
  switch (command.type) {
    case 'NotePurchase':
      return notePurchase(command, state);
    case 'RecordSetupMailed':
      return recordSetupMailed(command, state);
    case 'RecordNoteMailed':
      return recordNoteMailed(command, state);
    case 'CompleteSetup':
      return completeSetup(command, state);
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unexpected)}`);
    }
  }
}

export const guestDecider: Decider<GuestState, GuestCommand, GuestEvent> = { decide, evolve, initialState };

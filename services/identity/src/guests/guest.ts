import { IDENTITY_TOPIC, integrationEvent, type GuestPurchasesClaimedV1 } from '@beatmatch/contracts';
import { DomainError, type Decider, type OutgoingMessage } from '@beatmatch/platform';
import { identityMessages as messages } from '@beatmatch/contracts';
import { mailRequest } from '../mail/requests';

/**
 * A guest buyer, one stream per e-mail (`guest:<email>`, lower-case): the guest orders commerce told
 * us about (commerce.GuestPurchaseCompleted), the account set-up link mailed for them, and who claimed
 * them. README "Guest checkout".
 *
 * - An order of an e-mail that has an account (or whose guest purchases were claimed before) is the
 *   account's at once: GuestPurchasesClaimed, and a note mail ("it is in your Purchases").
 * - Otherwise a set-up link is offered (a new token per order; only the newest works), mailed through
 *   the outbox like reset links. Setting a password with it creates the account (verified: the link
 *   proves the e-mail) and claims every order noted so far.
 * - Each order is noted once, so a replayed event neither mails nor claims twice.
 */
export type GuestEvent =
  | {
      type: 'GuestPurchaseNoted';
      data: { email: string; orderId: string; notedAt: string; userId: string | null };
    }
  | {
      type: 'AccountSetupOffered';
      data: { email: string; tokenId: string; requestedAt: string; expiresAt: string };
    }
  | { type: 'AccountSetupMailed'; data: { tokenId: string; mailedAt: string } }
  | { type: 'GuestNoteMailed'; data: { orderId: string; mailedAt: string } }
  | {
      type: 'GuestPurchasesClaimed';
      data: { email: string; userId: string; orderIds: string[]; claimedAt: string };
    };

export type GuestCommand =
  | {
      type: 'NotePurchase';
      data: {
        email: string;
        orderId: string;
        accountUserId: string | null;
        tokenId: string;
        expiresAt: Date;
      };
      metadata: { now: Date };
    }
  | { type: 'RecordSetupMailed'; data: { tokenId: string }; metadata: { now: Date } }
  | { type: 'RecordNoteMailed'; data: { orderId: string }; metadata: { now: Date } }
  | { type: 'CompleteSetup'; data: { tokenId: string; userId: string }; metadata: { now: Date } };

export interface GuestState {
  email: string | null;
  orders: string[];
  claimed: string[];
  /** The account that owns this e-mail's guest purchases (null: none yet). */
  claimedBy: string | null;
  pendingSetup: { tokenId: string; requestedAt: string; expiresAt: string; mailed: boolean } | null;
  notesMailed: string[];
}

export const guestStream = (email: string) => `guest:${email.toLowerCase()}`;

/** How long an account set-up link works (a buyer may read the mail days later). */
export const SETUP_TTL_DAYS = 7;

export const setupIsLive = (state: GuestState, tokenId: string, now: Date) =>
  state.claimedBy === null &&
  state.pendingSetup?.tokenId === tokenId &&
  new Date(state.pendingSetup.expiresAt) > now;

export const guestDecider: Decider<GuestState, GuestCommand, GuestEvent> = {
  initialState: () => ({
    email: null,
    orders: [],
    claimed: [],
    claimedBy: null,
    pendingSetup: null,
    notesMailed: [],
  }),
  decide(command, state) {
    const at = command.metadata.now.toISOString();
    switch (command.type) {
      case 'NotePurchase': {
        const { email, orderId } = command.data;
        if (state.orders.includes(orderId)) return [];
        const owner = state.claimedBy ?? command.data.accountUserId;
        if (owner)
          return [
            { type: 'GuestPurchaseNoted', data: { email, orderId, notedAt: at, userId: owner } },
            {
              type: 'GuestPurchasesClaimed',
              data: { email, userId: owner, orderIds: [orderId], claimedAt: at },
            },
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
      case 'RecordSetupMailed':
        if (state.pendingSetup?.tokenId !== command.data.tokenId || state.pendingSetup.mailed) return [];
        return [{ type: 'AccountSetupMailed', data: { tokenId: command.data.tokenId, mailedAt: at } }];
      case 'RecordNoteMailed':
        if (state.notesMailed.includes(command.data.orderId)) return [];
        return [{ type: 'GuestNoteMailed', data: { orderId: command.data.orderId, mailedAt: at } }];
      case 'CompleteSetup': {
        if (!state.email || !setupIsLive(state, command.data.tokenId, command.metadata.now))
          throw new DomainError('expired', messages.expired, 400);
        const orderIds = state.orders.filter((id) => !state.claimed.includes(id));
        return [
          {
            type: 'GuestPurchasesClaimed',
            data: { email: state.email, userId: command.data.userId, orderIds, claimedAt: at },
          },
        ];
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'GuestPurchaseNoted':
        return { ...state, email: event.data.email, orders: [...state.orders, event.data.orderId] };
      case 'AccountSetupOffered':
        return {
          ...state,
          pendingSetup: {
            tokenId: event.data.tokenId,
            requestedAt: event.data.requestedAt,
            expiresAt: event.data.expiresAt,
            mailed: false,
          },
        };
      case 'AccountSetupMailed':
        return state.pendingSetup?.tokenId === event.data.tokenId
          ? { ...state, pendingSetup: { ...state.pendingSetup, mailed: true } }
          : state;
      case 'GuestNoteMailed':
        return { ...state, notesMailed: [...state.notesMailed, event.data.orderId] };
      case 'GuestPurchasesClaimed':
        return {
          ...state,
          claimedBy: event.data.userId,
          claimed: [...state.claimed, ...event.data.orderIds],
          pendingSetup: null,
        };
    }
  },
};

/** Claims → identity.GuestPurchasesClaimed (commerce moves the purchases); offers and notes → mail requests. */
export const guestPublication = {
  topic: IDENTITY_TOPIC,
  map(events: GuestEvent[]): OutgoingMessage[] {
    const out: OutgoingMessage[] = [];
    for (const event of events) {
      if (event.type === 'GuestPurchasesClaimed' && event.data.orderIds.length > 0) {
        const { userId, email, orderIds, claimedAt } = event.data;
        out.push({
          key: userId,
          event: integrationEvent<GuestPurchasesClaimedV1>(
            'identity.GuestPurchasesClaimed',
            1,
            { userId, email, orderIds, claimedAt },
            new Date(claimedAt),
          ),
        });
      }
      if (event.type === 'AccountSetupOffered') {
        const { email, tokenId, requestedAt } = event.data;
        out.push(mailRequest({ kind: 'accountSetup', email, tokenId }, email, new Date(requestedAt)));
      }
      if (event.type === 'GuestPurchaseNoted' && event.data.userId) {
        const { email, orderId, notedAt } = event.data;
        out.push(mailRequest({ kind: 'guestPurchaseNote', email, orderId }, email, new Date(notedAt)));
      }
    }
    return out;
  },
};

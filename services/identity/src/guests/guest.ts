/**
 * A guest buyer, one stream per e-mail (`guest:<email>`, lower-case): the guest orders commerce told
 * us about (commerce.GuestPurchaseCompleted), the account set-up link mailed for them, and who claimed
 * them. README "Guest checkout". The rules are in businessLogic.ts.
 */
export type GuestPurchaseNoted = {
  type: 'GuestPurchaseNoted';
  data: { email: string; orderId: string; notedAt: string; userId: string | null };
};
export type AccountSetupOffered = {
  type: 'AccountSetupOffered';
  data: { email: string; tokenId: string; requestedAt: string; expiresAt: string };
};
export type AccountSetupMailed = { type: 'AccountSetupMailed'; data: { tokenId: string; mailedAt: string } };
export type GuestNoteMailed = { type: 'GuestNoteMailed'; data: { orderId: string; mailedAt: string } };
export type GuestPurchasesClaimed = {
  type: 'GuestPurchasesClaimed';
  data: { email: string; userId: string; orderIds: string[]; claimedAt: string };
};

export type GuestEvent =
  GuestPurchaseNoted | AccountSetupOffered | AccountSetupMailed | GuestNoteMailed | GuestPurchasesClaimed;

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

export const initialState = (): GuestState => ({
  email: null,
  orders: [],
  claimed: [],
  claimedBy: null,
  pendingSetup: null,
  notesMailed: [],
});

export function evolve(state: GuestState, event: GuestEvent): GuestState {
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
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

/**
 * The referral aggregate of one user (stream `member:<userId>`): the code the user shares, and who
 * referred the user. Internal to referrals.
 */
export type ReferralCodeIssued = {
  type: 'ReferralCodeIssued';
  data: { userId: string; code: string; issuedAt: string };
};
export type ReferralConfirmed = {
  type: 'ReferralConfirmed';
  data: { userId: string; referrerId: string; code: string; confirmedAt: string };
};
/** A sign-up's `ref` that attributes nothing; kept so support can tell why a trial was not offered. */
export type ReferralRefused = {
  type: 'ReferralRefused';
  data: { userId: string; code: string; reason: RefusalReason; refusedAt: string };
};
export type RefusalReason = 'unknownCode' | 'ownCode' | 'alreadyReferred' | 'referrerDeleted';

export type MemberEvent = ReferralCodeIssued | ReferralConfirmed | ReferralRefused;

export interface Member {
  code: string | null;
  referrerId: string | null;
}

export const initialState = (): Member => ({ code: null, referrerId: null });

export function evolve(state: Member, event: MemberEvent): Member {
  switch (event.type) {
    case 'ReferralCodeIssued':
      return { ...state, code: event.data.code };
    case 'ReferralConfirmed':
      return { ...state, referrerId: event.data.referrerId };
    case 'ReferralRefused':
      return state;
  }
}

export const memberStream = (userId: string) => `member:${userId}`;

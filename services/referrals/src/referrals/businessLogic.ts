import type { Decider } from '@beatmatch/platform';
import { evolve, initialState, type Member, type MemberEvent, type RefusalReason } from './member';

/** The owner of a referral code as the read model knows it. */
export interface CodeOwner {
  userId: string;
  /** The owner's account was deleted: the code refers nobody any more. */
  deleted: boolean;
}

export type MemberCommand =
  | { type: 'issueCode'; userId: string; code: string; now: Date }
  | {
      type: 'attribute';
      userId: string;
      code: string;
      /** Who owns `code`; null: no such code. */
      owner: CodeOwner | null;
      now: Date;
    };

function refusal(
  command: Extract<MemberCommand, { type: 'attribute' }>,
  state: Member,
): RefusalReason | null {
  if (state.referrerId !== null) return 'alreadyReferred';
  if (command.owner === null) return 'unknownCode';
  if (command.owner.userId === command.userId) return 'ownCode';
  if (command.owner.deleted) return 'referrerDeleted';
  return null;
}

/**
 * One code per user, issued once (a redelivered registration issues nothing); a sign-up is attributed
 * only to an existing code of another, live account, and only once per person.
 */
export function decide(command: MemberCommand, state: Member): MemberEvent[] {
  const at = command.now.toISOString();
  if (command.type === 'issueCode') {
    if (state.code !== null) return [];
    return [
      { type: 'ReferralCodeIssued', data: { userId: command.userId, code: command.code, issuedAt: at } },
    ];
  }
  const { userId, code } = command;
  const reason = refusal(command, state);
  if (reason) return [{ type: 'ReferralRefused', data: { userId, code, reason, refusedAt: at } }];
  return [
    {
      type: 'ReferralConfirmed',
      data: { userId, referrerId: command.owner!.userId, code, confirmedAt: at },
    },
  ];
}

export const memberDecider: Decider<Member, MemberCommand, MemberEvent> = { decide, evolve, initialState };

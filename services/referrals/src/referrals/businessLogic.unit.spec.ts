import { decide, memberDecider, type MemberCommand } from './businessLogic';
import type { Member, MemberEvent } from './member';

const now = new Date('2026-11-25T12:00:00Z');
const given = (events: MemberEvent[]): Member =>
  events.reduce(memberDecider.evolve, memberDecider.initialState());
const registered: MemberEvent = {
  type: 'ReferralCodeIssued',
  data: { userId: 'new-user', code: 'NEWCODE2', issuedAt: now.toISOString() },
};
const attribute = (owner: { userId: string; deleted: boolean } | null, code = 'AMBCODE2'): MemberCommand => ({
  type: 'attribute',
  userId: 'new-user',
  code,
  owner,
  now,
});
const reasonOf = (events: MemberEvent[]) =>
  events.map((event) => (event.type === 'ReferralRefused' ? event.data.reason : event.type));

describe('referral codes', () => {
  it('issues one code per user: a redelivered registration issues none', () => {
    const issue: MemberCommand = { type: 'issueCode', userId: 'new-user', code: 'NEWCODE2', now };
    expect(decide(issue, given([]))).toEqual([registered]);
    expect(decide({ ...issue, code: 'OTHER234' }, given([registered]))).toEqual([]);
  });
});

describe('attribution of a sign-up', () => {
  it("confirms an existing code of another live account: the code's owner referred the user", () => {
    expect(decide(attribute({ userId: 'ambassador', deleted: false }), given([registered]))).toEqual([
      {
        type: 'ReferralConfirmed',
        data: {
          userId: 'new-user',
          referrerId: 'ambassador',
          code: 'AMBCODE2',
          confirmedAt: now.toISOString(),
        },
      },
    ]);
  });

  it('refuses a code nobody owns (a bogus ref)', () => {
    expect(reasonOf(decide(attribute(null, 'ANYTHING-BOGUS'), given([registered])))).toEqual(['unknownCode']);
  });

  it("refuses the user's own code", () => {
    expect(reasonOf(decide(attribute({ userId: 'new-user', deleted: false }), given([registered])))).toEqual([
      'ownCode',
    ]);
  });

  it('refuses a second attribution of the same person, even to another real code', () => {
    const first = decide(attribute({ userId: 'ambassador', deleted: false }), given([registered]));
    const again = decide(
      attribute({ userId: 'someone-else', deleted: false }),
      given([registered, ...first]),
    );
    expect(reasonOf(again)).toEqual(['alreadyReferred']);
    expect(given([registered, ...first, ...again]).referrerId).toBe('ambassador');
  });

  it('refuses the code of a deleted account', () => {
    expect(reasonOf(decide(attribute({ userId: 'ambassador', deleted: true }), given([registered])))).toEqual(
      ['referrerDeleted'],
    );
  });
});

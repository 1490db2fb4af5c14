import { DeciderSpecification } from '@event-driven-io/emmett';
import { DomainError } from '@beatmatch/platform';
import { decisionOf } from '@beatmatch/testing';
import {
  logIn as logInDecision,
  loginOutcome,
  userDecider,
  userDecider as decider,
  type LogIn,
} from './businessLogic';
import type { UserEvent } from './user';

const given = DeciderSpecification.for(userDecider);
// Emmett's then() matches a subset in any order; where order matters the decision is compared exactly.
const decide = decisionOf(userDecider);
const now = new Date('2026-11-22T10:00:00Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

const registered = (referralCode: string | null = null): UserEvent => ({
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    username: 'ada',
    email: 'ada@example.com',
    passwordHash: 'H',
    referralCode,
    registeredAt: now.toISOString(),
  },
});
const codeIssued = (codeHash = 'C1', expiresAt = later(15)): UserEvent => ({
  type: 'VerificationCodeIssued',
  data: {
    codeHash,
    codeId: `id-${codeHash}`,
    issuedAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  },
});
const codeMailed = (codeHash = 'C1'): UserEvent => ({
  type: 'VerificationCodeMailed',
  data: { codeHash, mailedAt: now.toISOString() },
});
const verified: UserEvent = { type: 'AccountVerified', data: { verifiedAt: now.toISOString() } };
const surveyed: UserEvent = {
  type: 'SurveyAnswered',
  data: { answer: 'artist', answeredAt: now.toISOString() },
};
const rejected = (failedAttempts: number): UserEvent => ({
  type: 'VerificationCodeRejected',
  data: { failedAttempts, rejectedAt: now.toISOString() },
});

const session = { sessionIdHash: 'S1', deviceId: 'd1', expiresAt: later(60 * 24 * 30) };
const loggedIn: UserEvent = {
  type: 'UserLoggedIn',
  data: {
    sessionIdHash: 'S1',
    deviceId: 'd1',
    loggedInAt: now.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
  },
};
const logIn = (data: Partial<LogIn['data']> = {}, at = now): LogIn => ({
  type: 'LogIn',
  data: {
    passwordMatches: true,
    enteredCodeHash: null,
    survey: null,
    session,
    freshCode: { codeId: 'id-C2', codeHash: 'C2', expiresAt: later(30) },
    ...data,
  },
  metadata: { now: at },
});

const isDomainError = (code: string) => (error: Error) => error instanceof DomainError && error.code === code;

describe('user decider', () => {
  const register = (referralCode: string | null) =>
    ({
      type: 'RegisterUser',
      data: {
        userId: 'u1',
        username: 'ada',
        email: 'ada@example.com',
        passwordHash: 'H',
        referralCode,
        code: { codeId: 'id-C1', codeHash: 'C1', expiresAt: later(15) },
      },
      metadata: { now },
    }) as const;

  it('registers a referred user and issues the first code', () =>
    expect(decide([], register('REF42'))).toEqual([registered('REF42'), codeIssued()]));

  // Emmett's subset matcher does not compare null values, so this case is asserted directly.
  it('registers a user without a referral', () =>
    expect(userDecider.decide(register(null), userDecider.initialState())).toEqual([
      registered(null),
      codeIssued(),
    ]));

  it('refuses to register the same stream twice', () =>
    given([registered()]).when(register(null)).thenThrows(isDomainError('already_registered')));

  it('rejects a wrong password with the generic message', () =>
    given([registered(), codeIssued()])
      .when(logIn({ passwordMatches: false }))
      .thenThrows(isDomainError('wrong_credentials')));

  it('does not resend while a live code is out and was mailed', () =>
    given([registered(), codeIssued(), codeMailed()]).when(logIn()).thenNothingHappened());

  it('waits for an unmailed code issued under a minute ago (its mail is on its way through the outbox)', () =>
    given([registered(), codeIssued()])
      .when(logIn({}, new Date(now.getTime() + 59_000)))
      .thenNothingHappened());

  it('replaces a live code whose mail has not gone out after a minute', () =>
    expect(decide([registered(), codeIssued()], logIn({}, later(2)))).toEqual([
      {
        type: 'VerificationCodeIssued',
        data: {
          codeHash: 'C2',
          codeId: 'id-C2',
          issuedAt: later(2).toISOString(),
          expiresAt: later(30).toISOString(),
        },
      },
    ]));

  it('records a mail only for the pending code, once', () => {
    const mailed = (codeHash: string) => ({
      type: 'RecordCodeMailed' as const,
      data: { codeHash },
      metadata: { now },
    });
    expect(decide([registered(), codeIssued()], mailed('C1'))).toEqual([codeMailed()]);
    expect(decide([registered(), codeIssued(), codeMailed()], mailed('C1'))).toEqual([]);
    expect(decide([registered(), codeIssued()], mailed('OLD'))).toEqual([]);
  });

  it('records a reset mail only for the latest link, once', () => {
    const requested = (tokenId: string): UserEvent => ({
      type: 'PasswordResetRequested',
      data: { tokenId, requestedAt: now.toISOString(), expiresAt: later(60).toISOString() },
    });
    const mailed = (tokenId: string) => ({
      type: 'RecordResetMailed' as const,
      data: { tokenId },
      metadata: { now },
    });
    const resetMailed: UserEvent = {
      type: 'PasswordResetMailed',
      data: { tokenId: 't2', mailedAt: now.toISOString() },
    };
    expect(decide([registered(), requested('t1'), requested('t2')], mailed('t2'))).toEqual([resetMailed]);
    expect(decide([registered(), requested('t1'), requested('t2')], mailed('t1'))).toEqual([]);
    expect(decide([registered(), requested('t2'), resetMailed], mailed('t2'))).toEqual([]);
  });

  it('issues a fresh code when the previous one expired', () =>
    expect(decide([registered(), codeIssued()], logIn({}, later(20)))).toEqual([
      {
        type: 'VerificationCodeIssued',
        data: {
          codeHash: 'C2',
          codeId: 'id-C2',
          issuedAt: later(20).toISOString(),
          expiresAt: later(30).toISOString(),
        },
      },
    ]));

  it('counts a wrong code', () =>
    expect(decide([registered(), codeIssued()], logIn({ enteredCodeHash: 'WRONG' }))).toEqual([rejected(1)]));

  it('kills the code after five wrong tries, even for the right code', () =>
    given([registered(), codeIssued(), rejected(1), rejected(2), rejected(3), rejected(4), rejected(5)])
      .when(logIn({ enteredCodeHash: 'C1' }))
      .thenThrows(isDomainError('code_expired')));

  it('rejects an expired code', () =>
    given([registered(), codeIssued()])
      .when(logIn({ enteredCodeHash: 'C1' }, later(16)))
      .thenThrows(isDomainError('code_expired')));

  it('verifies the account with the right code and then asks for the survey', () =>
    expect(decide([registered(), codeIssued()], logIn({ enteredCodeHash: 'C1' }))).toEqual([verified]));

  it('answering the survey presents the trial offer once and opens a session', () =>
    expect(decide([registered(), codeIssued(), verified], logIn({ survey: 'both' }))).toEqual([
      { type: 'SurveyAnswered', data: { answer: 'both', answeredAt: now.toISOString() } },
      {
        type: 'TrialOfferPresented',
        data: { family: 'producer', variant: 'trial', trialDays: 7, presentedAt: now.toISOString() },
      },
      loggedIn,
    ]));

  it('referred users get the 14-day ambassador offer', () =>
    expect(decide([registered('REF42'), codeIssued(), verified], logIn({ survey: 'artist' }))).toEqual([
      { type: 'SurveyAnswered', data: { answer: 'artist', answeredAt: now.toISOString() } },
      {
        type: 'TrialOfferPresented',
        data: { family: 'artist', variant: 'ambassador', trialDays: 14, presentedAt: now.toISOString() },
      },
      loggedIn,
    ]));

  it('a finished account just logs in', () =>
    expect(decide([registered(), codeIssued(), verified, surveyed], logIn())).toEqual([loggedIn]));

  it('a reset link works once and only the latest one', () => {
    const requested = (tokenId: string): UserEvent => ({
      type: 'PasswordResetRequested',
      data: { tokenId, requestedAt: now.toISOString(), expiresAt: later(60).toISOString() },
    });
    const reset = (tokenId: string, at = now) =>
      ({ type: 'ResetPassword', data: { tokenId, passwordHash: 'H2' }, metadata: { now: at } }) as const;
    given([registered(), requested('t1'), requested('t2')])
      .when(reset('t1'))
      .thenThrows(isDomainError('expired'));
    given([registered(), requested('t2')])
      .when(reset('t2', later(61)))
      .thenThrows(isDomainError('expired'));
    given([
      registered(),
      requested('t2'),
      { type: 'PasswordReset', data: { tokenId: 't2', passwordHash: 'H2', resetAt: now.toISOString() } },
    ])
      .when(reset('t2'))
      .thenThrows(isDomainError('expired'));
    expect(decide([registered(), requested('t2')], reset('t2'))).toEqual([
      { type: 'PasswordReset', data: { tokenId: 't2', passwordHash: 'H2', resetAt: now.toISOString() } },
    ]);
  });
});

describe('loginOutcome', () => {
  const fold = (events: UserEvent[]) => events.reduce(decider.evolve, decider.initialState());
  it.each([
    [[registered(), codeIssued()], [] as UserEvent[], 'authenticate'],
    [[registered(), codeIssued(), verified], [] as UserEvent[], 'survey'],
    [[registered(), codeIssued(), verified, surveyed], [loggedIn], 'success'],
  ] as const)('maps state and new events to the response value (%#)', (history, newEvents, expected) => {
    expect(loginOutcome([...newEvents], fold([...history, ...newEvents]))).toBe(expected);
  });
  it('offers the producer trial after a prod/both survey', () => {
    const events = logInDecision(logIn({ survey: 'prod' }), fold([registered(), codeIssued(), verified]));
    expect(loginOutcome(events, fold([registered(), codeIssued(), verified, ...events]))).toBe('prodSubs');
  });
});

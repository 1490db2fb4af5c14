import type { SurveyAnswer, TrialDays } from '@beatmatch/contracts';

/** Domain events of the user aggregate (stream `user:<userId>`). Internal to identity. */
export type UserRegistered = {
  type: 'UserRegistered';
  data: {
    userId: string;
    username: string;
    email: string;
    passwordHash: string;
    referralCode: string | null;
    registeredAt: string;
  };
};
export type VerificationCodeIssued = {
  type: 'VerificationCodeIssued';
  /** codeId: the code is derived from it with the service secret (absent on codes issued before). */
  data: { codeHash: string; issuedAt: string; expiresAt: string; codeId?: string };
};
/** The mail with that code was handed to the mailer (a code never mailed is re-sent at login). */
export type VerificationCodeMailed = {
  type: 'VerificationCodeMailed';
  data: { codeHash: string; mailedAt: string };
};
export type VerificationCodeRejected = {
  type: 'VerificationCodeRejected';
  data: { failedAttempts: number; rejectedAt: string };
};
export type AccountVerified = { type: 'AccountVerified'; data: { verifiedAt: string } };
export type SurveyAnswered = { type: 'SurveyAnswered'; data: { answer: SurveyAnswer; answeredAt: string } };
export type TrialOfferPresented = {
  type: 'TrialOfferPresented';
  data: {
    family: 'producer' | 'artist';
    variant: 'trial' | 'ambassador';
    trialDays: TrialDays;
    presentedAt: string;
  };
};
export type UserLoggedIn = {
  type: 'UserLoggedIn';
  data: { sessionIdHash: string; deviceId: string | null; loggedInAt: string; expiresAt: string };
};
export type UserLoggedOut = { type: 'UserLoggedOut'; data: { sessionIdHash: string; loggedOutAt: string } };
export type PasswordResetRequested = {
  type: 'PasswordResetRequested';
  data: { tokenId: string; requestedAt: string; expiresAt: string };
};
/** The reset link's mail was handed to the mailer. */
export type PasswordResetMailed = {
  type: 'PasswordResetMailed';
  data: { tokenId: string; mailedAt: string };
};
export type PasswordReset = {
  type: 'PasswordReset';
  data: { tokenId: string; passwordHash: string; resetAt: string };
};

export type UserEvent =
  | UserRegistered
  | VerificationCodeIssued
  | VerificationCodeMailed
  | VerificationCodeRejected
  | AccountVerified
  | SurveyAnswered
  | TrialOfferPresented
  | UserLoggedIn
  | UserLoggedOut
  | PasswordResetRequested
  | PasswordResetMailed
  | PasswordReset;

/** Wrong codes allowed before a code is dead and a new one must be sent. */
export const MAX_CODE_ATTEMPTS = 5;

export interface PendingCode {
  codeHash: string;
  issuedAt: string;
  expiresAt: string;
  failedAttempts: number;
  /** False until the mail went out: a process killed in between leaves it false. */
  mailed: boolean;
}

export type User =
  | { status: 'unknown' }
  | {
      status: 'registered';
      userId: string;
      username: string;
      email: string;
      passwordHash: string;
      referralCode: string | null;
      verified: boolean;
      pendingCode: PendingCode | null;
      survey: SurveyAnswer | null;
      trialOfferPresented: boolean;
      pendingReset: { tokenId: string; requestedAt: string; expiresAt: string; mailed: boolean } | null;
    };

export const initialState = (): User => ({ status: 'unknown' });

export function evolve(state: User, event: UserEvent): User {
  if (event.type === 'UserRegistered') {
    const { userId, username, email, passwordHash, referralCode } = event.data;
    return {
      status: 'registered',
      userId,
      username,
      email,
      passwordHash,
      referralCode,
      verified: false,
      pendingCode: null,
      survey: null,
      trialOfferPresented: false,
      pendingReset: null,
    };
  }
  if (state.status !== 'registered') return state;
  switch (event.type) {
    case 'VerificationCodeIssued':
      return {
        ...state,
        pendingCode: {
          codeHash: event.data.codeHash,
          issuedAt: event.data.issuedAt,
          expiresAt: event.data.expiresAt,
          failedAttempts: 0,
          mailed: false,
        },
      };
    case 'VerificationCodeMailed':
      return state.pendingCode?.codeHash === event.data.codeHash
        ? { ...state, pendingCode: { ...state.pendingCode, mailed: true } }
        : state;
    case 'VerificationCodeRejected':
      return state.pendingCode
        ? { ...state, pendingCode: { ...state.pendingCode, failedAttempts: event.data.failedAttempts } }
        : state;
    case 'AccountVerified':
      return { ...state, verified: true, pendingCode: null };
    case 'SurveyAnswered':
      return { ...state, survey: event.data.answer };
    case 'TrialOfferPresented':
      return { ...state, trialOfferPresented: true };
    case 'PasswordResetRequested':
      return { ...state, pendingReset: { ...event.data, mailed: false } };
    case 'PasswordResetMailed':
      return state.pendingReset?.tokenId === event.data.tokenId
        ? { ...state, pendingReset: { ...state.pendingReset, mailed: true } }
        : state;
    case 'PasswordReset':
      return { ...state, passwordHash: event.data.passwordHash, pendingReset: null };
    case 'UserLoggedIn':
    case 'UserLoggedOut':
      return state;
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

export const userStream = (userId: string) => `user:${userId}`;

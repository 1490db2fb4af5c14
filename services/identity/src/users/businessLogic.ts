import { identityMessages as messages, trialDays, type SurveyAnswer } from '@beatmatch/contracts';
import { DomainError, type Decider } from '@beatmatch/platform';
import { evolve, initialState, MAX_CODE_ATTEMPTS, type PendingCode, type User, type UserEvent } from './user';

type Metadata = { now: Date };
type NewCode = { codeId: string; codeHash: string; expiresAt: Date };

export type RegisterUser = {
  type: 'RegisterUser';
  data: {
    userId: string;
    username: string;
    email: string;
    passwordHash: string;
    referralCode: string | null;
    code: NewCode;
  };
  metadata: Metadata;
};
/**
 * A login attempt. The handler checks the password (argon2 is slow and impure) and hashes the code
 * the user typed; it also prepares a fresh code, used only if the decider issues one.
 */
export type LogIn = {
  type: 'LogIn';
  data: {
    passwordMatches: boolean;
    enteredCodeHash: string | null;
    survey: SurveyAnswer | null;
    session: { sessionIdHash: string; deviceId: string | null; expiresAt: Date };
    freshCode: NewCode;
  };
  metadata: Metadata;
};
export type ResendCode = {
  type: 'ResendCode';
  data: { passwordMatches: boolean; freshCode: NewCode };
  metadata: Metadata;
};
/** The mail sender handed the code's mail to the mailer. */
export type RecordCodeMailed = { type: 'RecordCodeMailed'; data: { codeHash: string }; metadata: Metadata };
/** The mail sender handed the reset link's mail to the mailer. */
export type RecordResetMailed = { type: 'RecordResetMailed'; data: { tokenId: string }; metadata: Metadata };
export type LogOut = { type: 'LogOut'; data: { sessionIdHash: string }; metadata: Metadata };
export type RequestPasswordReset = {
  type: 'RequestPasswordReset';
  data: { tokenId: string; expiresAt: Date };
  metadata: Metadata;
};
export type ResetPassword = {
  type: 'ResetPassword';
  data: { tokenId: string; passwordHash: string };
  metadata: Metadata;
};

/**
 * A guest buyer sets a password from the account set-up link (guests/guest.ts): the account is created
 * verified (the link reached the e-mail), with no code to enter; the survey is asked at first login.
 */
export type SetUpGuestAccount = {
  type: 'SetUpGuestAccount';
  data: { userId: string; username: string; email: string; passwordHash: string };
  metadata: Metadata;
};

export type UserCommand =
  | RegisterUser
  | SetUpGuestAccount
  | LogIn
  | ResendCode
  | RecordCodeMailed
  | RecordResetMailed
  | LogOut
  | RequestPasswordReset
  | ResetPassword;

function registered(state: User): Extract<User, { status: 'registered' }> {
  // An unknown account gets the same answer as a wrong password, so e-mails cannot be probed.
  if (state.status !== 'registered')
    throw new DomainError('wrong_credentials', messages.wrongCredentials, 401);
  return state;
}

/**
 * A code's mail leaves through the outbox a moment after the commit; a login within this window
 * waits for it instead of replacing the code (after it, the mail is taken as lost and replaced).
 */
export const CODE_MAIL_GRACE_MS = 60_000;

const codeIsLive = (code: PendingCode | null, now: Date): code is PendingCode =>
  !!code && code.failedAttempts < MAX_CODE_ATTEMPTS && new Date(code.expiresAt) > now;

const issueCode = (code: NewCode, now: Date): UserEvent => ({
  type: 'VerificationCodeIssued',
  data: {
    codeHash: code.codeHash,
    codeId: code.codeId,
    issuedAt: now.toISOString(),
    expiresAt: code.expiresAt.toISOString(),
  },
});

export function registerUser(command: RegisterUser, state: User): UserEvent[] {
  if (state.status !== 'unknown') throw new DomainError('already_registered', messages.emailTaken, 409);
  const { code, ...user } = command.data;
  const now = command.metadata.now;
  return [
    { type: 'UserRegistered', data: { ...user, registeredAt: now.toISOString() } },
    issueCode(code, now),
  ];
}

export function setUpGuestAccount(command: SetUpGuestAccount, state: User): UserEvent[] {
  if (state.status !== 'unknown') throw new DomainError('already_registered', messages.emailTaken, 409);
  const at = command.metadata.now.toISOString();
  return [
    { type: 'UserRegistered', data: { ...command.data, referralCode: null, registeredAt: at } },
    { type: 'AccountVerified', data: { verifiedAt: at } },
  ];
}

export function logIn(command: LogIn, state: User): UserEvent[] {
  const user = registered(state);
  const { now } = command.metadata;
  const { data } = command;
  if (!data.passwordMatches) throw new DomainError('wrong_credentials', messages.wrongCredentials, 401);
  const events: UserEvent[] = [];
  if (!user.verified) {
    if (!data.enteredCodeHash) {
      // Asked for the code: send one unless a live one was mailed or is on its way (a code whose mail
      // has not gone out a minute after it was issued — the mail server refuses it — is replaced).
      const live = codeIsLive(user.pendingCode, now) ? user.pendingCode : null;
      const onItsWay = live && now.getTime() - Date.parse(live.issuedAt) < CODE_MAIL_GRACE_MS;
      return live && (live.mailed || onItsWay) ? [] : [issueCode(data.freshCode, now)];
    }
    if (!codeIsLive(user.pendingCode, now)) throw new DomainError('code_expired', messages.codeExpired, 400);
    if (user.pendingCode.codeHash !== data.enteredCodeHash) {
      return [
        {
          type: 'VerificationCodeRejected',
          data: { failedAttempts: user.pendingCode.failedAttempts + 1, rejectedAt: now.toISOString() },
        },
      ];
    }
    events.push({ type: 'AccountVerified', data: { verifiedAt: now.toISOString() } });
  }
  if (!user.survey) {
    if (!data.survey) return events;
    const family = data.survey === 'artist' ? 'artist' : 'producer';
    const referred = user.referralCode !== null;
    events.push(
      { type: 'SurveyAnswered', data: { answer: data.survey, answeredAt: now.toISOString() } },
      {
        type: 'TrialOfferPresented',
        data: {
          family,
          variant: referred ? 'ambassador' : 'trial',
          trialDays: trialDays(referred),
          presentedAt: now.toISOString(),
        },
      },
    );
  }
  events.push({
    type: 'UserLoggedIn',
    data: {
      sessionIdHash: data.session.sessionIdHash,
      deviceId: data.session.deviceId,
      loggedInAt: now.toISOString(),
      expiresAt: data.session.expiresAt.toISOString(),
    },
  });
  return events;
}

export function resendCode(command: ResendCode, state: User): UserEvent[] {
  const user = registered(state);
  if (!command.data.passwordMatches)
    throw new DomainError('wrong_credentials', messages.wrongCredentials, 401);
  if (user.verified)
    throw new DomainError('already_verified', 'Your account is already verified. Please log in.', 409);
  return [issueCode(command.data.freshCode, command.metadata.now)];
}

export function logOut(command: LogOut, state: User): UserEvent[] {
  registered(state);
  return [
    {
      type: 'UserLoggedOut',
      data: { sessionIdHash: command.data.sessionIdHash, loggedOutAt: command.metadata.now.toISOString() },
    },
  ];
}

export function recordCodeMailed(command: RecordCodeMailed, state: User): UserEvent[] {
  if (state.status !== 'registered') return [];
  const pending = state.pendingCode;
  if (!pending || pending.codeHash !== command.data.codeHash || pending.mailed) return [];
  return [
    {
      type: 'VerificationCodeMailed',
      data: { codeHash: command.data.codeHash, mailedAt: command.metadata.now.toISOString() },
    },
  ];
}

export function recordResetMailed(command: RecordResetMailed, state: User): UserEvent[] {
  if (state.status !== 'registered') return [];
  const pending = state.pendingReset;
  if (!pending || pending.tokenId !== command.data.tokenId || pending.mailed) return [];
  return [
    {
      type: 'PasswordResetMailed',
      data: { tokenId: command.data.tokenId, mailedAt: command.metadata.now.toISOString() },
    },
  ];
}

export function requestPasswordReset(command: RequestPasswordReset, state: User): UserEvent[] {
  registered(state);
  const { now } = command.metadata;
  return [
    {
      type: 'PasswordResetRequested',
      data: {
        tokenId: command.data.tokenId,
        requestedAt: now.toISOString(),
        expiresAt: command.data.expiresAt.toISOString(),
      },
    },
  ];
}

export function resetPassword(command: ResetPassword, state: User): UserEvent[] {
  const expired = new DomainError('expired', messages.expired, 400);
  if (state.status !== 'registered') throw expired;
  const pending = state.pendingReset;
  // Only the latest link works, once, until it expires.
  if (
    !pending ||
    pending.tokenId !== command.data.tokenId ||
    new Date(pending.expiresAt) <= command.metadata.now
  )
    throw expired;
  return [
    {
      type: 'PasswordReset',
      data: {
        tokenId: command.data.tokenId,
        passwordHash: command.data.passwordHash,
        resetAt: command.metadata.now.toISOString(),
      },
    },
  ];
}

export function decide(command: UserCommand, state: User): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state);
    case 'SetUpGuestAccount':
      return setUpGuestAccount(command, state);
    case 'LogIn':
      return logIn(command, state);
    case 'ResendCode':
      return resendCode(command, state);
    case 'RecordCodeMailed':
      return recordCodeMailed(command, state);
    case 'RecordResetMailed':
      return recordResetMailed(command, state);
    case 'LogOut':
      return logOut(command, state);
    case 'RequestPasswordReset':
      return requestPasswordReset(command, state);
    case 'ResetPassword':
      return resetPassword(command, state);
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unexpected)}`);
    }
  }
}

export const userDecider: Decider<User, UserCommand, UserEvent> = { decide, evolve, initialState };

/** The login response value the client sees after a LogIn command was applied. */
export function loginOutcome(
  events: UserEvent[],
  state: User,
): 'success' | 'authenticate' | 'survey' | 'prodSubs' | 'artistSubs' {
  if (state.status !== 'registered' || !state.verified) return 'authenticate';
  const offer = events.find((event) => event.type === 'TrialOfferPresented');
  if (offer) return offer.data.family === 'producer' ? 'prodSubs' : 'artistSubs';
  if (!events.some((event) => event.type === 'UserLoggedIn')) return 'survey';
  return 'success';
}

import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  identityMessages as messages,
  type AuthResponse,
  type LoginRequest,
  type LoginResponse,
  type SignupRequest,
} from '@beatmatch/contracts';
import { DomainError, HttpProblem, type EventStore } from '@beatmatch/platform';
import { loginOutcome } from './businessLogic';
import { userCommandRunner, type ExecuteUserCommand } from './commands';
import { credentialsChecker } from './credentials';
import { CODE_TTL_MINUTES } from './mails';
import type { IdentityQueries } from './readModel';
import { codeFor, hashCode, hashPassword, hashSessionToken, newSessionToken } from './secrets';

/*
 * The account use cases behind the HTTP calls (users/api.ts): sign-up, login with its e-mailed code
 * and survey, resend, logout, the caller's profile and the gateway's session lookup. Each prepares
 * what the decider needs (hashes, fresh codes, session tokens) and runs one command.
 */

export const SESSION_TTL_DAYS = 30;

export interface AccountDeps {
  store: EventStore;
  queries: IdentityQueries;
  /** HMAC key for codes and reset links. */
  secret: string;
  clock: () => Date;
}

/** What the account use cases share: their deps, the command runner and the credential check. */
export interface Accounts extends AccountDeps {
  execute: ExecuteUserCommand;
  checkCredentials: ReturnType<typeof credentialsChecker>;
}

export const accountsOf = (deps: AccountDeps): Accounts => ({
  ...deps,
  execute: userCommandRunner(deps.store),
  checkCredentials: credentialsChecker(deps),
});

/**
 * A code that is used only if the decider issues it. Its mail is requested through the outbox in
 * the same transaction (mail/requests.ts), so no mail is sent from here and none is lost to a crash.
 */
function freshCode(accounts: Accounts, userId: string, now: Date) {
  const codeId = randomUUID();
  return {
    codeId,
    codeHash: hashCode(accounts.secret, userId, codeFor(accounts.secret, userId, codeId)),
    expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
  };
}

const emailTaken = () => new DomainError('email_taken', messages.emailTaken, 409);
const usernameTaken = () => new DomainError('username_taken', messages.usernameTaken, 409);

const isUniqueViolation = (error: unknown, column: string) => {
  const e = error as { code?: string; constraint?: string; detail?: string; message?: string };
  return e?.code === '23505' && `${e.constraint ?? ''} ${e.detail ?? ''} ${e.message ?? ''}`.includes(column);
};

/** Registers the account; answers its id. */
export async function signUp(accounts: Accounts, input: SignupRequest): Promise<string> {
  // Decided: sign-up says when an e-mail already has an account (409 emailTaken, the spec's
  // message). Hiding it would mean "check your mail" for a taken address, and a user who forgot
  // they had signed up would be stuck; the cost is that sign-up tells whether an address is
  // registered. That is limited by the gateway (sign-up per client address and per e-mail), while
  // login and forgot-password do not tell (one message; same speed, see afterReply.ts).
  if (await accounts.queries.userByEmail(input.email)) throw emailTaken();
  if (await accounts.queries.usernameTaken(input.username)) throw usernameTaken();
  const now = accounts.clock();
  const userId = randomUUID();
  const code = freshCode(accounts, userId, now);
  try {
    await accounts.execute(userId, {
      type: 'RegisterUser',
      data: {
        userId,
        username: input.username,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        referralCode: input.ref?.trim() || null,
        code,
      },
      metadata: { now },
    });
  } catch (error) {
    // Two sign-ups raced: the read model's unique index decided, and nothing of the loser is stored.
    if (isUniqueViolation(error, 'email')) throw emailTaken();
    if (isUniqueViolation(error, 'username')) throw usernameTaken();
    throw error;
  }
  return userId;
}

/** A session token for the gateway's cookie, handed out only when the login opened a session. */
export interface NewSession {
  token: string;
  expiresAt: Date;
}

export async function logIn(
  accounts: Accounts,
  input: LoginRequest,
): Promise<{ answer: LoginResponse; session: NewSession | null }> {
  const { userId, matches } = await accounts.checkCredentials(input.email, input.password);
  const now = accounts.clock();
  const session = {
    token: newSessionToken(),
    expiresAt: new Date(now.getTime() + SESSION_TTL_DAYS * 86_400_000),
  };
  const { newEvents, newState } = await accounts.execute(userId, {
    type: 'LogIn',
    data: {
      passwordMatches: matches,
      enteredCodeHash: input.auth_code ? hashCode(accounts.secret, userId, input.auth_code) : null,
      survey: input.producerArtistSurvey ?? null,
      session: {
        sessionIdHash: hashSessionToken(session.token),
        deviceId: input.uuid ?? null,
        expiresAt: session.expiresAt,
      },
      freshCode: freshCode(accounts, userId, now),
    },
    metadata: { now },
  });
  if (newEvents.some((event) => event.type === 'VerificationCodeRejected'))
    throw new DomainError('invalid_code', messages.invalidCode, 400);
  const registered = newState.status === 'registered' ? newState : null;
  return {
    answer: {
      response: loginOutcome(newEvents, newState),
      data: registered?.username ?? '',
      isReferral: registered !== null && registered.referralCode !== null,
    },
    session: newEvents.some((event) => event.type === 'UserLoggedIn') ? session : null,
  };
}

export async function resendCode(
  accounts: Accounts,
  input: { email: string; password: string },
): Promise<void> {
  const { userId, matches } = await accounts.checkCredentials(input.email, input.password);
  await accounts.execute(userId, {
    type: 'ResendCode',
    data: { passwordMatches: matches, freshCode: freshCode(accounts, userId, accounts.clock()) },
    metadata: { now: accounts.clock() },
  });
}

/** Ends the caller's session; a caller the gateway forwards without a session id has none here to end. */
export async function logOut(
  accounts: Accounts,
  caller: { userId: string; sessionId?: string },
): Promise<void> {
  if (!caller.sessionId) return;
  await accounts.execute(caller.userId, {
    type: 'LogOut',
    data: { sessionIdHash: caller.sessionId },
    metadata: { now: accounts.clock() },
  });
}

const notAuthenticated = () => new HttpProblem(401, messages.notAuthenticated, ERROR_CODES.unauthenticated);

export async function signedInUser(queries: IdentityQueries, userId: string): Promise<AuthResponse> {
  const row = await queries.userById(userId);
  if (!row) throw notAuthenticated();
  return { userName: row.username, profilePicture: null, userId: row.user_id, email: row.email };
}

/** The gateway's lookup: a session cookie's token → the caller it forwards. */
export async function resolveSession(accounts: Accounts, token: string) {
  const row = token ? await accounts.queries.session(hashSessionToken(token), accounts.clock()) : undefined;
  if (!row) throw notAuthenticated();
  return { userId: row.user_id, userName: row.username, email: row.email, sessionId: row.session_hash };
}

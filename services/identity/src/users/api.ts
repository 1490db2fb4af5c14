import { Router } from 'express';
import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  HEADERS,
  identityMessages as messages,
  loginRequestSchema,
  resendCodeRequestSchema,
  signupRequestSchema,
  type AuthResponse,
  type LoginResponse,
} from '@beatmatch/contracts';
import {
  DomainError,
  HttpProblem,
  handleCommand,
  parseInput,
  requireUser,
  route,
  type EventStore,
  type HandleResult,
  type Logger,
} from '@beatmatch/platform';
import { loginOutcome, userDecider, type UserCommand } from './businessLogic';
import { userStream, type User, type UserEvent } from './user';
import type { IdentityQueries } from './readModel';
import { codeFor, hashCode, hashPassword, hashSessionToken, newSessionToken } from './secrets';
import { CODE_TTL_MINUTES, RESET_TTL_MINUTES } from './mails';
import { credentialsChecker } from './credentials';
import { passwordResetRouter } from './passwordReset';
import { identityPublication } from '../integration/publish';

/*
 * The account routes: sign-up, login with its e-mailed code and survey, resend, logout, the caller's
 * profile and the gateway's session lookup. Password reset links live in passwordReset.ts, the
 * credential check in credentials.ts.
 */

export { CODE_TTL_MINUTES, RESET_TTL_MINUTES };
export const SESSION_TTL_DAYS = 30;
/** Identity hands a new session token to the gateway in this header; the gateway turns it into the cookie. */
export const SESSION_HEADER = HEADERS.session;
export const SESSION_EXPIRES_HEADER = HEADERS.sessionExpires;

export interface IdentityDeps {
  store: EventStore;
  queries: IdentityQueries;
  /** HMAC key for codes and reset links. */
  secret: string;
  clock: () => Date;
  logger: Logger;
}

class EmailTakenError extends DomainError {
  constructor() {
    super('email_taken', messages.emailTaken, 409);
  }
}

const isUniqueViolation = (error: unknown, column: string) => {
  const e = error as { code?: string; constraint?: string; detail?: string; message?: string };
  return e?.code === '23505' && `${e.constraint ?? ''} ${e.detail ?? ''} ${e.message ?? ''}`.includes(column);
};

/** Runs one command on a user's stream, publishing through the outbox in the same transaction. */
export type ExecuteUserCommand = (
  userId: string,
  command: UserCommand,
) => Promise<HandleResult<User, UserEvent>>;

export function identityRouter(deps: IdentityDeps): Router {
  const router = Router();
  const { store, queries, clock } = deps;
  const execute: ExecuteUserCommand = (userId, command) =>
    handleCommand(store, userStream(userId), userDecider, command, { publish: identityPublication });

  /**
   * A code that is used only if the decider issues it. Its mail is requested through the outbox in
   * the same transaction (mail/requests.ts), so no mail is sent from here and none is lost to a crash.
   */
  const freshCode = (userId: string, now: Date) => {
    const codeId = randomUUID();
    return {
      codeId,
      codeHash: hashCode(deps.secret, userId, codeFor(deps.secret, userId, codeId)),
      expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
    };
  };

  const checkCredentials = credentialsChecker(deps);

  router.post(
    '/signup',
    route(async (req, res) => {
      const input = parseInput(signupRequestSchema, req.body);
      // Decided: sign-up says when an e-mail already has an account (409 emailTaken, the spec's
      // message). Hiding it would mean "check your mail" for a taken address, and a user who forgot
      // they had signed up would be stuck; the cost is that sign-up tells whether an address is
      // registered. That is limited by the gateway (sign-up per client address and per e-mail), while
      // login and forgot-password do not tell (one message; same speed, see /forgot-password).
      if (await queries.userByEmail(input.email)) throw new EmailTakenError();
      if (await queries.usernameTaken(input.username))
        throw new DomainError('username_taken', messages.usernameTaken, 409);
      const now = clock();
      const userId = randomUUID();
      const newCode = freshCode(userId, now);
      try {
        await execute(userId, {
          type: 'RegisterUser',
          data: {
            userId,
            username: input.username,
            email: input.email,
            passwordHash: await hashPassword(input.password),
            referralCode: input.ref?.trim() || null,
            code: newCode,
          },
          metadata: { now },
        });
      } catch (error) {
        // Two sign-ups raced: the read model's unique index decided, and nothing of the loser is stored.
        if (isUniqueViolation(error, 'email')) throw new EmailTakenError();
        if (isUniqueViolation(error, 'username'))
          throw new DomainError('username_taken', messages.usernameTaken, 409);
        throw error;
      }
      res.json({ response: 'success' });
    }),
  );

  router.post(
    '/login',
    route(async (req, res) => {
      const input = parseInput(loginRequestSchema, req.body);
      const { userId, matches } = await checkCredentials(input.email, input.password);
      const now = clock();
      const newCode = freshCode(userId, now);
      const sessionToken = newSessionToken();
      const sessionExpires = new Date(now.getTime() + SESSION_TTL_DAYS * 86_400_000);
      const { newEvents, newState } = await execute(userId, {
        type: 'LogIn',
        data: {
          passwordMatches: matches,
          enteredCodeHash: input.auth_code ? hashCode(deps.secret, userId, input.auth_code) : null,
          survey: input.producerArtistSurvey ?? null,
          session: {
            sessionIdHash: hashSessionToken(sessionToken),
            deviceId: input.uuid ?? null,
            expiresAt: sessionExpires,
          },
          freshCode: newCode,
        },
        metadata: { now },
      });
      if (newEvents.some((event) => event.type === 'VerificationCodeRejected')) {
        throw new DomainError('invalid_code', messages.invalidCode, 400);
      }
      if (newEvents.some((event) => event.type === 'UserLoggedIn')) {
        res.setHeader(SESSION_HEADER, sessionToken);
        res.setHeader(SESSION_EXPIRES_HEADER, sessionExpires.toISOString());
      }
      const body: LoginResponse = {
        response: loginOutcome(newEvents, newState),
        data: newState.status === 'registered' ? newState.username : '',
        isReferral: newState.status === 'registered' && newState.referralCode !== null,
      };
      res.json(body);
    }),
  );

  router.post(
    '/login/resend',
    route(async (req, res) => {
      const input = parseInput(resendCodeRequestSchema, req.body);
      const { userId, matches } = await checkCredentials(input.email, input.password);
      await execute(userId, {
        type: 'ResendCode',
        data: { passwordMatches: matches, freshCode: freshCode(userId, clock()) },
        metadata: { now: clock() },
      });
      res.json({ message: messages.resent });
    }),
  );

  router.post(
    '/logout',
    requireUser,
    route(async (req, res) => {
      const { userId, sessionId } = req.caller!;
      if (sessionId)
        await execute(userId!, {
          type: 'LogOut',
          data: { sessionIdHash: sessionId },
          metadata: { now: clock() },
        });
      res.json({ message: messages.loggedOut });
    }),
  );

  router.post(
    '/me',
    requireUser,
    route(async (req, res) => {
      const row = await queries.userById(req.caller!.userId!);
      if (!row) throw new HttpProblem(401, messages.notAuthenticated, ERROR_CODES.unauthenticated);
      const body: AuthResponse = {
        userName: row.username,
        profilePicture: null,
        userId: row.user_id,
        email: row.email,
      };
      res.json(body);
    }),
  );

  /** Gateway only: turns a session cookie into the caller it forwards. */
  router.post(
    '/sessions/resolve',
    route(async (req, res) => {
      if (!req.caller?.gateway)
        throw new HttpProblem(403, 'Only the gateway resolves sessions.', ERROR_CODES.forbidden);
      const token = typeof req.body?.token === 'string' ? req.body.token : '';
      const row = token ? await queries.session(hashSessionToken(token), clock()) : undefined;
      if (!row) throw new HttpProblem(401, messages.notAuthenticated, ERROR_CODES.unauthenticated);
      res.json({
        userId: row.user_id,
        userName: row.username,
        email: row.email,
        sessionId: row.session_hash,
      });
    }),
  );

  router.use(passwordResetRouter({ ...deps, execute }));

  return router;
}

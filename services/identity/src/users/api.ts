import { Router, type Request } from 'express';
import { randomUUID } from 'node:crypto';
import { jwtVerify, errors as joseErrors } from 'jose';
import {
  forgotPasswordRequestSchema,
  identityMessages as messages,
  jwtAuthenticateRequestSchema,
  loginRequestSchema,
  resendCodeRequestSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
  type AuthResponse,
  type LoginResponse,
} from '@beatmatch/contracts';
import {
  DomainError,
  HttpProblem,
  aggregateStream,
  handleCommand,
  parseInput,
  requireUser,
  route,
  type EventStore,
  type Logger,
} from '@beatmatch/platform';
import { loginOutcome, userDecider, type UserCommand } from './businessLogic';
import { userStream, type User, type UserEvent } from './user';
import type { IdentityQueries } from './readModel';
import {
  codeFor,
  hashCode,
  hashPassword,
  hashSessionToken,
  newSessionToken,
  passwordMatches,
} from './secrets';
import { CODE_TTL_MINUTES, RESET_TTL_MINUTES } from './mails';
import { identityPublication } from '../integration/publish';
import { resetKeyOf } from '../mail/sender';

export { CODE_TTL_MINUTES, RESET_TTL_MINUTES };
/** Forgot-password's lookup, event and mail run this long after the reply (see the route). */
const RESET_WORK_DELAY_MS = 30;
export const SESSION_TTL_DAYS = 30;
/** Identity hands a new session token to the gateway in this header; the gateway turns it into the cookie. */
export const SESSION_HEADER = 'x-beatmatch-session';
export const SESSION_EXPIRES_HEADER = 'x-beatmatch-session-expires';

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

export function identityRouter(deps: IdentityDeps): Router {
  const router = Router();
  const { store, queries, clock, logger } = deps;
  const resetKey = resetKeyOf(deps.secret);
  // Unknown e-mails still pay for one argon2 verify, so timing does not tell whether an account exists.
  const dummyHash = hashPassword(randomUUID());

  const execute = (userId: string, command: UserCommand) =>
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

  async function checkCredentials(email: string, password: string) {
    const row = await queries.userByEmail(email);
    if (!row) {
      await passwordMatches(await dummyHash, password);
      throw new DomainError('wrong_credentials', messages.wrongCredentials, 401);
    }
    const { state } = await aggregateStream<User, UserEvent>(store, userStream(row.user_id), userDecider);
    if (state.status !== 'registered')
      throw new DomainError('wrong_credentials', messages.wrongCredentials, 401);
    return { userId: row.user_id, state, matches: await passwordMatches(state.passwordHash, password) };
  }

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
      if (!row) throw new HttpProblem(401, messages.notAuthenticated, 'unauthenticated');
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
        throw new HttpProblem(403, 'Only the gateway resolves sessions.', 'forbidden');
      const token = typeof req.body?.token === 'string' ? req.body.token : '';
      const row = token ? await queries.session(hashSessionToken(token), clock()) : undefined;
      if (!row) throw new HttpProblem(401, messages.notAuthenticated, 'unauthenticated');
      res.json({
        userId: row.user_id,
        userName: row.username,
        email: row.email,
        sessionId: row.session_hash,
      });
    }),
  );

  async function sendResetLink(email: string) {
    const row = await queries.userByEmail(email);
    if (!row) return;
    const now = clock();
    const tokenId = randomUUID();
    const expiresAt = new Date(now.getTime() + RESET_TTL_MINUTES * 60_000);
    // The link's mail is requested through the outbox with this event (mail/sender.ts builds it).
    await execute(row.user_id, {
      type: 'RequestPasswordReset',
      data: { tokenId, expiresAt },
      metadata: { now },
    });
  }

  router.post(
    '/forgot-password',
    route(async (req, res) => {
      const input = parseInput(forgotPasswordRequestSchema, req.body);
      // The same answer, at the same speed, whether or not the e-mail has an account: the lookup,
      // the event append and the mail happen after the reply is sent.
      res.json({ message: messages.forgotPassword });
      // Started a moment later: in the embedded profile the gateway and PGlite share this event loop,
      // and work started at once would delay the reply's way out for existing e-mails only.
      res.once('finish', () => {
        setTimeout(() => {
          sendResetLink(input.email).catch((error) =>
            logger.error({ err: error }, 'password reset request failed'),
          );
        }, RESET_WORK_DELAY_MS).unref?.();
      });
    }),
  );

  async function openResetToken(jwt: string) {
    try {
      const { payload } = await jwtVerify(jwt, resetKey, { algorithms: ['HS256'], currentDate: clock() });
      if (!payload.sub || !payload.jti) throw new DomainError('invalid', messages.invalid, 400);
      return { userId: payload.sub, tokenId: payload.jti };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new DomainError('expired', messages.expired, 400);
      if (error instanceof DomainError) throw error;
      throw new DomainError('invalid', messages.invalid, 400);
    }
  }

  router.post(
    '/reset-password/verify',
    route(async (req, res) => {
      const input = parseInput(jwtAuthenticateRequestSchema, req.body);
      const { userId, tokenId } = await openResetToken(input.jwt);
      const { state } = await aggregateStream<User, UserEvent>(store, userStream(userId), userDecider);
      const live =
        state.status === 'registered' &&
        state.pendingReset?.tokenId === tokenId &&
        new Date(state.pendingReset.expiresAt) > clock();
      if (!live || state.status !== 'registered') throw new DomainError('expired', messages.expired, 400);
      res.json({ response: 'success', username: state.username });
    }),
  );

  router.post(
    '/reset-password',
    route(async (req: Request, res) => {
      const input = parseInput(resetPasswordRequestSchema, req.body);
      const { userId, tokenId } = await openResetToken(input.jwt);
      await execute(userId, {
        type: 'ResetPassword',
        data: { tokenId, passwordHash: await hashPassword(input.password) },
        metadata: { now: clock() },
      });
      res.json({ message: messages.passwordReset });
    }),
  );

  return router;
}

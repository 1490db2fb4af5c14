import { Router, type Request } from 'express';
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
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
  type Mailer,
} from '@beatmatch/platform';
import { loginOutcome, userDecider, type UserCommand } from './businessLogic';
import { userStream, type User, type UserEvent } from './user';
import type { IdentityQueries } from './readModel';
import {
  hashCode,
  hashPassword,
  hashSessionToken,
  newSessionToken,
  newVerificationCode,
  passwordMatches,
} from './secrets';
import { passwordResetMail, verificationCodeMail } from './mails';
import { identityPublication } from '../integration/publish';

export const CODE_TTL_MINUTES = 15;
export const RESET_TTL_MINUTES = 60;
/** Forgot-password's lookup, event and mail run this long after the reply (see the route). */
const RESET_WORK_DELAY_MS = 30;
export const SESSION_TTL_DAYS = 30;
/** Identity hands a new session token to the gateway in this header; the gateway turns it into the cookie. */
export const SESSION_HEADER = 'x-beatmatch-session';
export const SESSION_EXPIRES_HEADER = 'x-beatmatch-session-expires';

export interface IdentityDeps {
  store: EventStore;
  queries: IdentityQueries;
  mailer: Mailer;
  /** HMAC key for codes and reset links. */
  secret: string;
  /** Where links in e-mails point (the gateway's public address; read when a mail is sent). */
  publicUrl: () => string;
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
  const { store, queries, mailer, clock, logger } = deps;
  const resetKey = new TextEncoder().encode(`reset:${deps.secret}`);
  // Unknown e-mails still pay for one argon2 verify, so timing does not tell whether an account exists.
  const dummyHash = hashPassword(randomUUID());

  const execute = (userId: string, command: UserCommand) =>
    handleCommand(store, userStream(userId), userDecider, command, { publish: identityPublication });

  const freshCode = (userId: string, now: Date) => {
    const code = newVerificationCode();
    return {
      code,
      newCode: {
        codeHash: hashCode(deps.secret, userId, code),
        expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
      },
    };
  };

  const sendMail = async (mail: Parameters<Mailer['send']>[0]) => {
    // The account change is committed already; a failed send is logged and the user can ask again.
    try {
      await mailer.send(mail);
      return true;
    } catch (error) {
      logger.error({ err: error, subject: mail.subject }, 'sending mail failed');
      return false;
    }
  };

  /** Mails a code and records that it went out; a code never recorded is replaced at the next login. */
  const mailCode = async (userId: string, codeHash: string, mail: Parameters<Mailer['send']>[0]) => {
    if (!(await sendMail(mail))) return;
    await execute(userId, { type: 'RecordCodeMailed', data: { codeHash }, metadata: { now: clock() } }).catch(
      (error) => logger.error({ err: error }, 'recording a mailed code failed'),
    );
  };

  const codeWasIssued = (events: UserEvent[]) =>
    events.some((event) => event.type === 'VerificationCodeIssued');

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
      const { code, newCode } = freshCode(userId, now);
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
      await mailCode(
        userId,
        newCode.codeHash,
        verificationCodeMail(input.email, input.username, code, CODE_TTL_MINUTES),
      );
      res.json({ response: 'success' });
    }),
  );

  router.post(
    '/login',
    route(async (req, res) => {
      const input = parseInput(loginRequestSchema, req.body);
      const { userId, state, matches } = await checkCredentials(input.email, input.password);
      const now = clock();
      const { code, newCode } = freshCode(userId, now);
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
      if (codeWasIssued(newEvents) && state.status === 'registered') {
        await mailCode(
          userId,
          newCode.codeHash,
          verificationCodeMail(state.email, state.username, code, CODE_TTL_MINUTES),
        );
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
      const { userId, state, matches } = await checkCredentials(input.email, input.password);
      const { code, newCode } = freshCode(userId, clock());
      await execute(userId, {
        type: 'ResendCode',
        data: { passwordMatches: matches, freshCode: newCode },
        metadata: { now: clock() },
      });
      if (state.status === 'registered')
        await mailCode(
          userId,
          newCode.codeHash,
          verificationCodeMail(state.email, state.username, code, CODE_TTL_MINUTES),
        );
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
    await execute(row.user_id, {
      type: 'RequestPasswordReset',
      data: { tokenId, expiresAt },
      metadata: { now },
    });
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(row.user_id)
      .setJti(tokenId)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(resetKey);
    const link = `${deps.publicUrl()}/resetPassword?auth=${encodeURIComponent(jwt)}&username=${encodeURIComponent(row.username)}`;
    await sendMail(passwordResetMail(row.email, row.username, link, RESET_TTL_MINUTES));
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

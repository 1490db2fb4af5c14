import { Router, type Request } from 'express';
import { randomUUID } from 'node:crypto';
import { jwtVerify, errors as joseErrors } from 'jose';
import {
  forgotPasswordRequestSchema,
  identityMessages as messages,
  jwtAuthenticateRequestSchema,
  resetPasswordRequestSchema,
} from '@beatmatch/contracts';
import { aggregateStream, DomainError, parseInput, route } from '@beatmatch/platform';
import { userDecider } from './businessLogic';
import { userStream, type User, type UserEvent } from './user';
import { hashPassword } from './secrets';
import { RESET_TTL_MINUTES } from './mails';
import { resetKeyOf } from '../mail/sender';
import type { IdentityDeps, ExecuteUserCommand } from './api';

/** Forgot-password's lookup, event and mail run this long after the reply (see the route). */
const RESET_WORK_DELAY_MS = 30;

/**
 * Reset links (artist-side spec §2): forgot-password requests a link (mailed through the outbox by
 * mail/sender.ts, a JWT naming the user and the pending reset's token id), the reset page verifies it,
 * and a new password uses it up. Only the newest link of a user is live.
 */
export function passwordResetRouter(deps: IdentityDeps & { execute: ExecuteUserCommand }): Router {
  const router = Router();
  const { store, queries, clock, logger, execute } = deps;
  const resetKey = resetKeyOf(deps.secret);

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

import { Router, type Request } from 'express';
import { randomUUID } from 'node:crypto';
import { jwtVerify, errors as joseErrors } from 'jose';
import {
  forgotPasswordRequestSchema,
  identityMessages as messages,
  jwtAuthenticateRequestSchema,
  resetPasswordRequestSchema,
} from '@beatmatch/contracts';
import { aggregateStream, DomainError, handleCommand, parseInput, route } from '@beatmatch/platform';
import { userDecider } from './businessLogic';
import { userStream, type User, type UserEvent } from './user';
import { hashPassword } from './secrets';
import { RESET_TTL_MINUTES } from './mails';
import { resetKeyOf, setupKeyOf } from '../mail/sender';
import { guestDecider, guestPublication, guestStream, setupIsLive } from '../guests/guest';
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
  const setupKey = setupKeyOf(deps.secret);

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

  async function openToken(jwt: string, key: Uint8Array) {
    try {
      const { payload } = await jwtVerify(jwt, key, { algorithms: ['HS256'], currentDate: clock() });
      if (!payload.sub || !payload.jti) throw new DomainError('invalid', messages.invalid, 400);
      return { sub: payload.sub, tokenId: payload.jti, purpose: payload['purpose'] };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new DomainError('expired', messages.expired, 400);
      if (error instanceof DomainError) throw error;
      throw new DomainError('invalid', messages.invalid, 400);
    }
  }

  /**
   * The reset page serves two links: a reset (signed with the reset key, naming the user) and a guest
   * buyer's account set-up (its own key, naming the e-mail; README "Guest checkout").
   */
  async function openLink(
    jwt: string,
  ): Promise<
    { kind: 'reset'; userId: string; tokenId: string } | { kind: 'setup'; email: string; tokenId: string }
  > {
    try {
      const reset = await openToken(jwt, resetKey);
      return { kind: 'reset', userId: reset.sub, tokenId: reset.tokenId };
    } catch (error) {
      if (error instanceof DomainError && error.code === 'expired') throw error;
      const setup = await openToken(jwt, setupKey);
      if (setup.purpose !== 'setup') throw new DomainError('invalid', messages.invalid, 400);
      return { kind: 'setup', email: setup.sub, tokenId: setup.tokenId };
    }
  }

  const loadGuest = async (email: string) =>
    (await aggregateStream(store, guestStream(email), guestDecider)).state;

  /** A free username from the e-mail's local part (letters, digits, '_', '.', '-'; 3–30 long). */
  async function suggestedUsername(email: string) {
    const local = email
      .split('@')[0]!
      .replace(/[^A-Za-z0-9_.-]/g, '')
      .slice(0, 24);
    const base = local.length >= 3 ? local : `${local}buyer`.slice(0, 24);
    if (!(await queries.usernameTaken(base))) return base;
    for (let n = 2; n < 1000; n++) {
      const candidate = `${base.slice(0, 24)}-${n}`;
      if (!(await queries.usernameTaken(candidate))) return candidate;
    }
    return `${base.slice(0, 20)}-${randomUUID().slice(0, 8)}`;
  }

  const USERNAME = /^[A-Za-z0-9_.-]{3,30}$/;

  /** Sets a guest buyer's password: creates the verified account, then claims the guest's orders. */
  async function setUpAccount(email: string, tokenId: string, password: string, wanted: string | null) {
    const now = clock();
    const guest = await loadGuest(email);
    if (!setupIsLive(guest, tokenId, now)) throw new DomainError('expired', messages.expired, 400);
    const claim = (userId: string) =>
      handleCommand(
        store,
        guestStream(email),
        guestDecider,
        { type: 'CompleteSetup', data: { tokenId, userId }, metadata: { now } },
        { publish: guestPublication },
      );
    const existing = await queries.userByEmail(email);
    if (existing) {
      // The e-mail got an account meanwhile (or a set-up stopped between its two steps): the link
      // proves the e-mail, so the purchases are that account's; its password is not changed here.
      await claim(existing.user_id);
      throw new DomainError('email_taken', messages.guestAccountExists, 409);
    }
    if (wanted && !USERNAME.test(wanted))
      throw new DomainError('username', "Username must be 3–30 letters, digits, '_', '.' or '-'.", 400);
    if (wanted && (await queries.usernameTaken(wanted)))
      throw new DomainError('username_taken', messages.usernameTaken, 409);
    const username = wanted || (await suggestedUsername(email));
    const userId = randomUUID();
    await execute(userId, {
      type: 'SetUpGuestAccount',
      data: { userId, username, email, passwordHash: await hashPassword(password) },
      metadata: { now },
    });
    await claim(userId);
  }

  router.post(
    '/reset-password/verify',
    route(async (req, res) => {
      const input = parseInput(jwtAuthenticateRequestSchema, req.body);
      const link = await openLink(input.jwt);
      if (link.kind === 'setup') {
        if (!setupIsLive(await loadGuest(link.email), link.tokenId, clock()))
          throw new DomainError('expired', messages.expired, 400);
        res.json({ response: 'success', username: await suggestedUsername(link.email), setup: true });
        return;
      }
      const { userId, tokenId } = link;
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
      const link = await openLink(input.jwt);
      if (link.kind === 'setup') {
        await setUpAccount(link.email, link.tokenId, input.password, input.username?.trim() || null);
        res.json({ message: messages.guestAccountSetUp });
        return;
      }
      const { userId, tokenId } = link;
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

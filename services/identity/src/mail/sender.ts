import { SignJWT } from 'jose';
import {
  aggregateStream,
  handleCommand,
  type EventBus,
  type EventStore,
  type Logger,
  type Mailer,
  type Subscription,
} from '@beatmatch/platform';
import { userDecider, type UserCommand } from '../users/businessLogic';
import { userStream, type User, type UserEvent } from '../users/user';
import { codeFor } from '../users/secrets';
import {
  accountSetupMail,
  CODE_TTL_MINUTES,
  guestPurchaseNoteMail,
  RESET_TTL_MINUTES,
  passwordResetMail,
  verificationCodeMail,
} from '../users/mails';
import {
  guestDecider,
  guestPublication,
  guestStream,
  SETUP_TTL_DAYS,
  type GuestCommand,
} from '../guests/guest';
import { identityPublication } from '../integration/publish';
import { IDENTITY_MAIL_TOPIC, type MailRequest } from './requests';

export const MAIL_CONSUMER_GROUP = 'identity.mail-sender';

/**
 * The reset link's token. Deterministic (HS256 over the stream's own facts), so the sender can rebuild
 * the exact link at any time after the request was committed; only the latest unexpired token id
 * opens the reset page (the decider checks it).
 */
export function resetToken(
  key: Uint8Array,
  request: { userId: string; tokenId: string; requestedAt: string; expiresAt: string },
): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(request.userId)
    .setJti(request.tokenId)
    .setIssuedAt(Math.floor(Date.parse(request.requestedAt) / 1000))
    .setExpirationTime(Math.floor(Date.parse(request.expiresAt) / 1000))
    .sign(key);
}

export const resetKeyOf = (secret: string) => new TextEncoder().encode(`reset:${secret}`);
/** Account set-up links of guest buyers: signed with their own key, so they never open a reset. */
export const setupKeyOf = (secret: string) => new TextEncoder().encode(`guest-setup:${secret}`);

/** The set-up link's token: subject the e-mail, id the offer's token id (deterministic, as resets). */
export function setupToken(
  key: Uint8Array,
  offer: { email: string; tokenId: string; requestedAt: string; expiresAt: string },
): Promise<string> {
  return new SignJWT({ purpose: 'setup' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(offer.email)
    .setJti(offer.tokenId)
    .setIssuedAt(Math.floor(Date.parse(offer.requestedAt) / 1000))
    .setExpirationTime(Math.floor(Date.parse(offer.expiresAt) / 1000))
    .sign(key);
}

export interface MailSenderDeps {
  store: EventStore;
  mailer: Mailer;
  secret: string;
  /** The gateway's public address (links in mails); read when a mail is sent. */
  publicUrl: () => string;
  supportEmail: string;
  clock: () => Date;
  logger: Logger;
}

/**
 * Sends what identity's mail topic asks for. A send that fails throws, so the request is delivered
 * again (the in-process bus retries, then the outbox row stays unsent; Kafka redelivers): mail goes
 * out at least once. A request the user's stream has moved past is dropped, which also makes a
 * redelivered request after a successful send a no-op (the send was recorded in the stream).
 */
export function createMailSender(deps: MailSenderDeps) {
  const { store, mailer, clock, logger } = deps;
  const resetKey = resetKeyOf(deps.secret);
  const setupKey = setupKeyOf(deps.secret);

  const loadGuest = async (email: string) =>
    (await aggregateStream(store, guestStream(email), guestDecider)).state;
  const executeGuest = (email: string, command: GuestCommand) =>
    handleCommand(store, guestStream(email), guestDecider, command, { publish: guestPublication });

  const loadUser = async (userId: string) =>
    (await aggregateStream<User, UserEvent>(store, userStream(userId), userDecider)).state;
  const execute = (userId: string, command: UserCommand) =>
    handleCommand(store, userStream(userId), userDecider, command, { publish: identityPublication });

  async function send(request: MailRequest): Promise<'sent' | 'skipped'> {
    const now = clock();
    switch (request.kind) {
      case 'verificationCode': {
        const user = await loadUser(request.userId);
        if (user.status !== 'registered' || user.verified) return 'skipped';
        const pending = user.pendingCode;
        if (!pending || pending.codeHash !== request.codeHash || pending.mailed) return 'skipped';
        if (new Date(pending.expiresAt) <= now) return 'skipped';
        const code = codeFor(deps.secret, request.userId, request.codeId);
        await mailer.send(verificationCodeMail(user.email, user.username, code, CODE_TTL_MINUTES));
        await execute(request.userId, {
          type: 'RecordCodeMailed',
          data: { codeHash: request.codeHash },
          metadata: { now: clock() },
        });
        return 'sent';
      }
      case 'passwordReset': {
        const user = await loadUser(request.userId);
        if (user.status !== 'registered') return 'skipped';
        const pending = user.pendingReset;
        if (!pending || pending.tokenId !== request.tokenId || pending.mailed) return 'skipped';
        if (new Date(pending.expiresAt) <= now) return 'skipped';
        const jwt = await resetToken(resetKey, { userId: request.userId, ...pending });
        const link = `${deps.publicUrl()}/resetPassword?auth=${encodeURIComponent(jwt)}&username=${encodeURIComponent(user.username)}`;
        await mailer.send(passwordResetMail(user.email, user.username, link, RESET_TTL_MINUTES));
        await execute(request.userId, {
          type: 'RecordResetMailed',
          data: { tokenId: request.tokenId },
          metadata: { now: clock() },
        });
        return 'sent';
      }
      case 'accountSetup': {
        const guest = await loadGuest(request.email);
        const pending = guest.pendingSetup;
        if (guest.claimedBy || !pending || pending.tokenId !== request.tokenId || pending.mailed)
          return 'skipped';
        if (new Date(pending.expiresAt) <= now) return 'skipped';
        const jwt = await setupToken(setupKey, { email: request.email, ...pending });
        const link = `${deps.publicUrl()}/resetPassword?auth=${encodeURIComponent(jwt)}&setup=1`;
        await mailer.send(accountSetupMail(request.email, link, SETUP_TTL_DAYS));
        await executeGuest(request.email, {
          type: 'RecordSetupMailed',
          data: { tokenId: request.tokenId },
          metadata: { now: clock() },
        });
        return 'sent';
      }
      case 'guestPurchaseNote': {
        const guest = await loadGuest(request.email);
        if (!guest.orders.includes(request.orderId) || guest.notesMailed.includes(request.orderId))
          return 'skipped';
        await mailer.send(guestPurchaseNoteMail(request.email, `${deps.publicUrl()}/login`));
        await executeGuest(request.email, {
          type: 'RecordNoteMailed',
          data: { orderId: request.orderId },
          metadata: { now: clock() },
        });
        return 'sent';
      }
      case 'contact': {
        // No stream state to check: a redelivery after a crash mid-send can mail support twice.
        await mailer.send({
          to: deps.supportEmail,
          subject: `Contact form: ${request.name.replace(/\s+/g, ' ').slice(0, 80)}`,
          text: `From: ${request.name} <${request.email}>\nReceived: ${request.receivedAt}\n\n${request.message}\n`,
        });
        return 'sent';
      }
      default: {
        const unexpected: never = request;
        logger.warn({ request: unexpected }, 'unknown mail request');
        return 'skipped';
      }
    }
  }

  return {
    send,
    subscribe(bus: EventBus): Promise<Subscription> {
      return bus.subscribe({
        groupId: MAIL_CONSUMER_GROUP,
        topics: [IDENTITY_MAIL_TOPIC],
        handle: async (event) => {
          if (event.type !== 'identity.MailRequested') return;
          const request = event.payload as MailRequest;
          try {
            await send(request);
          } catch (error) {
            logger.error({ err: error, kind: request.kind }, 'sending mail failed; it will be retried');
            throw error;
          }
        },
      });
    },
  };
}

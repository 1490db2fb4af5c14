import type { EventBus, EventStore, Logger, Mailer, MailMessage, Subscription } from '@beatmatch/platform';
import { loadUser, userCommandRunner } from '../users/commands';
import { codeFor } from '../users/secrets';
import { resetKeyOf, resetToken, setupKeyOf, setupToken } from '../users/links';
import {
  accountSetupMail,
  CODE_TTL_MINUTES,
  guestPurchaseNoteMail,
  RESET_TTL_MINUTES,
  passwordResetMail,
  verificationCodeMail,
} from '../users/mails';
import { SETUP_TTL_DAYS } from '../guests/guest';
import { executeGuestCommand, loadGuest } from '../guests/commands';
import { IDENTITY_MAIL_TOPIC, type MailRequest } from './requests';
import { campaignMail } from '../mailConsent/campaignMail';

export const MAIL_CONSUMER_GROUP = 'identity.mail-sender';

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

type RequestOf<K extends MailRequest['kind']> = Extract<MailRequest, { kind: K }>;

/** A mail to send, and how to record on the stream that it went out (none: nothing to record). */
interface Delivery {
  mail: MailMessage;
  record?: () => Promise<unknown>;
}

/*
 * One function per kind of mail: each checks the stream first and answers null for a request the
 * stream has moved past (a newer code, a used link, a mail already sent).
 */

/** A pending code or link whose mail has not gone out yet and that still works. */
const awaitsMail = <Pending extends { mailed: boolean; expiresAt: string }>(
  pending: Pending | null,
  now: Date,
): pending is Pending => !!pending && !pending.mailed && new Date(pending.expiresAt) > now;

async function verificationCode(
  deps: MailSenderDeps,
  request: RequestOf<'verificationCode'>,
): Promise<Delivery | null> {
  const user = await loadUser(deps.store, request.userId);
  if (user.status !== 'registered' || user.verified) return null;
  if (user.pendingCode?.codeHash !== request.codeHash || !awaitsMail(user.pendingCode, deps.clock()))
    return null;
  const code = codeFor(deps.secret, request.userId, request.codeId);
  return {
    mail: verificationCodeMail(user.email, user.username, code, CODE_TTL_MINUTES),
    record: () =>
      userCommandRunner(deps.store)(request.userId, {
        type: 'RecordCodeMailed',
        data: { codeHash: request.codeHash },
        metadata: { now: deps.clock() },
      }),
  };
}

async function resetLink(
  deps: MailSenderDeps,
  request: RequestOf<'passwordReset'>,
): Promise<Delivery | null> {
  const user = await loadUser(deps.store, request.userId);
  if (user.status !== 'registered') return null;
  const pending = user.pendingReset;
  if (pending?.tokenId !== request.tokenId || !awaitsMail(pending, deps.clock())) return null;
  const jwt = await resetToken(resetKeyOf(deps.secret), { userId: request.userId, ...pending });
  const link = `${deps.publicUrl()}/resetPassword?auth=${encodeURIComponent(jwt)}&username=${encodeURIComponent(user.username)}`;
  return {
    mail: passwordResetMail(user.email, user.username, link, RESET_TTL_MINUTES),
    record: () =>
      userCommandRunner(deps.store)(request.userId, {
        type: 'RecordResetMailed',
        data: { tokenId: request.tokenId },
        metadata: { now: deps.clock() },
      }),
  };
}

async function setupLink(deps: MailSenderDeps, request: RequestOf<'accountSetup'>): Promise<Delivery | null> {
  const guest = await loadGuest(deps.store, request.email);
  const pending = guest.pendingSetup;
  if (guest.claimedBy || pending?.tokenId !== request.tokenId || !awaitsMail(pending, deps.clock()))
    return null;
  const jwt = await setupToken(setupKeyOf(deps.secret), { email: request.email, ...pending });
  const link = `${deps.publicUrl()}/resetPassword?auth=${encodeURIComponent(jwt)}&setup=1`;
  return {
    mail: accountSetupMail(request.email, link, SETUP_TTL_DAYS),
    record: () =>
      executeGuestCommand(deps.store, request.email, {
        type: 'RecordSetupMailed',
        data: { tokenId: request.tokenId },
        metadata: { now: deps.clock() },
      }),
  };
}

async function purchaseNote(
  deps: MailSenderDeps,
  request: RequestOf<'guestPurchaseNote'>,
): Promise<Delivery | null> {
  const guest = await loadGuest(deps.store, request.email);
  if (!guest.orders.includes(request.orderId) || guest.notesMailed.includes(request.orderId)) return null;
  return {
    mail: guestPurchaseNoteMail(request.email, `${deps.publicUrl()}/login`),
    record: () =>
      executeGuestCommand(deps.store, request.email, {
        type: 'RecordNoteMailed',
        data: { orderId: request.orderId },
        metadata: { now: deps.clock() },
      }),
  };
}

/** No stream state to check or record: a redelivery after a crash mid-send can mail support twice. */
const contactMessage = (deps: MailSenderDeps, request: RequestOf<'contact'>): Delivery => ({
  mail: {
    to: deps.supportEmail,
    subject: `Contact form: ${request.name.replace(/\s+/g, ' ').slice(0, 80)}`,
    text: `From: ${request.name} <${request.email}>\nReceived: ${request.receivedAt}\n\n${request.message}\n`,
  },
});

async function deliveryOf(deps: MailSenderDeps, request: MailRequest): Promise<Delivery | null> {
  switch (request.kind) {
    case 'verificationCode':
      return verificationCode(deps, request);
    case 'passwordReset':
      return resetLink(deps, request);
    case 'accountSetup':
      return setupLink(deps, request);
    case 'guestPurchaseNote':
      return purchaseNote(deps, request);
    case 'contact':
      return contactMessage(deps, request);
    case 'campaign':
      return campaignMail(deps, request);
    default: {
      const unexpected: never = request;
      deps.logger.warn({ request: unexpected }, 'unknown mail request');
      return null;
    }
  }
}

/** Sends the mail a request asks for, then records the send on the stream. */
async function send(deps: MailSenderDeps, request: MailRequest): Promise<'sent' | 'skipped'> {
  const delivery = await deliveryOf(deps, request);
  if (!delivery) return 'skipped';
  await deps.mailer.send(delivery.mail);
  await delivery.record?.();
  return 'sent';
}

/**
 * Sends what identity's mail topic asks for. A send that fails throws, so the request is delivered
 * again (the in-process bus retries, then the outbox row stays unsent; Kafka redelivers): mail goes
 * out at least once. A request the stream has moved past is dropped, which also makes a redelivered
 * request after a successful send a no-op (the send was recorded in the stream).
 */
export function createMailSender(deps: MailSenderDeps) {
  return {
    send: (request: MailRequest) => send(deps, request),
    subscribe(bus: EventBus): Promise<Subscription> {
      return bus.subscribe({
        groupId: MAIL_CONSUMER_GROUP,
        topics: [IDENTITY_MAIL_TOPIC],
        handle: async (event) => {
          if (event.type !== 'identity.MailRequested') return;
          const request = event.payload as MailRequest;
          try {
            await send(deps, request);
          } catch (error) {
            deps.logger.error({ err: error, kind: request.kind }, 'sending mail failed; it will be retried');
            throw error;
          }
        },
      });
    },
  };
}

import { integrationEvent, type IntegrationEvent } from '@beatmatch/contracts';
import type { OutgoingMessage } from '@beatmatch/platform';
import type { User, UserEvent } from '../users/user';
import type { GuestEvent } from '../guests/guest';
import type { ContactEvent } from '../contact/contactMessage';

/**
 * Identity's own mail queue: a topic only identity publishes and consumes. A mail is requested by an
 * outbox row written in the same transaction as the event that needs it (a code issued, a reset
 * asked for, a contact message received), so a process killed after the commit still sends it when
 * the outbox is relayed again (at least once). Codes and links are not in the message: the sender
 * derives them from the user's stream and the service secret, and skips a request the stream has
 * moved past (a newer code, a used link, a mail already sent).
 */
export const IDENTITY_MAIL_TOPIC = 'identity.mail';

export type MailRequest =
  | { kind: 'verificationCode'; userId: string; codeId: string; codeHash: string }
  | { kind: 'passwordReset'; userId: string; tokenId: string }
  /** A guest buyer's account set-up link (guests/guest.ts); the link is rebuilt from the token id. */
  | { kind: 'accountSetup'; email: string; tokenId: string }
  /** A guest purchase by an e-mail that has an account: it is in their Purchases. */
  | { kind: 'guestPurchaseNote'; email: string; orderId: string }
  | { kind: 'contact'; messageId: string; name: string; email: string; message: string; receivedAt: string }
  /** A news campaign's mail (send_v3_email) to a user who agreed to news mails (mailConsent/). */
  | { kind: 'campaign'; userId: string; campaignId: string; subject: string; body: string };

export type MailRequested = IntegrationEvent<'identity.MailRequested', MailRequest>;

export function mailRequest(request: MailRequest, key: string, at: Date): OutgoingMessage {
  return {
    key,
    topic: IDENTITY_MAIL_TOPIC,
    event: integrationEvent<MailRequested>('identity.MailRequested', 1, request, at),
  };
}

/** The mails a user's events call for: a code to enter, a reset link. */
export function userMailRequests(events: UserEvent[], state: User): OutgoingMessage[] {
  if (state.status !== 'registered') return [];
  const { userId } = state;
  const out: OutgoingMessage[] = [];
  for (const event of events) {
    if (event.type === 'VerificationCodeIssued' && event.data.codeId) {
      const { codeId, codeHash, issuedAt } = event.data;
      out.push(
        mailRequest({ kind: 'verificationCode', userId, codeId, codeHash }, userId, new Date(issuedAt)),
      );
    }
    if (event.type === 'PasswordResetRequested') {
      const { tokenId, requestedAt } = event.data;
      out.push(mailRequest({ kind: 'passwordReset', userId, tokenId }, userId, new Date(requestedAt)));
    }
  }
  return out;
}

/** The mails a guest buyer's events call for: the account set-up link, or a note for an account's purchase. */
export function guestMailRequests(events: GuestEvent[]): OutgoingMessage[] {
  const out: OutgoingMessage[] = [];
  for (const event of events) {
    if (event.type === 'AccountSetupOffered') {
      const { email, tokenId, requestedAt } = event.data;
      out.push(mailRequest({ kind: 'accountSetup', email, tokenId }, email, new Date(requestedAt)));
    }
    if (event.type === 'GuestPurchaseNoted' && event.data.userId) {
      const { email, orderId, notedAt } = event.data;
      out.push(mailRequest({ kind: 'guestPurchaseNote', email, orderId }, email, new Date(notedAt)));
    }
  }
  return out;
}

/** A contact message goes to the support mailbox. */
export const contactMailRequests = (events: ContactEvent[], streamName: string): OutgoingMessage[] =>
  events.map((event) =>
    mailRequest({ kind: 'contact', ...event.data }, streamName, new Date(event.data.receivedAt)),
  );

import { randomUUID } from 'node:crypto';
import type { ContactRequest } from '@beatmatch/contracts';
import { ConcurrencyError, handleCommand, type EventStore } from '@beatmatch/platform';
import { contactDecider, rateLimited } from './businessLogic';
import { contactStream } from './contactMessage';
import { contactPublication } from '../integration/publish';

/**
 * Stores a contact message and requests its mail to the support mailbox in the same transaction
 * (sent at least once). No retry on a concurrent append: two sends from one address at once are
 * counted one after the other, and the second is refused as over the limit.
 */
export async function sendContactMessage(store: EventStore, message: ContactRequest, now: Date) {
  const command = {
    type: 'SendContactMessage' as const,
    data: { messageId: randomUUID(), ...message },
    metadata: { now },
  };
  try {
    await handleCommand(store, contactStream(message.email), contactDecider, command, {
      publish: contactPublication,
      retries: 0,
    });
  } catch (error) {
    if (error instanceof ConcurrencyError) throw rateLimited();
    throw error;
  }
}

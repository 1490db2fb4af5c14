import { contactMessages } from '@beatmatch/contracts';
import { DomainError, type Decider } from '@beatmatch/platform';
import { evolve, initialState, type ContactEvent, type ContactSender } from './contactMessage';

/** Messages one e-mail address may send per window. */
export const CONTACT_LIMIT = 3;
export const CONTACT_WINDOW_MS = 60 * 60_000;

export type SendContactMessage = {
  type: 'SendContactMessage';
  data: { messageId: string; name: string; email: string; message: string };
  metadata: { now: Date };
};

export const rateLimited = () => new DomainError('rate_limited', contactMessages.rateLimited, 429);

export function decide(command: SendContactMessage, state: ContactSender): ContactEvent[] {
  const now = command.metadata.now;
  const recent = state.receivedAt.filter((at) => now.getTime() - Date.parse(at) < CONTACT_WINDOW_MS);
  if (recent.length >= CONTACT_LIMIT) throw rateLimited();
  return [{ type: 'ContactMessageReceived', data: { ...command.data, receivedAt: now.toISOString() } }];
}

export const contactDecider: Decider<ContactSender, SendContactMessage, ContactEvent> = {
  decide,
  evolve,
  initialState,
};

import { createHash } from 'node:crypto';

/** A contact form message (one stream per sender address; businessLogic.ts limits how many). */
export type ContactMessageReceived = {
  type: 'ContactMessageReceived';
  data: { messageId: string; name: string; email: string; message: string; receivedAt: string };
};
export type ContactEvent = ContactMessageReceived;

/** When the sender's messages arrived, oldest first. */
export type ContactSender = { receivedAt: string[] };

export const initialState = (): ContactSender => ({ receivedAt: [] });

export const evolve = (state: ContactSender, event: ContactEvent): ContactSender => ({
  receivedAt: [...state.receivedAt, event.data.receivedAt],
});

/** One stream per sender address (hashed: the stream name is not personal data). */
export const contactStream = (email: string) =>
  `contact-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)}`;

import { z } from 'zod';

/** The contact mailbox when SUPPORT_EMAIL is not configured (identity mails to it, pages show it). */
export const DEFAULT_SUPPORT_EMAIL = 'support@beatmatch.example';

/** Longest contact message accepted (characters); longer ones are refused with 400. */
export const CONTACT_MESSAGE_MAX = 5000;

export const contactMessages = {
  nameRequired: 'Name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid e-mail address.',
  messageRequired: 'Message is required.',
  messageTooLong: `Message must be at most ${CONTACT_MESSAGE_MAX} characters.`,
  rateLimited: 'Too many messages from this address. Please try again later.',
} as const;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** `beatmatch_contact`: Name, Email and Message, all required. */
export const contactRequestSchema = z.object({
  name: required(contactMessages.nameRequired).pipe(z.string().max(200, 'Name is too long.')),
  email: required(contactMessages.emailRequired).pipe(
    z.email({ error: contactMessages.emailInvalid }).max(254),
  ),
  message: required(contactMessages.messageRequired).pipe(
    z.string().max(CONTACT_MESSAGE_MAX, contactMessages.messageTooLong),
  ),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

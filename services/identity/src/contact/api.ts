import { createHash, randomUUID } from 'node:crypto';
import { Router } from 'express';
import { contactMessages, contactRequestSchema } from '@beatmatch/contracts';
import { ConcurrencyError, DomainError, parseInput, route, type EventStore } from '@beatmatch/platform';
import { IDENTITY_MAIL_TOPIC, mailRequest } from '../mail/requests';

/** Messages one e-mail address may send per window. */
export const CONTACT_LIMIT = 3;
export const CONTACT_WINDOW_MS = 60 * 60_000;

export type ContactMessageReceived = {
  type: 'ContactMessageReceived';
  data: { messageId: string; name: string; email: string; message: string; receivedAt: string };
};

/** One stream per sender address (hashed: the stream name is not personal data). */
export const contactStream = (email: string) =>
  `contact-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)}`;

export interface ContactDeps {
  store: EventStore;
  /** Link to the $BEAT whitepaper (configuration); absent: 404. */
  whitepaperUrl?: string;
  clock: () => Date;
}

export function contactRouter(deps: ContactDeps): Router {
  const router = Router();

  router.post(
    '/contact',
    route(async (req, res) => {
      const input = parseInput(contactRequestSchema, req.body);
      const stream = contactStream(input.email);
      const now = deps.clock();
      const { events, currentVersion } = await deps.store.readStream<ContactMessageReceived>(stream);
      const recent = events.filter(
        (event) => now.getTime() - Date.parse(event.data.receivedAt) < CONTACT_WINDOW_MS,
      );
      if (recent.length >= CONTACT_LIMIT)
        throw new DomainError('rate_limited', contactMessages.rateLimited, 429);
      const event: ContactMessageReceived = {
        type: 'ContactMessageReceived',
        data: { messageId: randomUUID(), ...input, receivedAt: now.toISOString() },
      };
      try {
        // The expected version makes concurrent sends from one address count one after the other.
        // The mail to the support mailbox is requested in the same transaction (sent at least once).
        await deps.store.appendToStream(stream, [event], {
          expectedVersion: currentVersion,
          outbox: {
            topic: IDENTITY_MAIL_TOPIC,
            messages: [mailRequest({ kind: 'contact', ...event.data }, stream, now)],
          },
        });
      } catch (error) {
        if (error instanceof ConcurrencyError)
          throw new DomainError('rate_limited', contactMessages.rateLimited, 429);
        throw error;
      }
      res.json({ response: 'success' });
    }),
  );

  router.post(
    '/whitepaper',
    route(async (_req, res) => {
      if (!deps.whitepaperUrl)
        throw new DomainError('not_found', 'The whitepaper is not available yet.', 404);
      res.json({ url: deps.whitepaperUrl });
    }),
  );

  return router;
}

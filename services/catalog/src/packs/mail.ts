import { integrationEvent, PACK_CODE_MINUTES, type IntegrationEvent } from '@beatmatch/contracts';
import type { EventBus, Logger, Mailer, OutgoingMessage, Subscription } from '@beatmatch/platform';

/*
 * The packs' mail queue, on the catalog's own topic (as identity's): a request is an outbox row written
 * in the same transaction as the share or the code it tells about, and the sender below mails it, at
 * least once (a failed send throws, so the request is delivered again).
 */
export const PACK_MAIL_TOPIC = 'catalog.mail';
const MAIL_CONSUMER_GROUP = 'catalog-mail';

export type PackMailRequest =
  | { kind: 'packShared'; email: string; packName: string; producerName: string; urlId: string }
  /**
   * The code travels in the request: unlike identity's codes it is derived from no secret (the catalog
   * keeps only its hash), and the request lives only as long as its outbox row is unsent.
   */
  | { kind: 'packCode'; email: string; code: string };

type PackMailRequested = IntegrationEvent<'catalog.PackMailRequested', PackMailRequest>;

export function packMail(request: PackMailRequest, at: Date): OutgoingMessage {
  return {
    key: request.email,
    topic: PACK_MAIL_TOPIC,
    event: integrationEvent<PackMailRequested>('catalog.PackMailRequested', 1, request, at),
  };
}

export const packPageUrl = (publicUrl: string, urlId: string) =>
  `${publicUrl.replace(/\/$/, '')}/packs?id=${encodeURIComponent(urlId)}`;

function mailOf(request: PackMailRequest, publicUrl: string) {
  if (request.kind === 'packCode')
    return {
      to: request.email,
      subject: 'Your beat pack verification code',
      text: `Your verification code is ${request.code}. It expires in ${PACK_CODE_MINUTES} minutes.`,
    };
  const link = packPageUrl(publicUrl, request.urlId);
  return {
    to: request.email,
    subject: `${request.producerName} shared the beat pack "${request.packName}" with you`,
    text: `${request.producerName} shared the beat pack "${request.packName}" with you.\n\nOpen it here: ${link}`,
  };
}

export interface PackMailDeps {
  mailer: Mailer;
  publicUrl: () => string;
  logger: Logger;
}

export function subscribePackMail(bus: EventBus, deps: PackMailDeps): Promise<Subscription> {
  return bus.subscribe({
    groupId: MAIL_CONSUMER_GROUP,
    topics: [PACK_MAIL_TOPIC],
    handle: async (event) => {
      if (event.type !== 'catalog.PackMailRequested') return;
      const request = event.payload as PackMailRequest;
      try {
        await deps.mailer.send(mailOf(request, deps.publicUrl()));
      } catch (error) {
        deps.logger.error({ err: error, kind: request.kind }, 'sending pack mail failed; it will be retried');
        throw error;
      }
    },
  });
}

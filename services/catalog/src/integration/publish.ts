import {
  CATALOG_TOPIC,
  integrationEvent,
  type BeatPublishedPayload,
  type IntegrationEvent,
  type PayloadOf,
  type beatCoverChangedV1,
  type beatCrateChangedV1,
  type beatDeletedV1,
  type beatPricedV1,
  type beatPrivacyChangedV1,
  type beatRenamedV1,
} from '@beatmatch/contracts';
import type { OutgoingMessage } from '@beatmatch/platform';
import { coverArtUrl, type Beat, type BeatEvent } from '../beats/beat';

/**
 * Domain → integration (packages/contracts/src/catalog.ts): other services learn of a beat when it is
 * published (DNA done), and of every later change. Drafts, file uploads and failed uploads stay
 * inside the catalog. Keyed by beat id so one beat's events stay in order on Kafka.
 */
export function toIntegrationEvents(events: BeatEvent[], state: Beat): OutgoingMessage[] {
  if (state.status === 'none' || state.publishedAt === null) return [];
  const beatId = state.beatId;
  const out: IntegrationEvent[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'BeatPublished': {
        const payload: BeatPublishedPayload = {
          beatId,
          producerId: state.producerId,
          producerName: state.producerName,
          name: state.name,
          prices: state.prices,
          isPrivate: state.isPrivate,
          crate: state.crate,
          demo: state.demo,
          coverArtUrl: coverArtUrl(beatId, state.cover),
          files: state.files!,
          dna: event.data.dna,
          publishedAt: event.data.publishedAt,
        };
        out.push(integrationEvent('catalog.BeatPublished', 1, payload, new Date(event.data.publishedAt)));
        break;
      }
      case 'BeatRenamed':
        out.push(
          integrationEvent(
            'catalog.BeatRenamed',
            1,
            { beatId, ...event.data } satisfies PayloadOf<typeof beatRenamedV1>,
            new Date(event.data.renamedAt),
          ),
        );
        break;
      case 'BeatRepriced':
        out.push(
          integrationEvent(
            'catalog.BeatPriced',
            1,
            { beatId, ...event.data } satisfies PayloadOf<typeof beatPricedV1>,
            new Date(event.data.pricedAt),
          ),
        );
        break;
      case 'BeatCoverChanged':
        out.push(
          integrationEvent(
            'catalog.BeatCoverChanged',
            1,
            {
              beatId,
              coverArtUrl: coverArtUrl(beatId, event.data.cover),
              changedAt: event.data.changedAt,
            } satisfies PayloadOf<typeof beatCoverChangedV1>,
            new Date(event.data.changedAt),
          ),
        );
        break;
      case 'BeatPrivacyChanged':
        out.push(
          integrationEvent(
            'catalog.BeatPrivacyChanged',
            1,
            { beatId, ...event.data } satisfies PayloadOf<typeof beatPrivacyChangedV1>,
            new Date(event.data.changedAt),
          ),
        );
        break;
      case 'BeatCrateChanged':
        out.push(
          integrationEvent(
            'catalog.BeatCrateChanged',
            1,
            { beatId, ...event.data } satisfies PayloadOf<typeof beatCrateChangedV1>,
            new Date(event.data.changedAt),
          ),
        );
        break;
      case 'BeatDeleted':
        out.push(
          integrationEvent(
            'catalog.BeatDeleted',
            1,
            { beatId, ...event.data } satisfies PayloadOf<typeof beatDeletedV1>,
            new Date(event.data.deletedAt),
          ),
        );
        break;
      default:
        break;
    }
  }
  return out.map((event) => ({ key: beatId, event }));
}

export const catalogPublication = {
  topic: CATALOG_TOPIC,
  map: (events: BeatEvent[], state: Beat) => toIntegrationEvents(events, state),
};

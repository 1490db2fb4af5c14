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
import { mySoundEvents } from './mySound';
import { coverArtUrl, type Beat, type BeatEvent, type BeatPublished, type ExistingBeat } from '../beats/beat';

/** The BeatPublished contract: the whole beat as published (DNA done). */
function published(state: ExistingBeat, data: BeatPublished['data']): IntegrationEvent {
  const payload: BeatPublishedPayload = {
    beatId: state.beatId,
    producerId: state.producerId,
    producerName: state.producerName,
    name: state.name,
    prices: state.prices,
    isPrivate: state.isPrivate,
    crate: state.crate,
    demo: state.demo,
    kind: state.kind,
    coverArtUrl: coverArtUrl(state.beatId, state.cover),
    files: state.files!,
    dna: data.dna,
    publishedAt: data.publishedAt,
  };
  return integrationEvent('catalog.BeatPublished', 1, payload, new Date(data.publishedAt));
}

/** A later change of a published beat as its contract, or null: it stays inside the catalog. */
function change(beatId: string, event: BeatEvent): IntegrationEvent | null {
  switch (event.type) {
    case 'BeatRenamed': {
      const payload = { beatId, ...event.data } satisfies PayloadOf<typeof beatRenamedV1>;
      return integrationEvent('catalog.BeatRenamed', 1, payload, new Date(event.data.renamedAt));
    }
    case 'BeatRepriced': {
      const payload = { beatId, ...event.data } satisfies PayloadOf<typeof beatPricedV1>;
      return integrationEvent('catalog.BeatPriced', 1, payload, new Date(event.data.pricedAt));
    }
    case 'BeatCoverChanged': {
      const { cover, changedAt } = event.data;
      const payload = {
        beatId,
        coverArtUrl: coverArtUrl(beatId, cover),
        changedAt,
      } satisfies PayloadOf<typeof beatCoverChangedV1>;
      return integrationEvent('catalog.BeatCoverChanged', 1, payload, new Date(changedAt));
    }
    case 'BeatPrivacyChanged': {
      const payload = { beatId, ...event.data } satisfies PayloadOf<typeof beatPrivacyChangedV1>;
      return integrationEvent('catalog.BeatPrivacyChanged', 1, payload, new Date(event.data.changedAt));
    }
    case 'BeatCrateChanged': {
      const payload = { beatId, ...event.data } satisfies PayloadOf<typeof beatCrateChangedV1>;
      return integrationEvent('catalog.BeatCrateChanged', 1, payload, new Date(event.data.changedAt));
    }
    case 'BeatDeleted': {
      const payload = { beatId, ...event.data } satisfies PayloadOf<typeof beatDeletedV1>;
      return integrationEvent('catalog.BeatDeleted', 1, payload, new Date(event.data.deletedAt));
    }
    default:
      return null;
  }
}

/**
 * Domain → integration (packages/contracts/src/catalog.ts): other services learn of a beat when it is
 * published (DNA done), and of every later change. Drafts, file uploads and failed uploads stay
 * inside the catalog. Keyed by beat id so one beat's events stay in order on Kafka.
 */
export function toIntegrationEvents(events: BeatEvent[], state: Beat): OutgoingMessage[] {
  if (state.status !== 'none' && state.kind === 'mySound')
    return mySoundEvents(events, state).map((event) => ({ key: state.beatId, event }));
  if (state.status === 'none' || state.publishedAt === null) return [];
  return events
    .map((event) =>
      event.type === 'BeatPublished' ? published(state, event.data) : change(state.beatId, event),
    )
    .filter((event): event is IntegrationEvent => event !== null)
    .map((event) => ({ key: state.beatId, event }));
}

export const catalogPublication = {
  topic: CATALOG_TOPIC,
  map: (events: BeatEvent[], state: Beat) => toIntegrationEvents(events, state),
};

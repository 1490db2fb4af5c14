import {
  integrationEvent,
  type IntegrationEvent,
  type MySoundAnalysedPayload,
  type MySoundFailedPayload,
  type MySoundReceivedPayload,
} from '@beatmatch/contracts';
import type { BeatEvent, ExistingBeat } from '../beats/beat';

/**
 * A My Sound upload (isMySound) is an artist's reference song, not a beat: it never publishes as a beat
 * (so it never reaches the player, the cart or a store) but as the packages/contracts/src/mySound.ts
 * contracts, which the matchmaker's My Sound Analyzer keeps.
 */
export function mySoundEvents(events: BeatEvent[], state: ExistingBeat): IntegrationEvent[] {
  const song = { songId: state.beatId, ownerId: state.producerId, name: state.name };
  return events.flatMap((event): IntegrationEvent[] => {
    switch (event.type) {
      case 'BeatFilesReceived': {
        const payload: MySoundReceivedPayload = { ...song, receivedAt: event.data.receivedAt };
        return [integrationEvent('catalog.MySoundReceived', 1, payload, new Date(event.data.receivedAt))];
      }
      case 'BeatPublished': {
        const { dna, publishedAt } = event.data;
        const payload: MySoundAnalysedPayload = { ...song, dna, analysedAt: publishedAt };
        return [integrationEvent('catalog.MySoundAnalysed', 1, payload, new Date(publishedAt))];
      }
      case 'BeatUploadFailed': {
        const payload: MySoundFailedPayload = {
          ...song,
          reason: event.data.reason,
          failedAt: event.data.failedAt,
        };
        return [integrationEvent('catalog.MySoundFailed', 1, payload, new Date(event.data.failedAt))];
      }
      default:
        return [];
    }
  });
}

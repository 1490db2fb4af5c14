import { integrationEvent, type ListenerChoicePayload } from '@beatmatch/contracts';
import type { OutgoingMessage } from '@beatmatch/platform';
import { listenerOfStream, type BeatRef, type ListenerEvent } from '../listeners/listener';

const PUBLISHED = {
  BeatServed: 'matchmaker.BeatPlayed',
  BeatReplayed: 'matchmaker.BeatPlayed',
  BeatPassed: 'matchmaker.BeatPassed',
  BeatMatched: 'matchmaker.BeatMatched',
  MatchRemoved: 'matchmaker.MatchRemoved',
} as const;

/**
 * Domain → integration: the plays, passes and matches of a listener's stream (lyrics and device
 * hand-overs stay inside), keyed by beat so per-beat stats stay in order.
 */
export function toIntegrationEvents(events: ListenerEvent[], streamName: string): OutgoingMessage[] {
  const listenerId = listenerOfStream(streamName);
  const userId = listenerId.startsWith('user:') ? listenerId.slice('user:'.length) : null;
  const out: OutgoingMessage[] = [];
  for (const event of events) {
    if (!(event.type in PUBLISHED)) continue;
    const data = event.data as BeatRef;
    const payload: ListenerChoicePayload = {
      listenerId,
      userId,
      beatId: data.beatId,
      producerId: data.producerId,
      at: data.at,
    };
    const type = PUBLISHED[event.type as keyof typeof PUBLISHED];
    out.push({ key: data.beatId, event: integrationEvent(type, 1, payload, new Date(data.at)) });
  }
  return out;
}

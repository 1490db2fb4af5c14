import { z } from 'zod';
import { contract, instant, type PayloadOf } from './contract';

/*
 * The matchmaker's integration events (artist-side spec §4 Swipe player, Match list). A listener is a
 * visitor's device uuid or a user; `userId` is set once the listener is signed in (a visitor's plays
 * and matches follow them to their account). The producer dashboard and per-beat stats are built
 * from these.
 */

/** The bus topic the matchmaker publishes on. */
export const MATCHMAKER_TOPIC = 'matchmaker';

const listenerChoice = z.object({
  listenerId: z.string().min(1),
  userId: z.string().nullable(),
  beatId: z.string().min(1),
  producerId: z.string().min(1),
  at: instant,
});

export const beatPlayedV1 = contract('matchmaker.BeatPlayed', 1, listenerChoice);
export const beatPassedV1 = contract('matchmaker.BeatPassed', 1, listenerChoice);
export const beatMatchedV1 = contract('matchmaker.BeatMatched', 1, listenerChoice);
export const matchRemovedV1 = contract('matchmaker.MatchRemoved', 1, listenerChoice);

export type ListenerChoicePayload = PayloadOf<typeof beatPlayedV1>;

export const matchmakerEventContracts = [beatPlayedV1, beatPassedV1, beatMatchedV1, matchRemovedV1] as const;

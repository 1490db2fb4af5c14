import { MATCHMAKER_MESSAGES } from '@beatmatch/contracts';
import { DomainError, type Decider } from '@beatmatch/platform';
import { evolve, initialState, type ListenerEvent, type ListenerState } from './listener';

type Metadata = { now: Date };
/** The beat a command is about (its producer travels with every event, for per-beat stats). */
type Beat = { beatId: string; producerId: string };

/** The player served a beat (counts towards the day's plays when `limit` is set). */
export type Serve = {
  type: 'Serve';
  data: { beat: Beat; day: string; limit: number | null };
  metadata: Metadata;
};
/** A beat started playing from a list (add_play). */
export type Replay = { type: 'Replay'; data: { beat: Beat }; metadata: Metadata };
export type Choose = {
  type: 'Choose';
  data: {
    beat: Beat;
    choice: 'pass' | 'match';
    /** From Play History's 'Add to Match List': an existing match is an error, not a no-op. */
    strict?: boolean;
  };
  metadata: Metadata;
};
export type RemoveMatch = { type: 'RemoveMatch'; data: { beatId: string }; metadata: Metadata };
export type SaveLyrics = { type: 'SaveLyrics'; data: { beatId: string; lyrics: string }; metadata: Metadata };
/** On the user's stream: take over the activity of the device they signed in on. */
export type Merge = { type: 'Merge'; data: { deviceId: string; device: ListenerState }; metadata: Metadata };
/** On the device's stream: its activity went to the user, the device starts afresh. */
export type HandOver = { type: 'HandOver'; data: { userId: string }; metadata: Metadata };

export type ListenerCommand = Serve | Replay | Choose | RemoveMatch | SaveLyrics | Merge | HandOver;

/** add_play within this long after the player served the beat is the same play. */
export const REPLAY_WINDOW_MS = 10 * 60_000;

/** The listener has used up the plays of `day` (a `limit` of null: no limit). */
export const isOverLimit = (state: ListenerState, day: string, limit: number | null) =>
  limit !== null && (state.days[day] ?? 0) >= limit;

export const overLimitError = () => new DomainError('overlimit_plays', MATCHMAKER_MESSAGES.overlimit, 429);

export function serve({ data, metadata }: Serve, state: ListenerState): ListenerEvent[] {
  if (isOverLimit(state, data.day, data.limit)) throw overLimitError();
  return [{ type: 'BeatServed', data: { ...data.beat, day: data.day, at: metadata.now.toISOString() } }];
}

export function replay({ data, metadata }: Replay, state: ListenerState): ListenerEvent[] {
  // The player reports a beat it was just served: that play is already counted and published.
  const served = state.served[data.beat.beatId];
  if (served && metadata.now.getTime() - Date.parse(served.at) < REPLAY_WINDOW_MS) return [];
  return [{ type: 'BeatReplayed', data: { ...data.beat, at: metadata.now.toISOString() } }];
}

export function choose({ data, metadata }: Choose, state: ListenerState): ListenerEvent[] {
  if (state.matched[data.beat.beatId]) {
    if (data.strict) throw new DomainError('already_matched', MATCHMAKER_MESSAGES.alreadyInMatchList, 409);
    return [];
  }
  const type = data.choice === 'match' ? 'BeatMatched' : 'BeatPassed';
  return [{ type, data: { ...data.beat, at: metadata.now.toISOString() } }];
}

export function removeMatch({ data, metadata }: RemoveMatch, state: ListenerState): ListenerEvent[] {
  const match = state.matched[data.beatId];
  if (!match) throw new DomainError('not_matched', MATCHMAKER_MESSAGES.notMatched, 404);
  const at = metadata.now.toISOString();
  return [{ type: 'MatchRemoved', data: { beatId: match.beatId, producerId: match.producerId, at } }];
}

export const saveLyrics = ({ data, metadata }: SaveLyrics): ListenerEvent[] => [
  { type: 'LyricsSaved', data: { beatId: data.beatId, lyrics: data.lyrics, at: metadata.now.toISOString() } },
];

export function merge({ data, metadata }: Merge): ListenerEvent[] {
  const { device } = data;
  if (!device.active) return [];
  return [
    {
      type: 'DeviceMerged',
      data: {
        deviceId: data.deviceId,
        matched: Object.values(device.matched),
        passed: Object.values(device.passed),
        served: Object.values(device.served),
        days: device.days,
        at: metadata.now.toISOString(),
      },
    },
  ];
}

export const handOver = ({ data, metadata }: HandOver, state: ListenerState): ListenerEvent[] =>
  state.active
    ? [{ type: 'DeviceHandedOver', data: { userId: data.userId, at: metadata.now.toISOString() } }]
    : [];

export function decide(command: ListenerCommand, state: ListenerState): ListenerEvent[] {
  switch (command.type) {
    case 'Serve':
      return serve(command, state);
    case 'Replay':
      return replay(command, state);
    case 'Choose':
      return choose(command, state);
    case 'RemoveMatch':
      return removeMatch(command, state);
    case 'SaveLyrics':
      return saveLyrics(command);
    case 'Merge':
      return merge(command);
    case 'HandOver':
      return handOver(command, state);
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unexpected)}`);
    }
  }
}

export const listenerDecider: Decider<ListenerState, ListenerCommand, ListenerEvent> = {
  decide,
  evolve,
  initialState,
};

import { DomainError, type Decider } from '@beatmatch/platform';
import { REFERENCE_MESSAGES } from '@beatmatch/contracts';
import {
  evolveSong,
  initialSongState,
  type SongEvent,
  type SongSound,
  type SongSource,
  type SongState,
} from './song';

type Metadata = { now: Date };

export type RequestSong = {
  type: 'RequestSong';
  data: { songId: string; ownerId: string; source: SongSource; title: string; audioUrl: string | null };
  metadata: Metadata;
};
export type RecordAnalysis = { type: 'RecordAnalysis'; data: { sound: SongSound }; metadata: Metadata };
export type RecordFailure = { type: 'RecordFailure'; data: { reason: string }; metadata: Metadata };
export type SongCommand = RequestSong | RecordAnalysis | RecordFailure;

/** Asking again for a song already asked for changes nothing (a retried search, a repeated Spotify pick). */
export function requestSong({ data, metadata }: RequestSong, state: SongState): SongEvent[] {
  if (state.status !== 'none') return [];
  return [{ type: 'SongRequested', data: { ...data, requestedAt: metadata.now.toISOString() } }];
}

/** The first outcome stands: a retried activity records nothing twice. */
export function recordAnalysis({ data, metadata }: RecordAnalysis, state: SongState): SongEvent[] {
  if (state.status === 'none')
    throw new DomainError('track_not_found', REFERENCE_MESSAGES.trackNotFound, 404);
  if (state.status !== 'processing') return [];
  return [{ type: 'SongAnalysed', data: { sound: data.sound, analysedAt: metadata.now.toISOString() } }];
}

export function recordFailure({ data, metadata }: RecordFailure, state: SongState): SongEvent[] {
  if (state.status === 'none')
    throw new DomainError('track_not_found', REFERENCE_MESSAGES.trackNotFound, 404);
  if (state.status !== 'processing') return [];
  return [{ type: 'SongFailed', data: { reason: data.reason, failedAt: metadata.now.toISOString() } }];
}

export function decideSong(command: SongCommand, state: SongState): SongEvent[] {
  switch (command.type) {
    case 'RequestSong':
      return requestSong(command, state);
    case 'RecordAnalysis':
      return recordAnalysis(command, state);
    case 'RecordFailure':
      return recordFailure(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${(unknown as SongCommand).type}`);
    }
  }
}

export const songDecider: Decider<SongState, SongCommand, SongEvent> = {
  decide: decideSong,
  evolve: evolveSong,
  initialState: initialSongState,
};

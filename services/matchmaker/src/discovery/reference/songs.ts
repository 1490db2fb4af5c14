import { createHash } from 'node:crypto';
import { aggregateStream, handleCommand, type EventStore } from '@beatmatch/platform';
import type { BeatDna } from '@beatmatch/contracts';
import { discoveryTagsOf, filterGenresOf, hasVoiceOf } from '../../beats/projection';
import { songDecider, type SongCommand } from './businessLogic';
import { songStream, type SongEvent, type SongSound, type SongSource, type SongState } from './song';

type CommandData<T extends SongCommand['type']> = Extract<SongCommand, { type: T }>['data'];

/** Runs the analysed songs' commands on their streams (time from the service's clock). */
export class SongCommands {
  constructor(
    private readonly store: EventStore,
    private readonly clock: () => Date,
  ) {}

  private run(songId: string, command: Omit<SongCommand, 'metadata'>) {
    const full = { ...command, metadata: { now: this.clock() } } as SongCommand;
    return handleCommand(this.store, songStream(songId), songDecider, full);
  }

  request(data: CommandData<'RequestSong'>) {
    return this.run(data.songId, { type: 'RequestSong', data });
  }

  analysed(songId: string, sound: SongSound) {
    return this.run(songId, { type: 'RecordAnalysis', data: { sound } });
  }

  failed(songId: string, reason: string) {
    return this.run(songId, { type: 'RecordFailure', data: { reason } });
  }

  async get(songId: string): Promise<SongState> {
    return (await aggregateStream<SongState, SongEvent>(this.store, songStream(songId), songDecider)).state;
  }
}

/**
 * The part of a DNA the searches compare beats with, read the way the beat pool reads a beat's DNA
 * (../../beats/projection.ts), so a song and a beat with the same audio describe themselves alike.
 */
export function soundOf(dna: BeatDna): SongSound {
  const strongest = [...dna.moodTags].sort((a, b) => b.score - a.score).slice(0, 3);
  return {
    embedding: dna.embedding,
    bpm: dna.bpm.value,
    musicalKey: dna.keyPrediction.value,
    hasVoice: hasVoiceOf(dna),
    genres: filterGenresOf(dna),
    moods: strongest.map(({ tag }) => tag),
    tags: discoveryTagsOf(dna),
  };
}

/**
 * A song id the same search always gets (a Spotify pick made again, the same link searched twice by
 * one artist): one analysis per owner and source, whatever is retried. Formatted as a UUID.
 */
export function songIdFor(ownerId: string, source: SongSource, reference: string): string {
  const hex = createHash('sha256').update(`${ownerId}\n${source}\n${reference}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

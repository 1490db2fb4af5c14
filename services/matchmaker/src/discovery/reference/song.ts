/**
 * An analysed song (artist-side spec §3): a song an artist pointed at — a video link, a Spotify track or
 * a My Sound upload — as an event-sourced record of its owner. Requested, then analysed by the DNA
 * engine (the sound the searches compare beats with) or failed with the reason the artist reads.
 */
export type SongSource = 'video' | 'streaming' | 'mySound';

/** The part of a DNA the searches use (a type, not an interface, so it fits DomainEvent's data). */
export type SongSound = {
  embedding: number[];
  bpm: number;
  musicalKey: string;
  hasVoice: boolean | null;
  genres: string[];
  moods: string[];
  /** What the My Sound list shows as the song's tags. */
  tags: string[];
};

export type SongEvent =
  | {
      type: 'SongRequested';
      data: {
        songId: string;
        ownerId: string;
        source: SongSource;
        title: string;
        /** The link (or search) the audio is fetched from; null for an upload. */
        audioUrl: string | null;
        requestedAt: string;
      };
    }
  | { type: 'SongAnalysed'; data: { sound: SongSound; analysedAt: string } }
  | { type: 'SongFailed'; data: { reason: string; failedAt: string } };

export type SongState =
  | { status: 'none' }
  | {
      status: 'processing' | 'analysed' | 'failed';
      songId: string;
      ownerId: string;
      source: SongSource;
      title: string;
      audioUrl: string | null;
      sound: SongSound | null;
      reason: string | null;
    };

export const songStream = (songId: string) => `analysedSong-${songId}`;
export const initialSongState = (): SongState => ({ status: 'none' });

export function evolveSong(state: SongState, event: SongEvent): SongState {
  switch (event.type) {
    case 'SongRequested': {
      const { requestedAt: _at, ...song } = event.data;
      return { status: 'processing', ...song, sound: null, reason: null };
    }
    case 'SongAnalysed':
      return state.status === 'none' ? state : { ...state, status: 'analysed', sound: event.data.sound };
    case 'SongFailed':
      return state.status === 'none' ? state : { ...state, status: 'failed', reason: event.data.reason };
  }
}

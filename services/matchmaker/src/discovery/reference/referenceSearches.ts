import {
  REFERENCE_MESSAGES,
  type AnalyzedSong,
  type DiscoveryMatch,
  type SpotifySuggestion,
  type TrackMatches,
  type VideoTrack,
} from '@beatmatch/contracts';
import { HttpProblem, type Logger } from '@beatmatch/platform';
import type { BeatPool } from '../../beats/pool';
import { rankSimilar } from '../similarity';
import { matchCard } from '../similarity/matchCard';
import type { AnalysedSongs, SongRow } from './readModel';
import type { SongSound } from './song';
import { songIdFor, type SongCommands } from './songs';
import { SpotifyUnavailable, type SpotifyCatalogue } from './spotify';
import type { StartAnalysis } from './temporal';
import { VideoLinkError, type VideoLinkFetcher } from './videoLink';

/** How many matches a reference song shows. */
export const REFERENCE_MATCHES = 20;

export interface ReferenceSearchDeps {
  songs: SongCommands;
  analysed: AnalysedSongs;
  pool: BeatPool;
  fetcher: VideoLinkFetcher;
  /** Null: no Spotify credentials configured (the page says so). */
  spotify: SpotifyCatalogue | null;
  /** Where a Spotify track's audio is looked for, from its title and artist (./config.ts). */
  audioSearch: (query: string) => string;
  /** Null: no Temporal (songs stay processing until a worker starts). */
  startAnalysis: StartAnalysis | null;
  logger: Logger;
}

const trackOf = (row: SongRow): VideoTrack => ({
  trackId: row.songId,
  title: row.title,
  uploading: row.status === 'processing' ? 1 : 0,
  ...(row.status === 'failed' ? { error: row.reason ?? REFERENCE_MESSAGES.analysisFailed } : {}),
});

/** Spec §3 Analyzed song: tags once analysed, none while processing. */
export const analyzedSongOf = (row: SongRow): AnalyzedSong => ({
  beatId: row.songId,
  beatName: row.title,
  ...(row.sound ? { beatTags: row.sound.tags } : {}),
  ...(row.status === 'failed' ? { error: row.reason ?? REFERENCE_MESSAGES.analysisFailed } : {}),
});

/** The beats that fit a sound, best first, each with its why (the similarity core). */
export async function matchesFor(
  pool: BeatPool,
  sound: SongSound,
  limit = REFERENCE_MATCHES,
): Promise<DiscoveryMatch[]> {
  const reference = {
    embedding: sound.embedding,
    bpm: sound.bpm,
    musicalKey: sound.musicalKey,
    hasVoice: sound.hasVoice,
    genres: sound.genres,
    moods: sound.moods,
  };
  const ranked = rankSimilar(await pool.activePlayable(), reference, { limit });
  return ranked.map(matchCard);
}

/** The video-link, streaming-track and My Sound searches (artist-side spec §2, §4, §7). */
export class ReferenceSearches {
  constructor(private readonly deps: ReferenceSearchDeps) {}

  /** Checks the link (a 422 with the reason), records the song and starts its analysis. */
  async searchVideo(ownerId: string, url: string, title: string) {
    try {
      await this.deps.fetcher.probe(url);
    } catch (error) {
      if (error instanceof VideoLinkError) throw new HttpProblem(422, error.message, error.code);
      throw error;
    }
    const songId = songIdFor(ownerId, 'video', url);
    await this.request(songId, { ownerId, source: 'video', title, audioUrl: url });
    const tracks = (await this.deps.analysed.ofOwner(ownerId, 'video')).map(trackOf);
    return { track: tracks.find((track) => track.trackId === songId)!, tracks };
  }

  /** An analysed song of the caller with its matches (none while processing or failed). */
  async trackMatches(ownerId: string, trackId: string): Promise<TrackMatches> {
    const row = await this.deps.analysed.find(trackId);
    if (!row || row.ownerId !== ownerId)
      throw new HttpProblem(404, REFERENCE_MESSAGES.trackNotFound, 'track_not_found');
    const beats = row.status === 'analysed' && row.sound ? await matchesFor(this.deps.pool, row.sound) : [];
    return { track: trackOf(row), beats };
  }

  async spotifySuggestions(input: string): Promise<SpotifySuggestion[]> {
    return this.spotifyCall((spotify) => spotify.search(input));
  }

  /** A Spotify track's song: its audio found by title and artist, analysed like a video link's. */
  async spotifySimilar(ownerId: string, spotifyId: string): Promise<TrackMatches> {
    const songId = songIdFor(ownerId, 'streaming', spotifyId);
    if (!(await this.deps.analysed.find(songId))) {
      const track = await this.spotifyCall((spotify) => spotify.track(spotifyId));
      if (!track) throw new HttpProblem(404, REFERENCE_MESSAGES.spotifyTrackNotFound, 'track_not_found');
      const title = `${track.songName} – ${track.artistName}`;
      const audioUrl = this.deps.audioSearch(`${track.songName} ${track.artistName}`);
      await this.request(songId, { ownerId, source: 'streaming', title, audioUrl });
    }
    return this.trackMatches(ownerId, songId);
  }

  async mySound(ownerId: string): Promise<AnalyzedSong[]> {
    return (await this.deps.analysed.ofOwner(ownerId, 'mySound')).map(analyzedSongOf);
  }

  private async request(
    songId: string,
    song: { ownerId: string; source: 'video' | 'streaming'; title: string; audioUrl: string },
  ) {
    const { newEvents } = await this.deps.songs.request({ songId, ...song });
    if (!newEvents.length) return;
    // A song that could not be started now stays processing; the worker starts it when it starts.
    await this.deps
      .startAnalysis?.(songId)
      .catch((error: unknown) =>
        this.deps.logger.error({ err: error, songId }, 'the analysis could not be started'),
      );
  }

  private async spotifyCall<T>(call: (spotify: SpotifyCatalogue) => Promise<T>): Promise<T> {
    const spotify = this.deps.spotify;
    if (!spotify)
      throw new HttpProblem(503, REFERENCE_MESSAGES.spotifyNotConfigured, 'spotify_not_configured');
    try {
      return await call(spotify);
    } catch (error) {
      if (!(error instanceof SpotifyUnavailable)) throw error;
      this.deps.logger.warn({ err: error }, 'Spotify unavailable');
      throw new HttpProblem(503, REFERENCE_MESSAGES.spotifyUnavailable, 'spotify_unavailable');
    }
  }
}

// The matchmaker's calls as the artist pages make them (artist-side spec §7): the swipe player, the
// match count, the Match List, Play History and lyrics, and the visitor's device uuid they all carry.
import type {
  BeatPlayRequest,
  BeatPlayResponse,
  LyricsResponse,
  MatchListResponse,
  PlayHistoryResponse,
} from '@beatmatch/contracts';
import { ApiError, type ApiClient } from './apiClient';
import type { DeviceId } from './device';

/** The route names (spec §7, `{product}` = beatmatch). */
export const MATCHMAKER_ROUTES = {
  exclude: '/api/beatmatch_exclude',
  beatPlay: '/api/beatmatch_beat_play',
  loadBeatParam: '/api/beatmatch_load_beat_param',
  snippet: '/api/beatmatch_beat_play_snippet',
  totalBeats: '/api/total_beats',
  addPlay: '/api/add_play',
  matchCount: '/api/get_match_count',
  matchList: '/api/beatmatch_matchlist',
  matchListRemove: '/api/beatmatch_matchlist_remove',
  addToMatchList: '/api/beatmatch_add_to_match_list',
  playHistory: '/api/beatmatch_play_history',
  getLyrics: '/api/get_lyrics',
  saveLyrics: '/api/save_lyrics',
} as const;

/**
 * The matchmaker's answer to a visitor whose browser has no device cookie (the gateway vouches for a
 * device only through the cookie the exclude call sets; services/matchmaker/README.md).
 */
const DEVICE_REQUIRED = 'uuid_required';

/** The snippet's address (a public GET the audio element plays, with Range requests). */
export const snippetSource = (beatId: string) =>
  `${MATCHMAKER_ROUTES.snippet}?beatId=${encodeURIComponent(beatId)}`;

export interface MatchmakerClient {
  /** The device uuid a visitor is known by (the SDK's `device.ensure`, spec §4 Swipe player). */
  deviceUuid(): Promise<string>;
  /** The next beat (after recording `choiceType` on `beatId` when given), or `{ message }`. */
  beatPlay(request: Omit<BeatPlayRequest, 'uuid'>): Promise<BeatPlayResponse>;
  loadBeatParam(beatId: string): Promise<BeatPlayResponse>;
  totalBeats(): Promise<{ beats: number }>;
  /** A replay of a beat from a list (the player's own beats count when served). */
  addPlay(audioSrc: string): Promise<unknown>;
  matchCount(): Promise<{ matches: number }>;
  matchList(): Promise<MatchListResponse>;
  removeMatch(beatId: string): Promise<unknown>;
  addToMatchList(request: {
    beatId: string;
    beatName?: string;
    freeTextSearch: boolean;
  }): Promise<{ message: string }>;
  playHistory(): Promise<PlayHistoryResponse>;
  getLyrics(beatId: string): Promise<LyricsResponse>;
  saveLyrics(beatId: string, lyrics: string): Promise<LyricsResponse>;
}

/** The listener's time zone, so the 25-plays day is theirs (UTC when the browser does not say). */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function createMatchmakerClient(api: ApiClient, device: DeviceId): MatchmakerClient {
  /**
   * A call that carries the device uuid. A browser that stored its uuid before the device cookie existed
   * (or lost its cookies) is refused as a visitor without a device: it asks for its device once (exclude)
   * and repeats the call.
   */
  async function withDevice<T>(route: string, body: object): Promise<T> {
    const send = async () => api.post<T>(route, { ...body, uuid: await device.ensure() });
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof ApiError && error.code === DEVICE_REQUIRED)) throw error;
      await device.issue();
      return send();
    }
  }

  return {
    deviceUuid: device.ensure,
    beatPlay: (request) =>
      withDevice(MATCHMAKER_ROUTES.beatPlay, { ...request, timeZone: browserTimeZone() }),
    loadBeatParam: (beatId) =>
      withDevice(MATCHMAKER_ROUTES.loadBeatParam, { beatId, timeZone: browserTimeZone() }),
    totalBeats: () => api.post(MATCHMAKER_ROUTES.totalBeats, {}),
    addPlay: (audioSrc) => withDevice(MATCHMAKER_ROUTES.addPlay, { audioSrc }),
    matchCount: () => withDevice(MATCHMAKER_ROUTES.matchCount, {}),
    matchList: () => withDevice(MATCHMAKER_ROUTES.matchList, {}),
    removeMatch: (beatId) => withDevice(MATCHMAKER_ROUTES.matchListRemove, { beatId }),
    addToMatchList: (request) => withDevice(MATCHMAKER_ROUTES.addToMatchList, request),
    playHistory: () => withDevice(MATCHMAKER_ROUTES.playHistory, {}),
    getLyrics: (beatId) => withDevice(MATCHMAKER_ROUTES.getLyrics, { beatId }),
    saveLyrics: (beatId, lyrics) => withDevice(MATCHMAKER_ROUTES.saveLyrics, { beatId, lyrics }),
  };
}

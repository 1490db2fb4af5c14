// The matchmaker's calls as the artist pages make them (artist-side spec §7): the swipe player, the
// match count, the Match List, Play History and lyrics, and the visitor's device uuid they all carry.
import type {
  BeatPlayRequest,
  BeatPlayResponse,
  LyricsResponse,
  MatchListResponse,
  PlayHistoryResponse,
} from '@beatmatch/contracts';
import type { ApiClient } from './apiClient';

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

/** Where the shell keeps the device uuid (frontends/shell/src/session/storage.ts). */
const DEVICE_KEY = 'uuid';

/** The snippet's address (a public GET the audio element plays, with Range requests). */
export const snippetSource = (beatId: string) =>
  `${MATCHMAKER_ROUTES.snippet}?beatId=${encodeURIComponent(beatId)}`;

export interface MatchmakerClient {
  /**
   * The device uuid a visitor is known by: the stored one, or (first visit) one the gateway hands out
   * through the exclude call, stored unless another tab stored one meanwhile (spec §4 Swipe player).
   */
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

export function createMatchmakerClient(
  api: ApiClient,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): MatchmakerClient {
  let pending: Promise<string> | undefined;

  function deviceUuid(): Promise<string> {
    const known = storage.getItem(DEVICE_KEY);
    if (known) return Promise.resolve(known);
    pending ??= api
      .post<{ uuid: string }>(MATCHMAKER_ROUTES.exclude, {})
      .then(({ uuid }) => {
        if (!storage.getItem(DEVICE_KEY)) storage.setItem(DEVICE_KEY, uuid);
        return storage.getItem(DEVICE_KEY) ?? uuid;
      })
      .finally(() => (pending = undefined));
    return pending;
  }

  const withUuid = async <T extends object>(body: T) => ({ ...body, uuid: await deviceUuid() });

  return {
    deviceUuid,
    beatPlay: async (request) =>
      api.post(MATCHMAKER_ROUTES.beatPlay, await withUuid({ ...request, timeZone: browserTimeZone() })),
    loadBeatParam: async (beatId) =>
      api.post(MATCHMAKER_ROUTES.loadBeatParam, await withUuid({ beatId, timeZone: browserTimeZone() })),
    totalBeats: () => api.post(MATCHMAKER_ROUTES.totalBeats, {}),
    addPlay: async (audioSrc) => api.post(MATCHMAKER_ROUTES.addPlay, await withUuid({ audioSrc })),
    matchCount: async () => api.post(MATCHMAKER_ROUTES.matchCount, await withUuid({})),
    matchList: async () => api.post(MATCHMAKER_ROUTES.matchList, await withUuid({})),
    removeMatch: async (beatId) => api.post(MATCHMAKER_ROUTES.matchListRemove, await withUuid({ beatId })),
    addToMatchList: async (request) => api.post(MATCHMAKER_ROUTES.addToMatchList, await withUuid(request)),
    playHistory: async () => api.post(MATCHMAKER_ROUTES.playHistory, await withUuid({})),
    getLyrics: async (beatId) => api.post(MATCHMAKER_ROUTES.getLyrics, await withUuid({ beatId })),
    saveLyrics: async (beatId, lyrics) =>
      api.post(MATCHMAKER_ROUTES.saveLyrics, await withUuid({ beatId, lyrics })),
  };
}

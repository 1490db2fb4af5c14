// The matchmaker's calls as the artist pages make them (artist-side spec §7): the swipe player, the
// match count, the Match List, Play History and lyrics, and the visitor's device uuid they all carry.
import type { BeatPlayRequest, CallAnswer, CallRequest } from '@beatmatch/contracts';
import { ApiError, type ApiClient } from './apiClient';
import { callAddress, type CallArgs, type JsonCallName } from './callAddress';
import type { DeviceId } from './device';

/**
 * The matchmaker's answer to a visitor whose browser has no device cookie (the gateway vouches for a
 * device only through the cookie the exclude call sets; services/matchmaker/README.md).
 */
const DEVICE_REQUIRED = 'uuid_required';

/** The snippet's address (a public GET the audio element plays, with Range requests). */
export const snippetSource = (beatId: string) => callAddress('beatmatch_beat_play_snippet', { beatId });

export interface MatchmakerClient {
  /** The device uuid a visitor is known by (the SDK's `device.ensure`, spec §4 Swipe player). */
  deviceUuid(): Promise<string>;
  /** The next beat (after recording `choiceType` on `beatId` when given), or `{ message }`. */
  beatPlay(request: Omit<BeatPlayRequest, 'uuid'>): Promise<CallAnswer<'beatmatch_beat_play'>>;
  loadBeatParam(beatId: string): Promise<CallAnswer<'beatmatch_load_beat_param'>>;
  totalBeats(): Promise<CallAnswer<'total_beats'>>;
  /** A replay of a beat from a list (the player's own beats count when served). */
  addPlay(audioSrc: string): Promise<CallAnswer<'add_play'>>;
  matchCount(): Promise<CallAnswer<'get_match_count'>>;
  matchList(): Promise<CallAnswer<'beatmatch_matchlist'>>;
  removeMatch(beatId: string): Promise<CallAnswer<'beatmatch_matchlist_remove'>>;
  addToMatchList(request: {
    beatId: string;
    beatName?: string;
    freeTextSearch: boolean;
  }): Promise<CallAnswer<'beatmatch_add_to_match_list'>>;
  playHistory(): Promise<CallAnswer<'beatmatch_play_history'>>;
  getLyrics(beatId: string): Promise<CallAnswer<'get_lyrics'>>;
  saveLyrics(beatId: string, lyrics: string): Promise<CallAnswer<'save_lyrics'>>;
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
  async function withDevice<N extends JsonCallName>(
    name: N,
    request: Omit<CallRequest<N>, 'uuid'>,
  ): Promise<CallAnswer<N>> {
    // The request of N with its uuid (TypeScript cannot follow a spread of a generic request).
    const send = async () =>
      api.call(name, ...([{ ...request, uuid: await device.ensure() }] as CallArgs<N>));
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
    beatPlay: (request) => withDevice('beatmatch_beat_play', { ...request, timeZone: browserTimeZone() }),
    loadBeatParam: (beatId) =>
      withDevice('beatmatch_load_beat_param', { beatId, timeZone: browserTimeZone() }),
    totalBeats: () => api.call('total_beats'),
    addPlay: (audioSrc) => withDevice('add_play', { audioSrc }),
    matchCount: () => withDevice('get_match_count', {}),
    matchList: () => withDevice('beatmatch_matchlist', {}),
    removeMatch: (beatId) => withDevice('beatmatch_matchlist_remove', { beatId }),
    addToMatchList: (request) => withDevice('beatmatch_add_to_match_list', request),
    playHistory: () => withDevice('beatmatch_play_history', {}),
    getLyrics: (beatId) => withDevice('get_lyrics', { beatId }),
    saveLyrics: (beatId, lyrics) => withDevice('save_lyrics', { beatId, lyrics }),
  };
}

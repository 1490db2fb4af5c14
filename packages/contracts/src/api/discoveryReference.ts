import { z } from 'zod';
import type { Entitlements } from '../commerce';
import { declareCall } from './call';
import { discoveryMatchSchema } from './discovery';

/*
 * The reference-track searches (artist-side spec §2 Video-site search, Streaming-service search, My
 * Sound Analyzer; §3 Analyzed song; §7): an artist points at a song (a video link, a Spotify track, an
 * uploaded mp3), the matchmaker analyses its audio with the DNA engine and answers the beats that fit.
 */

/** What the searches tell the artist (spec §8 leaves the wording of these refusals to us). */
export const REFERENCE_MESSAGES = {
  trackTitleRequired: 'Please enter a track title.',
  trackTitleTooLong: 'The track title can be at most 200 characters.',
  urlRequired: 'Please enter a YouTube URL.',
  urlInvalid: 'Please enter a valid video link (https://…).',
  notAVideo: 'That link is not a video. Please check the YouTube URL.',
  privateVideo: 'That video is private. Please choose a public video.',
  tooLong: 'That video is longer than 15 minutes. Please choose a single song.',
  unreachable: 'That link could not be reached. Please check the URL and try again.',
  analysisFailed: 'We could not analyse that song. Please try another one.',
  trackNotFound: 'Track not found.',
  inputRequired: 'Please type a song or an artist.',
  inputTooLong: 'The search can be at most 200 characters.',
  spotifyIdInvalid: 'Please choose a track from the list.',
  spotifyTrackNotFound: 'That Spotify track does not exist.',
  spotifyNotConfigured: 'Spotify Search is not available on this server yet.',
  spotifyUnavailable: 'Spotify is not answering right now. Please try again in a few minutes.',
  noAudioFound: 'We could not find the audio of that track. Please try another one.',
  /** Video and streaming search below Professional (spec §6). */
  noAccess: 'No Access',
} as const;

/** Spec §9: suggestions are asked for after a 400 ms pause in typing. */
export const SUGGESTION_PAUSE_MS = 400;

/** The longest song a link may point at (issue 25: a single song, not a mix or a stream). */
export const MAX_REFERENCE_SECONDS = 15 * 60;

/** What the plan rules read: the artist plan (null: none) and the lifetime membership. */
type PlanHolder = Pick<Entitlements, 'lifer'> & { artistPlan: string | null };

/** Spec §6: YouTube Search and Spotify Search from Professional; lifetime members have every plan. */
export const canSearchByReference = (e: PlanHolder) =>
  e.lifer || e.artistPlan === 'artist_professional' || e.artistPlan === 'artist_unlimited';
/** Spec §6: My Sound Analyzer only on Unlimited (artist_unlimited). */
export const canAnalyseMySound = (e: PlanHolder) => e.lifer || e.artistPlan === 'artist_unlimited';

const trackId = z.uuid({ error: REFERENCE_MESSAGES.trackNotFound });

/** Spec §3 Video-site track result: trackId, title, uploading (positive: still processing). */
export const videoTrackSchema = z.object({
  trackId: z.string(),
  title: z.string(),
  /** 1 while the audio is fetched and analysed, 0 once done (the list can show matches). */
  uploading: z.number().int().min(0).max(1),
  /** Why the track has no matches (a link that could not be read, audio the engine could not use). */
  error: z.string().optional(),
});
export type VideoTrack = z.infer<typeof videoTrackSchema>;

/** A track with its match cards (./discovery.ts): none while it is processing or failed. */
export const trackMatchesSchema = z.object({
  track: videoTrackSchema,
  beats: z.array(discoveryMatchSchema),
});
export type TrackMatches = z.infer<typeof trackMatchesSchema>;

export const youtubeSearchRequestSchema = z.object({
  url: z
    .string({ error: REFERENCE_MESSAGES.urlRequired })
    .trim()
    .min(1, REFERENCE_MESSAGES.urlRequired)
    .max(2048, REFERENCE_MESSAGES.urlInvalid)
    .refine(
      (value) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value),
      REFERENCE_MESSAGES.urlInvalid,
    ),
  trackTitle: z
    .string({ error: REFERENCE_MESSAGES.trackTitleRequired })
    .trim()
    .min(1, REFERENCE_MESSAGES.trackTitleRequired)
    .max(200, REFERENCE_MESSAGES.trackTitleTooLong),
});

/** Spec §3 Streaming track option: id, songName, artistName, coverArt. */
export const spotifySuggestionSchema = z.object({
  id: z.string(),
  songName: z.string(),
  artistName: z.string(),
  coverArt: z.string().nullable(),
});
export type SpotifySuggestion = z.infer<typeof spotifySuggestionSchema>;

/** Spotify's track ids: 22 base-62 characters. */
const spotifyId = z
  .string({ error: REFERENCE_MESSAGES.spotifyIdInvalid })
  .regex(/^[0-9A-Za-z]{22}$/, REFERENCE_MESSAGES.spotifyIdInvalid);

/** Spec §3 Analyzed song: beatId, beatName, beatTags (absent while processing). */
export const analyzedSongSchema = z.object({
  beatId: z.string(),
  beatName: z.string(),
  beatTags: z.array(z.string()).optional(),
  /** Why the song has no tags (the engine could not use its audio). */
  error: z.string().optional(),
});
export type AnalyzedSong = z.infer<typeof analyzedSongSchema>;

/** The reference-track searches' calls (matchmaker). */
export const discoveryReferenceCalls = {
  beatmatch_youtube_search: declareCall({
    service: 'matchmaker',
    path: '/discovery/reference/video',
    method: 'post',
    summary:
      "Analyse a video link's audio (Professional and Unlimited): the new track, processing, and the caller's tracks",
    access: 'plan',
    request: youtubeSearchRequestSchema,
    answer: z.object({ track: videoTrackSchema, tracks: z.array(videoTrackSchema) }),
  }),
  beatmatch_youtube_find: declareCall({
    service: 'matchmaker',
    path: '/discovery/reference/matches',
    method: 'post',
    summary: "An analysed song's matches (a video track, a Spotify track or a My Sound upload)",
    access: 'plan',
    request: z.object({ trackId }),
    answer: trackMatchesSchema,
  }),
  spotify_input: declareCall({
    service: 'matchmaker',
    path: '/discovery/reference/spotify/suggestions',
    method: 'post',
    summary: 'Spotify tracks for what the artist typed (song, artist, cover)',
    access: 'plan',
    request: z.object({
      input: z
        .string({ error: REFERENCE_MESSAGES.inputRequired })
        .trim()
        .min(1, REFERENCE_MESSAGES.inputRequired)
        .max(200, REFERENCE_MESSAGES.inputTooLong),
    }),
    answer: z.object({ suggestions: z.array(spotifySuggestionSchema) }),
  }),
  spotify_similar_search: declareCall({
    service: 'matchmaker',
    path: '/discovery/reference/spotify/similar',
    method: 'post',
    summary: "Beats like a Spotify track, from the track's audio (processing until analysed)",
    access: 'plan',
    request: z.object({ spotifyId }),
    answer: trackMatchesSchema,
  }),
  beatmatch_my_sound: declareCall({
    service: 'matchmaker',
    path: '/discovery/reference/my-sound',
    method: 'get',
    summary: "The caller's analysed My Sound uploads (Unlimited), newest first",
    access: 'plan',
    answer: z.object({ songs: z.array(analyzedSongSchema) }),
  }),
};

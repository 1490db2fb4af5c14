import { z } from 'zod';
import { GENRES } from './catalog/genres';
import { messageAnswer } from './api/call';

/*
 * The matchmaker's API as the artist pages call it (artist-side spec §3, §4, §5, §7, §8, §9): the swipe
 * player, the Match List, Play History and lyrics. A listener is the signed-in user, or a visitor's
 * device — the uuid the exclude call issued to this browser, which the gateway vouches for from its
 * signed device cookie (the `uuid` in the body keeps the spec's call shape but chooses no listener); a
 * signed-in call from the browser holding a device takes that device's plays, passes and matches over
 * to the account (once per new activity). services/matchmaker/README.md, "Listeners, visitors and sign-in".
 */

export const MATCHMAKER_MESSAGES = {
  noBeat: 'No beat found! Please reload or adjust filters.',
  overlimit: 'overlimit plays',
  /** What the player shows for 'overlimit plays' (spec §8). */
  overlimitText: '25 plays a day limit reached. Please upgrade to Marketplace Pro to have unlimited.',
  uuidRequired: 'A device id (uuid) is required.',
  uuidInvalid: 'Invalid device id.',
  beatRequired: 'Please choose a beat.',
  beatNotFound: 'Beat not found.',
  notMatched: 'This beat is not in your Match List.',
  choiceType: "choiceType must be 'pass' or 'match'.",
  genre: 'Unknown genre.',
  musicalKey: 'Unknown key.',
  tempo: 'Tempo must be two numbers from 0 to 200, low to high.',
  timeZone: 'Unknown time zone.',
  lyricsTooLong: 'Lyrics can be at most 20000 characters.',
  lyricsText: 'Lyrics must be text.',
  noAccess: 'No Access',
  unauthenticated: 'User not authenticated',
  addedToMatchList: 'Added to your Match List!',
  alreadyInMatchList: 'This beat is already in your Match List.',
  audioSrc: 'audioSrc must name a beat.',
} as const;

/** Free plays per listener-day and matches viewable without a paid artist plan (spec §9). */
export const FREE_PLAYS_PER_DAY = 25;
export const FREE_VIEWABLE_MATCHES = 20;

/** The Filters dialog's genres (besides 'all'), spec §3, in its order: the catalog's genres. */
export const FILTER_GENRES = GENRES;
export type FilterGenre = (typeof FILTER_GENRES)[number];

/** The 24 keys as the dialog lists them and the DNA names them: 'A minor' … 'F major'. */
export const FILTER_KEYS = [
  ...['A', 'E', 'B', 'F#', 'C#', 'G#', 'D#', 'Bb', 'F', 'C', 'G', 'D'].map((tonic) => `${tonic} minor`),
  ...['C', 'G', 'D', 'A', 'E', 'B', 'F#', 'Db', 'Ab', 'Eb', 'Bb', 'F'].map((tonic) => `${tonic} major`),
] as readonly string[];

/** Text without NUL bytes or lone surrogates (they cannot be stored or shown). */
const cleanText = (value: string) =>
  !value.includes('\u0000') &&
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);

const uuid = z
  .string({ error: MATCHMAKER_MESSAGES.uuidInvalid })
  .trim()
  .min(1, MATCHMAKER_MESSAGES.uuidRequired)
  .max(64, MATCHMAKER_MESSAGES.uuidInvalid)
  .regex(/^[A-Za-z0-9-]+$/, MATCHMAKER_MESSAGES.uuidInvalid);
/** The spec's `uuid` field: checked, but the listener is the caller the gateway vouches for. */
const optionalUuid = z.union([uuid, z.null()]).optional();
const beatId = z
  .string({ error: MATCHMAKER_MESSAGES.beatRequired })
  .trim()
  .min(1, MATCHMAKER_MESSAGES.beatRequired)
  .max(100, MATCHMAKER_MESSAGES.beatNotFound);

const genre = z
  .union([z.string(), z.null()], { error: MATCHMAKER_MESSAGES.genre })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === '' || value === 'all') return null;
    if (!(FILTER_GENRES as readonly string[]).includes(value)) {
      ctx.addIssue({ code: 'custom', message: MATCHMAKER_MESSAGES.genre });
      return z.NEVER;
    }
    return value as FilterGenre;
  });

const musicalKey = z
  .union([z.array(z.string({ error: MATCHMAKER_MESSAGES.musicalKey }).max(20)).max(24), z.null()], {
    error: MATCHMAKER_MESSAGES.musicalKey,
  })
  .optional()
  .transform((value, ctx) => {
    if (!value || value.length === 0) return null;
    if (value.some((key) => !FILTER_KEYS.includes(key))) {
      ctx.addIssue({ code: 'custom', message: MATCHMAKER_MESSAGES.musicalKey });
      return z.NEVER;
    }
    return [...new Set(value)];
  });

const tempo = z
  .union([z.tuple([z.number(), z.number()]), z.null()], { error: MATCHMAKER_MESSAGES.tempo })
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const [low, high] = value;
    if (!Number.isFinite(low) || !Number.isFinite(high) || low < 0 || high > 200 || low > high) {
      ctx.addIssue({ code: 'custom', message: MATCHMAKER_MESSAGES.tempo });
      return z.NEVER;
    }
    // The default 0 to 200 means no tempo filter (spec §5).
    return low === 0 && high === 200 ? null : ([low, high] as [number, number]);
  });

/** An IANA time zone name (the listener's day for the play limit, the producer's dashboard days); UTC when absent. */
export const timeZone = z
  .string({ error: MATCHMAKER_MESSAGES.timeZone })
  .max(64, MATCHMAKER_MESSAGES.timeZone)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, MATCHMAKER_MESSAGES.timeZone)
  .optional()
  .nullable();

const choiceType = z.enum(['pass', 'match'], { error: MATCHMAKER_MESSAGES.choiceType });

/**
 * `_beat_play`: the next beat, after recording the choice on `beatId` when `choiceType` is given.
 * `seconds` repeats `choiceType` (spec §7) and is ignored. `timeZone` (optional, IANA, e.g.
 * 'Europe/Berlin') sets the listener's day for the 25-plays limit.
 */
export const beatPlayRequestSchema = z.object({
  uuid: optionalUuid,
  genre,
  musicalKey,
  tempo,
  beatId: beatId.optional().nullable(),
  choiceType: choiceType.optional().nullable(),
  seconds: z.unknown().optional(),
  timeZone,
});
export type BeatPlayRequest = z.input<typeof beatPlayRequestSchema>;

/** A listener-only call (`get_match_count`, `_matchlist`, `_play_history`). */
export const listenerRequestSchema = z.object({ uuid: optionalUuid });

export const loadBeatParamRequestSchema = z.object({ beatId, uuid: optionalUuid, timeZone });
export const matchListRemoveRequestSchema = z.object({ beatId, uuid: optionalUuid });
export const addToMatchListRequestSchema = z.object({
  beatId,
  beatName: z.string().max(200).optional().nullable(),
  uuid: optionalUuid,
  freeTextSearch: z.boolean().optional().nullable(),
});
/** `add_play`: `audioSrc` is the snippet URL that started playing (its `beatId` names the beat). */
/** A replay names its beat, or the snippet address it plays (whose beatId the service reads). */
export const addPlayRequestSchema = z
  .object({
    audioSrc: z.string().max(2048).optional().nullable(),
    beatId: beatId.optional().nullable(),
    uuid: optionalUuid,
  })
  .refine((request) => Boolean(request.beatId || request.audioSrc), MATCHMAKER_MESSAGES.audioSrc);
export const getLyricsRequestSchema = z.object({ beatId, uuid: optionalUuid });
export const saveLyricsRequestSchema = z.object({
  beatId,
  uuid: optionalUuid,
  lyrics: z
    .string({ error: MATCHMAKER_MESSAGES.lyricsText })
    .max(20_000, MATCHMAKER_MESSAGES.lyricsTooLong)
    .refine(cleanText, MATCHMAKER_MESSAGES.lyricsText),
});

/**
 * `_beat_play_snippet`'s query: one `beatId` (none, or several, is no beat). Not trimmed: the snippet
 * URL carries the id exactly.
 */
export const snippetRequestSchema = z.object({
  beatId: z
    .string({ error: MATCHMAKER_MESSAGES.beatRequired })
    .min(1, MATCHMAKER_MESSAGES.beatRequired)
    .max(100, MATCHMAKER_MESSAGES.beatNotFound)
    .describe('The beat'),
});

/** The player's beat (spec §3 Player beat) plus `why`: a short line on why this beat was chosen. */
export const playerBeatSchema = z.object({
  beatId: z.string(),
  beatName: z.string(),
  /** The producer's display name. */
  producer: z.string(),
  /** The producer's id (links to /lab/{userId}). */
  userId: z.string(),
  /** Path of the cover image, or null for the default image. */
  coverArtUrl: z.string().nullable(),
  /** The snippet's URL (GET beatmatch_beat_play_snippet?beatId=). */
  audioSrc: z.string(),
  /** e.g. "close to 3 beats you matched: dark trap, 140 BPM, F# minor". */
  why: z.string(),
});
export type PlayerBeat = z.infer<typeof playerBeatSchema>;
/** `_beat_play` answer: a beat, or `{ message }` when none is left. */
export const beatPlayResponseSchema = z.union([playerBeatSchema, messageAnswer]);
export type BeatPlayResponse = z.infer<typeof beatPlayResponseSchema>;

/** Why a Match List / Play History beat can no longer be played. */
export const UNAVAILABLE_REASONS = {
  deleted: 'This beat was removed by its producer.',
  private: 'This beat is private now.',
  /** Its producer has no subscription: artists cannot hear it (producer-side spec, Manage Beats). */
  inactive: 'This beat is inactive.',
} as const;

/** A package's price: dollars with 2 decimals, '-' when the package is not offered. */
const packagePrice = z.string().regex(/^(\d+\.\d{2}|-)$/);

/** A Match List / Play History row. `available` is false once the beat was deleted or made private. */
export const matchListEntrySchema = z.object({
  beatId: z.string(),
  beatName: z.string(),
  producer: z.string(),
  producerName: z.string(),
  userId: z.string(),
  coverArtUrl: z.string().nullable(),
  audioSrc: z.string(),
  firstDatePackage: packagePrice,
  relationshipPackage: packagePrice,
  marriagePackage: packagePrice,
  available: z.boolean(),
  /** Why a beat is not available (UNAVAILABLE_REASONS), null while it is. */
  unavailableReason: z
    .enum([UNAVAILABLE_REASONS.deleted, UNAVAILABLE_REASONS.private, UNAVAILABLE_REASONS.inactive])
    .nullable(),
  /** When it was matched (Match List) or passed (Play History). */
  at: z.iso.datetime(),
});
export type MatchListEntry = z.infer<typeof matchListEntrySchema>;

export const matchListResponseSchema = z.object({
  /** At most 20 (the newest) without a paid artist plan. */
  beat: z.array(matchListEntrySchema),
  activeSubscription: z.boolean(),
  /** Every match of the listener, also those past the 20 shown. */
  total: z.number().int().nonnegative(),
});
export type MatchListResponse = z.infer<typeof matchListResponseSchema>;

export const playHistoryResponseSchema = z.object({
  /** Passed beats not matched since, newest first. */
  beats: z.array(matchListEntrySchema),
});
export type PlayHistoryResponse = z.infer<typeof playHistoryResponseSchema>;

export const lyricsResponseSchema = z.object({
  lyrics: z.string(),
  /** true: the caller is not signed in (lyrics are for accounts). */
  signIn: z.boolean(),
});
export type LyricsResponse = z.infer<typeof lyricsResponseSchema>;

/** `get_match_count`: the listener's number of matches. */
export const matchCountResponseSchema = z.object({ matches: z.number().int().nonnegative() });
/** `beatmatch_matchlist_remove`: removed, and the matches left. */
export const matchListRemoveResponseSchema = z.object({
  removed: z.literal(true),
  matches: z.number().int().nonnegative(),
});
/** `total_beats`: how many beats the player can serve. */
export const totalBeatsResponseSchema = z.object({ beats: z.number().int().nonnegative() });
/** `add_play`: whether the play was recorded (false: the player had just served it, already counted). */
export const addPlayResponseSchema = z.object({ played: z.boolean() });

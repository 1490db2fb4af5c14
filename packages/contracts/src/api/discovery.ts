import { z } from 'zod';
import { matchListEntrySchema } from '../matchmakerApi';
import { declareCall } from './call';

/*
 * Text search (artist-side spec §2 Text search, §5, §6, §7 `_text_search`): an artist describes a sound
 * in their own words ('Heavy and angry with a lot of bass') and gets the beats that fit, as match cards
 * with the prices dialog. Open to everyone, visitors too (§6: the search pages are public).
 */

/** The longest text a search reads (a sentence or two; the sentence model reads 128 tokens). */
export const TEXT_SEARCH_MAX_CHARACTERS = 500;
/** How many beats a search answers. */
export const TEXT_SEARCH_RESULTS = 20;

/** The spec requires the field (§5) and names no message: ours, in the page's words. */
export const TEXT_SEARCH_MESSAGES = {
  textRequired: "Please tell us what's on your mind.",
  textTooLong: `Please describe the sound in at most ${TEXT_SEARCH_MAX_CHARACTERS} characters.`,
} as const;

export const textSearchRequestSchema = z.object({
  textToQuery: z
    .string({ error: TEXT_SEARCH_MESSAGES.textRequired })
    .trim()
    .min(1, TEXT_SEARCH_MESSAGES.textRequired)
    .max(TEXT_SEARCH_MAX_CHARACTERS, TEXT_SEARCH_MESSAGES.textTooLong),
});

/**
 * A match card: the beat's price set (spec §3, for the prices dialog), its player fields, and why it
 * fits. The reference-track searches answer the same cards.
 */
export const discoveryMatchSchema = matchListEntrySchema
  .pick({
    beatId: true,
    beatName: true,
    producer: true,
    producerName: true,
    userId: true,
    coverArtUrl: true,
    audioSrc: true,
    firstDatePackage: true,
    relationshipPackage: true,
    marriagePackage: true,
  })
  .extend({
    /** e.g. "shares dark, Rap Hip Hop · same tempo: dark trap, 140 BPM, A minor". */
    why: z.string(),
  });
export type DiscoveryMatch = z.infer<typeof discoveryMatchSchema>;

export const textSearchAnswerSchema = z.object({ beats: z.array(discoveryMatchSchema) });
export type TextSearchAnswer = z.infer<typeof textSearchAnswerSchema>;

export const discoveryCalls = {
  beatmatch_text_search: declareCall({
    service: 'matchmaker',
    path: '/discovery/text',
    method: 'post',
    summary:
      'Beats that fit a described sound (sentence model over each beat’s DNA, plus the tempo, key, voice, genres and moods the text states)',
    access: 'anonymous',
    request: textSearchRequestSchema,
    answer: textSearchAnswerSchema,
  }),
} as const;

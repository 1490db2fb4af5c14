import { z } from 'zod';
import { beatDnaSchema } from './catalog';
import { contract, instant, type PayloadOf } from './contract';

/*
 * My Sound uploads (producer-side spec §4: mp3 only, `isMySound`): the catalog receives and analyses them
 * like a beat's MP3, but they are an artist's reference songs, never beats for sale, so they travel under
 * contracts of their own (the matchmaker's My Sound Analyzer keeps them, artist-side spec §2, §3).
 */
const song = { songId: z.string().min(1), ownerId: z.string().min(1), name: z.string().min(1) };

/** The upload's MP3 arrived (the analyzer lists the song as processing). */
export const mySoundReceivedV1 = contract(
  'catalog.MySoundReceived',
  1,
  z.object({ ...song, receivedAt: instant }),
);
/** The DNA engine analysed it. */
export const mySoundAnalysedV1 = contract(
  'catalog.MySoundAnalysed',
  1,
  z.object({ ...song, dna: beatDnaSchema, analysedAt: instant }),
);
/** It could not be analysed (the reason the artist reads). */
export const mySoundFailedV1 = contract(
  'catalog.MySoundFailed',
  1,
  z.object({ ...song, reason: z.string(), failedAt: instant }),
);

export type MySoundReceivedPayload = PayloadOf<typeof mySoundReceivedV1>;
export type MySoundAnalysedPayload = PayloadOf<typeof mySoundAnalysedV1>;
export type MySoundFailedPayload = PayloadOf<typeof mySoundFailedV1>;

export const mySoundEventContracts = [mySoundReceivedV1, mySoundAnalysedV1, mySoundFailedV1] as const;

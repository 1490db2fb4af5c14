import { z } from 'zod';
import { SOCIAL_PLATFORMS } from './profileApi';

/*
 * A producer's public store (producer-side spec §2 Public store page, §3 Beat in store lists and Lab
 * response, §7 `{product}_lab`): the catalog answers the beats, identity the profile (a service never
 * reads another's tables).
 */
export const STORE_MESSAGES = {
  loadError: 'Uhoh! We are having trouble loading this Lab. Please try again later.',
  producerRequired: 'Please choose a producer.',
} as const;

const userId = z
  .string({ error: STORE_MESSAGES.producerRequired })
  .trim()
  .min(1, STORE_MESSAGES.producerRequired)
  .max(100, STORE_MESSAGES.producerRequired);
export const labRequestSchema = z.object({ userId });

/** A beat in the store: public, published, in the active crate; its DNA tags for the dropdowns. */
export const labBeatSchema = z.object({
  beatId: z.string(),
  beatName: z.string(),
  producerName: z.string(),
  userId: z.string(),
  coverArtUrl: z.string().nullable(),
  audioSrc: z.string().nullable(),
  beatTags: z.object({
    genreTags: z.array(z.string()),
    subgenreTags: z.array(z.string()),
    moodTags: z.array(z.string()),
  }),
  firstDatePackage: z.string(),
  relationshipPackage: z.string(),
  marriagePackage: z.string(),
});
export type LabBeat = z.infer<typeof labBeatSchema>;
export const labAnswer = z.object({ beats: z.array(labBeatSchema) });

/** A user's public profile (the store's header card). */
export const publicProfileAnswer = z.object({
  /** null: no such user. */
  username: z.string().nullable(),
  description: z.string(),
  profilePic: z.string().nullable(),
  socialMedias: z.array(
    z.object({ platform: z.enum(SOCIAL_PLATFORMS), username: z.string(), url: z.string() }),
  ),
});

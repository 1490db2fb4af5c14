import { z } from 'zod';
import type { Entitlements } from './commerce';

/*
 * Beat packs (producer-side spec §2 Beat Packs manager, Share dialog, Shared pack page; §3 Beat pack,
 * Beat in pack, Shared user, Pack info; §5 share e-mail, verification; §6 pack eligibility, private pack
 * viewing; §7 the pack calls). Flags travel as 1/0 as the spec's entities give them.
 */

export const PACK_MESSAGES = {
  packRequired: 'Please choose a beat pack.',
  packNotFound: 'Beat pack not found.',
  beatRequired: 'Please choose a beat.',
  beatNotYours: 'You can only add your own beats.',
  privateBeatInPublicPack: 'Private beats can not be added to a public pack.',
  beatNotInPack: 'This beat is not in the pack.',
  publicPackNotShared: 'A public pack is shared by its link.',
  emailInvalid: 'Enter a valid email address and click the plus icon to share.',
  emailRequired: 'Please enter your email.',
  codeRequired: 'Please enter the verification code.',
  codeSent:
    'This beat pack is private. If it has been shared with your email, we sent you a verification code.',
  codeWrong: 'That code is not right. Please check your email and try again.',
  codeExpired: 'That code has expired. Please ask for a new one.',
  noDownloadRight: 'You have not been given this download.',
  noStems: 'This beat has no track stems.',
  noAccess: 'No Access',
} as const;

/** The Add Pack menu's entries (spec: 'Add Public Pack'; the issue adds private packs). */
export const PACK_SCOPES = ['Add Public Pack', 'Add Private Pack'] as const;
export const PACK_NAME_MAX = 60;
/** Shares per pack (a guard against a list no one could manage). */
export const PACK_SHARES_MAX = 200;
/** The e-mailed code's length and life; wrong tries before it is dead. */
export const PACK_CODE_DIGITS = 6;
export const PACK_CODE_MINUTES = 15;
export const PACK_CODE_ATTEMPTS = 5;
/** How long a verified visitor may view the packs shared with their address. */
export const PACK_VIEWER_HOURS = 24;

const id = (message: string) => z.string({ error: message }).trim().min(1, message).max(100);
const packId = id(PACK_MESSAGES.packRequired);
const beatId = id(PACK_MESSAGES.beatRequired);
const urlId = id(PACK_MESSAGES.packNotFound);
const bit = z.union([z.literal(0), z.literal(1)]);
const email = z
  .string({ error: PACK_MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .pipe(z.email(PACK_MESSAGES.emailInvalid).max(254, PACK_MESSAGES.emailInvalid));
const viewerEmail = z
  .string({ error: PACK_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .pipe(z.email(PACK_MESSAGES.emailRequired).max(254, PACK_MESSAGES.emailRequired));
/** The token a verified visitor's browser keeps (privatePackSignIn step 2) and sends back. */
const viewerToken = z.string().trim().min(20).max(200).optional();

export const addPackRequestSchema = z.object({
  scope: z.enum(PACK_SCOPES, { error: 'Please choose Add Public Pack or Add Private Pack.' }),
  name: z.string().trim().min(1).max(PACK_NAME_MAX).optional(),
});
export const addBeatInputRequestSchema = z.object({
  input: z.string({ error: PACK_MESSAGES.beatRequired }).trim().min(1, PACK_MESSAGES.beatRequired).max(100),
  beatPackId: packId,
});
export const addBeatToPackRequestSchema = z.object({ beatId, beatPackId: packId });
export const removeBeatFromPackRequestSchema = z.object({ beatId, packId });
export const packIdRequestSchema = z.object({ beatPackId: packId });
export const sharedUserInputSchema = z.object({
  email,
  downloadMp3: bit.default(0),
  downloadStems: bit.default(0),
  deleted: bit.default(0),
});
export const saveUserListRequestSchema = z.object({
  beatPackId: packId,
  list: z.array(sharedUserInputSchema).max(PACK_SHARES_MAX),
});
export const privatePackSignInRequestSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal(1), email: viewerEmail }),
  z.object({
    step: z.literal(2),
    email: viewerEmail,
    code: z
      .string({ error: PACK_MESSAGES.codeRequired })
      .trim()
      .regex(new RegExp(`^\\d{${PACK_CODE_DIGITS}}$`), PACK_MESSAGES.codeWrong),
  }),
]);
export const packUrlRequestSchema = z.object({ urlId });
export const privatePackRequestSchema = z.object({ urlId, access: viewerToken });
export const packListRequestSchema = z.object({ access: viewerToken });
export const PACK_DOWNLOADABLES = ['mp3', 'stems'] as const;
export const packDownloadRequestSchema = z.object({
  downloadable: z.enum(PACK_DOWNLOADABLES, { error: PACK_MESSAGES.noDownloadRight }),
  beatId,
  urlId,
  access: viewerToken,
});

/** A beat in a pack (spec §3 Beat in pack); `id` is the autocomplete option's key. */
export const packBeatSchema = z.object({
  id: z.string(),
  beatId: z.string(),
  beatName: z.string(),
  coverArtUrl: z.string().nullable(),
  isPrivate: z.boolean(),
  downloadMp3: bit,
  downloadStems: bit,
});
export type PackBeat = z.infer<typeof packBeatSchema>;
/** A pack as its producer manages it (spec §3 Beat pack). */
export const beatPackSchema = z.object({
  id: z.string(),
  name: z.string(),
  private: bit,
  url: z.string(),
  beats: z.array(packBeatSchema),
});
export type BeatPack = z.infer<typeof beatPackSchema>;
export const beatPacksAnswer = z.object({ packs: z.array(beatPackSchema) });
export const addPackAnswer = z.object({ pack: beatPackSchema });
export const addBeatInputAnswer = z.object({ data: z.array(packBeatSchema) });
export const addBeatToPackAnswer = z.object({ beat: packBeatSchema });
/** A person a private pack is shared with (spec §3 Shared user). */
export const sharedUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  downloadMp3: bit,
  downloadStems: bit,
  emailSent: bit,
  deleted: bit,
});
export type SharedUser = z.infer<typeof sharedUserSchema>;
export const sharedUsersAnswer = z.object({ users: z.array(sharedUserSchema) });
export const privatePackSignInAnswer = z.union([
  z.object({ step: z.literal(1), message: z.string() }),
  z.object({ step: z.literal(2), access: z.string(), expiresAt: z.iso.datetime() }),
]);
export const packVisibilityAnswer = z.object({ isPrivate: z.boolean() });
/** A pack as the shared pack page shows it (spec §3 Pack info) with its beats. */
export const packViewSchema = z.object({
  name: z.string(),
  producer: z.string(),
  producerId: z.string(),
  beats: z.number().int().nonnegative(),
  isPrivate: z.boolean(),
  signedIn: z.boolean(),
  beatList: z.array(
    packBeatSchema.extend({
      /** The snippet's URL for a public beat; null where there is none (a private upload has no snippet). */
      audioSrc: z.string().nullable(),
      firstDatePackage: z.string(),
      relationshipPackage: z.string(),
      marriagePackage: z.string(),
    }),
  ),
});
export type PackView = z.infer<typeof packViewSchema>;
/** getPackList: the packs shared with the caller, per producer. */
export const packListAnswer = z.object({
  data: z.array(
    z.object({
      producer: z.string(),
      beatPacks: z.array(z.object({ name: z.string(), url: z.string() })),
    }),
  ),
});
export const packDownloadAnswer = z.object({ url: z.string() });

/** Beat pack management needs one of these producer plans (spec §6), or a lifetime membership. */
export const PACK_PLANS = ['producer_professional', 'producer_unlimited'] as const;
export const canManagePacks = (entitlements: Entitlements): boolean =>
  entitlements.lifer || (PACK_PLANS as readonly (string | null)[]).includes(entitlements.producerPlan);

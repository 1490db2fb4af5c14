import { z } from 'zod';
import { BEAT_FILE_TYPES } from './catalog/blobKeys';
import { dnaViewSchema } from './catalog/dna';

/*
 * The catalog's API as the producer pages call it (producer-side spec §7): request bodies and the
 * messages of §5. Prices travel in dollars (2 decimals; the Marriage package '-' when the beat has no
 * stems) and are stored and published in integer cents.
 */

export const CATALOG_MESSAGES = {
  priceRequired: 'Prices are required.',
  priceNegative: 'Prices can not be negative.',
  priceFormat: 'Prices must be in dollars with at most 2 decimals.',
  nameRequired: 'Beat name is required.',
  nameTooLong: 'Beat name must be at most 200 characters.',
  nameControl: 'Beat name can not contain control or text-direction characters.',
  beatRequired: 'Please choose a beat.',
  fileType: 'Please choose the type of file: snippet, mp3, wav or trackout.',
  emptyFiles: 'Empty fields. Please ensure all files were chosen.',
  uploadCap: 'You can only upload 3 beats. Please subscribe to upload more.',
  coverType: 'Cover art must be a PNG or JPG image.',
  coverSquare: 'Cover art must have a 1:1 aspect ratio.',
  coverTooLarge: 'Cover art must be no larger than 2048x2048.',
  /** The cover file past its byte limit (the spec names only the pixel limit). */
  coverFileTooLarge: (megabytes: number) => `Cover art must be a file of at most ${megabytes} MB.`,
  coverUnreadable: 'Could not load cover art image.',
  coverRead: 'Cover art file could not be read.',
  coverRequired: 'Please select a valid image file.',
  changeCoverType: 'Only JPG and PNG files are allowed.',
  changeCoverSquare: 'Image must have a 1:1 aspect ratio.',
  notFound: 'Beat not found.',
} as const;

/** Largest price accepted: $100,000.00 (in cents it stays a safe 32-bit integer). */
export const MAX_PRICE_CENTS = 10_000_000;

/** A price in dollars (number or text such as "25.00") → integer cents; '-' or '' handled by the caller. */
export function dollarsToCents(value: unknown): { cents: number } | { error: string } {
  if (value === null || value === undefined || value === '') return { error: CATALOG_MESSAGES.priceRequired };
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (/^-/.test(text)) return { error: CATALOG_MESSAGES.priceNegative };
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(text) && !(typeof value === 'number' && Number.isFinite(value)))
    return { error: CATALOG_MESSAGES.priceFormat };
  const cents = Math.round(Number(text) * 100);
  if (!Number.isFinite(cents) || Math.abs(Number(text) * 100 - cents) > 1e-6)
    return { error: CATALOG_MESSAGES.priceFormat };
  if (cents > MAX_PRICE_CENTS) return { error: CATALOG_MESSAGES.priceFormat };
  return { cents };
}

/** Cents → the spec's dollar text with 2 decimals; null (no Marriage package) → '-'. */
export const centsToDollars = (cents: number | null): string =>
  cents === null ? '-' : (cents / 100).toFixed(2);

/** The longest beat name (the spec sets none; 200 fits every list and the licence). */
export const MAX_BEAT_NAME = 200;

/**
 * C0 and C1 controls (tab and line breaks included: a name is one line), and the bidi embeddings,
 * overrides and isolates U+202A–U+202E, U+2066–U+2069, which would let a name display as another.
 */
const isControlOrBidi = (code: number) =>
  code <= 0x1f ||
  (code >= 0x7f && code <= 0x9f) ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069);

/** Whether a free-text name holds a control or text-direction character. */
export const hasControlOrBidi = (text: string) =>
  [...text].some((character) => isControlOrBidi(character.codePointAt(0)!));

/** A free-text name's problem (control or bidi characters, too long), or null; emptiness is the caller's. */
export function beatNameProblem(name: string): string | null {
  if (hasControlOrBidi(name)) return CATALOG_MESSAGES.nameControl;
  if (name.trim().length > MAX_BEAT_NAME) return CATALOG_MESSAGES.nameTooLong;
  return null;
}

/** A beat name as requests carry it: required (blank is refused by the handler after trimming), checked. */
const beatName = z
  .string({ error: CATALOG_MESSAGES.nameRequired })
  .max(MAX_BEAT_NAME * 4, CATALOG_MESSAGES.nameTooLong)
  .superRefine((name, context) => {
    const problem = beatNameProblem(name);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** A price as requests carry it (dollars, number or text); '-' is the Marriage package's "none". */
const checkedPrice = (value: number | string, context: z.RefinementCtx) => {
  if (value === '-') return;
  const parsed = dollarsToCents(value);
  if ('error' in parsed) context.addIssue({ code: 'custom', message: parsed.error });
};
const price = z.union([z.number(), z.string().max(20)]).superRefine(checkedPrice);
const optionalPrice = z
  .union([z.number(), z.string().max(20), z.null()])
  .superRefine((value, context) => (value === null ? undefined : checkedPrice(value, context)))
  .optional();
const beatId = z
  .string({ error: CATALOG_MESSAGES.beatRequired })
  .min(1, CATALOG_MESSAGES.beatRequired)
  .max(100);
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('true'), z.literal('false')])
  .optional();

export const createReferenceRequestSchema = z.object({
  name: beatName,
  isBeatBattle: flag,
  isMySound: flag,
  /** A private upload (no snippet step, no prices shown). */
  isPrivate: flag,
  firstDatePackagePrice: optionalPrice,
  relationshipPackagePrice: optionalPrice,
  marriagePackagePrice: optionalPrice,
});

export const presignedUrlRequestSchema = z.object({
  /** The chosen file's name (a trackout named *.rar is stored as .rar). */
  fileKey: z.string().max(300).optional(),
  type: z.enum(BEAT_FILE_TYPES, { error: CATALOG_MESSAGES.fileType }),
  trackId: beatId,
});

export const confirmUploadRequestSchema = z.object({
  type: z.enum(BEAT_FILE_TYPES, { error: CATALOG_MESSAGES.fileType }),
  refId: beatId,
  isBeatBattle: flag,
  isMySound: flag,
});

/** Finalize is multipart (cover art); these are its text fields. */
export const finalizeUploadFieldsSchema = z.object({
  name: beatName,
  beatRefId: beatId,
  zipUploaded: flag,
});

export const beatIdRequestSchema = z.object({ beatId });

export const deleteBeatRequestSchema = z.object({
  beatId,
  beatName: z.string().max(200).optional(),
  delete: flag,
});

export const editPricesRequestSchema = z.object({
  /** '0' (or 0) with beatName 'All Beats': every beat of the producer. */
  beatId: z.union([z.string().min(1).max(100), z.number()], { error: CATALOG_MESSAGES.beatRequired }),
  beatName: z.string().max(200).optional(),
  price: z.object(
    {
      firstDatePackagePrice: price.optional(),
      relationshipPackagePrice: price.optional(),
      marriagePackagePrice: optionalPrice,
    },
    { error: CATALOG_MESSAGES.priceRequired },
  ),
});

export const changeNameRequestSchema = z.object({
  beatId,
  beatName,
});

/** Dollars with 2 decimals ('25.00'); '-' = no Marriage package. */
const dollarText = z.string();

/** The prices of the producer's last upload (the wizard's defaults); none yet: nulls and '-'. */
export const lastUploadedPriceAnswer = z.object({
  firstDatePackage: dollarText.nullable(),
  relationshipPackage: dollarText.nullable(),
  marriagePackage: dollarText,
});

export const createReferenceAnswer = z.object({ beatRefId: z.string() });

/** The producer's uploads against their plan's cap, asked before the wizard starts. */
export const uploadAllowanceAnswer = z.object({
  /** Uploads that count against the cap (finished ones, and drafts still being sent). */
  uploads: z.number().int().nonnegative(),
  /** null: unlimited. */
  cap: z.number().int().nonnegative().nullable(),
  /** Set when no upload may start: the reason, as create_reference would refuse it. */
  refusal: z.string().nullable(),
});

/** A signed PUT for one file: the URL (`data`), and what the PUT must carry. */
export const signedUploadAnswer = z.object({
  data: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  /** ISO instant the URL stops working. */
  expiresAt: z.string(),
});

export const confirmUploadAnswer = z.object({ uploaded: z.enum(BEAT_FILE_TYPES) });

export const finalizeUploadAnswer = z.object({ uploaded: z.literal(true), beatId: z.string() });

/** A beat of Manage Beats (spec §3). Prices in dollars; '-' = no Marriage package. */
export const managedBeatSchema = z.object({
  beatId: z.string(),
  beatName: z.string(),
  coverArtUrl: z.string().nullable(),
  firstDatePackagePrice: dollarText,
  secondPackagePrice: dollarText,
  thirdPackagePrice: dollarText,
  isPending: z.boolean(),
  isPrivate: z.boolean(),
  crate: z.enum(['active', 'inactive']),
  /** Set when the upload failed (shown in Manage Beats). */
  failedReason: z.string().nullable(),
});
export type ManagedBeat = z.infer<typeof managedBeatSchema>;

export const manageBeatsAnswer = z.object({
  uploaded: z.array(managedBeatSchema),
  pending: z.array(managedBeatSchema),
  failed: z.array(managedBeatSchema),
});
export type ManageBeatsResponse = z.infer<typeof manageBeatsAnswer>;

export const beatDnaAnswer = z.object({ data: dnaViewSchema });

/** The deleted beat's id. */
export const deleteBeatAnswer = z.object({ data: z.string() });

export const editPricesAnswer = z.object({
  /** How many beats were re-priced (every public beat with 'All Beats'). */
  updated: z.number().int().nonnegative(),
  message: z.string(),
});

export const changeNameAnswer = z.object({ beatName: z.string() });

/** null: the default image. */
export const coverUrlAnswer = z.object({ coverArtUrl: z.string().nullable() });

export const changeCoverAnswer = z.object({ coverArtUrl: z.string() });

const count = z.number().int().nonnegative();
/** Matches, passes and purchases per beat, and their sums. */
export const beatTotalsAnswer = z.object({
  data: z.array(z.object({ beatId: z.string(), matches: count, passes: count, purchases: count })),
  matches: count,
  passes: count,
  purchases: count,
});
export type BeatTotals = z.infer<typeof beatTotalsAnswer>;

/** The spec's Pioneer (usernameDisplay, lifetime_member: 1 means lifetime), with the uploads counted. */
export const pioneerSchema = z.object({
  usernameDisplay: z.string(),
  /** 1: a lifetime member, shown in gold. */
  lifetime_member: z.union([z.literal(0), z.literal(1)]),
  /** Their uploads among the first `milestone`. */
  uploads: count,
});
export type Pioneer = z.infer<typeof pioneerSchema>;

export const pioneersAnswer = z.object({
  pioneers: z.array(pioneerSchema),
  /** Published uploads so far, and the milestone the page celebrates. */
  uploads: count,
  milestone: count,
});

/** What the example calls say before an example beat is published. */
export const NO_EXAMPLE_BEAT = 'No example beat yet.';

/**
 * The marketing pages' example beat with its DNA; before one is published, the empty state (`name`
 * null) rather than a 404, so the page shows nothing and logs no error.
 */
export const exampleBeatAnswer = z.union([
  z.object({
    beatId: z.string(),
    name: z.string(),
    producerName: z.string(),
    coverArtUrl: z.string().nullable(),
    data: dnaViewSchema,
  }),
  z.object({ name: z.null(), message: z.literal(NO_EXAMPLE_BEAT) }),
]);

import { z } from 'zod';

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
  beatRequired: 'Please choose a beat.',
  fileType: 'Please choose the type of file: snippet, mp3, wav or trackout.',
  emptyFiles: 'Empty fields. Please ensure all files were chosen.',
  uploadCap: 'You can only upload 3 beats. Please subscribe to upload more.',
  coverType: 'Cover art must be a PNG or JPG image.',
  coverSquare: 'Cover art must have a 1:1 aspect ratio.',
  coverTooLarge: 'Cover art must be no larger than 2048x2048.',
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

const price = z.union([z.number(), z.string().max(20)]);
const optionalPrice = z.union([z.number(), z.string().max(20), z.null()]).optional();
const beatId = z
  .string({ error: CATALOG_MESSAGES.beatRequired })
  .min(1, CATALOG_MESSAGES.beatRequired)
  .max(100);
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('true'), z.literal('false')])
  .optional();

export const createReferenceRequestSchema = z.object({
  name: z.string({ error: CATALOG_MESSAGES.nameRequired }).max(200),
  isBeatBattle: flag,
  isMySound: flag,
  /** A private upload (no snippet step, no prices shown). */
  isPrivate: flag,
  firstDatePackagePrice: optionalPrice,
  relationshipPackagePrice: optionalPrice,
  marriagePackagePrice: optionalPrice,
});

export const FILE_TYPE_NAMES = ['snippet', 'mp3', 'wav', 'trackout'] as const;
export const presignedUrlRequestSchema = z.object({
  /** The chosen file's name (a trackout named *.rar is stored as .rar). */
  fileKey: z.string().max(300).optional(),
  type: z.enum(FILE_TYPE_NAMES, { error: CATALOG_MESSAGES.fileType }),
  trackId: beatId,
});

export const confirmUploadRequestSchema = z.object({
  type: z.enum(FILE_TYPE_NAMES, { error: CATALOG_MESSAGES.fileType }),
  refId: beatId,
  isBeatBattle: flag,
  isMySound: flag,
});

/** Finalize is multipart (cover art); these are its text fields. */
export const finalizeUploadFieldsSchema = z.object({
  name: z.string({ error: CATALOG_MESSAGES.nameRequired }).max(200),
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
  beatName: z.string({ error: CATALOG_MESSAGES.nameRequired }).max(200),
});

/** A beat of Manage Beats (spec §3). Prices in dollars; '-' = no Marriage package. */
export interface ManagedBeat {
  beatId: string;
  beatName: string;
  coverArtUrl: string | null;
  firstDatePackagePrice: string;
  secondPackagePrice: string;
  thirdPackagePrice: string;
  isPending: boolean;
  isPrivate: boolean;
  crate: 'active' | 'inactive';
  /** Set when the upload failed (shown in Manage Beats). */
  failedReason: string | null;
}
export interface ManageBeatsResponse {
  uploaded: ManagedBeat[];
  pending: ManagedBeat[];
  failed: ManagedBeat[];
}

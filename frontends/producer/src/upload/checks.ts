// Client-side checks of the upload wizard (producer-side spec §5). The server checks every file
// again; these only spare the producer a long upload that would be refused.
import { beatNameProblem, CATALOG_MESSAGES, centsToDollars, dollarsToCents } from '@beatmatch/contracts';

export const MESSAGES = {
  notWav: 'Uh oh! The wav file you selected does not seem to be a WAV.',
  notStems: 'Uh oh! The stems file must be a .zip or .rar.',
  coverType: 'Cover art must be a PNG or JPG image.',
  coverSquare: 'Cover art must have a 1:1 aspect ratio.',
  coverTooLarge: 'Cover art must be no larger than 2048x2048.',
  coverUnreadable: 'Could not load cover art image.',
  coverRead: 'Cover art file could not be read.',
  changeCoverType: 'Only JPG and PNG files are allowed.',
  changeCoverSquare: 'Image must have a 1:1 aspect ratio.',
  changeCoverMissing: 'Please select a valid image file.',
  emptyFiles: 'Empty fields. Please ensure all files were chosen.',
  fileRead: 'Something went wrong. Please check your files and try again.',
  uploadFailed: 'Something went wrong with your upload. Please try again. Thank you!',
  nameRequired: CATALOG_MESSAGES.nameRequired,
  freeCap: 'You can only upload 3 beats. Please subscribe to upload more.',
  stillUploading: 'Your beat is still uploading. Are you sure you want to close this tab?',
} as const;

export const MAX_COVER_SIDE = 2048;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** RIFF....WAVE */
export const isWav = (head: Uint8Array) =>
  startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WAVE'), 8);

/** A zip (local file header, or an empty archive) or a RAR 1.5–5 archive. */
export function stemsKind(head: Uint8Array): 'zip' | 'rar' | null {
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(head, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])) return 'rar';
  return null;
}

export function imageKind(head: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  return null;
}

/** The first bytes of a file (its signature). */
export async function readHead(file: Blob, length = 16): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, length).arrayBuffer());
}

/** Square and at most 2048×2048 (the upload's cover rules). */
export function coverSizeProblem(width: number, height: number): string | null {
  if (width !== height) return MESSAGES.coverSquare;
  if (width > MAX_COVER_SIDE) return MESSAGES.coverTooLarge;
  return null;
}

export type ImageSizeReader = (file: Blob) => Promise<{ width: number; height: number }>;

/** Reads an image's size through the browser's decoder. */
export const browserImageSize: ImageSizeReader = async (file) => {
  const bitmap = await createImageBitmap(file);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
};

/** The upload's cover check: PNG/JPG by signature, square, ≤ 2048×2048 (null = fine). */
export async function checkCover(
  file: Blob,
  imageSize: ImageSizeReader = browserImageSize,
): Promise<string | null> {
  let head: Uint8Array;
  try {
    head = await readHead(file);
  } catch {
    return MESSAGES.coverRead;
  }
  if (!imageKind(head)) return MESSAGES.coverType;
  try {
    const { width, height } = await imageSize(file);
    return coverSizeProblem(width, height);
  } catch {
    return MESSAGES.coverUnreadable;
  }
}

/** Manage Beats' cover change: JPG/PNG and square (its own wording, spec §5). */
export async function checkChangedCover(
  file: Blob | undefined,
  imageSize: ImageSizeReader = browserImageSize,
): Promise<string | null> {
  if (!file || file.size === 0) return MESSAGES.changeCoverMissing;
  if (!imageKind(await readHead(file))) return MESSAGES.changeCoverType;
  try {
    const { width, height } = await imageSize(file);
    if (width !== height) return MESSAGES.changeCoverSquare;
    if (width > MAX_COVER_SIDE) return MESSAGES.coverTooLarge;
    return null;
  } catch {
    return MESSAGES.coverUnreadable;
  }
}

/**
 * A price as typed → the API's dollars with 2 decimals, or the spec's message (required, no negatives,
 * at most 2 decimals): the catalog's own rule, so nothing the server would refuse is sent, and nothing
 * typed wrongly becomes $0.00. '0' and '0.00' are a free download only because they were typed.
 */
export function priceText(typed: string | null | undefined): { price: string } | { error: string } {
  const parsed = dollarsToCents(typeof typed === 'string' ? typed.trim() : typed);
  return 'error' in parsed ? parsed : { price: centsToDollars(parsed.cents) };
}

/** A price from the API ('19.99', '-', null) as the field's text ('' when there is none). */
export const priceValue = (text: string | null | undefined): string =>
  text === null || text === undefined || text === '-' ? '' : text;

/** A beat name's problem (blank, too long, control or text-direction characters), or null. */
export function nameProblem(name: string): string | null {
  if (!name.trim()) return MESSAGES.nameRequired;
  return beatNameProblem(name);
}

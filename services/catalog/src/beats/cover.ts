import { imageSize } from 'image-size';
import { CATALOG_MESSAGES } from '@beatmatch/contracts';
import { HttpProblem } from '@beatmatch/platform';
import type { Cover } from './beat';

/** Largest cover image side (spec §5, §9). */
export const MAX_COVER_SIDE = 2048;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

export interface CoverMessages {
  type: string;
  square: string;
  tooLarge: string;
  unreadable: string;
}
/** The upload wizard's messages (spec §5). */
export const UPLOAD_COVER_MESSAGES: CoverMessages = {
  type: CATALOG_MESSAGES.coverType,
  square: CATALOG_MESSAGES.coverSquare,
  tooLarge: CATALOG_MESSAGES.coverTooLarge,
  unreadable: CATALOG_MESSAGES.coverUnreadable,
};
/** Manage Beats' cover change dialog (spec §5). */
export const CHANGE_COVER_MESSAGES: CoverMessages = {
  type: CATALOG_MESSAGES.changeCoverType,
  square: CATALOG_MESSAGES.changeCoverSquare,
  tooLarge: CATALOG_MESSAGES.coverTooLarge,
  unreadable: CATALOG_MESSAGES.coverUnreadable,
};

/**
 * Checks a cover by its content, never by its name or declared type: PNG or JPEG by signature, then
 * the dimensions read from the image header: square and at most 2048×2048. Returns the content type.
 */
export function checkCover(data: Buffer, messages: CoverMessages): Cover['contentType'] {
  const contentType = data.subarray(0, 8).equals(PNG)
    ? 'image/png'
    : data.subarray(0, 3).equals(JPEG)
      ? 'image/jpeg'
      : null;
  if (!contentType) throw new HttpProblem(400, messages.type, 'cover_type');
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(data);
  } catch {
    throw new HttpProblem(400, messages.unreadable, 'cover_unreadable');
  }
  const { width, height } = size;
  if (!width || !height || (size.type !== 'png' && size.type !== 'jpg'))
    throw new HttpProblem(400, messages.unreadable, 'cover_unreadable');
  if (width > MAX_COVER_SIDE || height > MAX_COVER_SIDE)
    throw new HttpProblem(400, messages.tooLarge, 'cover_too_large');
  if (width !== height) throw new HttpProblem(400, messages.square, 'cover_not_square');
  return contentType;
}

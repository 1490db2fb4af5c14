import { imageSize } from 'image-size';
import { HttpProblem } from './problem';

/** Largest side of an uploaded square image: cover art and profile pictures (spec §5, §9). */
export const MAX_SQUARE_IMAGE_SIDE = 2048;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The messages of the form that uploads the image (each form has the spec's own wording). */
export interface SquareImageMessages {
  type: string;
  square: string;
  tooLarge: string;
  unreadable: string;
}

/**
 * Checks an image by its content, never by its name or declared type: PNG or JPEG by signature, then
 * the dimensions read from the image header: square and at most 2048×2048. Returns the content type.
 */
export function checkSquareImage(data: Buffer, messages: SquareImageMessages): 'image/png' | 'image/jpeg' {
  const contentType = data.subarray(0, 8).equals(PNG)
    ? 'image/png'
    : data.subarray(0, 3).equals(JPEG)
      ? 'image/jpeg'
      : null;
  if (!contentType) throw new HttpProblem(400, messages.type, 'image_type');
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(data);
  } catch {
    throw new HttpProblem(400, messages.unreadable, 'image_unreadable');
  }
  const { width, height } = size;
  if (!width || !height || (size.type !== 'png' && size.type !== 'jpg'))
    throw new HttpProblem(400, messages.unreadable, 'image_unreadable');
  if (width > MAX_SQUARE_IMAGE_SIDE || height > MAX_SQUARE_IMAGE_SIDE)
    throw new HttpProblem(400, messages.tooLarge, 'image_too_large');
  if (width !== height) throw new HttpProblem(400, messages.square, 'image_not_square');
  return contentType;
}

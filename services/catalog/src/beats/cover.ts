import { CATALOG_MESSAGES } from '@beatmatch/contracts';
import type { SquareImageMessages } from '@beatmatch/platform';

/** The cover art forms' wording for platform's checkSquareImage (PNG or JPEG, square, ≤ 2048×2048). */
/** The upload wizard's messages (spec §5). */
export const UPLOAD_COVER_MESSAGES: SquareImageMessages = {
  type: CATALOG_MESSAGES.coverType,
  square: CATALOG_MESSAGES.coverSquare,
  tooLarge: CATALOG_MESSAGES.coverTooLarge,
  unreadable: CATALOG_MESSAGES.coverUnreadable,
};
/** Manage Beats' cover change dialog (spec §5). */
export const CHANGE_COVER_MESSAGES: SquareImageMessages = {
  type: CATALOG_MESSAGES.changeCoverType,
  square: CATALOG_MESSAGES.changeCoverSquare,
  tooLarge: CATALOG_MESSAGES.coverTooLarge,
  unreadable: CATALOG_MESSAGES.coverUnreadable,
};

import { CATALOG_MESSAGES } from '@beatmatch/contracts';
import { multipartForm } from '@beatmatch/platform';

/**
 * The cover art form of finalize and of Manage Beats' cover change: a 413 past `maxFileBytes` that
 * names the byte limit (the pixel limit is checked on the image itself).
 */
export const coverArtForm = (maxFileBytes: number) =>
  multipartForm({
    fileField: 'coverArt',
    maxFileBytes,
    tooLargeMessage: CATALOG_MESSAGES.coverFileTooLarge(
      Math.max(1, Math.round(maxFileBytes / (1024 * 1024))),
    ),
  });

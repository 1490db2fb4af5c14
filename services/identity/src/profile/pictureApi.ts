import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Router } from 'express';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_MESSAGES } from '@beatmatch/contracts';
import {
  checkSquareImage,
  formFile,
  handleCall,
  HttpProblem,
  multipartForm,
  requireUser,
  sendBlob,
  type BlobStore,
} from '@beatmatch/platform';
import type { ProfilePicture } from './profile';
import { isUserId, profilePictureUrl, type ProfileQueries } from './readModel';

export interface PictureRoutesDeps {
  profiles: ProfileQueries;
  blobs: () => Promise<BlobStore>;
  userOf: (req: { caller?: { userId?: string } }) => string;
  change: (userId: string, picture: ProfilePicture) => Promise<unknown>;
}

const notFound = () => new HttpProblem(404, 'Not found.', 'not_found');
const pictureForm = multipartForm({
  fileField: 'bioPic',
  maxFileBytes: PROFILE_PICTURE_MAX_BYTES,
  tooLargeMessage: PROFILE_PICTURE_MESSAGES.fileTooLarge,
});

/** My Profile's picture (producer-side spec §5, §7): upload, its URL, and the public image itself. */
export function pictureRoutes(router: Router, { profiles, blobs, userOf, change }: PictureRoutesDeps): void {
  handleCall(router, 'account_settings_get_profile_picture', async (_input, { req }) => {
    const userId = userOf(req);
    return { bioPic: profilePictureUrl(userId, (await profiles.of(userId)).picture) };
  });

  handleCall(
    router,
    'account_settings_upload_profile_picture',
    async (_input, { req, res }) => {
      const userId = userOf(req);
      const image = formFile(res)?.data;
      if (!image) throw new HttpProblem(400, PROFILE_PICTURE_MESSAGES.required, 'picture_required');
      const contentType = checkSquareImage(image, PROFILE_PICTURE_MESSAGES);
      const version = randomUUID();
      const key = `profile-pictures/${userId}/${version}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
      // Stored before it is recorded: a failed write records nothing; the old image stays for caches.
      await (await blobs()).put(key, Readable.from([image]), { contentType });
      const picture = { key, contentType, version };
      await change(userId, picture);
      return { bioPic: profilePictureUrl(userId, picture)! };
    },
    // Signed out is refused before the form is read.
    { before: [requireUser, pictureForm] },
  );

  handleCall(router, 'profile_picture_image', async ({ userId, v }, { req, res }) => {
    const picture = isUserId(userId) ? (await profiles.of(userId)).picture : null;
    if (!picture) throw notFound();
    const current = v === picture.version;
    await sendBlob(req, res, await blobs(), picture.key, {
      contentType: picture.contentType,
      cacheControl: current ? 'public, max-age=31536000, immutable' : 'no-cache',
      revalidate: true,
      notFound,
    });
  });
}

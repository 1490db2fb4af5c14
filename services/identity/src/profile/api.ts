import { Router } from 'express';
import {
  handleCall,
  handleCommand,
  type BlobStore,
  type EventStore,
  type SqlDatabase,
} from '@beatmatch/platform';
import { profileDecider, type ProfileCommand } from './businessLogic';
import { profileStream } from './profile';
import { SOCIAL_PLATFORMS, socialUrl } from '@beatmatch/contracts';
import { profilePictureUrl, publicProfile, socialsView, type ProfileQueries } from './readModel';
import { pictureRoutes } from './pictureApi';

export interface ProfileApiDeps {
  store: EventStore;
  db: SqlDatabase;
  schema: string;
  profiles: ProfileQueries;
  clock: () => Date;
  blobs: () => Promise<BlobStore>;
}

/** My Profile's calls (producer-side spec §7): the caller's own bio, socials and picture, nobody else's. */
export function profileRouter({ store, profiles, clock, db, schema, blobs }: ProfileApiDeps): Router {
  const router = Router();
  handleCall(router, 'get_public_profile', async ({ userId }) => {
    const profile = await publicProfile(db, schema, userId);
    const socials = profile?.socials ?? {};
    return {
      username: profile?.username ?? null,
      description: profile?.description ?? '',
      profilePic: profilePictureUrl(userId, profile?.picture ?? null),
      socialMedias: SOCIAL_PLATFORMS.flatMap((platform) => {
        const username = socials[platform];
        return username ? [{ platform, username, url: socialUrl(platform, username) }] : [];
      }),
    };
  });
  const userOf = (req: { caller?: { userId?: string } }) => req.caller!.userId!;
  const run = (userId: string, command: Omit<ProfileCommand, 'metadata'>) =>
    handleCommand(store, profileStream(userId), profileDecider, {
      ...command,
      metadata: { now: clock() },
    } as ProfileCommand);

  handleCall(router, 'get_description', async (_input, { req }) => ({
    description: (await profiles.of(userOf(req))).description,
  }));
  handleCall(router, 'update_description', async ({ description }, { req }) => {
    const { newState } = await run(userOf(req), { type: 'UpdateBio', data: { description } });
    return { description: newState.description };
  });
  handleCall(router, 'account_settings_get_socials', async (_input, { req }) =>
    socialsView((await profiles.of(userOf(req))).socials),
  );
  handleCall(router, 'account_settings_update_socials', async ({ platform, userName }, { req }) => {
    const { newState } = await run(userOf(req), { type: 'UpdateSocial', data: { platform, userName } });
    return socialsView(newState.socials);
  });
  pictureRoutes(router, {
    profiles,
    blobs,
    userOf,
    change: (userId, picture) => run(userId, { type: 'ChangePicture', data: { picture } }),
  });
  return router;
}

import type { SocialPlatform } from '@beatmatch/contracts';
import type { Decider } from '@beatmatch/platform';
import {
  evolveProfile,
  initialProfile,
  type Profile,
  type ProfileEvent,
  type ProfilePicture,
} from './profile';

export type UpdateBio = { type: 'UpdateBio'; data: { description: string }; metadata: { now: Date } };
export type UpdateSocial = {
  type: 'UpdateSocial';
  data: { platform: SocialPlatform; userName: string };
  metadata: { now: Date };
};
/** The image is already checked and stored; every upload is a new picture. */
export type ChangePicture = {
  type: 'ChangePicture';
  data: { picture: ProfilePicture };
  metadata: { now: Date };
};
export type ProfileCommand = UpdateBio | UpdateSocial | ChangePicture;

/** Input is checked at the edge (contracts' profileApi); a value equal to the saved one records nothing. */
export function decide(command: ProfileCommand, state: Profile): ProfileEvent[] {
  const changedAt = command.metadata.now.toISOString();
  switch (command.type) {
    case 'UpdateBio':
      return command.data.description === state.description
        ? []
        : [{ type: 'BioChanged', data: { description: command.data.description, changedAt } }];
    case 'UpdateSocial': {
      const { platform, userName } = command.data;
      return (state.socials[platform] ?? '') === userName
        ? []
        : [{ type: 'SocialChanged', data: { platform, userName, changedAt } }];
    }
    case 'ChangePicture':
      return [{ type: 'PictureChanged', data: { picture: command.data.picture, changedAt } }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown profile command ${JSON.stringify(unknown)}`);
    }
  }
}

export const profileDecider: Decider<Profile, ProfileCommand, ProfileEvent> = {
  decide,
  evolve: evolveProfile,
  initialState: initialProfile,
};

import type { SocialPlatform } from '@beatmatch/contracts';

/** Domain events of a user's public profile (stream `profile:<userId>`). Internal to identity. */
export type BioChanged = { type: 'BioChanged'; data: { description: string; changedAt: string } };
/** `userName` '' clears the platform. */
export type SocialChanged = {
  type: 'SocialChanged';
  data: { platform: SocialPlatform; userName: string; changedAt: string };
};
/** A new profile picture, stored under `key` in the blob store; `version` names it in its URL. */
export interface ProfilePicture {
  key: string;
  contentType: 'image/png' | 'image/jpeg';
  version: string;
}
export type PictureChanged = { type: 'PictureChanged'; data: { picture: ProfilePicture; changedAt: string } };

export type ProfileEvent = BioChanged | SocialChanged | PictureChanged;

export interface Profile {
  description: string;
  socials: Partial<Record<SocialPlatform, string>>;
  picture: ProfilePicture | null;
}

export const profileStream = (userId: string) => `profile:${userId}`;
export const initialProfile = (): Profile => ({ description: '', socials: {}, picture: null });

export function evolveProfile(state: Profile, event: ProfileEvent): Profile {
  switch (event.type) {
    case 'BioChanged':
      return { ...state, description: event.data.description };
    case 'SocialChanged': {
      const { platform, userName } = event.data;
      const socials = { ...state.socials };
      if (userName) socials[platform] = userName;
      else delete socials[platform];
      return { ...state, socials };
    }
    case 'PictureChanged':
      return { ...state, picture: event.data.picture };
  }
}

import {
  descriptionAnswer,
  socialsAnswer,
  updateDescriptionRequestSchema,
  updateSocialRequestSchema,
} from '../profileApi';
import { declareCall } from './call';
import { publicProfileCalls } from './store';

/** The signed-in user's own profile (producer-side spec §7): bio and social media. */
export const profileCalls = {
  ...publicProfileCalls,
  get_description: declareCall({
    service: 'identity',
    path: '/profile/description',
    method: 'post',
    summary: "The caller's bio ('' when none is saved)",
    access: 'user',
    answer: descriptionAnswer,
  }),
  update_description: declareCall({
    service: 'identity',
    path: '/profile/description/update',
    method: 'post',
    summary: "Save the caller's bio (at most 300 characters)",
    access: 'user',
    request: updateDescriptionRequestSchema,
    answer: descriptionAnswer,
  }),
  account_settings_get_socials: declareCall({
    service: 'identity',
    path: '/profile/socials',
    method: 'post',
    summary: "The caller's social media links, by platform",
    access: 'user',
    answer: socialsAnswer,
  }),
  account_settings_update_socials: declareCall({
    service: 'identity',
    path: '/profile/socials/update',
    method: 'post',
    summary: "Set or clear one of the caller's social media links",
    access: 'user',
    request: updateSocialRequestSchema,
    answer: socialsAnswer,
  }),
};

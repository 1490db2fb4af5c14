import {
  descriptionAnswer,
  profilePictureAnswer,
  profilePictureImageRequestSchema,
  uploadedProfilePictureAnswer,
  uploadProfilePictureRequestSchema,
  socialsAnswer,
  updateDescriptionRequestSchema,
  updateSocialRequestSchema,
} from '../profileApi';
import { bytes, declareCall } from './call';
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
  account_settings_get_profile_picture: declareCall({
    service: 'identity',
    path: '/profile/picture',
    method: 'post',
    summary: "The caller's profile picture URL (null when none is uploaded)",
    access: 'user',
    answer: profilePictureAnswer,
  }),
  account_settings_upload_profile_picture: declareCall({
    service: 'identity',
    path: '/profile/picture/upload',
    method: 'post',
    summary: "Replace the caller's profile picture (multipart: JPG or PNG, square, at most 2048x2048)",
    access: 'user',
    request: uploadProfilePictureRequestSchema,
    multipart: { file: 'bioPic' },
    answer: uploadedProfilePictureAnswer,
  }),
  profile_picture_image: declareCall({
    service: 'identity',
    path: '/profile/picture/image',
    method: 'get',
    summary: "A user's profile picture (public, long-cached per version)",
    access: 'anonymous',
    request: profilePictureImageRequestSchema,
    answer: bytes,
  }),
};

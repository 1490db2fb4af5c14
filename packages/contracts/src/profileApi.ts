import { z } from 'zod';

/*
 * A producer's public profile (producer-side spec §2 Account settings: profile, Public store page; §3
 * Profile, Lab response; §5 bio and social usernames; §7 the account_settings calls, get/update_description).
 */

export const SOCIAL_PLATFORMS = ['instagram', 'twitter', 'facebook', 'youtube', 'tiktok'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** How the settings page names each platform (spec §2). */
export const SOCIAL_PLATFORM_NAMES: Readonly<Record<SocialPlatform, string>> = {
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  youtube: 'YouTube',
  tiktok: 'Tiktok',
};

/** A username that does not start with https:// is prefixed with its platform's address (spec §5). */
export const SOCIAL_BASE_URLS: Readonly<Record<SocialPlatform, string>> = {
  instagram: 'https://www.instagram.com/',
  twitter: 'https://x.com/',
  facebook: 'https://www.facebook.com/',
  youtube: 'https://www.youtube.com/',
  tiktok: 'https://www.tiktok.com/@',
};

/** Values of these platforms must name their host (spec §5), with the spec's messages. */
const REQUIRED_HOSTS: Partial<Record<SocialPlatform, { host: string; message: string }>> = {
  facebook: { host: 'facebook.com', message: 'Link is invalid for Facebook. Please double check url.' },
  youtube: { host: 'youtube.com', message: 'Link is invalid for Youtube. Please double check url.' },
};

export const PROFILE_MESSAGES = {
  platform: 'Please choose Instagram, X (Twitter), Facebook, YouTube or Tiktok.',
  httpsOnly: 'Links must start with https://.',
  socialTooLong: 'This link is too long.',
  bioTooLong: 'Your bio can be at most 300 characters.',
} as const;

/** My Profile's picture (spec §5): JPG or PNG by signature, square, at most 2048×2048 (and 5 MB). */
export const PROFILE_PICTURE_MESSAGES = {
  type: 'Only JPG and PNG files are allowed.',
  square: 'Image must have a 1:1 aspect ratio.',
  /** The spec's hint names the limit; its wording for the refusal follows the hint. */
  tooLarge: 'Image must be no larger than 2048x2048.',
  unreadable: 'Please select a valid image file.',
  required: 'Please select a valid image file.',
  fileTooLarge: 'Image must be a file of at most 5 MB.',
  uploadFailed: 'Failed to upload image. Please try again.',
} as const;
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** `bioPic`: the picture's URL (changes with every upload), null when none was uploaded. */
export const profilePictureAnswer = z.object({ bioPic: z.string().nullable() });
export const uploadedProfilePictureAnswer = z.object({ bioPic: z.string() });
/** The upload form's text fields: none (the file is `bioPic`). */
export const uploadProfilePictureRequestSchema = z.object({});
export const profilePictureImageRequestSchema = z.object({
  userId: z.string().describe('The user'),
  v: z.string().optional().describe('The picture version (cache key)'),
});

export const BIO_MAX = 300;
export const DEFAULT_BIO = 'Welcome to my catalog! Browse my beats below.';

/** The link a social username stands for. */
export const socialUrl = (platform: SocialPlatform, userName: string) =>
  userName.startsWith('https://') ? userName : `${SOCIAL_BASE_URLS[platform]}${userName}`;

/** The spec's check of a social value (empty clears it); null when it passes. */
export function socialProblem(platform: SocialPlatform, userName: string): string | null {
  const value = userName.trim();
  if (value === '') return null;
  if (/^http:\/\//i.test(value)) return PROFILE_MESSAGES.httpsOnly;
  const required = REQUIRED_HOSTS[platform];
  if (required && !value.toLowerCase().includes(required.host)) return required.message;
  return null;
}

export const updateSocialRequestSchema = z
  .object({
    platform: z.enum(SOCIAL_PLATFORMS, { error: PROFILE_MESSAGES.platform }),
    userName: z.string().trim().max(200, PROFILE_MESSAGES.socialTooLong).default(''),
  })
  .superRefine(({ platform, userName }, context) => {
    const problem = socialProblem(platform, userName);
    if (problem) context.addIssue({ code: 'custom', path: ['userName'], message: problem });
  });

export const socialLinkSchema = z.object({ userName: z.string(), url: z.string() });
/** account_settings_get_socials / _update_socials: keyed by lowercase platform; null where none is set. */
export const socialsAnswer = z.object(
  Object.fromEntries(SOCIAL_PLATFORMS.map((platform) => [platform, socialLinkSchema.nullable()])) as Record<
    SocialPlatform,
    z.ZodNullable<typeof socialLinkSchema>
  >,
);
export type Socials = z.infer<typeof socialsAnswer>;

export const updateDescriptionRequestSchema = z.object({
  description: z.string().max(BIO_MAX, PROFILE_MESSAGES.bioTooLong),
});
export const descriptionAnswer = z.object({ description: z.string() });

// A store link shared on a social site (/lab/{userId}) shows the producer's name, picture and bio in
// its preview: crawlers run no JavaScript, so the shell's index.html is served with Open Graph tags.
import type { Request } from 'express';
import { DEFAULT_BIO, type CallAnswer } from '@beatmatch/contracts';
import {
  escapeHtml,
  fetchInTrace,
  INTERNAL_TOKEN_HEADER,
  type InternalTokenIssuer,
  type Logger,
} from '@beatmatch/platform';

type PublicProfile = CallAnswer<'get_public_profile'>;

/** A user's public profile by id, or null (no such user, or identity could not answer). */
export type StorePreviewSource = (userId: string) => Promise<PublicProfile | null>;

/** Asks identity's get_public_profile (an anonymous call) as the gateway. */
export function identityStorePreview(
  identityUrl: () => string,
  issuer: InternalTokenIssuer,
  logger: Logger,
): StorePreviewSource {
  return async (userId) => {
    try {
      const response = await fetchInTrace('gateway → identity', `${identityUrl()}/profile/public`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [INTERNAL_TOKEN_HEADER]: await issuer.issue({ gateway: true }),
        },
        body: JSON.stringify({ userId }),
      });
      if (!response.ok) throw new Error(`identity answered ${response.status}`);
      const profile = (await response.json()) as PublicProfile;
      return profile.username === null ? null : profile;
    } catch (error) {
      // The page itself still works without its preview.
      logger.warn({ err: error }, 'store preview: public profile lookup failed');
      return null;
    }
  };
}

/** The tags, values escaped for attributes; the picture as an absolute URL, as crawlers need one. */
export function openGraphTags(profile: PublicProfile, req: Request): string {
  const origin = `${req.protocol}://${req.get('host')}`;
  const tags: Array<[string, string]> = [
    ['og:type', 'profile'],
    ['og:title', profile.username ?? ''],
    ['og:description', profile.description || DEFAULT_BIO],
    ['og:url', new URL(req.originalUrl, origin).href],
  ];
  if (profile.profilePic) tags.push(['og:image', new URL(profile.profilePic, origin).href]);
  return tags
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}">`)
    .join('');
}

/** The shell's page with the tags at the end of its head (unchanged if it has none). */
// A function replacement: a bio's "$&" or "$'" must stay text, not become a replacement pattern.
export const withHeadTags = (html: string, tags: string) => html.replace('</head>', () => `${tags}</head>`);

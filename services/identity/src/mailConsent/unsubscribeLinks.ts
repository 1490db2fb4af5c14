import { jwtVerify, SignJWT } from 'jose';
import { MAIL_CONSENT_MESSAGES } from '@beatmatch/contracts';
import { DomainError } from '@beatmatch/platform';

/*
 * A campaign mail's unsubscribe link: an HS256 token naming the user and the mail (its campaign),
 * signed with a key of its own, so it cannot be forged nor turned into a reset or set-up link. It is
 * deterministic (the sender rebuilds it from the request), and the consent stream spends it once used.
 */
const keyOf = (secret: string) => new TextEncoder().encode(`unsubscribe:${secret}`);
const PURPOSE = 'unsubscribe';

export const unsubscribeToken = (secret: string, link: { userId: string; campaignId: string }) =>
  new SignJWT({ purpose: PURPOSE })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(link.userId)
    .setJti(link.campaignId)
    .sign(keyOf(secret));

export const unsubscribeLink = async (
  publicUrl: string,
  secret: string,
  link: { userId: string; campaignId: string },
) => `${publicUrl}/api/mail_unsubscribe?token=${encodeURIComponent(await unsubscribeToken(secret, link))}`;

/** The user and link a token names; a forged, altered or foreign token is refused. */
export async function openUnsubscribeToken(secret: string, token: string) {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'] });
    if (payload['purpose'] !== PURPOSE || !payload.sub || !payload.jti)
      throw new Error('not an unsubscribe link');
    return { userId: payload.sub, linkId: payload.jti };
  } catch {
    throw new DomainError('link_invalid', MAIL_CONSENT_MESSAGES.linkInvalid, 400);
  }
}

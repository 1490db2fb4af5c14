import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { identityMessages as messages } from '@beatmatch/contracts';
import { DomainError } from '@beatmatch/platform';

/*
 * The links identity mails (JWTs, HS256): a password reset names the user, a guest buyer's account
 * set-up names the e-mail. Both are deterministic (signed over the stream's own facts), so the mail
 * sender can rebuild the exact link at any time after the request was committed; only the latest
 * unexpired token id opens the reset page (the decider checks it).
 */

export const resetKeyOf = (secret: string) => new TextEncoder().encode(`reset:${secret}`);
/** Account set-up links of guest buyers: signed with their own key, so they never open a reset. */
export const setupKeyOf = (secret: string) => new TextEncoder().encode(`guest-setup:${secret}`);

interface LinkFacts {
  /** The token's subject: the user id of a reset, the e-mail of a set-up. */
  subject: string;
  tokenId: string;
  requestedAt: string;
  expiresAt: string;
}

const signLink = (key: Uint8Array, claims: Record<string, string>, facts: LinkFacts) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(facts.subject)
    .setJti(facts.tokenId)
    .setIssuedAt(Math.floor(Date.parse(facts.requestedAt) / 1000))
    .setExpirationTime(Math.floor(Date.parse(facts.expiresAt) / 1000))
    .sign(key);

/** The reset link's token. */
export const resetToken = (
  key: Uint8Array,
  request: { userId: string; tokenId: string; requestedAt: string; expiresAt: string },
): Promise<string> => signLink(key, {}, { ...request, subject: request.userId });

/** The set-up link's token: subject the e-mail, id the offer's token id. */
export const setupToken = (
  key: Uint8Array,
  offer: { email: string; tokenId: string; requestedAt: string; expiresAt: string },
): Promise<string> => signLink(key, { purpose: 'setup' }, { ...offer, subject: offer.email });

export type OpenedLink =
  { kind: 'reset'; userId: string; tokenId: string } | { kind: 'setup'; email: string; tokenId: string };

const expired = () => new DomainError('expired', messages.expired, 400);
const invalid = () => new DomainError('invalid', messages.invalid, 400);

async function openToken(jwt: string, key: Uint8Array, now: Date) {
  try {
    const { payload } = await jwtVerify(jwt, key, { algorithms: ['HS256'], currentDate: now });
    if (!payload.sub || !payload.jti) throw invalid();
    return { sub: payload.sub, tokenId: payload.jti, purpose: payload['purpose'] };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw expired();
    if (error instanceof DomainError) throw error;
    throw invalid();
  }
}

/**
 * Opens a link of the reset page, which serves both kinds: a reset first, then a set-up. Says
 * 'expired' or 'invalid' (the spec's words), never why else a link failed.
 */
export function linkOpener(secret: string, clock: () => Date) {
  const resetKey = resetKeyOf(secret);
  const setupKey = setupKeyOf(secret);
  return async function openLink(jwt: string): Promise<OpenedLink> {
    try {
      const reset = await openToken(jwt, resetKey, clock());
      return { kind: 'reset', userId: reset.sub, tokenId: reset.tokenId };
    } catch (error) {
      if (error instanceof DomainError && error.code === 'expired') throw error;
      const setup = await openToken(jwt, setupKey, clock());
      if (setup.purpose !== 'setup') throw invalid();
      return { kind: 'setup', email: setup.sub, tokenId: setup.tokenId };
    }
  };
}

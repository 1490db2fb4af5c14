import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { PACK_CODE_DIGITS } from '@beatmatch/contracts';

/** Codes, viewer tokens and link ids of the packs; only hashes of codes and tokens are stored. */
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

export const newPackCode = () => String(randomInt(0, 10 ** PACK_CODE_DIGITS)).padStart(PACK_CODE_DIGITS, '0');
/** Bound to the address, so a code mailed to one address proves nothing about another. */
export const packCodeHash = (email: string, code: string) => sha256(`${email}\n${code}`);
export const emailHash = (email: string) => sha256(email);
export const newViewerToken = () => randomBytes(32).toString('base64url');
export const viewerTokenHash = (token: string) => sha256(token);
/** The id in a pack's link: unguessable, so a private pack is not found by trying ids. */
export const newUrlId = () => randomBytes(16).toString('base64url');
export const newId = () => randomUUID();

import { createHmac, randomBytes, createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum profile (19 MiB, t=2, p=1). */
const argonOptions = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string) => hash(password, argonOptions);

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * The six-digit code behind a random code id, derived with the service secret (leading zeros
 * allowed; 48 bits reduced mod 10^6, so the bias is below 10^-8). The event store keeps only the id
 * and the code's hash: whoever sends the mail later — the mail relay, after a crash — derives the
 * same code, and nobody without the secret can.
 */
export function codeFor(secret: string, userId: string, codeId: string): string {
  const digest = createHmac('sha256', secret).update(`code:${userId}:${codeId}`).digest();
  return String(digest.readUIntBE(0, 6) % 1_000_000).padStart(6, '0');
}

/** Codes are stored keyed to the user with the service secret, never in clear. */
export const hashCode = (secret: string, userId: string, code: string) =>
  createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');

export const newSessionToken = () => randomBytes(32).toString('base64url');
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

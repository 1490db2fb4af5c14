import { createHmac, randomBytes, randomInt, createHash } from 'node:crypto';
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

/** A six-digit code; a uniform draw, leading zeros allowed. */
export const newVerificationCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Codes are stored keyed to the user with the service secret, never in clear. */
export const hashCode = (secret: string, userId: string, code: string) =>
  createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');

export const newSessionToken = () => randomBytes(32).toString('base64url');
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

import { randomInt } from 'node:crypto';

/** Upper-case letters and digits without the look-alikes (0/O, 1/I/L): a code read aloud survives. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

/** A fresh referral code (31^8 ≈ 8.5e11 codes; a collision fails the append and the event is retried). */
export const newReferralCode = () =>
  Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Codes are issued upper-case: a `ref` typed in lower case or with spaces still finds its owner. */
export const normalizedCode = (ref: string) => ref.trim().toUpperCase();

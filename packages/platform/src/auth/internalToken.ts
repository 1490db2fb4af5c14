import { HEADERS, type Role } from '@beatmatch/contracts';
import {
  SignJWT,
  jwtVerify,
  generateKeyPair,
  importPKCS8,
  importSPKI,
  exportPKCS8,
  exportSPKI,
  type KeyLike,
} from 'jose';
import { LRUCache } from 'lru-cache';

/**
 * Who is calling, as the gateway vouches for it. Services trust only this (never a cookie or a body
 * field): the gateway signs it per request with its private key, services verify with the public key.
 */
export interface Caller {
  /** Absent for visitors. */
  userId?: string;
  userName?: string;
  email?: string;
  sessionId?: string;
  /** The signed-in user's roles, as identity's session lookup answered them (never from the client). */
  roles?: Role[];
  /**
   * This browser's device uuid, when it has one: the uuid identity issued (exclude), carried in the
   * gateway's signed httpOnly device cookie (gateway/src/device.ts) — never a value from a body.
   */
  deviceId?: string;
  /** True only for the gateway's own calls (e.g. resolving a session). */
  gateway?: boolean;
}

export const INTERNAL_TOKEN_HEADER = HEADERS.internalToken;
const ISSUER = 'beatmatch-gateway';
const AUDIENCE = 'beatmatch-services';
const ALGORITHM = 'EdDSA';

export interface InternalKeyPair {
  privateKey: KeyLike;
  publicKey: KeyLike;
}

export async function generateInternalKeyPair(): Promise<InternalKeyPair> {
  return generateKeyPair(ALGORITHM, { crv: 'Ed25519', extractable: true });
}

export async function exportInternalKeyPair(keys: InternalKeyPair) {
  return {
    privateKeyPem: await exportPKCS8(keys.privateKey),
    publicKeyPem: await exportSPKI(keys.publicKey),
  };
}

export const importInternalPrivateKey = (pem: string) => importPKCS8(pem, ALGORITHM);
export const importInternalPublicKey = (pem: string) => importSPKI(pem, ALGORITHM);

/** How many distinct callers (issuer) or tokens (verifier) are remembered; the oldest are forgotten. */
const CACHE_ENTRIES = 50_000;
const MAX_TOKEN_AGE_SECONDS = 5 * 60;

/**
 * Signs internal tokens. A caller's token is reused while it has more than half its lifetime left, so a
 * listener swiping beats costs one signature per half-minute, not one per call (an Ed25519 signature and
 * its verification were about a tenth of a beat_play call's CPU). A token names only its caller and
 * expires like any other; reusing it for the same caller vouches for nothing more.
 */
export class InternalTokenIssuer {
  private readonly issued: LRUCache<string, { token: string; reuseUntil: number }>;

  constructor(
    private readonly privateKey: KeyLike,
    private readonly ttlSeconds = 60,
    private readonly now: () => number = Date.now,
  ) {
    this.issued = new LRUCache({ max: CACHE_ENTRIES });
  }

  async issue(caller: Caller): Promise<string> {
    const key = JSON.stringify(caller);
    const cached = this.issued.get(key);
    const now = this.now();
    if (cached && cached.reuseUntil > now) return cached.token;
    const issuedAt = Math.floor(now / 1000);
    const token = await new SignJWT({ caller })
      .setProtectedHeader({ alg: ALGORITHM })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.privateKey);
    this.issued.set(key, { token, reuseUntil: (issuedAt + this.ttlSeconds / 2) * 1000 });
    return token;
  }
}

/**
 * Verifies internal tokens. A token that verified is remembered until it would stop verifying (its
 * expiry, or five minutes after it was issued), so a token the issuer reuses is checked once; a token
 * that fails is never remembered.
 */
export class InternalTokenVerifier {
  private readonly verified: LRUCache<string, { caller: Caller; validUntil: number }>;

  constructor(
    private readonly publicKey: KeyLike,
    private readonly now: () => number = Date.now,
  ) {
    this.verified = new LRUCache({ max: CACHE_ENTRIES });
  }

  async verify(token: string): Promise<Caller> {
    const cached = this.verified.get(token);
    if (cached && cached.validUntil > this.now()) return cached.caller;
    const { payload } = await jwtVerify(token, this.publicKey, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: [ALGORITHM],
      // A token without an expiry would be a bearer credential forever: refuse it, and refuse any
      // that claims to live longer than the issuer ever issues.
      requiredClaims: ['exp', 'iat'],
      maxTokenAge: `${MAX_TOKEN_AGE_SECONDS}s`,
      currentDate: new Date(this.now()),
    });
    const caller = (payload.caller ?? {}) as Caller;
    this.verified.set(token, {
      caller,
      validUntil: Math.min(payload.exp!, payload.iat! + MAX_TOKEN_AGE_SECONDS) * 1000,
    });
    return caller;
  }
}

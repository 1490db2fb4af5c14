import { HEADERS } from '@beatmatch/contracts';
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

export class InternalTokenIssuer {
  constructor(
    private readonly privateKey: KeyLike,
    private readonly ttlSeconds = 60,
  ) {}

  issue(caller: Caller): Promise<string> {
    return new SignJWT({ caller })
      .setProtectedHeader({ alg: ALGORITHM })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.privateKey);
  }
}

export class InternalTokenVerifier {
  constructor(private readonly publicKey: KeyLike) {}

  async verify(token: string): Promise<Caller> {
    const { payload } = await jwtVerify(token, this.publicKey, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: [ALGORITHM],
      // A token without an expiry would be a bearer credential forever: refuse it, and refuse any
      // that claims to live longer than the issuer ever issues.
      requiredClaims: ['exp', 'iat'],
      maxTokenAge: '5m',
    });
    return (payload.caller ?? {}) as Caller;
  }
}

import { SignJWT } from 'jose';
import { generateInternalKeyPair, InternalTokenIssuer, InternalTokenVerifier } from './internalToken';

describe('the internal-token verifier', () => {
  it('accepts a token the issuer signed', async () => {
    const keys = await generateInternalKeyPair();
    const token = await new InternalTokenIssuer(keys.privateKey).issue({ userId: 'u1' });
    await expect(new InternalTokenVerifier(keys.publicKey).verify(token)).resolves.toEqual({ userId: 'u1' });
  });

  it('rejects a correctly signed token without exp', async () => {
    const keys = await generateInternalKeyPair();
    const token = await new SignJWT({ caller: { userId: 'u1' } })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setIssuer('beatmatch-gateway')
      .setAudience('beatmatch-services')
      .setIssuedAt()
      .sign(keys.privateKey);
    await expect(new InternalTokenVerifier(keys.publicKey).verify(token)).rejects.toThrow(/exp/);
  });

  it('rejects a token with a far-away exp (older than any the issuer makes is refused too)', async () => {
    const keys = await generateInternalKeyPair();
    const token = await new SignJWT({ caller: { userId: 'u1' } })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setIssuer('beatmatch-gateway')
      .setAudience('beatmatch-services')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime('10y')
      .sign(keys.privateKey);
    await expect(new InternalTokenVerifier(keys.publicKey).verify(token)).rejects.toThrow();
  });
});

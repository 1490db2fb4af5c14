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

  it("reuses a caller's token for half its lifetime, then signs a new one", async () => {
    const keys = await generateInternalKeyPair();
    let now = Date.UTC(2026, 10, 24, 12);
    const issuer = new InternalTokenIssuer(keys.privateKey, 60, () => now);
    const first = await issuer.issue({ userId: 'u1', deviceId: 'd1' });
    now += 29_000;
    expect(await issuer.issue({ userId: 'u1', deviceId: 'd1' })).toBe(first);
    expect(await issuer.issue({ userId: 'u2' })).not.toBe(first);
    now += 2_000;
    const second = await issuer.issue({ userId: 'u1', deviceId: 'd1' });
    expect(second).not.toBe(first);
    const verifier = new InternalTokenVerifier(keys.publicKey, () => now);
    await expect(verifier.verify(second)).resolves.toEqual({ userId: 'u1', deviceId: 'd1' });
  });

  it('remembers a verified token only until it expires', async () => {
    const keys = await generateInternalKeyPair();
    let now = Date.UTC(2026, 10, 24, 12);
    const token = await new InternalTokenIssuer(keys.privateKey, 60, () => now).issue({ userId: 'u1' });
    const verifier = new InternalTokenVerifier(keys.publicKey, () => now);
    await expect(verifier.verify(token)).resolves.toEqual({ userId: 'u1' });
    now += 59_000;
    await expect(verifier.verify(token)).resolves.toEqual({ userId: 'u1' });
    now += 1_000;
    await expect(verifier.verify(token)).rejects.toThrow(/exp/);
  });

  it('never remembers a token that failed, and checks a tampered copy of a good one afresh', async () => {
    const keys = await generateInternalKeyPair();
    const other = await generateInternalKeyPair();
    const verifier = new InternalTokenVerifier(keys.publicKey);
    const forged = await new InternalTokenIssuer(other.privateKey).issue({ userId: 'u1' });
    await expect(verifier.verify(forged)).rejects.toThrow();
    await expect(verifier.verify(forged)).rejects.toThrow();
    const good = await new InternalTokenIssuer(keys.privateKey).issue({ userId: 'u1' });
    await expect(verifier.verify(good)).resolves.toEqual({ userId: 'u1' });
    const [header, payload, signature] = good.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), caller: { userId: 'admin' } })).toString('base64url')}.${signature}`;
    await expect(verifier.verify(tampered)).rejects.toThrow();
  });
});

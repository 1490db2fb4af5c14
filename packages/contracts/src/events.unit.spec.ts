import { decodeIntegrationEvent, userReferredV1 } from './events';

const referred = {
  id: 'e-1',
  type: 'identity.UserReferred',
  version: 1,
  occurredAt: '2026-11-01T10:00:00.000Z',
  payload: { userId: 'u-1', referralCode: 'abc', registeredAt: '2026-11-01T10:00:00.000Z' },
};

describe('decodeIntegrationEvent', () => {
  it('decodes a known type and version by its contract', () => {
    const decoded = decodeIntegrationEvent(referred);
    expect(decoded.ok && decoded.contract).toBe(userReferredV1);
    expect(decoded.ok && decoded.event.payload).toEqual(referred.payload);
  });

  it('tells unknown versions, broken payloads and broken envelopes apart', () => {
    expect(decodeIntegrationEvent({ ...referred, version: 2 })).toMatchObject({
      ok: false,
      reason: 'unknown',
    });
    expect(
      decodeIntegrationEvent({ ...referred, payload: { userId: 'u-1', registeredAt: 'yesterday' } }),
    ).toMatchObject({ ok: false, reason: 'invalid' });
    expect(decodeIntegrationEvent({ type: 'identity.UserReferred' })).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
  });
});

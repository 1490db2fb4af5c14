import { decodeIntegrationEvent } from './events';
import { uploadCap, FREE_ENTITLEMENTS } from './commerce';

describe('marketplace contracts', () => {
  it('decodes a BeatDeleted and refuses one without its producer', () => {
    const event = {
      id: 'e-1',
      type: 'catalog.BeatDeleted',
      version: 1,
      occurredAt: '2026-11-22T10:00:00.000Z',
      payload: { beatId: 'b-1', producerId: 'p-1', deletedAt: '2026-11-22T10:00:00.000Z' },
    };
    expect(decodeIntegrationEvent(event)).toMatchObject({ ok: true });
    expect(decodeIntegrationEvent({ ...event, payload: { beatId: 'b-1' } })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses fractional cents in prices', () => {
    const decoded = decodeIntegrationEvent({
      id: 'e-2',
      type: 'catalog.BeatPriced',
      version: 1,
      occurredAt: '2026-11-22T10:00:00.000Z',
      payload: {
        beatId: 'b-1',
        prices: { firstDate: 19.99, relationship: 2999, marriage: null },
        pricedAt: '2026-11-22T10:00:00.000Z',
      },
    });
    expect(decoded).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('gives the spec upload caps: free 3, then 100 / 500 / unlimited', () => {
    expect(uploadCap(FREE_ENTITLEMENTS)).toBe(3);
    expect(uploadCap({ ...FREE_ENTITLEMENTS, producerPlan: 'producer' })).toBe(100);
    expect(uploadCap({ ...FREE_ENTITLEMENTS, producerPlan: 'producer_professional' })).toBe(500);
    expect(uploadCap({ ...FREE_ENTITLEMENTS, producerPlan: 'producer_unlimited' })).toBe(Infinity);
    expect(uploadCap({ ...FREE_ENTITLEMENTS, lifer: true })).toBe(Infinity);
  });
});

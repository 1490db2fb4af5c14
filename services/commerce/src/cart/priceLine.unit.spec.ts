import type { CommerceBeat } from '../beats/projection';
import { priceLine } from './service';

/** The cart follows the swipe player's crate rule (issue 29 item 5). */
describe('priceLine', () => {
  const beat = {
    beatId: 'b1',
    producerId: 'p1',
    deleted: false,
    isPrivate: false,
    crate: 'active',
    prices: { firstDate: 2999, relationship: 4999, marriage: null },
  } as unknown as CommerceBeat;
  const line = { beatId: 'b1', package: 'firstDate', priceCents: 2999 } as Parameters<typeof priceLine>[0];

  it('prices a beat of the active crate', () => {
    expect(priceLine(line, beat)).toMatchObject({ priceCents: 2999, notice: null });
  });

  it('does not sell a beat of the inactive crate', () => {
    expect(priceLine(line, { ...beat, crate: 'inactive' })).toMatchObject({
      priceCents: null,
      notice: 'This beat is no longer for sale.',
    });
  });
});

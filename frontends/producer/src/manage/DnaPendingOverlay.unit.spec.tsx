/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import type { ManagedBeat } from '@beatmatch/contracts';
import { screen, within } from '@testing-library/react';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { BeatRow } from './BeatRow';

const pendingBeat: ManagedBeat = {
  beatId: 'b1',
  beatName: 'Night Drive',
  coverArtUrl: null,
  firstDatePackagePrice: '19.99',
  secondPackagePrice: '39.99',
  thirdPackagePrice: '-',
  isPending: true,
  isPrivate: false,
  crate: 'active',
  failedReason: null,
};

const showRow = (beat: ManagedBeat) => {
  const ignore = () => undefined;
  const props = { index: 0, stats: {}, narrow: false, playing: false, onPlay: ignore, onDna: ignore };
  return renderPage(
    <ul>
      <BeatRow beat={beat} {...props} onAction={ignore} />
    </ul>,
    '/user/manageBeats',
    { inApp: true },
  );
};

describe('the DNA-pending overlay of a Manage Beats row', () => {
  it("says the spec's words, then that the list updates by itself in under a minute", () => {
    showRow(pendingBeat);
    const overlay = within(screen.getByTestId('pending-overlay'));
    expect(overlay.getByText('Performing DNA Test... Refresh in 5 to 10 minutes')).toBeTruthy();
    expect(
      overlay.getByText('No need to refresh: this list updates by itself, usually in under a minute.'),
    ).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('is gone once the test is done', () => {
    showRow({ ...pendingBeat, isPending: false });
    expect(screen.queryByTestId('pending-overlay')).toBeNull();
  });
});

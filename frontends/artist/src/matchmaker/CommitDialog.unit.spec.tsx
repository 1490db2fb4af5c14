/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { screen, within } from '@testing-library/react';
import type { MatchListEntry } from '@beatmatch/contracts';
import { fakeGateway, type GatewayCall } from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { CommitDialog } from './CommitDialog';

// The first render loads antd cold: on a busy machine that takes far longer than the default second.

const calls: GatewayCall[] = [];
beforeEach(() => fakeGateway(() => ({ '/api/get_cart_items': () => ({ cart: [] }) }), calls));

const matched = (marriagePackage: string): MatchListEntry => ({
  beatId: 'b1',
  beatName: 'Night Drive',
  producer: 'maya',
  producerName: 'maya',
  userId: 'p1',
  coverArtUrl: null,
  audioSrc: '/api/beatmatch_beat_play_snippet?beatId=b1',
  firstDatePackage: '25.00',
  relationshipPackage: '40.00',
  marriagePackage,
  available: true,
  unavailableReason: null,
  at: '2026-11-22T10:00:00.000Z',
});

const open = (entry: MatchListEntry) => {
  const ignore = () => undefined;
  renderPage(<CommitDialog entry={entry} onClose={ignore} onError={ignore} onAdded={ignore} />);
  return within(screen.getByTestId('commit-dialog'));
};

describe('the commit dialog', () => {
  it('has no Marriage row for a beat without one (spec: a dash means the tier is not offered)', () => {
    const dialog = open(matched('-'));
    expect(dialog.getByText('First Date Package')).toBeTruthy();
    expect(dialog.getByText('Relationship Package')).toBeTruthy();
    expect(dialog.queryByText('Marriage Package')).toBeNull();
    expect(dialog.queryByText('-')).toBeNull();
    expect(dialog.getAllByRole('button', { name: /^add to cart/ })).toHaveLength(2);
  });

  it('offers the Marriage Package with its price when the beat has one', () => {
    const dialog = open(matched('99.00'));
    expect(dialog.getByText('Marriage Package')).toBeTruthy();
    expect(dialog.getByText('$99.00')).toBeTruthy();
    const marriage = dialog.getByRole('button', { name: 'add to cart — Marriage Package' });
    expect(marriage.hasAttribute('disabled')).toBe(false);
  });
});

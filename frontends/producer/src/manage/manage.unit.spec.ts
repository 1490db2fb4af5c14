import type { ManagedBeat } from '@beatmatch/contracts';
import { DNA_FIELDS, dnaFieldText, dnaValue } from './DnaDialog';
import { filterBeats } from './BeatList';

const beat = (beatName: string): ManagedBeat => ({
  beatId: beatName,
  beatName,
  coverArtUrl: null,
  firstDatePackagePrice: '1.00',
  secondPackagePrice: '2.00',
  thirdPackagePrice: '-',
  isPending: false,
  isPrivate: false,
  crate: 'active',
  failedReason: null,
});

describe('Manage Beats', () => {
  it('filters by a case-insensitive substring of the name', () => {
    const beats = [beat('Night Drive'), beat('Daylight'), beat('MIDNIGHT')];
    expect(filterBeats(beats, 'night').map((b) => b.beatName)).toEqual(['Night Drive', 'MIDNIGHT']);
    expect(filterBeats(beats, '  ')).toHaveLength(3);
  });

  it('shows the 19 DNA fields: lists joined by spaces, numbers with 2 decimals, the key by value', () => {
    expect(DNA_FIELDS).toHaveLength(19);
    expect(dnaValue(['trap', 'drill'])).toBe('trap drill');
    expect(dnaValue(0.5)).toBe('0.50');
    expect(dnaValue(140)).toBe('140.00');
    expect(dnaValue({ value: 'A minor', tonic: 'A', mode: 'minor', confidence: 0.9 })).toBe('A minor');
    expect(dnaValue([])).toBe('-');
    expect(dnaValue('4/4')).toBe('4/4');
  });

  it("shows genres by the spec's display names, never camelCase", () => {
    expect(dnaFieldText('genreTags', ['rapHipHop', 'electronicDance', 'rnb'])).toBe(
      'Rap Hip Hop, Electronic Dance, R&B',
    );
    expect(dnaFieldText('genreTags', [])).toBe('-');
    expect(dnaFieldText('moodTags', ['dark', 'calm'])).toBe('dark calm');
  });
});

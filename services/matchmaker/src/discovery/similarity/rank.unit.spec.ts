import type { FilterGenre } from '@beatmatch/contracts';
import type { PoolBeat } from '../../beats/beat';
import { rankSimilar } from './rank';
import type { ReferenceSound } from './types';

const unit = (values: number[]) => {
  const norm = Math.hypot(...values) || 1;
  return values.map((value) => value / norm);
};

const beat = (id: string, facts: Partial<PoolBeat> = {}): PoolBeat => ({
  beatId: id,
  producerId: 'p',
  producerName: 'P',
  name: id,
  prices: { firstDate: 100, relationship: 200, marriage: null },
  isPrivate: false,
  crate: 'active',
  deleted: false,
  coverArtUrl: null,
  snippetKey: `snippets/${id}.mp3`,
  genres: ['rapHipHop'],
  musicalKey: 'A minor',
  bpm: 140,
  mood: 'dark trap',
  embedding: unit([1, 0, 0]),
  hasVoice: false,
  moods: ['dark'],
  tags: ['trap', '808'],
  caption: '',
  ...facts,
});

const reference: ReferenceSound = {
  embedding: unit([1, 0, 0]),
  bpm: 140,
  musicalKey: 'A minor',
  hasVoice: false,
};

describe('rankSimilar', () => {
  it('puts the closest embedding first when the musical facts are alike', () => {
    const beats = [
      beat('far', { embedding: unit([0, 1, 0]) }),
      beat('near'),
      beat('mid', { embedding: unit([1, 1, 0]) }),
    ];
    const ranked = rankSimilar(beats, reference, { limit: 3 });
    expect(ranked.map((r) => r.beat.beatId)).toEqual(['near', 'mid', 'far']);
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
  });

  it('prefers a compatible key and tempo (half time counts) among equally close sounds', () => {
    const beats = [
      beat('wrong key', { musicalKey: 'Eb minor' }),
      beat('relative, half time', { musicalKey: 'C major', bpm: 70 }),
      beat('wrong tempo', { bpm: 100 }),
      beat('same'),
    ];
    const ranked = rankSimilar(beats, reference, { limit: 4 }).map((r) => r.beat.beatId);
    expect(ranked[0]).toBe('same');
    expect(ranked[1]).toBe('relative, half time');
  });

  it('honours filters, exclusions and the limit', () => {
    const beats = [
      beat('house', { genres: ['electronicDance'], bpm: 124 }),
      beat('vocal', { hasVoice: true }),
      beat('c-major', { musicalKey: 'C major' }),
      beat('fits'),
      beat('excluded'),
    ];
    const filtered = (filters: object, limit = 5) =>
      rankSimilar(beats, reference, { filters, limit, excludeBeatIds: new Set(['excluded']) }).map(
        (r) => r.beat.beatId,
      );
    expect(filtered({ genres: ['electronicDance'] as FilterGenre[] })).toEqual(['house']);
    expect(filtered({ vocals: true })).toEqual(['vocal']);
    expect(filtered({ vocals: false })).not.toContain('vocal');
    expect(filtered({ keys: ['C major'] })).toEqual(['c-major']);
    expect(filtered({ bpmMin: 120, bpmMax: 130 })).toEqual(['house']);
    expect(filtered({}, 2)).toHaveLength(2);
    expect(filtered({})).not.toContain('excluded');
  });

  it('says why in one line: shared tags, key and tempo relation', () => {
    const [ranked] = rankSimilar(
      [beat('x', { musicalKey: 'C major', bpm: 70 })],
      { ...reference, moods: ['dark'], genres: ['rapHipHop'] },
      { limit: 1 },
    );
    expect(ranked!.why).toBe(
      'shares dark, Rap Hip Hop · relative key · half time · no vocals: dark trap, 70 BPM, C major',
    );
  });

  it('ranks by musical facts alone when the reference has no vector', () => {
    const ranked = rankSimilar(
      [beat('far', { bpm: 90, musicalKey: 'F# major' }), beat('close')],
      { ...reference, embedding: [] },
      { limit: 2 },
    );
    expect(ranked[0]!.beat.beatId).toBe('close');
  });
});

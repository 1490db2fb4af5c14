import type { PoolBeat } from '../../beats/beat';

/** A published, public, active beat of the pool for the text-search specs: `facts` are what differ. */
export const poolBeat = (id: string, facts: Partial<PoolBeat> = {}): PoolBeat => ({
  beatId: id,
  producerId: 'producer-1',
  producerName: 'Nova Kane',
  name: id,
  prices: { firstDate: 2999, relationship: 5999, marriage: null },
  isPrivate: false,
  crate: 'active',
  deleted: false,
  coverArtUrl: null,
  snippetKey: null,
  genres: ['rapHipHop'],
  musicalKey: 'C major',
  bpm: 100,
  mood: null,
  embedding: [],
  hasVoice: false,
  moods: [],
  tags: [],
  caption: '',
  ...facts,
});

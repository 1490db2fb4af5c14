// The demo beats as the matchmaker's pool holds them: the projection's own readings of each DNA.
import type { PoolBeat } from '../../services/matchmaker/src/beats/beat';
import {
  discoveryTagsOf,
  filterGenresOf,
  hasVoiceOf,
  moodOf,
} from '../../services/matchmaker/src/beats/projection';
import type { DemoBeatWithDna } from './demoDna';

export const poolBeatOf = ({ beat, dna }: DemoBeatWithDna): PoolBeat => ({
  beatId: beat.beatId,
  producerId: beat.producerId,
  producerName: beat.producerName,
  name: beat.name,
  prices: beat.prices,
  isPrivate: false,
  crate: 'active',
  deleted: false,
  coverArtUrl: null,
  snippetKey: `snippets/${beat.beatId}.mp3`,
  genres: filterGenresOf(dna),
  musicalKey: dna.keyPrediction.value,
  bpm: dna.bpm.value,
  mood: moodOf(dna),
  embedding: dna.embedding,
  hasVoice: hasVoiceOf(dna),
  moods: [...dna.moodTags]
    .sort((a, b) => b.score - a.score)
    .slice(0, 3)
    .map((t) => t.tag),
  tags: discoveryTagsOf(dna),
  caption: dna.transformerCaption,
});

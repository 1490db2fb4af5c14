// The serving benches' published beats: the same seeded catalogue for the embedded and distributed runs.
import type { BeatPublishedPayload } from '@beatmatch/contracts';
import { gaussian, normalise, sampleDna, samplePublishedBeat, seededRandom } from '@beatmatch/testing';

const DIMS = 64;
const PRODUCERS = 300;
export const GENRES = ['rapHipHop', 'rnb', 'pop', 'electronicDance', 'rock', 'latin'];
const KEYS = ['A minor', 'E minor', 'F# minor', 'C major', 'G major', 'Bb major'];

export const snippetKey = (file: number) => `snippets/serving-snippet-${file}.mp3`;

/** `beatCount` published beats; beat i's snippet is file i % `files` (every beat has one). */
export function catalogue(beatCount: number, files: number): BeatPublishedPayload[] {
  const gauss = gaussian(seededRandom(42));
  return Array.from({ length: beatCount }, (_, i) => {
    const beatId = `serving-beat-${i}`;
    return benchBeat({
      i,
      beatId,
      producer: `serving-producer-${i % PRODUCERS}`,
      producerName: `Producer ${i % PRODUCERS}`,
      name: `Serving ${i}`,
      snippetKey: snippetKey(i % files),
      genre: GENRES[i % GENRES.length]!,
      embedding: normalise(Array.from({ length: DIMS }, gauss)),
    });
  });
}

/** One published beat of a bench: beat i's key and tempo follow from i, its style and vector are given. */
export function benchBeat(beat: {
  i: number;
  beatId: string;
  producer: string;
  producerName: string;
  name: string;
  snippetKey: string;
  genre: string;
  embedding: number[];
}): BeatPublishedPayload {
  const { i, beatId } = beat;
  return samplePublishedBeat({
    beatId,
    producerId: beat.producer,
    producerName: beat.producerName,
    name: beat.name,
    prices: { firstDate: 1999, relationship: 3999, marriage: null },
    files: {
      snippetKey: beat.snippetKey,
      mp3Key: `wavs_and_mp3s/${beatId}.mp3`,
      wavKey: null,
      stemsKey: null,
    },
    dna: sampleDna({
      genreTags: [{ tag: beat.genre, score: 0.9 }],
      keyPrediction: { value: KEYS[i % KEYS.length]!, tonic: 'A', mode: 'minor', confidence: 0.9 },
      bpm: { value: 70 + (i % 90), confidence: 0.9 },
      embedding: beat.embedding,
    }),
    publishedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  });
}

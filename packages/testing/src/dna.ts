import { mp3Key, snippetKey, wavKey, type BeatDna, type BeatPublishedPayload } from '@beatmatch/contracts';

/** A complete, valid DNA analysis for tests that need a published beat; override what the test is about. */
export function sampleDna(overrides: Partial<BeatDna> = {}): BeatDna {
  return {
    version: 'test-1',
    genreTags: [{ tag: 'hip hop', score: 0.9 }],
    subgenreTags: [{ tag: 'trap', score: 0.8 }],
    transformerCaption: 'a dark trap beat',
    bpmRangeAdjusted: 140,
    moodTags: [{ tag: 'dark', score: 0.7 }],
    moodAdvancedTags: [{ tag: 'ominous', score: 0.6 }],
    emotionalDynamics: [{ tag: 'building', score: 0.5 }],
    movementTags: [{ tag: 'bouncy', score: 0.5 }],
    valence: 0.3,
    arousal: 0.7,
    energyDynamics: [{ tag: 'steady', score: 0.5 }],
    energyLevel: 0.8,
    musicalEraTag: [{ tag: '2020s', score: 0.9 }],
    instrumentTags: [{ tag: '808', score: 0.9 }],
    characterTags: [{ tag: 'gritty', score: 0.4 }],
    keyPrediction: { value: 'A minor', tonic: 'A', mode: 'minor', confidence: 0.8 },
    timeSignature: '4/4',
    classicalEpochTags: [{ tag: 'modern', score: 0.9 }],
    voiceTags: [{ tag: 'instrumental', score: 0.9 }],
    bpm: { value: 140, confidence: 0.9 },
    durationSeconds: 180,
    embedding: [0.6, 0.8],
    ...overrides,
  };
}

/**
 * A catalog.BeatPublished payload as the catalog sends it (files under the storage keys of the
 * producer-side spec §3, `sampleDna()`), for services that keep their own projection of beats; override
 * what the test is about.
 */
export function samplePublishedBeat(
  overrides: Partial<BeatPublishedPayload> & { beatId: string; producerId: string },
): BeatPublishedPayload {
  const { beatId } = overrides;
  return {
    producerName: 'Pro Ducer',
    name: 'Test Beat',
    prices: { firstDate: 2999, relationship: 4999, marriage: 9999 },
    isPrivate: false,
    crate: 'active',
    demo: false,
    coverArtUrl: null,
    files: {
      snippetKey: snippetKey(beatId),
      mp3Key: mp3Key(beatId),
      wavKey: wavKey(beatId),
      stemsKey: null,
    },
    dna: sampleDna(),
    publishedAt: new Date().toISOString(),
    ...overrides,
  };
}

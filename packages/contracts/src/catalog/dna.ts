import { z } from 'zod';
import type { BeatDna } from '../catalog';

/*
 * What the View DNA dialog shows of a beat (producer-side spec §2): its 19 fields, tag lists as their
 * tag names. Manage Beats' DNA call and the marketing pages' example beat answer it.
 */

/** The 19 fields in the spec's order (the dialog lists them in this order). */
export const DNA_VIEW_FIELDS = [
  'genreTags',
  'subgenreTags',
  'transformerCaption',
  'bpmRangeAdjusted',
  'moodTags',
  'moodAdvancedTags',
  'emotionalDynamics',
  'movementTags',
  'valence',
  'arousal',
  'energyDynamics',
  'energyLevel',
  'musicalEraTag',
  'instrumentTags',
  'characterTags',
  'keyPrediction',
  'timeSignature',
  'classicalEpochTags',
  'voiceTags',
] as const;
export type DnaViewField = (typeof DNA_VIEW_FIELDS)[number];

const tagNames = z.array(z.string());

export const dnaViewSchema = z.object({
  genreTags: tagNames,
  subgenreTags: tagNames,
  transformerCaption: z.string(),
  bpmRangeAdjusted: z.number(),
  moodTags: tagNames,
  moodAdvancedTags: tagNames,
  emotionalDynamics: tagNames,
  movementTags: tagNames,
  valence: z.number(),
  arousal: z.number(),
  energyDynamics: tagNames,
  energyLevel: z.number(),
  musicalEraTag: tagNames,
  instrumentTags: tagNames,
  characterTags: tagNames,
  /** The dialog shows its `value` ('A minor'). */
  keyPrediction: z.object({
    value: z.string(),
    tonic: z.string(),
    mode: z.enum(['major', 'minor']),
    confidence: z.number(),
  }),
  timeSignature: z.string(),
  classicalEpochTags: tagNames,
  voiceTags: tagNames,
});
export type DnaView = z.infer<typeof dnaViewSchema>;

/** A beat's published DNA as View DNA shows it. */
export function dnaView(dna: BeatDna): DnaView {
  const names = (tags: Array<{ tag: string }>) => tags.map((scored) => scored.tag);
  return {
    genreTags: names(dna.genreTags),
    subgenreTags: names(dna.subgenreTags),
    transformerCaption: dna.transformerCaption,
    bpmRangeAdjusted: dna.bpmRangeAdjusted,
    moodTags: names(dna.moodTags),
    moodAdvancedTags: names(dna.moodAdvancedTags),
    emotionalDynamics: names(dna.emotionalDynamics),
    movementTags: names(dna.movementTags),
    valence: dna.valence,
    arousal: dna.arousal,
    energyDynamics: names(dna.energyDynamics),
    energyLevel: dna.energyLevel,
    musicalEraTag: names(dna.musicalEraTag),
    instrumentTags: names(dna.instrumentTags),
    characterTags: names(dna.characterTags),
    keyPrediction: dna.keyPrediction,
    timeSignature: dna.timeSignature,
    classicalEpochTags: names(dna.classicalEpochTags),
    voiceTags: names(dna.voiceTags),
  };
}

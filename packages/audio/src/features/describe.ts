// Descriptive tags. Genre, subgenre, mood, era, instruments and part of character combine hand-set rules
// over measured features (tempo, pulse clarity, subdivision, meter, mode, tonal clarity, loudness, spectral
// balance, onset density, energy trajectory) with a learned tagger (musicnn, tagger.ts; how the two are
// combined: learnedEvidence.ts); dynamics, movement and classical epochs are rules only; voice comes from a
// learned voice-activity model (voice.ts). Scores are in [0, 1] and say how sure a tag is: a rule alone
// reads at most RULE_TRUST (0.7), above that only when the tagger agrees. Lists are sorted best first.
// The rules live by subject: cues.ts (what they read), genreRules.ts, moodRules.ts, soundRules.ts;
// the caption is caption.ts.
import type { VoiceEstimate } from './voice';
import type { Dna, Genre, Loudness } from '../dna';
import type { KeyEstimate } from './key';
import type { LearnedTags } from './tagger';
import { captionOf } from './caption';
import { cuesOf, type RhythmSummary } from './cues';
import { ruleGenreScores, subgenreScores } from './genreRules';
import { combineScores, evidence, GENRE_MAP, SUBGENRE_MAP, tagLifts, type Heard } from './learnedEvidence';
import { affectOf, dynamicsOf, moodTagsOf, movementTagsOf } from './moodRules';
import { ruleFloor, top } from './scoring';
import {
  characterTagsOf,
  classicalEpochTagsOf,
  eraTagsOf,
  instrumentTagsOf,
  voiceTagsOf,
} from './soundRules';
import type { TimbreSummary } from './timbre';

/** The descriptive part of the DNA (tags, affect, caption), as the DNA type defines it. */
export type Description = Pick<
  Dna,
  | 'genreTags'
  | 'subgenreTags'
  | 'moodTags'
  | 'moodAdvancedTags'
  | 'emotionalDynamics'
  | 'movementTags'
  | 'valence'
  | 'arousal'
  | 'energyDynamics'
  | 'energyLevel'
  | 'musicalEraTag'
  | 'instrumentTags'
  | 'characterTags'
  | 'classicalEpochTags'
  | 'voiceTags'
> & { caption: string };

export function describe(
  timbre: TimbreSummary,
  rhythm: RhythmSummary,
  key: KeyEstimate,
  loudness: Loudness,
  voice?: VoiceEstimate,
  learned?: LearnedTags,
): Description {
  const cues = cuesOf(timbre, rhythm, key, loudness);
  // The learned tagger's evidence per vocabulary (learnedEvidence.ts); undefined without the tagger, when
  // every field is its rules' score × RULE_TRUST.
  const lifts = learned ? tagLifts(learned) : undefined;
  const heard: Heard = (mapping, centre) => (lifts ? evidence(lifts, mapping, centre) : undefined);
  const { energyLevel, arousal, valence } = affectOf(cues);

  const genreScores = combineScores(ruleGenreScores(cues), heard(GENRE_MAP, 'list')) as Record<Genre, number>;
  const genreTags = top(genreScores, 3, ruleFloor(0.25));
  const subgenres = subgenreScores(cues, rhythm.subdivision, genreScores, heard(SUBGENRE_MAP, 'models'));
  const subgenreTags = top(subgenres, 3, ruleFloor(0.15));
  const { moodTags, moodAdvancedTags } = moodTagsOf({ energyLevel, arousal, valence }, cues, heard);
  const { energyDynamics, emotionalDynamics } = dynamicsOf(timbre);
  const movementTags = movementTagsOf(cues);
  const instrumentTags = instrumentTagsOf(timbre, cues, heard);
  const characterTags = characterTagsOf(timbre, cues, heard);
  const musicalEraTag = eraTagsOf(timbre, rhythm.subdivision, cues, heard);
  const classicalEpochTags = classicalEpochTagsOf(genreScores, cues);
  const voiceTags = voiceTagsOf(timbre, voice, heard);

  const caption = captionOf({
    genreTags,
    subgenreTags,
    moodTags,
    movementTags,
    instrumentTags,
    musicalEraTag,
    voiceTags: voice ? voiceTags : undefined,
    energyLevel,
    bpm: cues.bpm,
    key: key.value,
  });

  return {
    genreTags,
    subgenreTags,
    caption,
    moodTags,
    moodAdvancedTags,
    emotionalDynamics,
    movementTags,
    valence,
    arousal,
    energyDynamics,
    energyLevel,
    musicalEraTag,
    instrumentTags,
    characterTags,
    classicalEpochTags,
    voiceTags,
  };
}

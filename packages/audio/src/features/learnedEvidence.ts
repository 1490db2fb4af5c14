// How the learned tagger's 100 tags (musicnn MSD + MTT, tagger.ts) speak to the DNA's vocabularies, and
// how its evidence is combined with the rules (describe.ts).
//
// Evidence: a tag's lift, logit(p) − reference logit (models/musicnnReference.ts: the tag's logit at the
// training set's mean features, a base-rate proxy). A DNA tag takes the strongest lift among the musicnn
// tags mapped to it (each with a weight ≤ 1). In lists whose tags compete (genres, moods, eras) the lifts
// are centred on their median, so a clip that lifts every genre (synthetic audio lifts "electronic",
// "jazz" and "classical" alike) favours none; presence lists (instruments, character) are centred on the
// median lift over all 50 tags of the model.
//
// Combination: score = sigmoid(logit(RULE_TRUST × rule score) + LIFT_WEIGHT × lift) — the rule's score,
// capped at RULE_TRUST, acts as a prior and the tagger as a likelihood ratio. A tag no musicnn tag speaks
// to keeps RULE_TRUST × its rule score; so above 0.7 means the tagger agrees, and a rule alone never reads
// surer than that. RULE_TRUST and LIFT_WEIGHT were chosen on the bench's seed 1 genre set only (top-1
// 0.41 → 0.56, top-3 0.91 → 0.91; packages/audio/README.md); seeds 2 and 3 were measured after.
import { MSD_REFERENCE_LOGITS, MTT_REFERENCE_LOGITS } from '../models/musicnnReference';
import type { MsdTag, MttTag } from '../models/musicnnLabels';
import type { Genre } from '../dna';
import type { LearnedTags } from './tagger';

export const RULE_TRUST = 0.7;
export const LIFT_WEIGHT = 0.5;

type Source = ['msd', MsdTag, number?] | ['mtt', MttTag, number?];
export type Mapping<T extends string> = Partial<Record<T, Source[]>>;

export const GENRE_MAP: Mapping<Genre> = {
  rock: [
    ['msd', 'rock'],
    ['msd', 'classic rock'],
    ['msd', 'hard rock'],
    ['msd', 'Progressive rock'],
    ['mtt', 'rock'],
  ],
  pop: [
    ['msd', 'pop'],
    ['mtt', 'pop'],
    ['msd', 'catchy', 0.5],
  ],
  indieAlternative: [
    ['msd', 'alternative'],
    ['msd', 'indie'],
    ['msd', 'alternative rock'],
    ['msd', 'indie rock'],
    ['msd', 'indie pop'],
  ],
  // "electronic" and "electronica" say how a track was made more than that it is dance music: half weight.
  electronicDance: [
    ['msd', 'dance'],
    ['msd', 'House'],
    ['msd', 'electro'],
    ['mtt', 'techno'],
    ['mtt', 'dance'],
    ['msd', 'electronic', 0.5],
    ['msd', 'electronica', 0.5],
  ],
  jazz: [['msd', 'jazz']],
  metal: [
    ['msd', 'metal'],
    ['msd', 'heavy metal'],
    ['mtt', 'metal'],
  ],
  rnb: [
    ['msd', 'rnb'],
    ['msd', 'soul'],
    ['msd', 'funk', 0.7],
    ['msd', 'sexy', 0.5],
  ],
  folk: [
    ['msd', 'folk'],
    ['msd', 'acoustic', 0.5],
  ],
  punk: [['msd', 'punk']],
  blues: [['msd', 'blues']],
  ambient: [
    ['msd', 'ambient'],
    ['mtt', 'ambient'],
    ['mtt', 'new age'],
    ['msd', 'chillout', 0.5],
  ],
  rapHipHop: [['msd', 'Hip-Hop']],
  country: [
    ['msd', 'country'],
    ['mtt', 'country'],
  ],
  classical: [
    ['mtt', 'classical'],
    ['mtt', 'classic'],
    ['mtt', 'harpsichord', 0.7],
    ['mtt', 'opera', 0.7],
    ['mtt', 'choral', 0.7],
  ],
  // latin, reggae and singerSongwriters: no musicnn tag speaks to them; rules only.
};

export const SUBGENRE_MAP: Mapping<string> = {
  house: [['msd', 'House']],
  techno: [['mtt', 'techno']],
  'hard rock': [['msd', 'hard rock']],
  'alt rock': [['msd', 'alternative rock']],
  'indie rock': [['msd', 'indie rock']],
  'indie pop': [['msd', 'indie pop']],
  'classic rock': [['msd', 'classic rock']],
  'progressive rock': [['msd', 'Progressive rock']],
  'heavy metal': [['msd', 'heavy metal']],
  soul: [['msd', 'soul']],
  funk: [['msd', 'funk']],
  electro: [['msd', 'electro']],
};

export const MOOD_MAP: Mapping<string> = {
  happy: [
    ['msd', 'happy'],
    ['msd', 'party', 0.5],
  ],
  sad: [['msd', 'sad']],
  chill: [
    ['msd', 'chill'],
    ['msd', 'chillout'],
    ['msd', 'Mellow', 0.7],
  ],
  energetic: [
    ['msd', 'party'],
    ['mtt', 'fast'],
    ['mtt', 'loud', 0.7],
  ],
  calm: [
    ['mtt', 'quiet'],
    ['mtt', 'soft'],
    ['msd', 'easy listening', 0.7],
  ],
  romantic: [
    ['msd', 'sexy', 0.7],
    ['msd', 'beautiful', 0.5],
  ],
  dreamy: [
    ['msd', 'beautiful', 0.5],
    ['msd', 'ambient', 0.5],
  ],
  aggressive: [
    ['msd', 'metal', 0.7],
    ['msd', 'hard rock', 0.7],
    ['msd', 'punk', 0.7],
  ],
  // uplifting, dark, epic: rules only.
};

export const ADVANCED_MOOD_MAP: Mapping<string> = {
  euphoric: [['msd', 'party', 0.7]],
  playful: [
    ['msd', 'happy', 0.7],
    ['msd', 'catchy', 0.7],
  ],
  melancholic: [['msd', 'sad']],
  sensual: [['msd', 'sexy']],
  peaceful: [
    ['mtt', 'quiet'],
    ['mtt', 'soft'],
    ['mtt', 'new age'],
  ],
  nostalgic: [
    ['msd', 'oldies', 0.7],
    ['msd', 'Mellow', 0.5],
  ],
  introspective: [['msd', 'Mellow', 0.5]],
};

export const ERA_MAP: Mapping<string> = {
  '1960s': [
    ['msd', '60s'],
    ['msd', 'oldies', 0.7],
  ],
  '1970s': [['msd', '70s']],
  '1980s': [['msd', '80s']],
  '1990s': [['msd', '90s']],
  '2000s': [['msd', '00s']],
  // 2010s, 2020s: after the training data (the Million Song Dataset ends in 2011); rules only.
};

export const INSTRUMENT_MAP: Mapping<string> = {
  drums: [
    ['mtt', 'drums'],
    ['mtt', 'beat'],
    ['mtt', 'beats'],
  ],
  piano: [['mtt', 'piano']],
  guitar: [
    ['mtt', 'guitar'],
    ['msd', 'guitar'],
    ['msd', 'acoustic', 0.7],
  ],
  strings: [
    ['mtt', 'strings'],
    ['mtt', 'violin'],
    ['mtt', 'cello'],
  ],
  'synth lead': [['mtt', 'synth', 0.7]],
  'synth pad': [['mtt', 'synth', 0.7]],
  flute: [['mtt', 'flute']],
  harp: [['mtt', 'harp']],
  sitar: [['mtt', 'sitar']],
  harpsichord: [['mtt', 'harpsichord']],
  choir: [
    ['mtt', 'choir'],
    ['mtt', 'choral'],
  ],
};

export const CHARACTER_MAP: Mapping<string> = {
  warm: [['msd', 'Mellow', 0.7]],
  heavy: [
    ['msd', 'metal'],
    ['msd', 'heavy metal'],
    ['msd', 'hard rock', 0.7],
  ],
  gritty: [
    ['msd', 'punk', 0.7],
    ['msd', 'hard rock', 0.7],
  ],
  clean: [['msd', 'easy listening', 0.5]],
};

/** Voice gender, heard only when the voice model hears a voice. */
export const VOICE_MAP: Mapping<string> = {
  'female vocals': [
    ['msd', 'female vocalists'],
    ['msd', 'female vocalist'],
    ['mtt', 'female'],
    ['mtt', 'female vocal'],
    ['mtt', 'female voice'],
    ['mtt', 'woman'],
  ],
  'male vocals': [
    ['msd', 'male vocalists'],
    ['mtt', 'male'],
    ['mtt', 'male vocal'],
    ['mtt', 'male voice'],
    ['mtt', 'man'],
  ],
};

const clampProbability = (p: number) => Math.min(1 - 1e-6, Math.max(1e-6, p));
export const logit = (p: number) => Math.log(clampProbability(p) / (1 - clampProbability(p)));
export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Lift of every musicnn tag: logit of its mean probability above its reference logit. */
export function tagLifts(learned: LearnedTags): { msd: Record<MsdTag, number>; mtt: Record<MttTag, number> } {
  const lift = <T extends string>(probabilities: Record<T, number>, reference: Record<T, number>) =>
    Object.fromEntries(
      (Object.keys(probabilities) as T[]).map((tag) => [tag, logit(probabilities[tag]) - reference[tag]]),
    ) as Record<T, number>;
  return { msd: lift(learned.msd, MSD_REFERENCE_LOGITS), mtt: lift(learned.mtt, MTT_REFERENCE_LOGITS) };
}

export type Lifts = ReturnType<typeof tagLifts>;

/** The tagger's evidence for one vocabulary (see `evidence`), or undefined when the tagger did not run. */
export type Heard = <T extends string>(
  mapping: Mapping<T>,
  centre: 'list' | 'models',
) => Partial<Record<T, number>> | undefined;

/**
 * Evidence for each mapped tag: the strongest weighted lift of its sources, centred on the median over the
 * mapped tags (`centre: 'list'`, for competing tags) or over all of the sources' models (`'models'`).
 */
export function evidence<T extends string>(
  lifts: Lifts,
  mapping: Mapping<T>,
  centre: 'list' | 'models',
): Partial<Record<T, number>> {
  const raw = (Object.entries(mapping) as [T, Source[]][]).map(([tag, sources]) => {
    const value = Math.max(
      ...sources.map(([model, name, weight = 1]) =>
        model === 'msd' ? weight * lifts.msd[name] : weight * lifts.mtt[name],
      ),
    );
    const models = new Set(sources.map(([model]) => model));
    return { tag, value, models };
  });
  const modelMedian = {
    msd: median(Object.values(lifts.msd)),
    mtt: median(Object.values(lifts.mtt)),
  };
  const listMedian = median(raw.map((r) => r.value));
  return Object.fromEntries(
    raw.map(({ tag, value, models }) => {
      const offset =
        centre === 'list' ? listMedian : Math.max(...[...models].map((model) => modelMedian[model]));
      return [tag, value - offset];
    }),
  ) as Partial<Record<T, number>>;
}

/** A rule's score as a prior (capped at RULE_TRUST), moved by the tagger's lift where it speaks. */
export function combine(ruleScore: number, lift: number | undefined): number {
  const prior = Math.min(0.98, Math.max(0.02, RULE_TRUST * ruleScore));
  if (lift === undefined) return RULE_TRUST * Math.max(0, Math.min(1, ruleScore));
  return sigmoid(logit(prior) + LIFT_WEIGHT * lift);
}

/** Combines a field's rule scores with the tagger's evidence; tags only the tagger knows start at `prior`. */
export function combineScores<T extends string>(
  rules: Partial<Record<T, number>>,
  lifts: Partial<Record<T, number>> | undefined,
  prior = 0.15,
): Record<T, number> {
  const tags = new Set<T>([...(Object.keys(rules) as T[]), ...(Object.keys(lifts ?? {}) as T[])]);
  return Object.fromEntries(
    [...tags].map((tag) => {
      const rule = rules[tag];
      const lift = lifts?.[tag];
      return [tag, combine(rule ?? prior / RULE_TRUST, lift)];
    }),
  ) as Record<T, number>;
}

// Descriptive tags. Genre, subgenre, mood, era, instruments and part of character combine hand-set rules
// over measured features (tempo, pulse clarity, subdivision, meter, mode, tonal clarity, loudness, spectral
// balance, onset density, energy trajectory) with a learned tagger (musicnn, tagger.ts; how the two are
// combined: learnedEvidence.ts); dynamics, movement and classical epochs are rules only; voice comes from a
// learned voice-activity model (voice.ts). Scores are in [0, 1] and say how sure a tag is: a rule alone
// reads at most RULE_TRUST (0.7), above that only when the tagger agrees. Lists are sorted best first.
import type { VoiceEstimate } from './voice';
import { GENRES, type Dna, type Genre, type Loudness, type ScoredTag } from '../dna';
import type { KeyEstimate } from './key';
import { FRAME_RATE, MEL_BANDS, type OnsetFrames } from './spectral';
import type { LearnedTags } from './tagger';
import {
  ADVANCED_MOOD_MAP,
  CHARACTER_MAP,
  combineScores,
  ERA_MAP,
  evidence,
  GENRE_MAP,
  INSTRUMENT_MAP,
  LIFT_WEIGHT,
  logit,
  MOOD_MAP,
  RULE_TRUST,
  sigmoid,
  SUBGENRE_MAP,
  tagLifts,
  VOICE_MAP,
  type Mapping,
} from './learnedEvidence';

export interface RhythmSummary {
  bpm: number;
  confidence: number;
  subdivision: number;
  beatsPerBar: 3 | 4;
  /** 0..1: share of beats with a kick (1 = four on the floor). */
  kickEveryBeat: number;
  /** Onset strength half-way between beats relative to on the beats (syncopation / off-beat skank). */
  offbeatRatio: number;
  /** Body-band (snare) onsets three quarters into the beat relative to on the beats (dembow's "and-a"). */
  anticipationRatio?: number;
  /** 0..1: how much the kicks gather on one beat of the bar (1 = one kick a bar, the one-drop). */
  kickOneBeat?: number;
}

export interface TimbreSummary {
  melMean: number[];
  melStd: number[];
  mfccMean: number[];
  mfccStd: number[];
  centroidHz: number;
  centroidSpread: number;
  flatness: number;
  subBassShare: number;
  lowShare: number;
  midShare: number;
  highShare: number;
  airShare: number;
  onsetsPerSecond: number;
  /** dB per minute of the loudness trend (positive = building). */
  energySlope: number;
  /** Standard deviation of 2 s loudness, dB. */
  energySpread: number;
  /** Relative change of brightness and harmony between the thirds of the track (0..1). */
  contrast: number;
}

const clamp01 = (x: number) => Math.max(0, Math.min(1, x));
const ramp = (x: number, from: number, to: number) => clamp01((x - from) / (to - from));
const bell = (x: number, centre: number, width: number) => Math.exp(-0.5 * ((x - centre) / width) ** 2);
const logBell = (bpm: number, centre: number, octaves: number) => bell(Math.log2(bpm / centre), 0, octaves);

const DCT = Array.from({ length: 13 }, (_, k) =>
  Array.from(
    { length: MEL_BANDS },
    (_, i) => Math.cos((Math.PI * k * (i + 0.5)) / MEL_BANDS) * Math.sqrt(2 / MEL_BANDS),
  ),
);

function dct(values: number[], count: number): number[] {
  return DCT.slice(0, count).map((row) => row.reduce((acc, c, i) => acc + c * values[i]!, 0));
}

export function summariseTimbre(onsets: OnsetFrames, airEnergy: Float32Array, scale: number): TimbreSummary {
  const frames = onsets.frames;
  let maxEnergy = 0;
  for (let f = 0; f < frames; f++) maxEnergy = Math.max(maxEnergy, onsets.energy[f]!);
  const active: number[] = [];
  for (let f = 0; f < frames; f++) if (onsets.energy[f]! > maxEnergy * 1e-4) active.push(f);
  const count = Math.max(1, active.length);
  const melMean = new Array<number>(MEL_BANDS).fill(0);
  const melSq = new Array<number>(MEL_BANDS).fill(0);
  const bandPower = Array.from(onsets.melPowerSum);
  const mfccSum = new Array<number>(13).fill(0);
  const mfccSq = new Array<number>(13).fill(0);
  let centroid = 0,
    centroidSq = 0,
    flatness = 0;
  const row = new Array<number>(MEL_BANDS).fill(0);
  // Every 4th active frame is plenty for timbre statistics and keeps the DCT cheap.
  for (let j = 0; j < active.length; j++) {
    const f = active[j]!;
    for (let b = 0; b < MEL_BANDS; b++) {
      const v = onsets.mel[f * MEL_BANDS + b]!;
      row[b] = v;
      melMean[b]! += v;
      melSq[b]! += v * v;
    }
    if (j % 4 === 0) {
      const c = dct(row, 13);
      for (let k = 0; k < 13; k++) {
        mfccSum[k]! += c[k]!;
        mfccSq[k]! += c[k]! * c[k]!;
      }
    }
    centroid += onsets.centroidHz[f]!;
    centroidSq += onsets.centroidHz[f]! ** 2;
    flatness += onsets.flatness[f]!;
  }
  const mfccCount = Math.max(1, Math.ceil(active.length / 4));
  const meanOf = (sum: number[], n: number) => sum.map((v) => v / n);
  const stdOf = (sum: number[], sq: number[], n: number) =>
    sum.map((v, i) => Math.sqrt(Math.max(0, sq[i]! / n - (v / n) ** 2)));
  const totalPower = bandPower.reduce((a, b) => a + b, 0) || 1;
  // Mel band centres from 40 Hz to 5.4 kHz: bands 0-2 ≈ sub-bass (<120 Hz), 3-6 low, 7-15 mid, 16+ high.
  const share = (from: number, to: number) =>
    bandPower.slice(from, to).reduce((a, b) => a + b, 0) / totalPower;
  let airSum = 0;
  for (let i = 0; i < airEnergy.length; i++) airSum += airEnergy[i]!;
  const airMean = (airSum / Math.max(1, airEnergy.length)) * scale * scale;
  let energyMean = 0;
  for (let f = 0; f < frames; f++) energyMean += onsets.energy[f]!;
  energyMean /= Math.max(1, frames);

  // Onset density: peaks of the summed flux above an adaptive threshold, at least 50 ms apart.
  let onsetsFound = 0;
  const flux = new Float32Array(frames);
  for (let f = 0; f < frames; f++) flux[f] = onsets.low[f]! + onsets.mid[f]! + onsets.high[f]!;
  const sortedFlux = Float32Array.from(flux).sort();
  const threshold = (sortedFlux[Math.floor(frames * 0.5)] ?? 0) * 2.5 + 1e-6;
  let last = -100;
  for (let f = 1; f < frames - 1; f++) {
    if (
      flux[f]! > threshold &&
      flux[f]! >= flux[f - 1]! &&
      flux[f]! >= flux[f + 1]! &&
      f - last > FRAME_RATE * 0.05
    ) {
      onsetsFound++;
      last = f;
    }
  }
  const seconds = frames / FRAME_RATE;

  // Energy trajectory over 2 s windows.
  const windowFrames = Math.round(FRAME_RATE * 2);
  const levels: number[] = [];
  for (let start = 0; start + windowFrames <= frames; start += windowFrames) {
    let e = 0;
    for (let f = start; f < start + windowFrames; f++) e += onsets.energy[f]!;
    levels.push(10 * Math.log10(e / windowFrames + 1e-12));
  }
  let slope = 0;
  let spread = 0;
  if (levels.length >= 3) {
    const mean = levels.reduce((a, b) => a + b, 0) / levels.length;
    const mid = (levels.length - 1) / 2;
    let num = 0,
      den = 0;
    levels.forEach((v, i) => {
      num += (i - mid) * (v - mean);
      den += (i - mid) ** 2;
    });
    slope = (num / den) * 30; // per window of 2 s → per minute
    spread = Math.sqrt(levels.reduce((a, v) => a + (v - mean) ** 2, 0) / levels.length);
  }
  // Contrast between thirds: change of mean brightness.
  const thirds = [0, 1, 2].map((t) => {
    const from = Math.floor((frames * t) / 3);
    const to = Math.floor((frames * (t + 1)) / 3);
    let c = 0;
    for (let f = from; f < to; f++) c += onsets.centroidHz[f]!;
    return c / Math.max(1, to - from);
  });
  const centroidMean = centroid / count;
  const contrast = clamp01((Math.max(...thirds) - Math.min(...thirds)) / (centroidMean + 1e-9));

  return {
    melMean: meanOf(melMean, count),
    melStd: stdOf(melMean, melSq, count),
    mfccMean: meanOf(mfccSum, mfccCount),
    mfccStd: stdOf(mfccSum, mfccSq, mfccCount),
    centroidHz: centroidMean,
    centroidSpread: Math.sqrt(Math.max(0, centroidSq / count - centroidMean ** 2)),
    flatness: flatness / count,
    subBassShare: share(0, 3),
    lowShare: share(3, 7),
    midShare: share(7, 16),
    highShare: share(16, MEL_BANDS),
    airShare: clamp01(airMean / (energyMean + airMean + 1e-12)),
    onsetsPerSecond: onsetsFound / Math.max(1, seconds),
    energySlope: slope,
    energySpread: spread,
    contrast,
  };
}

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

/** How the caption names each genre id. */
const GENRE_WORDS: Record<Genre, string> = {
  ambient: 'ambient',
  blues: 'blues',
  classical: 'classical',
  country: 'country',
  electronicDance: 'electronic dance',
  folk: 'folk',
  indieAlternative: 'indie/alternative',
  jazz: 'jazz',
  latin: 'latin',
  metal: 'metal',
  pop: 'pop',
  punk: 'punk',
  rapHipHop: 'hip-hop',
  reggae: 'reggae',
  rnb: 'R&B',
  rock: 'rock',
  singerSongwriters: 'singer-songwriter',
};

const round2 = (x: number) => Math.round(clamp01(x) * 100) / 100;

/** Top `count` entries with score ≥ `floor`, always at least one. */
function top<T extends string>(scores: Record<T, number>, count: number, floor = 0.2): ScoredTag<T>[] {
  const sorted = (Object.entries(scores) as [T, number][])
    .map(([tag, score]) => ({ tag, score: round2(score) }))
    .sort((a, b) => b.score - a.score);
  const kept = sorted.filter((t, i) => i < count && t.score >= floor);
  return kept.length ? kept : sorted.slice(0, 1);
}

/** A rules-only field: its scores capped at RULE_TRUST, so no rule reads surer than the tagger can make it. */
function heuristic<T extends string>(scores: Record<T, number>): Record<T, number> {
  return Object.fromEntries(
    (Object.entries(scores) as [T, number][]).map(([tag, score]) => [tag, RULE_TRUST * clamp01(score)]),
  ) as Record<T, number>;
}

/** Folds BPM into 60–180 (a half-time 70 counts as 140 for genre rules that expect the faster reading). */
const fold = (bpm: number) => {
  let b = bpm;
  while (b < 60) b *= 2;
  while (b > 180) b /= 2;
  return b;
};

/** What the rules read: measured features brought to 0..1 (bpm folded into 60–180). */
export interface Cues {
  bpm: number;
  pulse: number;
  drums: number;
  swing: number;
  minor: number;
  major: number;
  bright: number;
  loud: number;
  dense: number;
  subBass: number;
  noisy: number;
  lofi: number;
  tonal: number;
  triple: number;
  fourFloor: number;
  offbeat: number;
  anticipation: number;
  oneDrop: number;
  dynamicRange: number;
}

export function cuesOf(
  timbre: TimbreSummary,
  rhythm: RhythmSummary,
  key: KeyEstimate,
  loudness: Loudness,
): Cues {
  const fourFloor = ramp(rhythm.kickEveryBeat, 0.6, 0.95);
  const bright = ramp(timbre.centroidHz, 600, 2200);
  return {
    bpm: fold(rhythm.bpm),
    pulse: clamp01(rhythm.confidence),
    // Drums: a kit leaves broadband "air" (hats, cymbals, snare noise) that pads, pianos and basses do not,
    // and many onsets; a pulse alone is not enough (slow chord changes make one too).
    drums: ramp(timbre.airShare, 0.003, 0.03) * ramp(timbre.onsetsPerSecond, 1, 3),
    swing: rhythm.subdivision === 3 ? 1 : 0,
    minor: key.mode === 'minor' ? key.confidence : 0,
    major: key.mode === 'major' ? key.confidence : 0,
    bright,
    loud: ramp(loudness.integratedLufs, -28, -8),
    dense: ramp(timbre.onsetsPerSecond, 1, 8),
    subBass: ramp(timbre.subBassShare, 0.05, 0.45),
    noisy: ramp(timbre.flatness, 0.15, 0.5),
    lofi: clamp01(1 - ramp(timbre.airShare, 0.002, 0.05)) * (1 - bright),
    tonal: clamp01(key.tonalClarity * 1.5),
    triple: rhythm.beatsPerBar === 3 ? 1 : 0,
    fourFloor,
    offbeat: ramp(rhythm.offbeatRatio, 0.6, 1.2),
    anticipation: ramp(rhythm.anticipationRatio ?? 0, 0.5, 1),
    oneDrop: clamp01(rhythm.kickOneBeat ?? 0) * (1 - fourFloor),
    dynamicRange: ramp(loudness.loudnessRangeLu, 4, 15),
  };
}

/** The hand-set genre rules (issue 11, second round), each genre's score in 0..1. */
export function ruleGenreScores(cues: Cues): Record<Genre, number> {
  const { bpm, pulse, drums, swing, major, bright, loud, dense, subBass, noisy, tonal, triple } = cues;
  const { fourFloor, offbeat, anticipation, oneDrop, dynamicRange } = cues;
  const genreScores: Record<Genre, number> = {
    rapHipHop:
      drums *
      (0.45 * Math.max(logBell(bpm, 88, 0.2), logBell(bpm, 145, 0.15)) + 0.35 * subBass + 0.2 * (1 - triple)),
    rnb: drums * (0.4 * logBell(bpm, 75, 0.25) + 0.3 * tonal + 0.3 * (1 - noisy)) * 0.9,
    pop: drums * (0.35 * logBell(bpm, 112, 0.18) + 0.25 * major + 0.2 * bright + 0.2 * loud) * 0.9,
    electronicDance:
      drums *
      (0.4 * fourFloor + 0.3 * Math.max(logBell(bpm, 126, 0.08), logBell(bpm, 174, 0.06)) + 0.3 * bright),
    rock: drums * (0.35 * noisy + 0.3 * logBell(bpm, 125, 0.2) + 0.2 * (1 - subBass) + 0.15 * loud) * 0.8,
    metal: drums * (0.45 * noisy + 0.3 * ramp(bpm, 130, 180) + 0.25 * loud) * 0.7,
    punk: drums * (0.4 * noisy + 0.4 * ramp(bpm, 150, 180) + 0.2 * loud) * 0.6,
    jazz: (0.5 * swing + 0.25 * dynamicRange + 0.25 * (1 - tonal)) * (0.4 + 0.6 * drums) * 0.9,
    blues: (0.5 * swing + 0.3 * logBell(bpm, 80, 0.25) + 0.2 * (1 - bright)) * 0.7,
    country: (0.4 * triple + 0.3 * major + 0.3 * logBell(bpm, 110, 0.2)) * 0.7,
    folk: (0.35 * triple + 0.35 * (1 - drums) + 0.3 * tonal) * 0.7,
    classical: (0.4 * (1 - drums) + 0.25 * triple * (1 - drums) + 0.2 * dynamicRange + 0.15 * tonal) * 0.9,
    ambient: (0.45 * (1 - drums) + 0.2 * (1 - pulse) + 0.2 * (1 - dense) + 0.15 * tonal) * 0.9,
    reggae:
      drums *
      (0.35 * Math.max(offbeat, oneDrop) +
        0.3 * logBell(bpm, 75, 0.15) +
        0.15 * (1 - bright) +
        0.2 * oneDrop),
    // Reggaeton's dembow: a kick on every beat at 90–100 BPM, snares before and between the beats.
    latin:
      drums *
      (0.35 * fourFloor * logBell(bpm, 96, 0.1) +
        0.3 * logBell(bpm, 96, 0.1) +
        0.35 * Math.max(offbeat, anticipation)),
    indieAlternative: drums * (0.35 * logBell(bpm, 120, 0.2) + 0.35 * noisy + 0.3 * (1 - subBass)) * 0.6,
    singerSongwriters: (0.4 * (1 - drums) + 0.3 * tonal + 0.3 * logBell(bpm, 95, 0.3)) * 0.6,
  };
  for (const genre of GENRES) genreScores[genre] = clamp01(genreScores[genre]);
  return genreScores;
}

/** How the caption names instruments (tags are terse; a sentence wants plurals and articles). */
const INSTRUMENT_WORDS: Record<string, string> = {
  kick: 'kicks',
  'snare/clap': 'claps',
  '808/sub bass': '808 bass',
  'keys/chords': 'keys',
  'synth pad': 'synth pads',
  'synth lead': 'a synth lead',
  choir: 'a choir',
};
const DRUM_PARTS = new Set(['kick', 'snare/clap', 'hi-hats']);
const SUBGENRE_WORDS: Record<string, string> = { 'r&b slow jam': 'R&B slow jam', 'neo soul': 'neo-soul' };

const listed = (words: string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
const withArticle = (phrase: string) => `${/^([aeiou]|R&B|80|8)/i.test(phrase) ? 'An' : 'A'} ${phrase}`;

/**
 * One or two sentences as a producer might describe the beat: moods, style, key and tempo, what it is
 * built on, feel and energy (and an era when one is heard clearly), and the voice when one was listened
 * for. E.g. "A dark, chill trap beat in F minor at 140 BPM, built on 808 bass, hi-hats and piano.
 * Laid-back, medium energy. No vocals."
 */
export function captionOf(parts: {
  genreTags: ScoredTag<Genre>[];
  subgenreTags: ScoredTag[];
  moodTags: ScoredTag[];
  movementTags: ScoredTag[];
  instrumentTags: ScoredTag[];
  musicalEraTag: ScoredTag[];
  /** Only when a voice model listened. */
  voiceTags?: ScoredTag[];
  energyLevel: number;
  bpm: number;
  key: string;
}): string {
  const [mood, secondMood] = parts.moodTags;
  const moods = [mood, secondMood]
    .filter((m): m is ScoredTag => !!m && m.score >= 0.85 * (mood?.score ?? 0))
    .map((m) => m.tag);
  const [genre, secondGenre] = parts.genreTags;
  const subgenre = parts.subgenreTags[0];
  let style =
    subgenre && subgenre.score >= 0.3
      ? (SUBGENRE_WORDS[subgenre.tag] ?? subgenre.tag)
      : GENRE_WORDS[genre?.tag ?? 'rapHipHop'];
  if (!(subgenre && subgenre.score >= 0.3) && genre && secondGenre && secondGenre.score >= 0.9 * genre.score)
    style = `${style}/${GENRE_WORDS[secondGenre.tag]}`;
  const opening = withArticle(`${moods.length ? `${moods.join(', ')} ` : ''}${style} beat`);
  const tags = parts.instrumentTags.map((t) => t.tag);
  const hasDrums = tags.includes('drums');
  const instruments = tags
    .filter((tag) => !(hasDrums && DRUM_PARTS.has(tag)))
    .slice(0, 3)
    .map((tag) => INSTRUMENT_WORDS[tag] ?? tag);
  const builtOn = instruments.length ? `, built on ${listed(instruments)}` : '';
  const first = `${opening} in ${parts.key} at ${Math.round(parts.bpm)} BPM${builtOn}.`;

  const energy = parts.energyLevel > 0.66 ? 'high' : parts.energyLevel > 0.33 ? 'medium' : 'low';
  const movement = parts.movementTags[0]?.tag;
  const era = parts.musicalEraTag[0];
  const eraWord = era && era.score >= 0.55 ? `, with a ${era.tag.replace(/^19/, '')} feel` : '';
  const feel = movement
    ? `${movement[0]!.toUpperCase()}${movement.slice(1)}, ${energy} energy${eraWord}.`
    : `${energy[0]!.toUpperCase()}${energy.slice(1)} energy${eraWord}.`;

  let voiceWords = '';
  const [voiceTag, who] = parts.voiceTags ?? [];
  if (voiceTag?.tag === 'vocals') {
    const singer = who ? `${who.tag.replace(/ vocals$/, '')} ` : '';
    voiceWords =
      voiceTag.score >= 0.75 ? ` A ${singer}voice carries it.` : ` There may be a ${singer}voice in it.`;
  } else if (voiceTag?.tag === 'instrumental' && voiceTag.score >= 0.75) voiceWords = ' No vocals.';
  return `${first} ${feel}${voiceWords}`;
}

export function describe(
  timbre: TimbreSummary,
  rhythm: RhythmSummary,
  key: KeyEstimate,
  loudness: Loudness,
  voice?: VoiceEstimate,
  learned?: LearnedTags,
): Description {
  const cues = cuesOf(timbre, rhythm, key, loudness);
  const { bpm, pulse, drums, swing, minor, major, bright, loud, dense, subBass, noisy, lofi, tonal } = cues;
  const { triple, fourFloor, offbeat, dynamicRange } = cues;
  // The learned tagger's evidence per vocabulary (learnedEvidence.ts); undefined without the tagger, when
  // every field is its rules' score × RULE_TRUST.
  const lifts = learned ? tagLifts(learned) : undefined;
  const heard = <T extends string>(mapping: Mapping<T>, centre: 'list' | 'models') =>
    lifts ? evidence(lifts, mapping, centre) : undefined;
  // Floors of the lists are the old ones, scaled like the rules' scores.
  const floor = (x: number) => x * RULE_TRUST;

  const energyLevel = clamp01(0.35 * loud + 0.25 * dense + 0.2 * bright + 0.2 * ramp(bpm, 60, 170));
  const arousal = clamp01(0.45 * energyLevel + 0.3 * ramp(bpm, 60, 170) + 0.25 * dense * drums);
  const valence = clamp01(
    0.5 + 0.3 * (major - minor) + 0.15 * (bright - 0.5) + 0.1 * (ramp(bpm, 70, 150) - 0.5) - 0.15 * noisy,
  );

  const ruleGenres = ruleGenreScores(cues);
  const genreScores = combineScores(ruleGenres, heard(GENRE_MAP, 'list')) as Record<Genre, number>;
  const genreTags = top(genreScores, 3, floor(0.25));

  // Subgenres: the (combined) parent genre's score × how well the child fits, by rule and, where a
  // musicnn tag names the subgenre, by the tagger (children only the tagger names start at 0.3).
  const parent = (genre: Genre) => genreScores[genre];
  const childLifts = heard(SUBGENRE_MAP, 'models');
  const child = (name: string, rule: number) => {
    const lift = childLifts?.[name];
    return lift === undefined
      ? rule
      : sigmoid(logit(Math.min(0.98, Math.max(0.02, rule))) + LIFT_WEIGHT * lift);
  };
  const subgenreScores: Record<string, number> = {
    trap:
      parent('rapHipHop') * (0.5 * ramp(rhythm.subdivision, 3, 4) * logBell(bpm, 145, 0.12) + 0.5 * subBass),
    'boom bap': parent('rapHipHop') * (0.5 * logBell(bpm, 90, 0.08) + 0.25 * swing + 0.25 * (1 - subBass)),
    'lo-fi hip hop': parent('rapHipHop') * (0.4 * lofi + 0.3 * logBell(bpm, 80, 0.1) + 0.3 * swing),
    drill: parent('rapHipHop') * (0.5 * swing * logBell(bpm, 142, 0.08) + 0.5 * minor),
    'r&b slow jam': parent('rnb') * logBell(bpm, 68, 0.15),
    'neo soul': parent('rnb') * (0.6 * swing + 0.4 * (1 - tonal)),
    house: parent('electronicDance') * child('house', fourFloor * logBell(bpm, 124, 0.04)),
    techno:
      parent('electronicDance') * child('techno', fourFloor * logBell(bpm, 132, 0.05) * (0.5 + 0.5 * minor)),
    'drum and bass': parent('electronicDance') * logBell(bpm, 174, 0.05),
    dubstep: parent('electronicDance') * logBell(bpm, 140, 0.04) * subBass,
    electro: parent('electronicDance') * child('electro', 0.3),
    'synth-pop': parent('pop') * bright * (1 - swing),
    'pop ballad': parent('pop') * logBell(bpm, 72, 0.15),
    'indie pop': parent('indieAlternative') * child('indie pop', 0.3),
    reggaeton: parent('latin') * logBell(bpm, 95, 0.06) * offbeat,
    afrobeats: parent('latin') * logBell(bpm, 108, 0.06) * offbeat,
    dancehall: parent('reggae') * logBell(bpm, 100, 0.08),
    'roots reggae': parent('reggae') * logBell(bpm, 75, 0.1),
    waltz: (parent('classical') + parent('folk') + parent('country')) * triple * 0.6,
    shuffle: (parent('blues') + parent('rock')) * swing,
    'swing jazz': parent('jazz') * swing * drums,
    'ambient drone': parent('ambient') * (1 - dense),
    'hard rock': parent('rock') * child('hard rock', loud),
    'classic rock': parent('rock') * child('classic rock', 0.3),
    'progressive rock': parent('rock') * child('progressive rock', 0.3),
    'heavy metal': parent('metal') * child('heavy metal', 0.3),
    'alt rock': parent('indieAlternative') * child('alt rock', noisy),
    'indie rock': parent('indieAlternative') * child('indie rock', 0.3),
    soul: parent('rnb') * child('soul', 0.3),
    funk: parent('rnb') * child('funk', 0.3),
  };
  const subgenreTags = top(subgenreScores, 3, floor(0.15));

  const moodCentres: Record<string, [number, number]> = {
    happy: [0.8, 0.6],
    uplifting: [0.75, 0.75],
    energetic: [0.6, 0.9],
    aggressive: [0.2, 0.9],
    dark: [0.15, 0.55],
    sad: [0.15, 0.25],
    chill: [0.6, 0.25],
    dreamy: [0.55, 0.15],
    romantic: [0.68, 0.35],
    epic: [0.45, 0.85],
    calm: [0.5, 0.05],
  };
  const advancedCentres: Record<string, [number, number]> = {
    euphoric: [0.9, 0.85],
    triumphant: [0.7, 0.8],
    playful: [0.8, 0.55],
    hopeful: [0.7, 0.45],
    confident: [0.55, 0.7],
    nostalgic: [0.45, 0.3],
    bittersweet: [0.4, 0.4],
    melancholic: [0.2, 0.3],
    introspective: [0.35, 0.2],
    menacing: [0.1, 0.75],
    tense: [0.25, 0.65],
    mysterious: [0.35, 0.45],
    peaceful: [0.65, 0.1],
    sensual: [0.6, 0.3],
    anxious: [0.2, 0.8],
  };
  const byDistance = (centres: Record<string, [number, number]>) =>
    Object.fromEntries(
      Object.entries(centres).map(([tag, [v, a]]) => [
        tag,
        Math.exp(-((valence - v) ** 2 + (arousal - a) ** 2) / (2 * 0.15 ** 2)),
      ]),
    );
  const moodTags = top(combineScores(byDistance(moodCentres), heard(MOOD_MAP, 'list')), 3, floor(0.2));
  const advanced = byDistance(advancedCentres);
  advanced.mysterious! *= 0.6 + 0.8 * (1 - tonal);
  advanced.nostalgic! *= 0.6 + 0.8 * lofi;
  const moodAdvancedTags = top(combineScores(advanced, heard(ADVANCED_MOOD_MAP, 'list')), 3, floor(0.2));

  const building = ramp(timbre.energySlope, 1, 6);
  const fading = ramp(-timbre.energySlope, 1, 6);
  const variable = ramp(timbre.energySpread, 2, 6);
  // Dynamics and movement: rules only (no musicnn tag speaks to them).
  const energyDynamics = top(
    heuristic({
      steady: 1 - Math.max(building, fading, variable),
      building,
      fading,
      'peaks and drops': variable * (1 - Math.max(building, fading) * 0.5),
    }),
    2,
    floor(0.2),
  );
  const contrast = ramp(timbre.contrast, 0.05, 0.3);
  const emotionalDynamics = top(
    heuristic({
      consistent: 1 - Math.max(contrast, variable),
      evolving: contrast * 0.8 + building * 0.2,
      contrasting: Math.min(contrast, variable) + 0.2 * variable,
      intensifying: building * 0.9,
      subsiding: fading * 0.9,
    }),
    2,
    floor(0.2),
  );

  const movementTags = top(
    heuristic({
      bouncy: drums * (0.5 * logBell(bpm, 95, 0.15) + 0.5 * Math.max(swing, offbeat)),
      driving: drums * (0.5 * ramp(bpm, 110, 160) + 0.5 * dense) * (1 - swing * 0.5),
      'laid-back': (0.5 * ramp(100 - bpm, 0, 30) + 0.5 * (1 - dense)) * (0.5 + 0.5 * drums),
      groovy: drums * (0.5 * offbeat + 0.5 * logBell(bpm, 105, 0.15)),
      floating: (1 - pulse) * (1 - dense),
      pulsing: drums * fourFloor,
      swaying: Math.max(triple, swing) * (0.5 + 0.5 * drums),
      danceable: drums * pulse * logBell(bpm, 120, 0.15),
    }),
    3,
    floor(0.2),
  );

  const instrumentScores: Record<string, number> = {
    drums,
    kick: drums * ramp(timbre.subBassShare + timbre.lowShare, 0.1, 0.4),
    'snare/clap': drums * ramp(timbre.midShare, 0.1, 0.35),
    'hi-hats': drums * ramp(timbre.airShare, 0.003, 0.04),
    '808/sub bass': subBass * (0.5 + 0.5 * drums),
    bass: ramp(timbre.subBassShare + timbre.lowShare, 0.2, 0.6) * tonal,
    'keys/chords': tonal * ramp(timbre.midShare, 0.1, 0.4),
    'synth pad': tonal * (1 - dense) * (1 - noisy),
    'synth lead': tonal * bright * 0.6,
    'distorted guitar': noisy * ramp(timbre.midShare, 0.2, 0.5) * 0.7,
  };
  // Instruments the tagger names (piano, guitar, strings …) join the rules' beat-making parts.
  const instrumentTags = top(
    combineScores(instrumentScores, heard(INSTRUMENT_MAP, 'models')),
    5,
    floor(0.25),
  );

  const characterTags = top(
    combineScores(
      {
        warm: (1 - bright) * ramp(timbre.lowShare + timbre.midShare, 0.3, 0.7),
        bright,
        dark: (1 - bright) * (0.5 + 0.5 * minor),
        punchy: drums * loud,
        airy: ramp(timbre.airShare, 0.01, 0.08),
        gritty: noisy * loud,
        clean: (1 - noisy) * tonal,
        'lo-fi': lofi,
        spacious: (1 - dense) * (0.5 + 0.5 * tonal),
        dense: dense * (0.5 + 0.5 * noisy),
        heavy: subBass * loud,
      },
      heard(CHARACTER_MAP, 'models'),
    ),
    3,
    floor(0.2),
  );

  const modern = loud * 0.5 + subBass * 0.3 + ramp(timbre.airShare, 0.005, 0.05) * 0.2;
  const musicalEraTag = top(
    combineScores(
      {
        '2020s': modern * (0.6 + 0.4 * ramp(rhythm.subdivision, 3, 4)),
        '2010s': modern * 0.85,
        '2000s': (1 - Math.abs(modern - 0.6)) * 0.6,
        '1990s': (swing * 0.4 + lofi * 0.6) * (0.5 + 0.5 * drums),
        '1980s': bright * (1 - subBass) * 0.7,
        '1970s': (1 - loud) * dynamicRange * 0.8,
      },
      heard(ERA_MAP, 'list'),
      0.05,
    ),
    1,
    0,
  );

  const classicalEpochTags =
    genreScores.classical >= 0.4 * RULE_TRUST
      ? top(
          heuristic({
            baroque: pulse * tonal,
            classical: tonal * (1 - dynamicRange * 0.5),
            romantic: dynamicRange * (1 - ramp(bpm, 100, 160)),
            modern: 1 - tonal,
          }),
          1,
          0,
        )
      : [];

  // Voice: the share of listened frames a voice-activity model (Silero VAD over the vocal band) calls
  // voiced, in the track's most voiced windows; the score says how sure it is (0.5 at a 0.2 share).
  // Without the model (analysis without it), the old weak proxy: mid-band dominance with modulation.
  const vocalLike = voice
    ? clamp01(0.5 + (voice.probability - 0.2) * (voice.probability < 0.2 ? 2.5 : 0.625))
    : clamp01(ramp(timbre.midShare, 0.35, 0.6) * ramp(timbre.centroidSpread, 300, 900) * 0.8);
  const voiceTags: ScoredTag[] = top({ instrumental: 1 - vocalLike, vocals: vocalLike }, 1, 0);
  // With a voice heard, the tagger's guess at who sings (kept when it is at least even).
  if (voice && voiceTags[0]?.tag === 'vocals') {
    const gender = top(combineScores<string>({}, heard(VOICE_MAP, 'models'), 0.3), 1, 0.5);
    if (gender[0] && gender[0].score >= 0.5) voiceTags.push(gender[0]);
  }

  const caption = captionOf({
    genreTags,
    subgenreTags,
    moodTags,
    movementTags,
    instrumentTags,
    musicalEraTag,
    voiceTags: voice ? voiceTags : undefined,
    energyLevel,
    bpm,
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

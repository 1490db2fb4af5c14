// What a track is made of and where it comes from: instruments, sound character, musical era, a
// classical epoch (only for classical music) and the voice. Instruments, character, era and the singer
// combine the rules with the tagger's evidence; the epoch is rules only.
import type { Genre, ScoredTag } from '../dna';
import type { Cues } from './cues';
import {
  CHARACTER_MAP,
  combineScores,
  ERA_MAP,
  INSTRUMENT_MAP,
  RULE_TRUST,
  VOICE_MAP,
  type Heard,
} from './learnedEvidence';
import { clamp01, heuristic, ramp, ruleFloor, top } from './scoring';
import type { TimbreSummary } from './timbre';
import type { VoiceEstimate } from './voice';

export function instrumentTagsOf(timbre: TimbreSummary, cues: Cues, heard: Heard): ScoredTag[] {
  const { drums, subBass, tonal, dense, noisy, bright } = cues;
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
  return top(combineScores(instrumentScores, heard(INSTRUMENT_MAP, 'models')), 5, ruleFloor(0.25));
}

export function characterTagsOf(timbre: TimbreSummary, cues: Cues, heard: Heard): ScoredTag[] {
  const { bright, minor, drums, loud, noisy, tonal, lofi, dense, subBass } = cues;
  return top(
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
    ruleFloor(0.2),
  );
}

export function eraTagsOf(timbre: TimbreSummary, subdivision: number, cues: Cues, heard: Heard): ScoredTag[] {
  const { loud, subBass, swing, lofi, drums, bright, dynamicRange } = cues;
  const modern = loud * 0.5 + subBass * 0.3 + ramp(timbre.airShare, 0.005, 0.05) * 0.2;
  return top(
    combineScores(
      {
        '2020s': modern * (0.6 + 0.4 * ramp(subdivision, 3, 4)),
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
}

/** A classical epoch, only when the track reads as classical at all. */
export function classicalEpochTagsOf(genreScores: Record<Genre, number>, cues: Cues): ScoredTag[] {
  const { pulse, tonal, dynamicRange, bpm } = cues;
  return genreScores.classical >= 0.4 * RULE_TRUST
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
}

/**
 * Voice: the share of listened frames a voice-activity model (Silero VAD over the vocal band) calls
 * voiced, in the track's most voiced windows; the score says how sure it is (0.5 at a 0.2 share).
 * Without the model (analysis without it), the old weak proxy: mid-band dominance with modulation.
 */
export function voiceTagsOf(
  timbre: TimbreSummary,
  voice: VoiceEstimate | undefined,
  heard: Heard,
): ScoredTag[] {
  const vocalLike = voice
    ? clamp01(0.5 + (voice.probability - 0.2) * (voice.probability < 0.2 ? 2.5 : 0.625))
    : clamp01(ramp(timbre.midShare, 0.35, 0.6) * ramp(timbre.centroidSpread, 300, 900) * 0.8);
  const voiceTags: ScoredTag[] = top({ instrumental: 1 - vocalLike, vocals: vocalLike }, 1, 0);
  // With a voice heard, the tagger's guess at who sings (kept when it is at least even).
  if (voice && voiceTags[0]?.tag === 'vocals') {
    const gender = top(combineScores<string>({}, heard(VOICE_MAP, 'models'), 0.3), 1, 0.5);
    if (gender[0] && gender[0].score >= 0.5) voiceTags.push(gender[0]);
  }
  return voiceTags;
}

// How a track feels: affect (valence, arousal, energy level), moods placed on the valence–arousal plane,
// the energy and emotional dynamics over time, and how it moves. Moods combine the rules with the tagger's
// evidence; dynamics and movement are rules only (no musicnn tag speaks to them).
import type { ScoredTag } from '../dna';
import type { Cues } from './cues';
import { ADVANCED_MOOD_MAP, combineScores, MOOD_MAP, type Heard } from './learnedEvidence';
import { clamp01, heuristic, logBell, ramp, ruleFloor, top } from './scoring';
import type { TimbreSummary } from './timbre';

export interface Affect {
  energyLevel: number;
  arousal: number;
  valence: number;
}

export function affectOf(cues: Cues): Affect {
  const { bpm, drums, minor, major, bright, loud, dense, noisy } = cues;
  const energyLevel = clamp01(0.35 * loud + 0.25 * dense + 0.2 * bright + 0.2 * ramp(bpm, 60, 170));
  const arousal = clamp01(0.45 * energyLevel + 0.3 * ramp(bpm, 60, 170) + 0.25 * dense * drums);
  const valence = clamp01(
    0.5 + 0.3 * (major - minor) + 0.15 * (bright - 0.5) + 0.1 * (ramp(bpm, 70, 150) - 0.5) - 0.15 * noisy,
  );
  return { energyLevel, arousal, valence };
}

/** Each mood's (valence, arousal) centre. */
const MOOD_CENTRES: Record<string, [number, number]> = {
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
const ADVANCED_MOOD_CENTRES: Record<string, [number, number]> = {
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

export function moodTagsOf(
  { valence, arousal }: Affect,
  cues: Cues,
  heard: Heard,
): { moodTags: ScoredTag[]; moodAdvancedTags: ScoredTag[] } {
  const byDistance = (centres: Record<string, [number, number]>) =>
    Object.fromEntries(
      Object.entries(centres).map(([tag, [v, a]]) => [
        tag,
        Math.exp(-((valence - v) ** 2 + (arousal - a) ** 2) / (2 * 0.15 ** 2)),
      ]),
    );
  const moodTags = top(combineScores(byDistance(MOOD_CENTRES), heard(MOOD_MAP, 'list')), 3, ruleFloor(0.2));
  const advanced = byDistance(ADVANCED_MOOD_CENTRES);
  advanced.mysterious! *= 0.6 + 0.8 * (1 - cues.tonal);
  advanced.nostalgic! *= 0.6 + 0.8 * cues.lofi;
  const moodAdvancedTags = top(combineScores(advanced, heard(ADVANCED_MOOD_MAP, 'list')), 3, ruleFloor(0.2));
  return { moodTags, moodAdvancedTags };
}

/** How the energy and the emotion develop over the track (rules over its energy trajectory and contrast). */
export function dynamicsOf(timbre: TimbreSummary): {
  energyDynamics: ScoredTag[];
  emotionalDynamics: ScoredTag[];
} {
  const building = ramp(timbre.energySlope, 1, 6);
  const fading = ramp(-timbre.energySlope, 1, 6);
  const variable = ramp(timbre.energySpread, 2, 6);
  const energyDynamics = top(
    heuristic({
      steady: 1 - Math.max(building, fading, variable),
      building,
      fading,
      'peaks and drops': variable * (1 - Math.max(building, fading) * 0.5),
    }),
    2,
    ruleFloor(0.2),
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
    ruleFloor(0.2),
  );
  return { energyDynamics, emotionalDynamics };
}

export function movementTagsOf(cues: Cues): ScoredTag[] {
  const { bpm, pulse, drums, swing, dense, triple, fourFloor, offbeat } = cues;
  return top(
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
    ruleFloor(0.2),
  );
}

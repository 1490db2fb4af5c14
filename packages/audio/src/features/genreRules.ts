// The hand-set genre and subgenre rules over the cues (cues.ts); the tagger's evidence is combined with
// them in describe.ts (genres) and here (subgenres a musicnn tag names).
import { GENRES, type Genre } from '../dna';
import type { Cues } from './cues';
import { LIFT_WEIGHT, logit, sigmoid } from './learnedEvidence';
import { clamp01, logBell, ramp } from './scoring';

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

/**
 * Subgenres: the (combined) parent genre's score × how well the child fits, by rule and, where a
 * musicnn tag names the subgenre (`childLifts`), by the tagger (children only the tagger names start at 0.3).
 */
export function subgenreScores(
  cues: Cues,
  subdivision: number,
  genreScores: Record<Genre, number>,
  childLifts: Partial<Record<string, number>> | undefined,
): Record<string, number> {
  const { bpm, drums, swing, minor, bright, loud, dense, subBass, noisy, lofi, tonal, triple } = cues;
  const { fourFloor, offbeat } = cues;
  const parent = (genre: Genre) => genreScores[genre];
  const child = (name: string, rule: number) => {
    const lift = childLifts?.[name];
    return lift === undefined
      ? rule
      : sigmoid(logit(Math.min(0.98, Math.max(0.02, rule))) + LIFT_WEIGHT * lift);
  };
  return {
    trap: parent('rapHipHop') * (0.5 * ramp(subdivision, 3, 4) * logBell(bpm, 145, 0.12) + 0.5 * subBass),
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
}

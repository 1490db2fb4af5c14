import type { FilterGenre } from '@beatmatch/contracts';
import type { PoolBeat } from '../../beats/beat';

/** What a search compares beats with: an analysed song's DNA, or what a text says. */
export interface ReferenceSound {
  /** A vector in the candidates' space (the DNA embedding for a song); [] when there is none. */
  embedding: number[];
  bpm: number | null;
  musicalKey: string | null;
  hasVoice: boolean | null;
  genres?: string[];
  moods?: string[];
}

/** Explicit limits: a beat outside them is never returned. */
export interface SimilarityFilters {
  genres?: FilterGenre[];
  /** 'A minor', 'F# major' …: any of them. */
  keys?: string[];
  bpmMin?: number;
  bpmMax?: number;
  /** true: only beats with a voice; false: no beat the DNA heard a voice in. */
  vocals?: boolean;
}

export interface RankedBeat {
  beat: PoolBeat;
  score: number;
  why: string;
}

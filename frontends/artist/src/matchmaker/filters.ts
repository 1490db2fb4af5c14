// The Filters dialog's state and what the player sends for it (artist-side spec §3 Filter state, §4, §5).
import { FILTER_GENRES, FILTER_KEYS, type BeatPlayRequest } from '@beatmatch/contracts';

export const TEMPO_MIN = 0;
export const TEMPO_MAX = 200;

export interface FilterState {
  /** '' or 'all' = All. */
  selectedGenres: string;
  selectedKey: string[];
  selectedTempo: [number, number];
}

export const DEFAULT_FILTERS: FilterState = {
  selectedGenres: '',
  selectedKey: [],
  selectedTempo: [TEMPO_MIN, TEMPO_MAX],
};

export const GENRE_OPTIONS = ['all', ...FILTER_GENRES] as const;
export const KEY_OPTIONS = FILTER_KEYS;

const genreSet = (filters: FilterState) => filters.selectedGenres !== '' && filters.selectedGenres !== 'all';

const tempoSet = (filters: FilterState) =>
  filters.selectedTempo[0] !== TEMPO_MIN || filters.selectedTempo[1] !== TEMPO_MAX;

/** Filters count as applied if genre is set and not All, a key is chosen, or tempo is not 0 to 200. */
export function filtersApplied(filters: FilterState): boolean {
  return genreSet(filters) || filters.selectedKey.length > 0 || tempoSet(filters);
}

/** The dialog's button: Apply when a genre is chosen, otherwise Close (spec §2). */
export function filtersActionLabel(filters: FilterState): 'Apply' | 'Close' {
  return genreSet(filters) ? 'Apply' : 'Close';
}

/** Genre All → null, no key → null, tempo 0 to 200 → null (spec §5). */
export function filterRequest(filters: FilterState): Pick<BeatPlayRequest, 'genre' | 'musicalKey' | 'tempo'> {
  return {
    genre: genreSet(filters) ? filters.selectedGenres : null,
    musicalKey: filters.selectedKey.length > 0 ? [...filters.selectedKey] : null,
    tempo: tempoSet(filters) ? [filters.selectedTempo[0], filters.selectedTempo[1]] : null,
  };
}

/** The match badge shows at most 99 (spec §9). */
export function matchBadge(count: number): string {
  return count > 99 ? '99+' : String(Math.max(0, count));
}

export const matchCountText = (count: number) => (count === 1 ? '1 match' : `${count} matches`);
export const passCountText = (count: number) => (count === 1 ? '1 pass' : `${count} passes`);

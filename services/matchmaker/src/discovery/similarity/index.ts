/*
 * The similarity core (issue 25 item 1): given a reference sound (an analysed song's DNA, or what a
 * text says), the best of the pool's playable active beats with a one-line why each. Every discovery
 * search ranks through here; the BeatPool keeps the candidates current from catalog events.
 */
export { rankPacked, rankSimilar, WEIGHTS, type RankOptions } from './rank';
export type { RankedBeat, ReferenceSound, SimilarityFilters } from './types';
export { packBeats, type PackedBeats } from './packed';
export { keyFit, keyRelation, parseKey, tempoFit, voiceFit } from './compatibility';
export { whyLine } from './why';
export { matchCard } from './matchCard';

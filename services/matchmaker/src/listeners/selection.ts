import type { FilterGenre } from '@beatmatch/contracts';
import type { PoolBeat } from '../beats/beat';
import type { BeatPool } from '../beats/pool';
import type { ListenerState } from './listener';

/**
 * How the next beat is chosen (issue 9 "a player that learns taste"):
 *
 * 1. Candidates: playable beats that pass the filters and that this listener has never been served,
 *    passed or matched, in the active crate only (producer-side spec: artists cannot hear an inactive
 *    producer's beats), a random sample of CANDIDATES of them. When none is
 *    left the pool is exhausted: the unmatched beat heard longest ago comes back ("replay").
 * 2. Taste: the centroids of the DNA embeddings (L2-normalised, cosine = dot product) of the
 *    listener's latest matches and passes. A candidate scores
 *    dot(matched centroid) − PASS_WEIGHT·dot(passed centroid) + GENRE_BONUS if it shares a genre
 *    with the matches − PRODUCER_PENALTY per beat of its producer among the listener's recent plays
 *    (fairness: one producer cannot fill a session).
 * 3. Exploration: with probability EXPLORE (always, before the first match) the pick is a random
 *    candidate, preferring producers the listener has not heard recently, so new beats and producers
 *    are still heard and the taste model sees beyond its own picks.
 *
 * Every pick carries a `why` line for the player.
 */
export const CANDIDATES = 150;
export const EXPLORE = 0.2;
export const PASS_WEIGHT = 0.5;
export const GENRE_BONUS = 0.05;
export const PRODUCER_PENALTY = 0.08;
const HISTORY = 60;
const RECENT_PLAYS = 30;

export interface Filters {
  genre: FilterGenre | null;
  musicalKey: string[] | null;
  tempo: [number, number] | null;
}

export interface Taste {
  matched: PoolBeat[];
  passed: PoolBeat[];
  /** Beats per producer among the listener's recent plays. */
  recentProducers: Map<string, number>;
}

export interface Pick {
  beat: PoolBeat;
  why: string;
}

const dot = (a: number[], b: number[]) => {
  if (a.length !== b.length) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
};

function centroid(beats: PoolBeat[]): number[] | null {
  const dims = beats[0]?.embedding.length ?? 0;
  const usable = beats.filter((beat) => beat.embedding.length === dims && dims > 0);
  if (!usable.length) return null;
  const sum = new Array<number>(dims).fill(0);
  for (const beat of usable) for (let i = 0; i < dims; i++) sum[i]! += beat.embedding[i]!;
  const norm = Math.hypot(...sum) || 1;
  return sum.map((x) => x / norm);
}

/** "dark trap, 140 BPM, F# minor" */
export const describe = (beat: PoolBeat) =>
  [beat.mood, `${Math.round(beat.bpm)} BPM`, beat.musicalKey].filter(Boolean).join(', ');

/** Chooses among candidates (already in random order) by taste, exploration and fairness. */
export function rank(candidates: PoolBeat[], taste: Taste, random: () => number = Math.random): Pick | null {
  if (!candidates.length) return null;
  const heard = (beat: PoolBeat) => taste.recentProducers.get(beat.producerId) ?? 0;
  const matchCentroid = centroid(taste.matched);
  if (!matchCentroid || random() < EXPLORE) {
    const fresh = candidates.filter((beat) => heard(beat) === 0);
    const pool = fresh.length ? fresh : candidates;
    const beat = pool[Math.floor(random() * pool.length)] ?? pool[0]!;
    const why = !matchCentroid
      ? `a fresh pick while we learn your taste: ${describe(beat)}`
      : heard(beat) === 0
        ? `something new, from a producer you have not heard lately: ${describe(beat)}`
        : `something different to keep it fresh: ${describe(beat)}`;
    return { beat, why };
  }
  const passCentroid = centroid(taste.passed);
  // dot(e, matched) − PASS_WEIGHT·dot(e, passed) is dot(e, matched − PASS_WEIGHT·passed): one product
  // per candidate instead of two.
  const direction =
    passCentroid && passCentroid.length === matchCentroid.length
      ? matchCentroid.map((value, i) => value - PASS_WEIGHT * passCentroid[i]!)
      : matchCentroid;
  const matchedGenres = new Set(taste.matched.flatMap((beat) => beat.genres));
  let best: PoolBeat = candidates[0]!;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const beat of candidates) {
    let sharesGenre = false;
    for (const genre of beat.genres) if (matchedGenres.has(genre)) sharesGenre = true;
    const score =
      dot(beat.embedding, direction) + (sharesGenre ? GENRE_BONUS : 0) - PRODUCER_PENALTY * heard(beat);
    if (score > bestScore) {
      bestScore = score;
      best = beat;
    }
  }
  const similarities = taste.matched.map((beat) => dot(beat.embedding, best.embedding));
  const nearest = Math.max(...similarities);
  const close = Math.max(1, similarities.filter((sim) => sim >= Math.min(0.8, nearest)).length);
  return {
    beat: best,
    why: `close to ${close} ${close === 1 ? 'beat' : 'beats'} you matched: ${describe(best)}`,
  };
}

/** A uniformly random sample of at most `size` of the `beats` that pass `eligible`, in random order. */
export function sample(
  beats: readonly PoolBeat[],
  eligible: (beat: PoolBeat) => boolean,
  size: number,
  random: () => number = Math.random,
): PoolBeat[] {
  const out: PoolBeat[] = [];
  // Mostly eligible (the usual case): random probes without replacement are a uniform sample and cost
  // about `size` checks. Too many misses (narrow filters, a listener who heard most of the pool): scan.
  const tried = new Set<number>();
  for (let probes = 0; probes < size * 4 && out.length < size && tried.size < beats.length; probes++) {
    const index = Math.floor(random() * beats.length);
    if (tried.has(index)) continue;
    tried.add(index);
    if (eligible(beats[index]!)) out.push(beats[index]!);
  }
  if (out.length === size) return out;
  const all = beats.filter(eligible);
  // Partial Fisher-Yates: the first min(size, n) places get a uniform random ordered sample.
  const n = Math.min(size, all.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (all.length - i));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, n);
}

const newestFirst = (a: { at: string }, b: { at: string }) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0);

/**
 * The choice over the in-memory beat pool (src/beats/pool.ts) and the listener's own state (its
 * stream, folded by the decider): candidates, the listener's taste, the replay fallback. No table is
 * read: the listener's served / passed / matched beats are the state's, the beats the pool's.
 */
export class Selector {
  constructor(private readonly pool: BeatPool) {}

  private static matches(filters: Filters): (beat: PoolBeat) => boolean {
    const { genre, musicalKey, tempo } = filters;
    return (beat) =>
      (!genre || beat.genres.includes(genre)) &&
      (!musicalKey || musicalKey.includes(beat.musicalKey)) &&
      (!tempo || (beat.bpm >= tempo[0] && beat.bpm <= tempo[1]));
  }

  /** A random sample of CANDIDATES playable beats that pass the filters and the listener never heard. */
  async candidates(state: ListenerState, filters: Filters): Promise<PoolBeat[]> {
    const fits = Selector.matches(filters);
    // One set of the beats this listener heard: the sample probes hundreds of beats, and a lookup in the
    // state's three records (objects of ever-changing shape) cost several times a set's.
    const heard = new Set([
      ...Object.keys(state.served),
      ...Object.keys(state.passed),
      ...Object.keys(state.matched),
    ]);
    const unheard = (beat: PoolBeat) => !heard.has(beat.beatId) && fits(beat);
    return sample(await this.pool.activePlayable(), unheard, CANDIDATES);
  }

  /** The pool is exhausted: the unmatched beat that fits the filters and was heard longest ago. */
  async replay(state: ListenerState, filters: Filters): Promise<PoolBeat | null> {
    const fits = Selector.matches(filters);
    // Never heard (no time) first, then the oldest play (or pass), then by beat id.
    let best: { beat: PoolBeat; at: string | null } | null = null;
    for (const beat of await this.pool.activePlayable()) {
      if (state.matched[beat.beatId] || !fits(beat)) continue;
      const at = state.served[beat.beatId]?.at ?? state.passed[beat.beatId]?.at ?? null;
      const earlier = !best
        ? true
        : at === best.at
          ? beat.beatId < best.beat.beatId
          : at === null || (best.at !== null && at < best.at);
      if (earlier) best = { beat, at };
    }
    return best?.beat ?? null;
  }

  /** The latest HISTORY matches and passes, and the producers of the latest RECENT_PLAYS plays. */
  async taste(state: ListenerState): Promise<Taste> {
    await this.pool.current();
    // Plain loops over the listener's records: the flatMap-and-spread form cost ~35 µs a call.
    const history: Array<{ at: string; beat: PoolBeat; matched: boolean }> = [];
    for (const [records, matched] of [
      [state.matched, true],
      [state.passed, false],
    ] as const)
      for (const ref of Object.values(records)) {
        const beat = this.pool.known(ref.beatId);
        if (beat) history.push({ at: ref.at, beat, matched });
      }
    history.sort(newestFirst);
    if (history.length > HISTORY) history.length = HISTORY;
    const served: Array<{ at: string; beat: PoolBeat }> = [];
    for (const ref of Object.values(state.served)) {
      const beat = this.pool.known(ref.beatId);
      if (beat) served.push({ at: ref.at, beat });
    }
    served.sort(newestFirst);
    const recentProducers = new Map<string, number>();
    for (const { beat } of served.slice(0, RECENT_PLAYS))
      recentProducers.set(beat.producerId, (recentProducers.get(beat.producerId) ?? 0) + 1);
    const matched: PoolBeat[] = [];
    const passed: PoolBeat[] = [];
    for (const entry of history) (entry.matched ? matched : passed).push(entry.beat);
    return { matched, passed, recentProducers };
  }

  /**
   * `state`: the listener before this call; `choice`: the pass or match being recorded with this call
   * (not in `state` yet).
   */
  async next(
    state: ListenerState,
    filters: Filters,
    choice?: { beat: PoolBeat; choice: 'pass' | 'match' },
    random?: () => number,
  ): Promise<Pick | null> {
    const [all, taste] = await Promise.all([this.candidates(state, filters), this.taste(state)]);
    const candidates = choice ? all.filter((beat) => beat.beatId !== choice.beat.beatId) : all;
    if (choice) {
      const side = choice.choice === 'match' ? taste.matched : taste.passed;
      if (!side.some((beat) => beat.beatId === choice.beat.beatId)) side.unshift(choice.beat);
    }
    const pick = rank(candidates, taste, random);
    if (pick) return pick;
    const replayed = await this.replay(state, filters);
    const again = replayed?.beatId === choice?.beat.beatId ? null : replayed;
    return again
      ? { beat: again, why: `you have heard every beat that fits; here again: ${describe(again)}` }
      : null;
  }
}

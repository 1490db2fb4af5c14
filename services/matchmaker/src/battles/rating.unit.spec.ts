import fc from 'fast-check';
import type { BattleVote } from './battle';
import { standings } from './rating';

/** A seeded generator, so a failing case replays exactly. */
function randomFrom(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/** Listeners choose between random pairs; `best` is chosen with probability `edge` over anyone. */
function simulate(entries: number, best: number, edge: number, voteCount: number, seed: number) {
  const random = randomFrom(seed);
  const votes: BattleVote[] = [];
  for (let n = 0; n < voteCount; n++) {
    const a = Math.floor(random() * entries);
    let b = Math.floor(random() * (entries - 1));
    if (b >= a) b += 1;
    const aWins = a === best ? random() < edge : b === best ? random() >= edge : random() < 0.5;
    votes.push({ winnerEntryId: `e${aWins ? a : b}`, loserEntryId: `e${aWins ? b : a}` });
  }
  return votes;
}

describe('Bradley–Terry standings', () => {
  it('rank a clearly better entry first once there are enough votes', () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.nat(),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (entries, bestPick, seed) => {
          const best = bestPick % entries;
          const ids = Array.from({ length: entries }, (_, i) => `e${i}`);
          const ranked = standings(ids, simulate(entries, best, 0.8, 60 * entries, seed));
          expect(ranked[0]!.entryId).toBe(`e${best}`);
        },
      ),
      { numRuns: 200 },
    ));

  it('do not depend on the order the votes came in', () =>
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        const ids = ['e0', 'e1', 'e2', 'e3'];
        const votes = simulate(4, 0, 0.7, 40, seed);
        expect(standings(ids, [...votes].reverse())).toEqual(standings(ids, votes));
      }),
    ));

  it('count each entry’s votes and wins, and rate an entry nobody voted on as average', () => {
    const ranked = standings(
      ['e0', 'e1', 'e2'],
      [
        { winnerEntryId: 'e0', loserEntryId: 'e1' },
        { winnerEntryId: 'e0', loserEntryId: 'e1' },
      ],
    );
    expect(ranked.map(({ entryId, votes, wins }) => ({ entryId, votes, wins }))).toEqual([
      { entryId: 'e0', votes: 2, wins: 2 },
      { entryId: 'e2', votes: 0, wins: 0 },
      { entryId: 'e1', votes: 2, wins: 0 },
    ]);
    expect(ranked[1]!.rating).toBe(1500);
  });
});
